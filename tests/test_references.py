"""Comments, docstrings, tests and docs point only at what a fresh clone has: an issue number or
a folder beside the repository is something its reader cannot follow, so say the reason instead.

The rule, over every text file under bot/, cogs/, tests/, scripts/ and docs/, and README.md:
- An issue reference is the word "issue" or "issues" followed by a number, with at most a `#`,
  "No." or a line break and its comment leader (`#`, `--`, `*`, `//`, `>`) between them
  ("issue 37", "Issue #37", "issues 18 and 21" counts once), or a `#` and a number right after
  a word that cites a tracker ("see #37", "fixes #37", "PR #37", "per #37", "GH-37"). A bare
  `#7` stays allowed: it is how the bot numbers tournaments and hands, and colours look alike.
- A path outside the repository is a `../` path that, read from its file's folder, climbs out
  of the repository or names a first folder or file the repository has nowhere
  (`../shared/design/discord.md`); an absolute path under `/work/` (the development machine's
  checkouts); a path segment `shared/` (or the literal "shared" joined into a path); and
  Python that climbs above the repository root (`REPO.parent`, `ROOT.parent`, or
  `Path(__file__)...parents[N]` past the root).
tests/outside.py, the one named place for material beside the repository, is exempt from the
path rule; this file is exempt from both, since it spells out what it looks for.
bench/NIGHT.md, the measurements' dated history, may name the issues its entries answered but
is held to the path rule.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("bot", "cogs", "tests", "scripts", "docs", "README.md")
PATHS_ONLY = ("bench/NIGHT.md",)
EXEMPT_FROM_PATHS = {"tests/outside.py", "tests/test_references.py"}
EXEMPT_FROM_ISSUES = {"tests/test_references.py"}

# Files other branches were editing when this rule landed; each left this list once it was
# clean (the last test says so), and none may join it.
AWAITING_EDITS: set[str] = set()

_LEADER = r"(?:\s|#|--|//|\*|>)*"
ISSUE_WORD = re.compile(rf"\bissues?{_LEADER}(?:#|no\.?)?\s*\d+|\bgh-\d+\b", re.IGNORECASE)
HASH_NUMBER = re.compile(r"#\d+\b")
# A word that cites a tracker, right before a `#` number (searched up to where the `#` is).
CITING = re.compile(r"\b(?:see|per|cf\.?|fix(?:es|ed)?|close[sd]?|resolve[sd]?|pr|pull request"
                    r"|bug|ticket)\s*$", re.IGNORECASE)
CLIMB = re.compile(r"(?<![\w./-])((?:\.\./)+)([\w.-]+)")
ABSOLUTE = re.compile(r"(?<![\w.~-])/work/")
SHARED = re.compile(r"(?<![\w-])shared/|[\"']shared[\"']\s*/")
ROOT_PARENT = re.compile(r"\b(?:REPO|ROOT)\.parent\b")
FILE_PARENTS = re.compile(r"__file__.*\.parents\[(\d+)\]")


def _binary(path: Path) -> bool:
    return b"\0" in path.read_bytes()[:4096]


def scanned_files() -> Iterator[str]:
    """The repository's files under SCANNED and PATHS_ONLY, as paths from the root."""
    listed = subprocess.run(["git", "ls-files", "--", *SCANNED, *PATHS_ONLY], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    for rel in listed:
        path = ROOT / rel
        if path.is_file() and not _binary(path):
            yield rel


@cache
def _names_in_repository() -> frozenset[str]:
    """Every file and folder name the repository has, at any depth."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    return frozenset(part for rel in listed for part in Path(rel).parts)


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def issue_references(text: str) -> list[int]:
    """The lines of `text` on which an issue reference starts."""
    found = {m.start() for m in ISSUE_WORD.finditer(text)}
    found |= {m.start() for m in HASH_NUMBER.finditer(text)
              if CITING.search(text, max(0, m.start() - 30), m.start())}
    return sorted({_line(text, at) for at in found})


def outside_paths(rel: str, text: str) -> list[int]:
    """The lines of `text` (the file `rel`, from the root) that name a path outside the
    repository."""
    found = []
    folder = (ROOT / rel).parent
    for m in CLIMB.finditer(text):
        target = (folder / m.group(1)).resolve()
        climbs_out = not target.is_relative_to(ROOT)
        if climbs_out or m.group(2) not in _names_in_repository():
            found.append(_line(text, m.start()))
    for pattern, hint in ((ABSOLUTE, "/work/"), (SHARED, "shared"), (ROOT_PARENT, ".parent")):
        if hint in text:
            found += [_line(text, m.start()) for m in pattern.finditer(text)]
    depth = len(Path(rel).parts) - 1  # parents[depth] of the file is the root
    found += [_line(text, m.start()) for m in FILE_PARENTS.finditer(text)
              if int(m.group(1)) > depth]
    return sorted(set(found))


@cache
def _violations() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for rel in scanned_files():
        text = (ROOT / rel).read_text(encoding="utf-8", errors="replace")
        found = []
        if rel not in EXEMPT_FROM_ISSUES and rel not in PATHS_ONLY:
            found += [f"{rel}:{n}: issue number" for n in issue_references(text)]
        if rel not in EXEMPT_FROM_PATHS:
            found += [f"{rel}:{n}: path outside the repository" for n in outside_paths(rel, text)]
        if found:
            out[rel] = found
    return out


def test_the_rule_finds_each_kind_of_reference() -> None:
    """The patterns above catch what they promise and leave the bot's own numbers alone."""
    for bad in ("per issue 37", "(Issue #37)", "issues 18 and 21", "the loop (issue\n    # 15)",
                "see #12", "Fixes #3", "GH-40"):
        assert issue_references(bad), bad
    for fine in ("Tuesday (#1)", "#7-t1-h12", "colour #313338", "the issue online is hinting",
                 "league-night.md#8-the-screen", "Event #43", "issued 3 tokens"):
        assert not issue_references(fine), fine
    here = "bot/discord_ui/announcer/dms.py"
    for bad in ("(../shared/design/discord.md)", "/work/shared/seeds", "REPO.parent / 'x'",
                '"shared" / "seeds"', "Path(__file__).resolve().parents[4]",
                "../../../../../etc/passwd"):
        assert outside_paths(here, bad), bad
    for fine in ("see ../announcer/send.py", "/data/../app/x", "Path(__file__).parents[2]",
                 "a shared state", "/home/league/bot"):
        assert not outside_paths(here, fine), fine
    assert not outside_paths("docs/README.md", "[b](../bench/README.md)")


def test_no_issue_numbers_and_no_paths_outside_the_repository() -> None:
    found = {rel: lines for rel, lines in _violations().items() if rel not in AWAITING_EDITS}
    listed = "\n".join(line for lines in found.values() for line in lines)
    assert not found, ("say the reason instead of the issue number, and name only files in "
                       "the repository (material beside it: tests/outside.py):\n" + listed)


def test_files_awaiting_edits_still_need_them() -> None:
    """An exemption ends when its file is clean, so the list cannot hide a new reference for
    long."""
    clean = sorted(AWAITING_EDITS - set(_violations()))
    assert not clean, f"clean now, remove from AWAITING_EDITS: {clean}"

"""The generated reference pages match the code: a command, an option or a rule text that
changes without its page being written again fails here, naming the one command to run."""

from __future__ import annotations

import difflib
import functools
from pathlib import Path

from scripts.command_reference import Access, access, built_commands, walk
from scripts.make_docs import COMMAND, ROOT, pages
from scripts.rule_reference import INDEX, PAGES


def _differs(path: Path, expected: str) -> str | None:
    """None when the committed page is `expected`; else what to do and the first changes."""
    target = ROOT / path
    committed = target.read_text(encoding="utf-8") if target.exists() else ""
    if committed == expected:
        return None
    diff = list(difflib.unified_diff(committed.splitlines(), expected.splitlines(),
                                     "committed", "from the code", lineterm="", n=0))
    return (f"{path} is out of date: run `{COMMAND}` and commit it.\n"
            + "\n".join(diff[:30]))


@functools.cache
def _generated() -> dict[Path, str]:
    return pages()


def test_the_command_reference_is_the_code_s() -> None:
    page = Path("docs/commands.md")
    problem = _differs(page, _generated()[page])
    assert problem is None, problem


def test_the_rule_pages_are_the_rulebook_s() -> None:
    generated = _generated()
    rule_pages = [p for p in generated if p == INDEX or p.parent == PAGES]
    assert len(rule_pages) == 4, "the index and one page per profile"
    problems = [m for p in rule_pages if (m := _differs(p, generated[p])) is not None]
    assert problems == [], "\n\n".join(problems)


def test_who_may_use_a_command_is_read_from_the_bot_s_own_checks() -> None:
    """The director check is found however a cog makes it: in the command, in a helper of its
    cog or module, or only on some paths (then the page says "some uses")."""
    commands = built_commands()
    who = {c.qualified_name: access(c) for c in walk(commands)}
    assert who["tournament cancel"] is Access.DIRECTORS  # in the command itself
    assert who["td void"] is Access.DIRECTORS  # through the cog's own helper
    assert who["td add"] is Access.DIRECTORS  # through a helper of the module
    assert who["td structure show"] is Access.DIRECTORS  # a group's helper
    assert who["td role"] is Access.MANAGE_SERVER
    assert who["tournament status"] is Access.PARTLY  # another tournament: directors
    assert who["bust"] is Access.PARTLY  # another player than himself: directors
    assert who["fold"] is Access.EVERYONE and who["rule"] is Access.EVERYONE
    # What Discord hides from members by default is refused to them by the bot as well.
    hidden = [c for c in commands if getattr(c, "default_permissions", None) is not None]
    assert {c.name for c in hidden} >= {"td", "league", "season", "appeals"}
    open_to_all = [c.qualified_name for group in hidden for c in walk([group])
                   if who[c.qualified_name] not in (Access.DIRECTORS, Access.MANAGE_SERVER)]
    assert open_to_all == []

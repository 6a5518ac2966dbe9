"""How well `/rule` answers a set of queries: right answers, and how far a confident answer can be
trusted.

A query is a mapping `{q, kind, expect, profile, amount}`: `q` as typed; `kind` a label the
report groups by (question, amount, slang, typo, mixed, uncovered...); `expect` the rule ids
any of which is right, or `"uncovered"` for a topic no rulebook of the league covers (a string
or a list); `profile` the rule profile of the channel (default tda, the bot's default); `amount`
(optional) the number the answer must state.

A query is right when:
- `expect` is uncovered: the lookup does not answer it with a confident rule (where `expect`
  also names rules, a confident answer with one of them is right too);
- otherwise: the confident answer is one of `expect` (right-confident), or the answer is
  unsure and the first rule it offers is one of `expect` (right-unsure); an answer saying the
  topic is not covered is wrong;
- and, with an `amount`, the answer works that number out: it is one of the results the answer
  states (`Worked.figures`: a raise-it answer states the total and the chips put in, a split
  pot each share); the report also counts how often it is the main number (`Worked.amount`).

    from tests.rulebook.scoring import load_set, score
    report = score(load_set("tests/rulebook/tuning_set.toml"))
    print(report.summary())   # or: python -m tests.rulebook.scoring FILE.toml [--misses]
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine.profile import make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.loader import Rule
from bot.rulebook.lookup import Answer

UNCOVERED = "uncovered"
DEFAULT_PROFILE = "tda"
# What `/rule` must reach on questions it was never tuned on.
RIGHT_TARGET = 0.90
PRECISION_TARGET = 0.98


@dataclass(frozen=True)
class Case:
    """One query of a set, read and checked."""

    q: str
    kind: str
    expect: tuple[str, ...]
    profile: str = DEFAULT_PROFILE
    amount: int | None = None

    @property
    def uncovered(self) -> bool:
        return UNCOVERED in self.expect and len(self.expect) == 1

    @staticmethod
    def read(raw: Mapping[str, Any]) -> Case:
        expect = raw["expect"]
        expect = (expect,) if isinstance(expect, str) else tuple(expect)
        if not expect or not all(isinstance(e, str) for e in expect):
            raise ValueError(f"query {raw.get('q')!r}: expect must be rule ids or 'uncovered'")
        amount = raw.get("amount")
        return Case(str(raw["q"]), str(raw.get("kind", "")), expect,
                    str(raw.get("profile") or DEFAULT_PROFILE),
                    None if amount is None else int(amount))


@dataclass(frozen=True)
class Outcome:
    """What the lookup answered to one case."""

    case: Case
    verdict: str  # "confident", "unsure" or "uncovered" (see bot.rulebook.lookup.Answer.kind)
    rule: str | None  # the confident rule, or the first offered when unsure
    amount: int | None  # the main number worked out, if any
    right: bool
    figures: tuple[int, ...] = ()  # every result the answer states

    @property
    def confident(self) -> bool:
        return self.verdict == "confident"

    def line(self) -> str:
        got = f"{self.verdict} {self.rule or '-'}"
        if self.case.amount is not None or self.amount is not None:
            got += f" amount={self.amount} (want {self.case.amount})"
        mark = "ok  " if self.right else "MISS"
        return f"{mark} [{self.case.kind}/{self.case.profile}] {self.case.q!r} -> {got}; " \
               f"expect {'|'.join(self.case.expect)}"


@dataclass
class KindScore:
    total: int = 0
    right: int = 0


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.outcomes)

    @property
    def right(self) -> int:
        return sum(o.right for o in self.outcomes)

    @property
    def right_confident(self) -> int:
        return sum(o.right and o.confident for o in self.outcomes)

    @property
    def right_unsure(self) -> int:
        return sum(o.right and not o.confident for o in self.outcomes)

    @property
    def right_share(self) -> float:
        return self.right / self.total if self.total else 0.0

    @property
    def confident(self) -> int:
        """Confident answers given, on every case."""
        return sum(o.confident for o in self.outcomes)

    @property
    def confident_right(self) -> int:
        return sum(o.confident and o.right for o in self.outcomes)

    @property
    def confident_precision(self) -> float:
        """Of the confident answers, the share that was right (1.0 when none was given)."""
        return self.confident_right / self.confident if self.confident else 1.0

    @property
    def confident_on_uncovered(self) -> int:
        return sum(o.confident and o.case.uncovered for o in self.outcomes)

    @property
    def amounts_asked(self) -> int:
        return sum(o.case.amount is not None for o in self.outcomes)

    @property
    def amounts_main(self) -> int:
        """Cases with an amount whose answer gives it as its main number."""
        return sum(o.case.amount is not None and o.amount == o.case.amount
                   for o in self.outcomes)

    def per_kind(self) -> dict[str, KindScore]:
        kinds: dict[str, KindScore] = {}
        for o in self.outcomes:
            k = kinds.setdefault(o.case.kind, KindScore())
            k.total += 1
            k.right += o.right
        return kinds

    def shortfalls(self, right: float = RIGHT_TARGET, precision: float = PRECISION_TARGET,
                   on_uncovered: int = 0) -> list[str]:
        """The targets this report misses (none: it meets them all)."""
        out = []
        if self.right_share < right:
            out.append(f"right {self.right_share:.1%} < {right:.0%}")
        if self.confident_precision < precision:
            out.append(f"confident precision {self.confident_precision:.1%} < {precision:.0%}")
        if self.confident_on_uncovered > on_uncovered:
            out.append(f"{self.confident_on_uncovered} confident answers on uncovered topics")
        return out

    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.right]

    def summary(self) -> str:
        lines = [
            f"right {self.right}/{self.total} ({self.right_share:.1%}): "
            f"{self.right_confident} confident, {self.right_unsure} unsure with the right rule "
            "first",
            f"confident answers {self.confident}, precision {self.confident_precision:.1%} "
            f"({self.confident - self.confident_right} wrong); confident on uncovered topics "
            f"{self.confident_on_uncovered}",
            f"amounts asked {self.amounts_asked}: stated by the answer "
            f"{sum(o.case.amount in o.figures for o in self.outcomes)}, as its main number "
            f"{self.amounts_main}",
        ]
        lines += [f"  {kind or '-':<10} {k.right}/{k.total}"
                  for kind, k in sorted(self.per_kind().items())]
        return "\n".join(lines)


def load_set(path: str | Path) -> list[dict[str, Any]]:
    """The queries of a TOML set: every table of its top-level arrays that has a `q`
    (`[[query]]` as tests/rulebook/tuning_set.toml writes them, or any other array name)."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    out: list[dict[str, Any]] = []
    for value in data.values():
        if isinstance(value, list):
            out += [dict(v) for v in value if isinstance(v, dict) and "q" in v]
    return out


def meant(answer: Answer) -> Rule | None:
    """The rule an answer gives: the confident one, or the first offered when unsure."""
    if answer.kind == "confident":
        return answer.rule
    if answer.kind == "unsure" and answer.suggestions:
        return answer.suggestions[0]
    return None


def judge(book: Rulebook, case: Case) -> Outcome:
    answer = book.answer(case.q, profile=make_profile(case.profile))
    verdict = answer.kind
    if verdict == "confident":
        assert answer.rule is not None
        rule: str | None = answer.rule.id
    else:
        rule = answer.suggestions[0].id if answer.suggestions else None
    amount = answer.worked.amount if answer.worked is not None else None
    figures = answer.worked.figures if answer.worked is not None else ()
    if UNCOVERED in case.expect:
        # not covered, or (where the set allows) one of the rules named
        right = verdict != "confident" or rule in case.expect
    else:
        right = verdict in ("confident", "unsure") and rule in case.expect
        if case.amount is not None:
            right = right and case.amount in figures
    return Outcome(case, verdict, rule, amount, right, figures)


def score(queries: Iterable[Mapping[str, Any]], book: Rulebook | None = None) -> Report:
    """Ask the lookup every query, as the channel's profile plays, and score the answers."""
    book = book if book is not None else load_rulebook()
    return Report([judge(book, Case.read(q)) for q in queries])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="TOML query sets")
    parser.add_argument("--misses", action="store_true", help="list every wrong answer")
    parser.add_argument("--all", action="store_true", help="list every answer")
    args = parser.parse_args()
    for path in args.sets:
        report = score(load_set(path))
        print(f"== {path}\n{report.summary()}")
        shown = report.outcomes if args.all else report.misses() if args.misses else []
        for o in shown:
            print("  " + o.line())


if __name__ == "__main__":
    main()

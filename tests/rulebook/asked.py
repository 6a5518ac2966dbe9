"""Counting the query sets into what players asked (bot/rulebook/asked.py), and measuring it.

    python -m tests.rulebook.asked --write   # data/asked/counts.json from the sets
    python -m tests.rulebook.asked --folds   # each blind set scored by counts without it

Every set of tests/rulebook is counted except the `HELD_OUT` ones: the newest blind sets, the
measure of questions nobody tuned on. The folds measure how the reading carries to a writer it
never saw: each blind set in turn is left out of the counts and scored with the rest.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.asked import NO_RULE, Asked, features
from tests.rulebook.lookup_set import QUERIES as LOOKUP_SET
from tests.rulebook.scoring import UNCOVERED, Case, load_set, score

HERE = Path(__file__).parent
COUNTS = Path(__file__).parents[2] / "data" / "asked" / "counts.json"
# Blind sets never counted: they measure the lookup on writers it never learned from.
HELD_OUT = frozenset({"blind_set_8", "blind_set_9"})


def counted_sets() -> list[Path]:
    return [p for p in sorted(HERE.glob("*.toml")) if p.stem not in HELD_OUT]


def labelled(paths: Iterable[Path]) -> list[tuple[str, tuple[str, ...]]]:
    """Every question of the sets and of lookup_set.py, with the labels a right answer has."""
    out: list[tuple[str, tuple[str, ...]]] = [
        (q, (NO_RULE,) if rule is None else (rule,)) for q, rule in LOOKUP_SET.items()]
    for path in paths:
        for raw in load_set(path):
            case = Case.read(raw)
            out.append((case.q, tuple(NO_RULE if e == UNCOVERED else e for e in case.expect)))
    return out


def count(paths: Iterable[Path], book: Rulebook | None = None) -> Asked:
    """The counts of every question of the sets, read as the lookup reads them."""
    book = book if book is not None else load_rulebook()
    return Asked.count((features(book.read(q)), labels) for q, labels in labelled(paths))


def folds() -> None:
    """Each blind set scored by a rulebook whose counts leave it out."""
    book = load_rulebook()
    sets = counted_sets()
    for held in [p for p in sets if p.stem.startswith("blind_set")]:
        asked = count([p for p in sets if p != held], book)
        fold = Rulebook(book.all(), asked)
        report = score(load_set(held), fold)
        print(f"== {held.name} (left out of the counts)\n{report.summary()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {COUNTS.name}")
    parser.add_argument("--folds", action="store_true", help="score each blind set left out")
    args = parser.parse_args()
    if args.write:
        COUNTS.parent.mkdir(exist_ok=True)
        COUNTS.write_text(count(counted_sets()).dumps(), encoding="utf-8")
        print(f"wrote {COUNTS}")
    if args.folds:
        folds()


if __name__ == "__main__":
    main()

"""Benchmark the 7-card evaluators we could use, on the same random hands, and check they agree.

    python bench/evaluator.py [--hands N] [--reference-hands M] [--seed S] [--repeat R]

Timings start from our string cards ("As", "Td") because that is what the engine holds; the
card-object tables are built once, outside the timed loops, as the engine does at import.
"pre-converted" rows show the evaluator alone, so the conversion cost is the difference.
pokerkit is pure Python and about 300x slower, so it is the reference, not a candidate.

`--equity` times `bot.engine.equity.main_pot_equity` (the chance to win shown when hands go
face up; aim: about 50 ms a call) on a few all-ins, against pokerkit's
`calculate_equities` on the same hands, per board counted, in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import eval7
import pokerkit
from phevaluator import _pheval, evaluate_cards

# Run as a script, so the project root is not on sys.path unless the package is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import equity  # noqa: E402
from bot.engine.cards import FULL_DECK, RANKS, SUITS  # noqa: E402
from bot.engine.evaluate import hand_strength  # noqa: E402

Hand = tuple[str, ...]
T = TypeVar("T")  # what a timed evaluator returns per hand: a rank, or pokerkit's hand


def random_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, 7)) for _ in range(n)]


def timed(label: str, fn: Callable[[], list[T]], repeat: int) -> tuple[list[T], float]:
    """Best of `repeat` runs: the minimum is the least disturbed by the rest of the machine."""
    best = float("inf")
    result: list[T] = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    print(f"  {label:<44} {best:8.3f} s", flush=True)
    return result, best


def order_agrees(name: str, keys_a: Sequence[Any], keys_b: Sequence[Any]) -> bool:
    """True if both key lists order every pair of hands the same way, ties included.

    Grouping by A's value must give exactly one B value per group (same ties), and A's groups
    in ascending order must have strictly ascending B values (same order). Together these imply
    agreement on all n*(n-1)/2 pairs, not just neighbours, in O(n log n).
    """
    classes: dict[Any, Any] = {}
    for a, b in zip(keys_a, keys_b, strict=True):
        if classes.setdefault(a, b) != b:
            print(f"  DISAGREE {name}: one class maps to {classes[a]!r} and {b!r}")
            return False
    ordered = [classes[a] for a in sorted(classes)]
    for lo, hi in zip(ordered, ordered[1:], strict=False):
        if not lo < hi:
            print(f"  DISAGREE {name}: order inverted between {lo!r} and {hi!r}")
            return False
    print(f"  agree    {name}: {len(classes)} strength classes, same order")
    return True


EQUITY_CASES = [
    # (label, hands, board)
    ("aces v kings, before the flop", ["AcAd", "KsKh"], ""),
    ("three ways, before the flop", ["AcAd", "KsKh", "7s6s"], ""),
    ("six ways, before the flop", ["AcAd", "KsKh", "7s6s", "QhJh", "9c9d", "Ah5h"], ""),
    ("three ways on the flop", ["AhKh", "QsQd", "9c8c"], "Th7h2c"),
    ("four ways on the turn", ["5d5c", "AdKc", "JsTs", "2h2s"], "5sQc9d3h"),
]


def equity_section(pokerkit_boards: int, repeat: int) -> None:
    """Ours against pokerkit's equity, per board (pokerkit samples `pokerkit_boards`)."""
    print(f"main-pot equity (best of {repeat}; pokerkit on {pokerkit_boards:,} boards a case):")
    for label, hands, board in EQUITY_CASES:
        cards = {i: [h[:2], h[2:]] for i, h in enumerate(hands)}
        board_cards = [board[i:i + 2] for i in range(0, len(board), 2)]
        best = float("inf")
        result = None
        for _ in range(repeat):
            equity._counts.clear()  # time the count itself, not the counts kept
            start = time.perf_counter()
            result = equity.main_pot_equity(cards, board_cards)
            best = min(best, time.perf_counter() - start)
        assert result is not None
        start = time.perf_counter()
        theirs = pokerkit.calculate_equities(
            [pokerkit.parse_range(h) for h in hands], pokerkit.Card.parse(board), 2,
            5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
            sample_count=pokerkit_boards)
        pk_per_board = (time.perf_counter() - start) / pokerkit_boards
        ours_per_board = best / result.boards
        mark = "" if result.exact else "≈"
        print(f"  {label:<32} {best * 1000:6.1f} ms ({'exact' if result.exact else 'drawn'} "
              f"{result.boards:>6,} boards)  {mark}{result.win[0]:.3f} v pokerkit "
              f"{theirs[0]:.3f}  {pk_per_board / ours_per_board:6.0f}x pokerkit per board")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument(
        "--reference-hands",
        type=int,
        default=None,
        help="how many of the hands pokerkit evaluates (default: all; ~0.3 ms each)",
    )
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--repeat", type=int, default=3, help="best-of runs for the fast ones")
    parser.add_argument("--equity", type=int, nargs="?", const=500, default=None,
                        metavar="BOARDS", help="only the equity section (pokerkit on BOARDS)")
    args = parser.parse_args(argv)
    if args.equity is not None:
        equity_section(args.equity, args.repeat)
        return 0

    hands = random_hands(args.hands, args.seed)
    n_ref = len(hands) if args.reference_hands is None else min(args.reference_hands, len(hands))
    print(f"{len(hands):,} random 7-card hands, seed {args.seed}; pokerkit on the first {n_ref:,}")

    e7_table = {c: eval7.Card(c) for c in FULL_DECK}
    # phevaluator's card id is rank * 4 + suit with suits c, d, h, s: our RANKS and SUITS order.
    ph_table = {r + s: RANKS.index(r) * 4 + SUITS.index(s) for r in RANKS for s in SUITS}
    pk_table = {c: next(iter(pokerkit.Card.parse(c))) for c in FULL_DECK}
    e7_hands = [[e7_table[c] for c in h] for h in hands]
    ph_hands = [[ph_table[c] for c in h] for h in hands]
    e7_eval = eval7.evaluate
    ph_eval7 = _pheval.evaluate_7cards
    high_hand = pokerkit.StandardHighHand

    print(f"timings (best of {args.repeat}):")
    rows: dict[str, float] = {}

    e7, rows["eval7 from strings"] = timed(
        "eval7 from strings", lambda: [e7_eval([e7_table[c] for c in h]) for h in hands],
        args.repeat,
    )
    _, rows["eval7 pre-converted"] = timed(
        "eval7 pre-converted", lambda: [e7_eval(h) for h in e7_hands], args.repeat
    )
    _, rows["bot.engine.evaluate.hand_strength"] = timed(
        "bot.engine.evaluate.hand_strength", lambda: [hand_strength(h) for h in hands],
        args.repeat,
    )
    # The public evaluate_cards re-validates and re-maps every card; the C entry point is what
    # an engine built on phevaluator would call.
    ph, rows["phevaluator from strings (_pheval)"] = timed(
        "phevaluator from strings (_pheval)",
        lambda: [ph_eval7(*[ph_table[c] for c in h]) for h in hands],
        args.repeat,
    )
    _, rows["phevaluator pre-converted (_pheval)"] = timed(
        "phevaluator pre-converted (_pheval)", lambda: [ph_eval7(*h) for h in ph_hands],
        args.repeat,
    )
    _, rows["phevaluator public evaluate_cards(ints)"] = timed(
        "phevaluator public evaluate_cards(ints)",
        lambda: [evaluate_cards(*h) for h in ph_hands],
        args.repeat,
    )
    pk, pk_seconds = timed(
        "pokerkit StandardHighHand.from_game",
        lambda: [
            high_hand.from_game([pk_table[c] for c in h[:2]], [pk_table[c] for c in h[2:]])
            for h in hands[:n_ref]
        ],
        1,
    )
    # Scale so the rate is per hand even when pokerkit saw fewer hands.
    rows["pokerkit StandardHighHand.from_game"] = pk_seconds * len(hands) / max(n_ref, 1)

    print("evaluations per second, and time relative to eval7 from strings:")
    base = rows["eval7 from strings"]
    for label, seconds in rows.items():
        rate = len(hands) / seconds
        print(f"  {label:<44} {rate:12,.0f}/s  {seconds / base:7.2f}x")

    print("order agreement:")
    ok = order_agrees("eval7 vs phevaluator", e7, [-v for v in ph])  # phevaluator: lower wins
    ok &= order_agrees("eval7 vs pokerkit", e7[:n_ref], pk)
    ok &= order_agrees("phevaluator vs pokerkit", [-v for v in ph[:n_ref]], pk)
    print("ALL AGREE" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Hand strength and hand names for Texas Hold'em (best five of five to seven cards).

`hand_strength` is on the showdown hot path, so it is a thin wrapper over eval7's C evaluator
with the string-to-card conversion done once at import. `describe` is for people (showdown
messages, hand histories) and favours clarity over speed; `showdown_names` names the hands of
a showdown with the kicker where it decides.

The ranking is the standard one the seeds take for granted (rule `hand-rankings`; Tavern
"Final Betting and The Winner": the best five of the seven cards); suits never rank hands.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

import eval7

from bot.engine.cards import FULL_DECK, RANK_NAMES, RANK_PLURALS, RANKS, card_order

# eval7.Card parses its string on construction; doing that per evaluation would double the cost.
_EVAL7_CARDS: dict[str, eval7.Card] = {c: eval7.Card(c) for c in FULL_DECK}
# eval7 has no type hints; its evaluator takes eval7 cards and returns an int.
_evaluate: Callable[[Sequence[eval7.Card]], int] = eval7.evaluate
# card_order and the rank's index, looked up rather than searched for on every comparison.
_ORDER: dict[str, int] = {c: card_order(c) for c in FULL_DECK}
_RANK_VALUE: dict[str, int] = {r: i for i, r in enumerate(RANKS)}


def hand_strength(cards: Sequence[str]) -> int:
    """The strength of the best five of 5-7 cards: higher is better, equal is a split.

    Values are only comparable with other results of this function (they are eval7's).
    """
    # eval7 silently returns a number for 4 or 8 cards; a wrong showdown is worse than a raise.
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"hand_strength needs 5 to 7 cards, got {len(cards)}")
    return _evaluate([_EVAL7_CARDS[c] for c in cards])


@dataclass(frozen=True)
class HandName:
    category: str  # high_card, pair, two_pair, ..., straight_flush (a royal is a straight_flush)
    name: str  # e.g. "full house, tens over fours"
    best_five: tuple[str, ...]  # the cards that make the hand, most significant first


def describe(cards: Sequence[str]) -> HandName:
    """Name the best five-card hand within 5-7 distinct cards."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"describe needs 5 to 7 cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate cards in {list(cards)}")
    # Ties between equal-strength fives (e.g. which king kicks quad aces) are broken by suit so
    # the same cards always show the same five. Only the strongest fives need the tie-break key,
    # so the strengths are found first (eval7 on pre-parsed cards, up to 21 fives).
    combos = list(combinations(cards, 5))
    parsed = combinations([_EVAL7_CARDS[c] for c in cards], 5)  # in step with `combos`
    strengths = [_evaluate(five) for five in parsed]
    top = max(strengths)
    best = [combo for combo, s in zip(combos, strengths, strict=True) if s == top]
    five = best[0] if len(best) == 1 else max(
        best, key=lambda combo: sorted(map(_ORDER.__getitem__, combo), reverse=True)
    )
    return _name_five(five)


def _name_five(five: Sequence[str]) -> HandName:
    counts: dict[str, int] = {}  # rank -> cards of it, in order of first appearance
    for c in five:
        counts[c[0]] = counts.get(c[0], 0) + 1
    # Most significant first: bigger groups, then higher ranks, then suit (for a stable display).
    ordered = sorted(five, key=lambda c: (counts[c[0]], _ORDER[c]), reverse=True)
    ranks = [c[0] for c in ordered]
    shape = sorted(counts.values(), reverse=True)
    flush = len({c[1] for c in five}) == 1
    values = sorted((_RANK_VALUE[r] for r in counts), reverse=True)
    straight_high: str | None = None
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            straight_high = RANKS[values[0]]
        elif values == [12, 3, 2, 1, 0]:
            # The wheel: the ace plays low, so it is shown last and the straight is five-high.
            straight_high = "5"
            ordered = ordered[1:] + ordered[:1]
    top = ranks[0]
    best = tuple(ordered)

    if straight_high and flush:
        if straight_high == "A":
            return HandName("straight_flush", "royal flush", best)
        return HandName("straight_flush", f"straight flush, {RANK_NAMES[straight_high]} high", best)
    if shape[0] == 4:
        return HandName("four_of_a_kind", f"four of a kind, {RANK_PLURALS[top]}", best)
    if shape == [3, 2]:
        name = f"full house, {RANK_PLURALS[top]} over {RANK_PLURALS[ranks[3]]}"
        return HandName("full_house", name, best)
    if flush:
        return HandName("flush", f"{RANK_NAMES[top]}-high flush", best)
    if straight_high:
        return HandName("straight", f"straight, {RANK_NAMES[straight_high]} high", best)
    if shape[0] == 3:
        return HandName("three_of_a_kind", f"three of a kind, {RANK_PLURALS[top]}", best)
    if shape[:2] == [2, 2]:
        name = f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[2]]}"
        return HandName("two_pair", name, best)
    if shape[0] == 2:
        return HandName("pair", f"pair of {RANK_PLURALS[top]}", best)
    return HandName("high_card", f"{RANK_NAMES[top]}-high", best)


# ---------------------------------------------------------------------- showdown names

# How many of the best five cards name the hand itself; the rest are kickers that can decide
# between two hands of the same name. Straights and full houses have none.
_NAMED_CARDS = {"pair": 2, "two_pair": 4, "three_of_a_kind": 3, "four_of_a_kind": 4,
                "high_card": 1, "flush": 1}

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class ShowdownName(Generic[K]):
    """One hand as the showdown names it."""

    name: str  # "pair of fives, ace kicker": just the detail that decides against the others
    strength: int  # hand_strength: higher wins, equal splits
    ties_with: tuple[K, ...]  # the other hands of exactly equal strength (a split)


def showdown_names(hands: Mapping[K, Sequence[str]]) -> dict[K, ShowdownName[K]]:
    """Name each hand compared at a showdown with just enough detail to show why one wins.

    `hands` maps whoever holds it (a seat) to his 5-7 cards, hole cards and board together.
    Hands of different names need nothing more ("flush" beats "straight"); hands of the same
    name are told apart by their kickers, up to the first kicker that differs between any two
    of them ("pair of fives, ace kicker" against "pair of fives, jack kicker"; "ace-king high"
    against "ace-queen high"). Hands that tie exactly keep the plain name and list each other
    in `ties_with`: they split, and no kicker decides.
    """
    described = {k: describe(cards) for k, cards in hands.items()}
    strengths = {k: hand_strength(cards) for k, cards in hands.items()}
    out: dict[K, ShowdownName[K]] = {}
    for k, hand in described.items():
        kickers = _kickers(hand)
        depth = 0  # how many kickers the name must give
        for other_key, other in described.items():
            if other_key == k or other.name != hand.name:
                continue
            theirs = _kickers(other)
            for i, (mine, their) in enumerate(zip(kickers, theirs, strict=True)):
                if mine != their:
                    depth = max(depth, i + 1)
                    break
        ties = tuple(o for o in described if o != k and strengths[o] == strengths[k])
        out[k] = ShowdownName(_with_kickers(hand, kickers[:depth]), strengths[k], ties)
    return out


def _kickers(hand: HandName) -> list[str]:
    """The ranks after the named cards, most significant first (best_five is in that order)."""
    named = _NAMED_CARDS.get(hand.category)
    if named is None:
        return []
    return [c[0] for c in hand.best_five[named:]]


def _with_kickers(hand: HandName, kickers: Sequence[str]) -> str:
    if not kickers:
        return hand.name
    words = [RANK_NAMES[r] for r in kickers]
    top = RANK_NAMES[hand.best_five[0][0]]
    if hand.category == "high_card":
        return "-".join([top, *words]) + " high"
    if hand.category == "flush":
        return "-".join([top, *words]) + "-high flush"
    return f"{hand.name}, {'-'.join(words)} kicker{'s' if len(words) > 1 else ''}"

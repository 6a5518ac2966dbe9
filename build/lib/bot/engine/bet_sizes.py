"""One-tap bet sizes for the player to act: the minimum raise and fractions of the pot.

Every amount is a "raise to" total (the player's whole bet this street after the action), as
the Raise modal and `/raise to:` read it.

A pot-size raise is the call plus the pot after the call:

    pot after the call = pot (every chip committed, this street's bets included) + call
    raise to           = current bet + pot after the call

since the player's own bet plus the call is the current bet. A fraction f of the pot is
`current bet + f × (pot after the call)`, rounded to the nearest whole unit of the smallest chip
in play, half a unit up: as an amount typed for it is (rule chip-unit), so a button and the
same amount typed never differ. With no bet to face the call is 0 and the current bet is 0, so
a pot-size bet is the pot. Worked examples (blinds 50/100, nothing else in):

    UTG, facing 100, pot 150: call 100, pot after 250, pot-size raise to 100 + 250 = 350
    SB, 50 in, facing 100, pot 150: call 50, pot after 200, pot-size raise to 300
    flop, pot 300, no bet: ⅓ = 100, ½ = 150, ¾ = 225, pot = 300
    in 25-chips, UTG facing 100, pot 150: ¾ = 100 + 187.5 = 287.5, played as 300

A size is legal when it is at least the minimum raise and less than the all-in (the all-in
has its own button; a size that reaches it is not offered). Sizes with equal amounts are
offered once, the first in `SIZES` order. `size_slots` keeps every size in its place (the
table's buttons stay where the thumb expects them), the ones not offered without an amount.
Pure: no I/O, a function of the hand.
"""

from __future__ import annotations

from bot.engine.hand import Hand

# key -> (numerator, denominator) of the pot after the call; "min" is the minimum raise.
SIZES: dict[str, tuple[int, int] | None] = {
    "min": None,
    "third": (1, 3),
    "half": (1, 2),
    "three_quarters": (3, 4),
    "pot": (1, 1),
}


def size_to(hand: Hand, key: str) -> int | None:
    """The "raise to" total of size `key` for the player to act, or None when it is not legal
    now (below the minimum raise, all-in or more, no raise possible, or an unknown key)."""
    legal = hand.legal()
    if legal is None or not legal.can_raise or key not in SIZES:
        return None
    fraction = SIZES[key]
    to = legal.min_raise_to if fraction is None else pot_fraction_to(hand, *fraction)
    if to < legal.min_raise_to or to >= legal.max_raise_to:
        return None
    return to


def pot_fraction_to(hand: Hand, num: int, den: int) -> int:
    """`current bet + num/den × (pot after the call)` as a "raise to" total in whole units of
    the smallest chip in play, the nearest (half a unit up), as a typed amount is rounded."""
    legal = hand.legal()
    assert legal is not None
    unit = max(1, legal.chip_unit)
    exact = (hand.current_bet * den + (hand.pot_total + legal.call_amount) * num)  # × 1/den
    return (2 * exact + unit * den) // (2 * unit * den) * unit


def size_slots(hand: Hand) -> list[tuple[str, int | None]]:
    """Every size in `SIZES` order with its "raise to" total, None where it is not offered
    (not legal now, or the amount of a size before it)."""
    offered = dict(bet_sizes(hand))
    return [(key, offered.get(key)) for key in SIZES]


def bet_sizes(hand: Hand) -> list[tuple[str, int]]:
    """The legal sizes as (key, raise-to total), in `SIZES` order, each amount once."""
    out: list[tuple[str, int]] = []
    seen: set[int] = set()
    for key in SIZES:
        to = size_to(hand, key)
        if to is not None and to not in seen:
            seen.add(to)
            out.append((key, to))
    return out

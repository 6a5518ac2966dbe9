"""Pots from contributions, and splitting a pot with odd chips from the button's left.

Rules `side-pots`, `odd-chip` and `split-pot` of data/rules: one side pot per all-in level,
each settled on its own (TREPS "Odd-Chips" / "Side pots"; TDA 20), odd chips one at a time
from the button's left in units of the smallest chip in play (`chip-unit`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that may win it, in seat order


def build_pots(
    committed: Mapping[int, int], live: Sequence[int], dead: int = 0
) -> list[Pot]:
    """Main pot and side pots: one level per all-in amount among the live (unfolded) players.

    Chips of folded players belong to every level they reached. Chips no live player matched
    (only possible for folded dead money above every live contribution) join the last pot.
    `dead` chips (antes kept out of the levels, PHH `ante_trimming_status = false`) join the
    main pot.
    """
    remaining = {s: c for s, c in committed.items() if c > 0}
    live_set = set(live)
    pots: list[Pot] = []
    while remaining:
        live_levels = [remaining[s] for s in remaining if s in live_set]
        if not live_levels:
            extra = sum(remaining.values())
            if pots:
                pots[-1] = Pot(pots[-1].amount + extra, pots[-1].eligible)
            else:
                pots.append(Pot(extra, tuple(sorted(live_set))))
            break
        level = min(live_levels)
        amount = 0
        eligible = []
        for s in list(remaining):
            take = min(remaining[s], level)
            amount += take
            remaining[s] -= take
            if s in live_set:
                eligible.append(s)
            if remaining[s] == 0:
                del remaining[s]
        pot = Pot(amount, tuple(sorted(eligible)))
        if pots and pots[-1].eligible == pot.eligible:
            pots[-1] = Pot(pots[-1].amount + amount, pot.eligible)
        else:
            pots.append(pot)
    if dead:
        # Dead antes are contested by every live player, even one all-in for his ante alone.
        everyone = tuple(sorted(live_set))
        if pots and pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + dead, everyone)
        else:
            pots.insert(0, Pot(dead, everyone))
    return pots


def table_pots(
    committed: Mapping[int, int], live: Sequence[int], all_in: Collection[int], dead: int = 0
) -> list[Pot]:
    """The pots as the table shows them while the hand plays (bets of this street included).

    Side pots exist only once a player is all-in (rule `side-pots`: one per all-in level):
    until then everything is one pot, even while the small blind has not completed.
    Each all-in level of a live player closes a pot; what lies above the highest one is the
    pot the players still betting contest (a side pot). `eligible` is who can still win each:
    the live players, less those all-in below that pot.

    Edge cases:
    - Chips of folded or dead hands count at every level they reached; above the last level
      they are in the top pot (they never go back: rule `dead-hand`).
    - When a single player with chips is left above the last all-in level, the part of his bet
      that nobody else reached is not in any pot: it is an uncalled bet that goes back to him
      when the round ends. What others put in above that level stays, as a pot only he can win.
    - When every live player is all-in, chips above the highest level (folded money) join the
      last pot, as in `build_pots`.
    - `dead` chips (antes kept out of the levels) are in the main pot, contested by every live
      player, even one all-in for his ante alone (then they are a pot of their own).
    """
    live_set = set(live)
    all_in_set = set(all_in) & live_set
    amounts = {s: c for s, c in committed.items() if c > 0}
    levels = sorted({amounts[s] for s in all_in_set if s in amounts})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in amounts.values())
        eligible = tuple(sorted(s for s in live_set
                                if s not in all_in_set or amounts.get(s, 0) >= level))
        pots.append(Pot(amount, eligible))
        prev = level
    above = {s: c - prev for s, c in amounts.items() if c > prev}
    betting = sorted(live_set - all_in_set)
    if len(betting) == 1 and betting[0] in above:
        (lone,) = betting
        others = max((c for s, c in above.items() if s != lone), default=0)
        above[lone] = min(above[lone], others)  # the uncalled part goes back: not a pot
    rest = sum(above.values())
    if rest:
        if betting:
            pots.append(Pot(rest, tuple(betting)))
        elif pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(sorted(live_set))))
    if dead:
        everyone = tuple(sorted(live_set))
        if pots and pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + dead, everyone)
        else:
            pots.insert(0, Pot(dead, everyone))
    return pots


def seats_from_left_of(button: int, seats: Sequence[int], table_size: int) -> list[int]:
    """The given seats in clockwise order starting with the first seat left of the button."""
    return sorted(seats, key=lambda s: (s - button - 1) % table_size)


def split(
    amount: int, winners: Sequence[int], button: int, table_size: int, unit: int = 1
) -> dict[int, int]:
    """Equal shares in whole units of the smallest chip in play (`unit`); the odd units one at
    a time to the winners from the button's left (TREPS "Odd-Chips"; rule `odd-chip`).

    With 25 as the smallest chip, 125 split two ways is 75/50, not 63/62. A remainder below
    one unit (only possible if chips smaller than the unit are in the pot, e.g. an all-in for
    an odd stack) goes with the first odd unit, to the first winner from the button's left.
    """
    order = seats_from_left_of(button, winners, table_size)
    units, rest = divmod(amount, unit)
    share, odd = divmod(units, len(order))
    shares = {s: (share + (1 if i < odd else 0)) * unit for i, s in enumerate(order)}
    shares[order[0]] += rest
    return shares


def odd_chips(amount: int, winners: int, unit: int = 1) -> int:
    """How many winners get one odd chip (of `unit`) more than the others when `amount` is
    split `winners` ways (see `split`)."""
    units, rest = divmod(amount, unit)
    odd = units % winners
    return odd if odd or not rest else 1

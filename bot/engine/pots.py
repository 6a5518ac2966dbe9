"""Pots from contributions, and splitting a pot with odd chips from the button's left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def seats_from_left_of(button: int, seats: Sequence[int], table_size: int) -> list[int]:
    """The given seats in clockwise order starting with the first seat left of the button."""
    return sorted(seats, key=lambda s: (s - button - 1) % table_size)


def split(amount: int, winners: Sequence[int], button: int, table_size: int) -> dict[int, int]:
    """Equal shares; the odd chips one at a time to the winners from the button's left."""
    order = seats_from_left_of(button, winners, table_size)
    share, odd = divmod(amount, len(order))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(order)}

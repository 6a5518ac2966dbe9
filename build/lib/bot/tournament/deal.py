"""Deals at the final table: the money left split among the players still in, from their stacks.

Two methods (rule `deal`):
- `icm`: the Independent Chip Model of Malmuth and Harville. A player's chance to finish first
  is his share of the chips; given who finished above him, his chance to take the next place
  is his share of the chips of those left. His share of the deal is the prize of each place
  weighted by his chance to take it. Exact (fractions, every finishing order through the
  subsets of players, 2^n states) for the up to 10 players of a final table.
- `chip_chop`: the money split in proportion to the chips.
- `chip_chop_min`: every player first gets the prize he has locked up (the prize of the last
  paid place among those left: nobody still in can finish lower), the rest is split by chips.
  Plain chip chop can give a short stack less than that; this never does.

Keeping an amount to play for: the players split the money left minus `keep`, and `keep` goes
to whoever wins the tournament (play goes on for it). Under ICM the kept amount comes off the
first prize before the split (the split is of the prizes as they would be without it), so
`keep` may be at most the first prize.

Rounding (money is whole smallest currency units, `unit` of them the smallest amount paid): each
share is rounded down to a multiple of `unit`; the units left over go one each to the players
with the largest remainders (ties: the bigger stack, then the order the stacks were given); what
is left below one unit goes to the chip leader (first given among equal stacks). The shares
always add up exactly to the money split: no unit is created or lost.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Method = Literal["icm", "chip_chop", "chip_chop_min"]
METHODS: tuple[Method, ...] = typing.get_args(Method)
# The most players ICM is computed for exactly (a final table holds at most 10).
MAX_ICM_PLAYERS = 10


class DealError(ValueError):
    """A deal that cannot be computed; `code` names why, the message says what is allowed."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def icm_equities(stacks: Sequence[int], payouts: Sequence[int]) -> list[Fraction]:
    """Each player's ICM (Malmuth-Harville) equity, exact: the prize of each place (`payouts`,
    1st first; places beyond it pay 0) times his chance to finish there."""
    n = len(stacks)
    if n > MAX_ICM_PLAYERS:
        raise DealError(f"ICM is computed for at most {MAX_ICM_PLAYERS} players", "too-many")
    _check_stacks(stacks)
    prize = [Fraction(payouts[k]) if k < len(payouts) else Fraction(0) for k in range(n)]
    full = (1 << n) - 1
    # reach[mask]: the chance that exactly the players of `mask` are still to be placed.
    reach: dict[int, Fraction] = {full: Fraction(1)}
    equity = [Fraction(0)] * n
    # Larger sets first: every set is complete before it is expanded.
    for mask in sorted(range(1, full + 1), key=lambda m: -m.bit_count()):
        chance = reach.pop(mask, None)
        if chance is None:
            continue
        place = n - mask.bit_count()
        members = [i for i in range(n) if mask >> i & 1]
        chips = sum(stacks[i] for i in members)
        for i in members:
            p = chance * Fraction(stacks[i], chips)
            equity[i] += p * prize[place]
            rest = mask & ~(1 << i)
            if rest:
                reach[rest] = reach.get(rest, Fraction(0)) + p
    return equity


def chip_chop_equities(stacks: Sequence[int], total: int) -> list[Fraction]:
    """`total` split in proportion to the stacks."""
    _check_stacks(stacks)
    chips = sum(stacks)
    return [Fraction(total * s, chips) for s in stacks]


def chip_chop_min_equities(stacks: Sequence[int], total: int, locked: int) -> list[Fraction]:
    """`locked` to each player first, then the rest of `total` in proportion to the stacks. A
    `total` too small to give everyone `locked` (the amount kept to play for took it) gives
    each an equal part of it instead."""
    _check_stacks(stacks)
    floor = min(Fraction(locked), Fraction(total, len(stacks)))
    rest = total - floor * len(stacks)
    chips = sum(stacks)
    return [floor + rest * s / chips for s in stacks]


def round_shares(exact: Sequence[Fraction], stacks: Sequence[int], total: int,
                 unit: int = 1) -> list[int]:
    """The exact shares as whole amounts adding up to `total` (see the module's rounding)."""
    if unit < 1:
        raise DealError("the smallest amount paid is 1 or more", "unit")
    n = len(exact)
    if n == 0:
        return []
    out = [int(x // unit) * unit for x in exact]
    left = total - sum(out)
    if left < 0:
        raise DealError("the shares add up to more than the money split", "overflow")
    order = sorted(range(n), key=lambda i: (-(exact[i] - out[i]), -stacks[i], i))
    whole, odd = divmod(left, unit)
    for k in range(whole):
        out[order[k % n]] += unit
    leader = min(range(n), key=lambda i: (-stacks[i], i))
    out[leader] += odd
    return out


@dataclass(frozen=True)
class Split:
    """One method's split: each player's share (whole money units), in the stacks' order."""

    method: Method
    shares: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict[str, int]:
        return dict(self.shares)


@dataclass(frozen=True)
class DealProposal:
    """What a deal would give each player under each method.

    `money_left`: the prizes of the places still to be decided; `keep`: what goes to the
    winner on top of his share; `split`: `money_left - keep`, what the shares add up to."""

    stacks: tuple[tuple[str, int], ...]
    payouts: tuple[int, ...]  # the prizes still to be decided, 1st first
    keep: int
    unit: int
    icm: Split
    chip_chop: Split
    chip_chop_min: Split

    @property
    def locked(self) -> int:
        """What every player still in is sure of: the prize of the last of their places."""
        return self.payouts[-1]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.stacks)

    @property
    def money_left(self) -> int:
        return sum(self.payouts)

    @property
    def split(self) -> int:
        return self.money_left - self.keep

    def by(self, method: Method) -> Split:
        return {"icm": self.icm, "chip_chop": self.chip_chop,
                "chip_chop_min": self.chip_chop_min}[method]


def propose(stacks: Mapping[str, int] | Sequence[tuple[str, int]], payouts: Sequence[int], *,
            keep: int = 0, unit: int = 1) -> DealProposal:
    """Both splits of the prizes still to be decided (`payouts`, 1st first, one per player
    still in at most; missing places pay 0) among the players' `stacks`."""
    items = tuple(stacks.items()) if isinstance(stacks, Mapping) else tuple(stacks)
    players = [p for p, _ in items]
    chips = [s for _, s in items]
    if len(items) < 2:
        raise DealError("a deal needs two players or more", "too-few")
    if len(set(players)) != len(players):
        raise DealError("each player is named once", "twice")
    _check_stacks(chips)
    if any(a < 0 for a in payouts):
        raise DealError("prizes are 0 or more", "payouts")
    places = tuple(payouts[:len(items)]) + (0,) * max(0, len(items) - len(payouts))
    total = sum(places)
    if total <= 0:
        raise DealError("there is no prize money left to split", "no-money")
    if keep < 0 or keep > places[0]:
        raise DealError(f"the amount kept to play for is 0 to the first prize ({places[0]})",
                        "keep")
    split = total - keep
    icm_places = (places[0] - keep, *places[1:])
    icm = round_shares(icm_equities(chips, icm_places), chips, split, unit)
    chop = round_shares(chip_chop_equities(chips, split), chips, split, unit)
    least = round_shares(chip_chop_min_equities(chips, split, places[-1]), chips, split, unit)
    return DealProposal(
        items, places, keep, unit,
        Split("icm", tuple(zip(players, icm, strict=True))),
        Split("chip_chop", tuple(zip(players, chop, strict=True))),
        Split("chip_chop_min", tuple(zip(players, least, strict=True))))


def max_keep(payouts: Sequence[int], players: int, method: Method) -> int:
    """The most that may be kept to play for: the first prize, and under `chip_chop_min` no
    more than would still leave every player his locked-up prize."""
    places = tuple(payouts[:players]) + (0,) * max(0, players - len(payouts))
    return places[0] - (places[-1] if method == "chip_chop_min" else 0)


def _check_stacks(stacks: Sequence[int]) -> None:
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in stacks):
        raise DealError("every stack is a whole number of chips, 1 or more", "stack")

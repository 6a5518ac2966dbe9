"""The chip race at a colour-up, by the card method of rule chip-race (TREPS "Chip-Race",
TDA 24), at one table:

1. Each player changes up every full set of small chips: what stays in small chips is his
   stack modulo the new chip.
2. Each player with odd small chips is dealt one card per odd chip, clockwise from seat 1, all
   of a player's cards before the next player's.
3. Players rank by their highest card (rank, then suit). While the odd chips on the table still
   make whole new chips, the next-highest player wins one; a player wins at most one chip.
4. If what is left makes half a new chip or more, the highest remaining card gets one more new
   chip; otherwise it is removed.
5. Nobody is raced out: a player whose whole stack was odd chips gets one new chip before
   anyone else (in card order if there are several); that chip counts as one of the chips
   being raced, and is created if the odd chips do not make enough.

Both profile knobs (`card_method`, `one_chip_max`) run these five steps: the design rules make
"at most one chip a player" part of step 3 for every profile, and with fewer odd chips than
make a new chip per player, nobody could win two anyway. The knob is recorded in the result.

Pots are split in whole units of the smallest chip, so stacks hold whole small chips; a stack
that does not (a hand played before chip units were passed to the engine) counts at its value
in the pool and earns its holder a card like a whole chip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.cards import card_order, deck_from_seed
from bot.engine.profile import ChipRace
from bot.tournament.events import RaceLine, RaceWin


@dataclass(frozen=True)
class RaceResult:
    old_chip: int
    new_chip: int
    method: ChipRace
    lines: tuple[RaceLine, ...]  # seat order

    @property
    def change(self) -> int:
        """Chips added (positive) or removed (negative) by the race at this table."""
        return sum(e.stack_after - e.stack_before for e in self.lines)


def chip_race(table: int, stacks: Mapping[int, int], players: Mapping[int, str], old_chip: int,
              new_chip: int, seed: str, method: ChipRace = "card_method") -> RaceResult:
    """Race off `old_chip` at one table; `stacks` by seat (players with chips only)."""
    deck = deck_from_seed(seed)
    pos = 0
    odd_value: dict[int, int] = {}
    cards: dict[int, tuple[str, ...]] = {}
    for seat in sorted(stacks):
        odd = stacks[seat] % new_chip
        odd_value[seat] = odd
        n = -(-odd // old_chip)
        cards[seat] = tuple(deck[pos : pos + n])
        pos += n
    racing = [s for s in sorted(stacks) if cards[s]]
    ranked = sorted(racing, key=lambda s: max(card_order(c) for c in cards[s]), reverse=True)
    pool = sum(odd_value.values())
    whole = pool // new_chip
    won: dict[int, RaceWin] = {}
    for s in ranked:
        if stacks[s] - odd_value[s] == 0:
            won[s] = "no_chips"
    for s in ranked:
        if len(won) >= whole:
            break
        won.setdefault(s, "card")
    left = pool - new_chip * len(won)
    if left > 0 and 2 * left >= new_chip:
        rest = [s for s in ranked if s not in won]
        if rest:
            won[rest[0]] = "half"
    lines = []
    for seat in sorted(stacks):
        after = stacks[seat] - odd_value[seat] + (new_chip if seat in won else 0)
        lines.append(RaceLine(table, seat, players[seat], stacks[seat], cards[seat],
                              won.get(seat, ""), after))
    return RaceResult(old_chip, new_chip, method, tuple(lines))

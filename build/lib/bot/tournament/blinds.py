"""Button and blind positions from hand to hand at one table.

One rule underlies both profiles, and it is what makes "nobody skips the big blind and nobody
posts it twice in a row" hold through eliminations, moves and the change to heads-up
(rules blinds, heads-up-blinds in data/rules): **the big blind moves to the next player
clockwise after the seat of the last big blind** (TDA 32). The small blind is the seat that
was the big blind.

- `dead_button` (TDA 32, profiles tavern and tda): the button goes to the seat that was the
  small blind. Either may be an empty seat: the button is then dead, and an empty small-blind
  seat means no small blind is posted.
- `moving_button` (TREPS "Small Blind is Eliminated" / "Big Blind is Eliminated"; rules
  sb-eliminated, bb-eliminated, same-hand-eliminations):
  the button never sits on an empty seat; it is on the player just right of the small blind,
  or of the big blind when there is no small blind. This reproduces both TREPS rules exactly:
  small blind out -> the old big blind posts the small blind, the next player the big blind,
  and the button stays with the same player; big blind out -> the player left of him posts the
  big blind, there is no small blind and the button moves to the old small blind, and on the
  next hand the button stays there while both blinds are posted. When the small and the big
  blind go out in the same hand (TREPS is silent), both rules are applied at once and agree:
  the player left of the eliminated big blind posts the big blind (both rules), there is no
  small blind (the big-blind rule; the small-blind rule's poster is out), and the button does
  not move (the small-blind rule; the big-blind rule's new button is out); next hand the button
  stays and both blinds are posted normally. If the button's player is out too, the button goes
  to the nearest player on the right of the blinds: TREPS never uses a dead button.
- Heads-up (both profiles; rule heads-up-blinds; TDA 34): the button posts the small blind.
  The big blind still moves by the rule above, so on the change to heads-up the player who
  just posted the big blind is the button/small blind and the other player posts the big
  blind.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.engine.profile import BlindsAfterElimination
from bot.tournament.ruling_cases import RulingCase


@dataclass(frozen=True)
class Positions:
    button: int  # may be an empty seat (dead button)
    small_blind_seat: int  # the small blind's place, whether or not one is posted
    small_blind_posted: bool
    big_blind_seat: int
    players: int  # live players at the table for this hand

    @property
    def posted_small_blind_seat(self) -> int | None:
        """The seat that posts a small blind this hand, or None (no small blind)."""
        return self.small_blind_seat if self.small_blind_posted else None


@dataclass(frozen=True)
class BlindRuling:
    """A blinds rule applied to the next hand: its rule id and which case of it (the presenter
    words it, see `TournamentRuling`)."""

    rule_id: str
    case: RulingCase = ""


def clockwise_after(seat: int, seats: Collection[int], table_size: int) -> int:
    """The first seat of `seats` strictly clockwise after `seat` (which may be empty)."""
    for k in range(1, table_size + 1):
        s = (seat - 1 + k) % table_size + 1
        if s in seats:
            return s
    raise ValueError("no seats")


def clockwise_before(seat: int, seats: Collection[int], table_size: int) -> int:
    """The first seat of `seats` strictly counter-clockwise from `seat`."""
    for k in range(1, table_size + 1):
        s = (seat - 1 - k) % table_size + 1
        if s in seats:
            return s
    raise ValueError("no seats")


def first_positions(button: int, live: Collection[int], table_size: int) -> Positions:
    """The first hand of a table (or of a new button draw)."""
    if len(live) < 2:
        raise ValueError("a hand needs two players")
    if len(live) == 2:
        bb = clockwise_after(button, live, table_size)
        return Positions(button, button, True, bb, 2)
    sb = clockwise_after(button, live, table_size)
    bb = clockwise_after(sb, live, table_size)
    return Positions(button, sb, True, bb, len(live))


def next_positions(prev: Positions, live: Collection[int], table_size: int,
                   rule: BlindsAfterElimination) -> tuple[Positions, list[BlindRuling]]:
    """Positions for the next hand after `prev`, given who is seated with chips now."""
    if len(live) < 2:
        raise ValueError("a hand needs two players")
    rulings: list[BlindRuling] = []
    bb = clockwise_after(prev.big_blind_seat, live, table_size)
    if len(live) == 2:
        other = next(s for s in live if s != bb)
        if prev.players > 2:
            # Heads-up: the button posts the small blind; the big blind keeps moving.
            rulings.append(BlindRuling("heads-up-blinds"))
        return Positions(other, other, True, bb, 2), rulings
    sb_seat = prev.big_blind_seat
    sb_posted = sb_seat in live
    if rule == "moving_button":
        button = clockwise_before(sb_seat if sb_posted else bb, live, table_size)
        prev_sb_out = prev.small_blind_posted and prev.small_blind_seat not in live
        moved: RulingCase = "button-stays" if button == prev.button else "button-moves"
        if not sb_posted and prev_sb_out:
            # Both blinds out: the next player posts the big blind, no small blind, the button
            # stays (or goes to the nearest player on the big blind's right).
            rulings.append(BlindRuling("same-hand-eliminations", moved))
        elif not sb_posted:
            # The big blind out: no small blind, the button moves to the old small blind.
            rulings.append(BlindRuling("bb-eliminated"))
        elif prev_sb_out:
            # The small blind out: the old big blind posts the small blind.
            rulings.append(BlindRuling("sb-eliminated", moved))
        return Positions(button, sb_seat, sb_posted, bb, len(live)), rulings
    button = prev.small_blind_seat
    if not sb_posted or button not in live:
        case: RulingCase = ("empty-button-no-small-blind" if button not in live and not sb_posted
                            else "empty-button" if button not in live else "no-small-blind")
        rulings.append(BlindRuling("dead-button", case))
    return Positions(button, sb_seat, sb_posted, bb, len(live)), rulings


def due_big_blind_anchor(prev: Positions | None, button: int | None,
                         live: Collection[int], table_size: int) -> int:
    """The seat after which the next big blind falls: the last big blind, or, before a table's
    first hand, its first small blind (so the first big blind is the next player after it)."""
    if prev is not None:
        return prev.big_blind_seat
    if button is None or len(live) < 2:
        return 0 if button is None else button
    return first_positions(button, live, table_size).small_blind_seat


def player_due_big_blind(anchor: int, live: Collection[int], table_size: int) -> int:
    return clockwise_after(anchor, live, table_size)


def seat_due_big_blind(anchor: int, occupied: Collection[int], table_size: int) -> int | None:
    """The empty seat the big blind reaches first: where a moved or new player sits."""
    empty = [s for s in range(1, table_size + 1) if s not in occupied]
    if not empty:
        return None
    return clockwise_after(anchor, empty, table_size)

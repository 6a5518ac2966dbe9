"""What the director's desk reads, in both modes and above all in live mode, where the
cards and chips are real and the bot is the clock, the seat draw and the bust-out desk.

Pure readings of a tournament's state and of the events a command produced:
- `Tournament.clock_view(now)` -> `ClockView` (in state.py, named here too): the tournament
  clock as a room reads it (level, blinds and ante, time left, the next level and break,
  players left, entries, re-buys and add-ons, the average stack from the chips put in play,
  the prize pool and payouts).
- `bust_report(t, events)`: the answer to a bust: the place, the prize if in the money, until
  when he may re-buy (the place is final only after that), and the next step: the balancing
  moves (TREPS "Moving Players"; rule table-balancing), a table broken with its players' new
  seats (rule breaking-tables), the final table drawn afresh (rule final-table; TREPS "The
  Button"), heads-up, or the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.events import Event
from bot.engine.hand_events import Seat
from bot.tournament import events as ev
from bot.tournament.errors import StructureError
from bot.tournament.payouts import place_amounts
from bot.tournament.state import ClockView
from bot.tournament.tournament import Tournament

__all__ = ["BustReport", "ClockView", "FinalDraw", "MoveLine", "bust_report", "move_lines",
           "standing_moves"]


@dataclass(frozen=True)
class MoveLine:
    """A player to move, and the two tables' sizes just before he does."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: ev.MoveReason
    from_count: int
    to_count: int


@dataclass(frozen=True)
class FinalDraw:
    table: int
    seats: tuple[Seat, ...]
    method: ev.DrawMethod
    cards: tuple[ev.DrawnCard, ...]
    button: int


@dataclass(frozen=True)
class BustReport:
    player: str
    place: int
    prize: int  # at the current prize pool; 0 outside the money
    knocked_out_by: str | None
    moves: tuple[MoveLine, ...]
    broken_table: int | None
    final_table: FinalDraw | None
    heads_up: bool
    finished: bool
    winner: str | None
    rebuy_until: int | None = None  # the last level he may re-buy at: his place is not final


def bust_report(t: Tournament, events: Sequence[Event]) -> BustReport:
    """The answer to the bust that produced `events` (the command's events, in order)."""
    bust = next(e for e in events if isinstance(e, ev.Eliminated))
    broken = None
    final: FinalDraw | None = None
    drawn: ev.SeatsDrawn | None = None
    for e in events:
        if isinstance(e, ev.TableBroken):
            broken = e.table
        elif isinstance(e, ev.SeatsDrawn):
            drawn = e
        elif isinstance(e, ev.ButtonDrawn) and drawn is not None and e.table == drawn.table:
            final = FinalDraw(e.table, drawn.seats, e.method, e.cards, e.button)
    finished = next((e for e in events if isinstance(e, ev.Finished)), None)
    prize = _prize(t, bust.place, bust.player) if finished is None \
        else finished.prizes.get(bust.player, 0)
    return BustReport(
        player=bust.player, place=bust.place, prize=prize, knocked_out_by=bust.knocked_out_by,
        moves=tuple(move_lines(t, events)), broken_table=broken, final_table=final,
        heads_up=finished is None and len(t.playing) == 2, finished=finished is not None,
        winner=finished.winner if finished is not None else None,
        rebuy_until=t.rebuy_until(bust.player, bust.at) if finished is None else None,
    )


def move_lines(t: Tournament, events: Sequence[Event]) -> list[MoveLine]:
    """The moves among `events` (a command's events: a bust, an undo, a re-buy, a late entry),
    each with both tables' sizes just before it: the tables as they are now in `t`, replayed
    backwards through the moves (a broken table counts from 0 back up)."""
    sizes = {x: len(ts.seats) for x, ts in t.tables.items()}
    for e in reversed(events):
        if isinstance(e, ev.PlayerMoved):
            sizes[e.to_table] = sizes.get(e.to_table, 0) - 1
            sizes[e.from_table] = sizes.get(e.from_table, 0) + 1
    out = []
    for e in events:
        if isinstance(e, ev.PlayerMoved):
            out.append(MoveLine(e.player, e.from_table, e.from_seat, e.to_table, e.to_seat,
                                e.reason, sizes[e.from_table], sizes[e.to_table]))
            sizes[e.from_table] -= 1
            sizes[e.to_table] += 1
    return out


def standing_moves(t: Tournament, undone: ev.BustUndone) -> tuple[ev.PlayerMoved, ...]:
    """The moves the undone bust had caused that still stand: an undo takes back the bust, not
    the moves (the players already carried their chips to the new seats), so those players
    stay where they were sent. Empty when the bust caused none, or when its events are no
    longer in memory (a snapshot forgot them; a live night takes none)."""
    log = t.events
    end = next((i for i in range(len(log) - 1, -1, -1) if log[i] is undone), None)
    if end is None:
        return ()
    start = next((i for i in range(end - 1, -1, -1)
                  if _is_bust_of(log[i], undone)), None)
    if start is None:
        return ()
    caused: list[ev.PlayerMoved] = []
    for e in log[start + 1:end]:
        if not isinstance(e, ev.PlayerMoved | ev.TableBroken | ev.FinalTable | ev.SeatsDrawn
                          | ev.ButtonDrawn):
            break  # the bust's consequences come right after it
        if isinstance(e, ev.PlayerMoved):
            caused.append(e)
    return tuple(m for m in caused if t.players[m.player].status == "playing"
                 and (t.players[m.player].table, t.players[m.player].seat)
                 == (m.to_table, m.to_seat))


def _is_bust_of(e: Event, undone: ev.BustUndone) -> bool:
    return isinstance(e, ev.Eliminated) and e.player == undone.player and \
        e.place == undone.place


def _prize(t: Tournament, place: int, player: str) -> int:
    if t.deal is not None and (dealt := t.deal.prize(player)) is not None:
        return dealt  # a deal at the final table fixed his prize
    try:
        amounts = place_amounts(t.pool, max(t.entries, 1), t.cfg.payouts, t.cfg.payout_unit)
    except StructureError:
        return 0
    return amounts[place - 1] if place <= len(amounts) else 0

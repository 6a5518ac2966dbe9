"""What the director's desk reads, in both modes and above all in live mode (issue 12), where the
cards and chips are real and the bot is the clock, the seat draw and the bust-out desk.

Pure functions of a tournament's state and of the events a command produced:
- `clock_view(t, now)`: the tournament clock as a room reads it (level, blinds and ante, time
  left, the next level and break, players left, entries, re-buys and add-ons, the average stack
  from the chips put in play, the prize pool and payouts). Nobody counts chips at a live table,
  so the average is what was put in play (starting stacks, re-buys, add-ons, chip races) over
  the players left.
- `bust_report(t, events)`: the answer to a bust: the place, the prize if in the money, and the
  next step: the balancing moves (TREPS "Moving Players"; rule table-balancing), a table broken
  with its players' new seats (rule breaking-tables), the final table drawn afresh (rule
  final-table; TREPS "The Button"), heads-up, or the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.engine.events import Event
from bot.engine.hand_events import SeatInfo
from bot.tournament import events as ev
from bot.tournament.errors import StructureError
from bot.tournament.payouts import place_amounts
from bot.tournament.state import TournamentStatus
from bot.tournament.structure import Break, Level

if TYPE_CHECKING:
    from bot.tournament.tournament import Tournament


@dataclass(frozen=True)
class ClockView:
    status: TournamentStatus
    paused: bool
    level: int  # 1-based; in a break, the level that follows it
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ends_at: float | None  # absolute; None for the last level or while paused
    seconds_left: float | None  # in the level or break (frozen while paused)
    next_level: Level | None
    next_is_break: bool
    next_break_at: float | None  # when the next break starts (None: no break ahead, paused)
    players_left: int
    entries: int
    rebuys: int
    add_ons: int
    chips_in_play: int
    average_stack: int
    prize_pool: int
    payouts: tuple[int, ...]  # per place, 1st first (empty: no prize pool or no payout row)


def clock_view(t: Tournament, now: float) -> ClockView:
    """The clock at `now`; before the start it shows level 1 and the field registered."""
    s = t.structure
    running = t.status in ("running", "finished")
    index = t.period_index(now) if t.status == "running" else 0
    period = s.periods[index]
    level = s.level_for_hand(index)
    ends_at = seconds_left = next_break_at = None
    if t.status == "running" and index + 1 < len(s.periods):
        end_play = s.period_start(index + 1)
        seconds_left = max(0.0, end_play - t.play_time(now))
        if not t.paused:
            ends_at = t.absolute(end_play, float("inf"))
            later = [i for i in range(index + 1, len(s.periods))
                     if isinstance(s.periods[i], Break)]
            if later:
                next_break_at = t.absolute(s.period_start(later[0]), float("inf"))
    following = s.periods[index + 1] if index + 1 < len(s.periods) else None
    entries = t.entries if running else len(t.players)
    left = len(t.playing) if running else len(t.players)
    chips = t.expected_chips() if running else s.starting_stack * len(t.players)
    pool = t.pool if running else t.cfg.buy_in * len(t.players)
    try:
        payouts = tuple(place_amounts(pool, max(entries, 1), t.cfg.payouts,
                                      t.cfg.payout_unit)) if pool else ()
    except StructureError:
        payouts = ()  # a field the payout table has no row for yet
    return ClockView(
        status=t.status, paused=t.paused, level=t.level_number(now) if running else 1,
        on_break=isinstance(period, Break), small_blind=level.small_blind,
        big_blind=level.big_blind, ante=level.ante, ends_at=ends_at, seconds_left=seconds_left,
        next_level=s.level_for_hand(index + 1) if following is not None else None,
        next_is_break=isinstance(following, Break), next_break_at=next_break_at,
        players_left=left, entries=entries,
        rebuys=sum(p.rebuys for p in t.players.values()),
        add_ons=sum(p.add_ons for p in t.players.values()),
        chips_in_play=chips, average_stack=chips // left if left else 0,
        prize_pool=pool, payouts=payouts,
    )


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
    seats: tuple[SeatInfo, ...]
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


def bust_report(t: Tournament, events: Sequence[Event]) -> BustReport:
    """The answer to the bust that produced `events` (the command's events, in order)."""
    bust = next(e for e in events if isinstance(e, ev.Eliminated))
    # Table sizes just after the bust, then replayed through the moves.
    sizes = {x: len(ts.seats) for x, ts in t.tables.items()}
    for e in reversed(events):
        if isinstance(e, ev.PlayerMoved):
            sizes[e.to_table] = sizes.get(e.to_table, 0) - 1
            sizes[e.from_table] = sizes.get(e.from_table, 0) + 1
    moves: list[MoveLine] = []
    broken = None
    final: FinalDraw | None = None
    drawn: ev.SeatsDrawn | None = None
    for e in events:
        if isinstance(e, ev.PlayerMoved):
            moves.append(MoveLine(e.player, e.from_table, e.from_seat, e.to_table, e.to_seat,
                                  e.reason, sizes[e.from_table], sizes[e.to_table]))
            sizes[e.from_table] -= 1
            sizes[e.to_table] += 1
        elif isinstance(e, ev.TableBroken):
            broken = e.table
        elif isinstance(e, ev.SeatsDrawn):
            drawn = e
        elif isinstance(e, ev.ButtonDrawn) and drawn is not None and e.table == drawn.table:
            final = FinalDraw(e.table, drawn.seats, e.method, e.cards, e.button)
    finished = next((e for e in events if isinstance(e, ev.Finished)), None)
    prize = _prize(t, bust.place) if finished is None else finished.prizes.get(bust.player, 0)
    return BustReport(
        player=bust.player, place=bust.place, prize=prize, knocked_out_by=bust.knocked_out_by,
        moves=tuple(moves), broken_table=broken, final_table=final,
        heads_up=finished is None and len(t.playing) == 2, finished=finished is not None,
        winner=finished.winner if finished is not None else None,
    )


def _prize(t: Tournament, place: int) -> int:
    try:
        amounts = place_amounts(t.pool, max(t.entries, 1), t.cfg.payouts, t.cfg.payout_unit)
    except StructureError:
        return 0
    return amounts[place - 1] if place <= len(amounts) else 0

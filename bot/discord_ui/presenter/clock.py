"""The clock view: where the tournament stands, as a league reads it across the room.

Level, blinds and ante, time left in the level (a Discord relative timestamp, which every client
counts down by itself, so nothing is edited to keep it current), the next level, players left,
average stack, prize pool and payouts. Shown by `/tournament status` and at the foot of every
table message. Built from the tournament's own queries; a paused clock shows "paused" instead of
a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.discord_ui.presenter.limits import chips
from bot.tournament.errors import StructureError
from bot.tournament.payouts import place_amounts
from bot.tournament.structure import Level
from bot.tournament.tournament import Tournament

# Payouts beyond this many places are summarised ("…, 12 paid"): the line must stay short.
PAYOUT_PLACES_SHOWN = 3


@dataclass(frozen=True)
class ClockView:
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ends_at: float | None  # None: the last level (it never ends) or the clock is paused
    paused: bool
    next_level: Level | None
    next_is_break: bool
    players_left: int
    entries: int
    average_stack: int
    pool: int
    payouts: tuple[int, ...]
    hand_for_hand: bool = False  # the tables play hand for hand on the bubble (issue 21)


def clock_view(t: Tournament, now: float) -> ClockView:
    """The clock of a running (or registering) tournament at `now`."""
    structure = t.structure
    index = t.period_index(now) if t.status == "running" else 0
    level = structure.level_for_hand(index)
    # The tournament's own clock says when the level or break ends and what follows (the
    # director's changes and a break he called included).
    own = t.clock_view(now)
    ends_at = own.ends_at if t.status == "running" else None
    left = len(t.playing) if t.status == "running" else len(t.players)
    chips_in_play = t.total_chips() if t.status == "running" else (
        structure.starting_stack * len(t.players))
    pool = t.pool if t.status == "running" else t.cfg.buy_in * len(t.players)
    entries = t.entries if t.status == "running" else len(t.players)
    try:
        payouts = tuple(place_amounts(pool, max(entries, 1), t.cfg.payouts,
                                      t.cfg.payout_unit)) if pool else ()
    except StructureError:
        payouts = ()  # a field the payout table has no row for yet: nothing to show
    return ClockView(
        level=t.level_number(now) if t.status == "running" else 1,
        on_break=own.on_break,
        small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante,
        ends_at=ends_at, paused=t.paused,
        next_level=own.next_level, next_is_break=own.next_is_break,
        players_left=left, entries=entries,
        average_stack=chips_in_play // left if left else 0,
        pool=pool, payouts=payouts, hand_for_hand=own.hand_for_hand,
    )


def blinds_text(small_blind: int, big_blind: int, ante: int) -> str:
    """"200/400/50": small blind, big blind and ante, as tournament clocks write them."""
    text = f"{chips(small_blind)}/{chips(big_blind)}"
    return text + (f"/{chips(ante)}" if ante else "")


def _time_left(view: ClockView) -> str:
    if view.paused:
        return "paused"
    if view.ends_at is None:
        return "last level"
    return f"ends <t:{int(view.ends_at)}:R>"


def _next(view: ClockView) -> str:
    if view.next_level is None:
        return "last level"
    nxt = view.next_level
    blinds = blinds_text(nxt.small_blind, nxt.big_blind, nxt.ante)
    return f"Break, then {blinds}" if view.next_is_break else f"Next {blinds}"


def payouts_text(payouts: tuple[int, ...]) -> str:
    if not payouts:
        return "no prizes"
    shown = "/".join(chips(p) for p in payouts[:PAYOUT_PLACES_SHOWN])
    if len(payouts) > PAYOUT_PLACES_SHOWN:
        shown += f"/… ({len(payouts)} paid)"
    return f"pays {shown}"


def clock_lines(view: ClockView) -> list[str]:
    """Three short lines (about 36 columns each once Discord shows the timestamp as "in 9
    minutes"): the level and its end, what comes next and the field, the prize pool."""
    if view.on_break:
        head = f"Break · {_time_left(view)}"
    else:
        blinds = blinds_text(view.small_blind, view.big_blind, view.ante)
        head = f"Level {view.level} · {blinds} · {_time_left(view)}"
    if view.hand_for_hand:
        head += " · hand for hand"
    lines = [head, f"{_next(view)} · {view.players_left} left · avg {chips(view.average_stack)}"]
    if view.pool:
        lines.append(f"Pool {chips(view.pool)} · {payouts_text(view.payouts)}")
    return lines

"""The clock view: where the tournament stands, as a league reads it across the room.

Level, blinds and ante, time left in the level (a Discord relative timestamp, which every client
counts down by itself, so nothing is edited to keep it current), the next level, players left,
average stack, prize pool and payouts (after a deal at the final table: each dealt player's
prize and what is still played for). Shown by `/tournament status` and at the foot of every
table message. Built from the tournament's own queries; a paused clock shows "paused" instead of
a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.discord_ui.presenter.deals import method_name
from bot.discord_ui.presenter.limits import chips, safe_name, truncate
from bot.tournament.state import DealView
from bot.tournament.structure import Level
from bot.tournament.tournament import Tournament

# Payouts beyond this many places are summarised ("…, 12 paid"): the line must stay short.
PAYOUT_PLACES_SHOWN = 3
# A dealt player's name on the clock is cut here (a final table's ten names share the line).
DEAL_NAME_CHARS = 16


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
    hand_for_hand: bool = False  # the tables play hand for hand on the bubble
    deal: DealView | None = None  # the deal made at the final table: it replaces `payouts`
    # Before the start: the first level's length (the clock has not started, so no end).
    not_started_seconds: int | None = None


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
    return ClockView(
        level=t.level_number(now) if t.status == "running" else 1,
        on_break=own.on_break,
        small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante,
        ends_at=ends_at, paused=t.paused,
        next_level=own.next_level, next_is_break=own.next_is_break,
        players_left=left, entries=entries,
        average_stack=chips_in_play // left if left else 0,
        # The tournament's own payouts: the table's places, or nothing once a deal fixed them.
        pool=pool, payouts=own.payouts, hand_for_hand=own.hand_for_hand, deal=own.deal,
        not_started_seconds=None if t.status == "running" else structure.periods[0].seconds,
    )


def blinds_text(small_blind: int, big_blind: int, ante: int) -> str:
    """"200/400/50": small blind, big blind and ante, as tournament clocks write them."""
    text = f"{chips(small_blind)}/{chips(big_blind)}"
    return text + (f"/{chips(ante)}" if ante else "")


def _time_left(view: ClockView) -> str:
    if view.not_started_seconds is not None:
        return f"{view.not_started_seconds // 60} min · not started yet"
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


def deal_text(deal: DealView, names: Mapping[str, str]) -> str:
    """"Deal (ICM): ann 180 · bob 120 · 40 still played for": what the deal fixed."""
    def n(player: str) -> str:
        raw = names.get(player)
        return truncate(safe_name(raw), DEAL_NAME_CHARS) if raw else "a player"

    shares = " · ".join(f"{n(p)} {chips(a)}" for p, a in deal.prizes)
    rest = (f"{chips(deal.played_for)} still played for" if deal.played_for
            else "play goes on for the title")
    return f"Deal ({method_name(deal.method)}): {shares} · {rest}"


def clock_lines(view: ClockView, names: Mapping[str, str] | None = None) -> list[str]:
    """Three short lines (about 36 columns each once Discord shows the timestamp as "in 9
    minutes"): the level and its end, what comes next and the field, the prize pool. After
    a deal, a fourth: each dealt player's prize (`names`: player id -> display name) and what
    is still played for."""
    if view.on_break:
        head = f"Break · {_time_left(view)}"
    else:
        blinds = blinds_text(view.small_blind, view.big_blind, view.ante)
        head = f"Level {view.level} · {blinds} · {_time_left(view)}"
    if view.hand_for_hand:
        head += " · hand for hand"
    lines = [head, f"{_next(view)} · {view.players_left} left · avg {chips(view.average_stack)}"]
    if view.deal is not None:
        lines.append(f"Pool {chips(view.pool)} · deal made")
        lines.append(deal_text(view.deal, names or {}))
    elif view.pool:
        lines.append(f"Pool {chips(view.pool)} · {payouts_text(view.payouts)}")
    return lines

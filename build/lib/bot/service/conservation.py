"""Chip conservation of stored tournaments, for `python -m bot.db check`.

`conservation_checks()` is what a caller passes to `Store.check` (nothing registers on import).

Rebuilds each tournament from its stored events: the chips in play must equal the chips that
entered (buy-ins, re-buys, add-ons) adjusted only by logged changes (director adjustments,
chip-race changes, chips removed with a disqualification), and every finished hand must end
with the chips it started with.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.events import current_type, event_from_dict
from bot.engine.hand_events import HandEnded, HandStarted
from bot.store import ConservationCheck, StoredEvent, TournamentRow
from bot.tournament import events as tev
from bot.tournament.tournament import Tournament


def conservation_checks() -> list[ConservationCheck]:
    """The game's checks of stored tournaments, for `Store.check`."""
    return [tournament_chips]


def tournament_chips(row: TournamentRow, events: Sequence[StoredEvent]) -> list[str] | None:
    own = [e for e in events if e.stream == "tournament"]
    if not own or not own[0].type.startswith("tournament."):
        return None  # not a tournament of this engine
    problems: list[str] = []
    try:
        # Upgraded: a log an earlier version wrote holds earlier forms of some events.
        decoded = [tev.upgraded(event_from_dict(e.data)) for e in own]
        t = Tournament.replay(decoded)
    except Exception as err:  # a log that does not replay is itself the finding
        return [f"the tournament's events do not replay: {err}"]
    if t.status in ("running", "finished") and t.total_chips() != t.expected_chips():
        problems.append(f"{t.total_chips():,} chips in play, {t.expected_chips():,} expected "
                        "from entries and logged changes")
    # Every finished hand ends with the chips it started with: from the tournament's own log
    # (the hand dealt and the hand finished), and from a hand's own stream where an older bot
    # stored one.
    started: dict[str, int] = {}
    for ev in decoded:
        if isinstance(ev, tev.HandDealt):
            started[ev.hand_id] = sum(s.stack for s in ev.seats)
        elif isinstance(ev, tev.HandFinished):
            total = sum(ev.stacks.values())
            if ev.hand_id in started and total != started[ev.hand_id]:
                problems.append(f"hand {ev.hand_id}: started with "
                                f"{started[ev.hand_id]:,} chips, ended with {total:,}")
    stream_started: dict[str, int] = {}
    for e in events:
        # Hand streams keep the names they were written with (`hand.started` before the rename).
        kind = current_type(e.type)
        if kind == HandStarted.type:
            hand_start = event_from_dict(e.data)
            assert isinstance(hand_start, HandStarted)
            stream_started[e.stream] = sum(s.stack for s in hand_start.seats)
        elif kind == HandEnded.type:
            hand_end = event_from_dict(e.data)
            assert isinstance(hand_end, HandEnded)
            total = sum(hand_end.final_stacks.values())
            if e.stream in stream_started and total != stream_started[e.stream]:
                problems.append(f"{e.stream}: started with {stream_started[e.stream]:,} chips, "
                                f"ended with {total:,}")
    return problems

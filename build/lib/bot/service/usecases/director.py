"""The director's powers over a running tournament, and their record.

Each power is one use case: its checks made again inside the session's lock (what the director
saw when he asked is passed in and compared there: of two directors at once, one wins and the
other is told), one event of the tournament, committed before anyone is told. The event is the
record: the director actions a league keeps (who, what, whom, why) are a projection of those
events (`director_actions`), never a second write. A power declares its projection beside its
use case (`@projected`), so a new power touches its event, its applier, its use case and its
words, and nothing else.

The `director_actions` table keeps what is not a tournament event (who created or cancelled a
tournament, a screen link given) and, in databases written before the projection, the rows of
the powers below: the same facts as their events (written in the same transaction), so they are
read from the events and those rows are skipped. No migration: an old database reads the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine.events import Event, current_type, event_from_dict
from bot.service.session import Outcome, Session
from bot.service.usecases.refused import Refused, Why
from bot.service.usecases.running import run
from bot.store import TOURNAMENT_STREAM, DirectorActionRow, Store
from bot.tournament import events as tev
from bot.tournament import hfh_events as hev
from bot.tournament.level_clock import Step
from bot.tournament.players import PlayerId, member_id, member_player
from bot.tournament.tournament import Tournament

E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Projection:
    """One director event as a director action: who, whom, what else, why."""

    director: str
    reason: str
    target: str | None = None
    data: dict[str, Any] | None = None


@dataclass(frozen=True)
class _Power:
    action: str
    project: Callable[[Any], Projection | None]


_POWERS: dict[type[Event], _Power] = {}


def projected(action: str, event: type[E]) -> Callable[[Callable[[E], Projection | None]],
                                                        Callable[[E], Projection | None]]:
    """Declare that `event` is the record of the director action `action` (when its
    projection is None, this one was not a director's: the bot's own, online)."""
    def register(project: Callable[[E], Projection | None]) -> Callable[[E],
                                                                         Projection | None]:
        _POWERS[event] = _Power(action, project)
        return project
    return register


async def director_actions(store: Store, tournament_id: int) -> list[DirectorActionRow]:
    """Every director action of a tournament, oldest first: its director events as rows, and
    the stored rows of what is not an event (create, cancel)."""
    powers = {p.action for p in _POWERS.values()}
    kept = [r for r in await store.director_actions(tournament_id) if r.action not in powers]
    names = {cls.type: power for cls, power in _POWERS.items()}
    made: list[DirectorActionRow] = []
    for stored in await store.load_events(tournament_id, TOURNAMENT_STREAM):
        power = names.get(current_type(stored.data["type"]))
        if power is None:
            continue
        p = power.project(event_from_dict(stored.data))
        if p is None:
            continue
        made.append(DirectorActionRow(
            id=stored.id, tournament_id=tournament_id, director_id=member_id(p.director) or 0,
            action=power.action, target_user_id=member_id(p.target), data=dict(p.data or {}),
            reason=p.reason, created_at=stored.created_at))
    return sorted(kept + made, key=lambda r: r.created_at)


# ---------------------------------------------------------------------- the powers


@projected("void", tev.HandVoided)
def _void(e: tev.HandVoided) -> Projection:
    return Projection(e.by, e.reason, data={"table": e.table})


async def void_hand(session: Session, table: int, by: PlayerId, reason: str) -> Outcome:
    """Misdeal: the hand in progress at `table` is void."""
    return await run(session, lambda t, now: t.void_hand(table, by, reason, now))


def penalty_since(t: Tournament, count: int, player: str) -> tev.PenaltyGiven | None:
    """A penalty given to `player` after the first `count` events of the log (None when the
    log since then is no longer in memory: a command waits seconds, memory keeps hands)."""
    try:
        since = t.events_since(count)
    except ValueError:
        return None
    return next((e for e in since if isinstance(e, tev.PenaltyGiven) and e.player == player),
                None)


@projected("penalty", tev.PenaltyGiven)
def _penalty(e: tev.PenaltyGiven) -> Projection:
    return Projection(e.by, e.reason, e.player, {"hands": e.hands})


async def penalize(session: Session, player: str, hands: int, by: PlayerId, reason: str, *,
                   seen: int) -> Outcome:
    """`player` sits out `hands` hands. `seen`: the log's length when the director asked; a
    penalty another director gave him since is told, not added (one incident, one penalty)."""
    def command(t: Tournament, now: float) -> object:
        other = penalty_since(t, seen, player)
        if other is not None:
            raise Refused(Why.PENALTY_MEANWHILE, player=player, hands=other.hands,
                          reason=other.reason)
        return t.penalize(player, hands, by, reason, now)

    return await run(session, command)


@projected("disqualify", tev.Disqualified)
def _disqualify(e: tev.Disqualified) -> Projection:
    return Projection(e.by, e.reason, e.player)


async def disqualify(session: Session, player: str, by: PlayerId, reason: str) -> Outcome:
    return await run(session, lambda t, now: t.disqualify(player, by, reason, now))


@projected("adjust", tev.StackAdjusted)
def _adjust(e: tev.StackAdjusted) -> Projection:
    return Projection(e.by, e.reason, e.player, {"stack": e.after})


async def adjust_stack(session: Session, player: str, stack: int, by: PlayerId, reason: str, *,
                       seen: int | None) -> Outcome:
    """His stack set to `stack`. `seen`: the stack the director meant to replace; changed
    meanwhile (another director, a hand), nothing is done and he is told what it is now."""
    def command(t: Tournament, now: float) -> object:
        p = t.players.get(player)
        if p is not None and seen is not None and p.stack != seen:
            raise Refused(Why.STACK_CHANGED, player=player, stack=p.stack)
        return t.adjust_stack(player, stack, by, reason, now)

    return await run(session, command)


@projected("pause", tev.Paused)
def _pause(e: tev.Paused) -> Projection:
    return Projection(e.by, e.reason)


async def pause(session: Session, by: PlayerId, reason: str) -> Outcome:
    return await run(session, lambda t, now: t.pause(by, reason, now))


@projected("resume", tev.Resumed)
def _resume(e: tev.Resumed) -> Projection:
    return Projection(e.by, "resumed")


async def resume(session: Session, by: PlayerId) -> Outcome:
    return await run(session, lambda t, now: t.resume(by, now))


@projected("time", tev.TimeGiven)
def _time(e: tev.TimeGiven) -> Projection:
    return Projection(e.by, "more time to act", e.player, {"seconds": e.seconds})


async def give_time(session: Session, player: str, seconds: int, by: PlayerId) -> Outcome:
    """Online: the player to act gets `seconds` more for his decision."""
    return await run(session, lambda t, now: t.give_time(player, seconds, by, now))


# ---------------------------------------------------------------------- the level clock


@projected("level_time", tev.LevelTimeSet)
def _level_time(e: tev.LevelTimeSet) -> Projection:
    return Projection(e.by, "time of the level", data={
        "level": e.level, "on_break": e.on_break, "change": e.change,
        "before": round(e.before), "seconds_left": round(e.seconds_left)})


async def set_level_time(session: Session, by: PlayerId, *, change: int | None = None,
                         seconds_left: int | None = None) -> Outcome:
    """`change` seconds added to the level or break in play (negative: taken), or its time
    left set to `seconds_left`."""
    return await run(session, lambda t, now: t.set_level_time(
        by, now, change=change, seconds_left=seconds_left))


@projected("level", tev.LevelSet)
def _level(e: tev.LevelSet) -> Projection:
    return Projection(e.by, "level moved", data={
        "level": e.level, "break": e.is_break, "from_level": e.from_level})


async def set_level(session: Session, by: PlayerId, *, step: Step | None = None,
                    level: int | None = None) -> Outcome:
    """The clock moves to the next or previous level (or break), or to level `level`."""
    return await run(session, lambda t, now: t.set_level(by, now, step=step, level=level))


@projected("break", tev.BreakCalled)
def _break(e: tev.BreakCalled) -> Projection:
    return Projection(e.by, "break called", data={"level": e.level, "seconds": e.seconds})


@projected("break_end", tev.BreakEnded)
def _break_end(e: tev.BreakEnded) -> Projection:
    return Projection(e.by, "break ended")


async def toggle_break(session: Session, by: PlayerId, *, seconds: int | None = None) -> Outcome:
    """A break of `seconds` now (default: the structure's), or the break running ended."""
    return await run(session, lambda t, now: t.toggle_break(by, now, seconds=seconds))


@projected("hand_for_hand", hev.HandForHandStarted)
def _hfh_on(e: hev.HandForHandStarted) -> Projection | None:
    return None if e.by is None else Projection(e.by, "hand for hand on", data={
        "players_left": e.players_left, "places_paid": e.places_paid})


@projected("hand_for_hand_off", hev.HandForHandEnded)
def _hfh_off(e: hev.HandForHandEnded) -> Projection | None:
    return None if e.by is None else Projection(e.by, "hand for hand off", data={
        "players_left": e.players_left, "places_paid": e.places_paid})


async def set_hand_for_hand(session: Session, on: bool, by: PlayerId) -> Outcome:
    """Live: the director turns hand-for-hand on or off (online the bot plays it by itself,
    and the tournament refuses)."""
    return await run(session, lambda t, now: t.set_hand_for_hand(on, by, now))


# ---------------------------------------------------------------------- rulings


@dataclass(frozen=True)
class Ruling:
    """A director's ruling as the league keeps it, read from its event: `id` is the event's, the
    number an appeal of it names (appeals.ruling_id references events.id)."""

    id: int
    tournament_id: int
    director: str
    text: str
    players: tuple[str, ...]
    created_at: float


async def ruling(session: Session, by: int, text: str, players: Sequence[str]) -> Outcome:
    """A director's ruling posted to the table. Its event is its record: `rulings` reads it
    back for the league and its appeals, so nothing else is written."""
    return await run(session,
                     lambda t, now: t.ruling(member_player(by), text, list(players), now))


async def rulings(store: Store, tournament_id: int) -> list[Ruling]:
    """The director's rulings of a tournament, oldest first, from its events."""
    out: list[Ruling] = []
    for stored in await store.load_events(tournament_id, TOURNAMENT_STREAM):
        if current_type(stored.data["type"]) != tev.DirectorRuling.type:
            continue
        e = event_from_dict(stored.data)
        assert isinstance(e, tev.DirectorRuling)
        out.append(Ruling(stored.id, tournament_id, e.by, e.text, e.players,
                          stored.created_at))
    return out

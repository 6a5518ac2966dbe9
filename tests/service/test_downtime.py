"""A restart never charges its downtime to the players.

An online game cannot be played while the bot is down, so the downtime is a pause: every clock
(action time, a called clock, the level, the rabbit-hunt wait) resumes with the time it had
left when the bot stopped, the player to act has at least RESUME_MINIMUM seconds, and the
channel hears it once. When the bot stopped is its last sign of life: the heartbeat it writes
while running (a final one when it stops cleanly), or its last commit.
"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import pytest

from bot.service import Outcome, Session, TournamentService
from bot.service.session import RABBIT_WAIT
from bot.store import Store
from bot.tournament import events as tev
from bot.tournament.clock import RESUME_MINIMUM
from tests.service.helpers import FakeClock, acting, config

DOWN = 600.0


class Bot:
    """One run of the bot on a database: its service, and what its listener heard."""

    def __init__(self, service: TournamentService, heard: list[Outcome]) -> None:
        self.service = service
        self.heard = heard

    @classmethod
    async def open(cls, path: Path, clock: FakeClock, *, hand_delay: float = 0.0) -> Bot:
        store = await Store.open(path, clock=clock)
        heard: list[Outcome] = []
        counter = itertools.count()

        async def listener(session: Session, outcome: Outcome) -> None:
            heard.append(outcome)

        service = TournamentService(store, clock=clock, seeds=lambda: f"seed-{next(counter)}",
                                    listener=listener, hand_delay=hand_delay)
        return cls(service, heard)

    async def restart(self) -> Session:
        """Recover (as the bot does at start-up) and let the announcements run."""
        sessions = await self.service.recover()
        await self.service.announced()
        assert len(sessions) == 1
        return sessions[0]

    async def stop(self) -> None:
        await self.service.stop()
        await self.service.store.close()

    def events(self, kind: type) -> list[tev.Event]:
        return [e for o in self.heard for e in o.tournament_events if isinstance(e, kind)]


async def started(bot: Bot, profile: str = "tda", players: int = 3) -> Session:
    session = await bot.service.create(guild_id=1, channel_id=2, name="Tuesday",
                                       config=config(profile))
    for uid in range(101, 101 + players):
        await session.run(lambda t, now, u=uid: t.register(str(u), now),
                          also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
    await session.run(lambda t, now: t.start("start-seed", now))
    return session


async def tick(session: Session) -> list[tev.Event]:
    out = await session.run(lambda t, now: t.tick(now))
    return out.tournament_events


async def test_600_s_down_during_a_turn_leaves_the_player_the_time_he_had(
        tmp_path: Path) -> None:
    """tda: a player timed out is away, and away at the deal his hand is dead. The downtime
    must not time him out: he resumes with the 40 s he had left, and is not away."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    table, seat = acting(session)
    player = session.tournament.tables[table].seats[seat]
    clock.now += 20  # 20 of his 60 s used
    stopped = clock.now
    await first.stop()
    clock.now += DOWN

    bot = await Bot.open(db, clock)
    session = await bot.restart()
    t = session.tournament
    turn = t.turn_deadline(table, clock.now)
    assert turn is not None and (turn.seat, turn.kind) == (seat, "action")
    assert turn.at == pytest.approx(clock.now + 40)
    assert not any(isinstance(e, tev.TimedOut | tev.MarkedAway) for e in await tick(session))
    assert not t.players[player].away
    said = bot.events(tev.OfflinePause)
    assert len(said) == 1
    pause = said[0]
    assert isinstance(pause, tev.OfflinePause)
    assert (pause.stopped_at, pause.at) == (stopped, clock.now)
    # His time then runs as it would have: out after 40 s, not before.
    clock.now += 39
    assert not any(isinstance(e, tev.TimedOut) for e in await tick(session))
    clock.now += 2
    assert any(isinstance(e, tev.TimedOut) and e.player == player for e in await tick(session))
    await bot.stop()


async def test_a_player_with_seconds_left_gets_the_minimum(tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    table, seat = acting(session)
    clock.now += 57  # 3 s left when the bot stopped
    await first.stop()
    clock.now += DOWN
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    turn = session.tournament.turn_deadline(table, clock.now)
    assert turn is not None and turn.seat == seat
    assert turn.at == pytest.approx(clock.now + RESUME_MINIMUM)
    await bot.stop()


async def test_a_called_clock_resumes_with_its_time_and_countdown(tmp_path: Path) -> None:
    """TDA 29: 25 s, then a 5-second countdown, 30 s in all from the call."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    table, seat = acting(session)
    t = session.tournament
    by = next(p for s, p in t.tables[table].seats.items() if s != seat)
    clock.now += 20
    await session.run(lambda t, now: t.call_clock(table, by, now))
    clock.now += 8  # 22 s of the clock left, the countdown in 17
    await first.stop()
    clock.now += DOWN
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    turn = session.tournament.turn_deadline(table, clock.now)
    assert turn is not None and turn.kind == "clock"
    assert turn.at == pytest.approx(clock.now + 22)
    assert turn.countdown_at == pytest.approx(clock.now + 17)
    assert not any(isinstance(e, tev.ClockCountdown | tev.ClockExpired)
                   for e in await tick(session))
    await bot.stop()


async def test_31_minutes_down_mid_level_keeps_the_level_and_its_time(tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    started_at = clock.now
    clock.now += 50
    left = session.tournament.clock_view(clock.now).seconds_left
    assert left == pytest.approx(600 - 50)
    await first.stop()
    clock.now += 31 * 60

    bot = await Bot.open(db, clock)
    session = await bot.restart()
    t = session.tournament
    assert t.level_number(clock.now) == 1
    view = t.clock_view(clock.now)
    assert view.seconds_left == pytest.approx(left)
    assert (view.small_blind, view.big_blind) == (25, 50)
    level = next(d for d in t.deadlines(clock.now) if d.kind == "level")
    assert level.at == pytest.approx(clock.now + left)
    assert not any(isinstance(e, tev.LevelStarted) for e in await tick(session))
    (pause,) = bot.events(tev.OfflinePause)
    assert isinstance(pause, tev.OfflinePause)
    assert (pause.level, pause.small_blind, pause.big_blind) == (1, 25, 50)
    assert pause.seconds_left == pytest.approx(left)
    assert pause.at - pause.stopped_at == pytest.approx(31 * 60)
    assert started_at < pause.stopped_at
    await bot.stop()


async def test_the_rabbit_hunt_wait_resumes_with_its_time(tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock, hand_delay=5)
    session = await started(first, "treps")
    clock.now += 5
    await session._fire(0)  # the first deal, after the pause
    t = session.tournament
    table = next(iter(t.tables))
    hand = t.tables[table].hand
    assert hand is not None
    while not hand.is_over:  # everyone folds to the big blind
        await session.run(lambda t, now, s=hand.to_act: t.act(table, s, "fold", now=now))
    player = hand.players[hand.order[0]].player
    await session.run(lambda t, now: t.agree_rabbit_hunt(table, player, now))
    assert t.tables[table].hand is None
    clock.now += 5  # 15 s of the wait left
    await first.stop()
    clock.now += DOWN
    bot = await Bot.open(db, clock, hand_delay=5)
    session = await bot.restart()
    t = session.tournament
    clock.now += 14
    await session._fire(0)  # what the timer runs
    assert t.tables[table].hand is None  # the others still have a second to agree
    clock.now += 2
    await session._fire(0)
    assert t.tables[table].hand is not None
    assert RABBIT_WAIT == 20
    await bot.stop()


async def test_a_short_restart_changes_nothing(tmp_path: Path) -> None:
    """Stopped and started again at once: the same absolute deadlines, nothing said."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    clock.now += 10
    before = [(d.kind, d.at) for d in session.tournament.deadlines(clock.now)]
    await first.stop()
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    assert [(d.kind, d.at) for d in session.tournament.deadlines(clock.now)] == before
    assert not bot.events(tev.OfflinePause)
    await bot.stop()


async def test_the_heartbeat_marks_the_bot_alive_without_any_commit(tmp_path: Path) -> None:
    """No action for 30 s, then the bot dies without stopping: its last heartbeat, not its
    last commit, says when it stopped (the player had used those 30 s)."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    table, _ = acting(session)
    clock.now += 30
    await first.service.beat()
    first.service.close()  # a crash: no final heartbeat
    await first.service.store.close()
    clock.now += DOWN
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    turn = session.tournament.turn_deadline(table, clock.now)
    assert turn is not None and turn.at == pytest.approx(clock.now + 30)
    await bot.stop()


async def test_a_live_night_catches_up_in_one_event(tmp_path: Path) -> None:
    """A live night's clock is the room's: its time ran. One catch-up, no level burst."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    cfg = config("treps")
    cfg = type(cfg).from_dict({**cfg.to_dict(), "mode": "live"})
    session = await first.service.create(guild_id=1, channel_id=2, name="Live", config=cfg)
    for name in ("Ann", "Bob", "Cy", "Di"):
        await session.run(lambda t, now, n=name: t.add_guest(n, "9", now))
    await session.run(lambda t, now: t.start("start-seed", now))
    clock.now += 60
    await first.stop()
    clock.now += 31 * 60
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    t = session.tournament
    assert t.level_number(clock.now) == 4  # 32 minutes of 10-minute levels
    (caught,) = bot.events(tev.ClockCaughtUp)
    assert isinstance(caught, tev.ClockCaughtUp)
    assert (caught.level, caught.small_blind, caught.big_blind) == (4, 100, 200)
    assert caught.seconds_left == pytest.approx(8 * 60)
    assert not bot.events(tev.OfflinePause)
    assert not any(isinstance(e, tev.LevelStarted) for e in await tick(session))
    await bot.stop()


async def test_announcements_do_not_hold_the_restart(tmp_path: Path) -> None:
    """The resume notice is told in the background: a slow channel does not hold recovery."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    await started(first)
    await first.stop()
    clock.now += DOWN
    store = await Store.open(db, clock=clock)
    gate = asyncio.Event()

    async def slow(session: Session, outcome: Outcome) -> None:
        await gate.wait()

    service = TournamentService(store, clock=clock, seeds=lambda: "s", listener=slow)
    sessions = await asyncio.wait_for(service.recover(), timeout=5)
    assert len(sessions) == 1
    gate.set()
    await service.announced()
    await service.stop()
    await store.close()


async def test_a_director_pause_spans_the_restart_unchanged(tmp_path: Path) -> None:
    """Paused by the director, no clock ran: nothing to make up for, nothing said."""
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    session = await started(first)
    clock.now += 20
    await session.run(lambda t, now: t.pause("9", "dinner", now))
    before = session.tournament.clock_view(clock.now).seconds_left
    await first.stop()
    clock.now += DOWN
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    t = session.tournament
    assert t.paused and not bot.heard
    await session.run(lambda t, now: t.resume("9", now))
    assert t.clock_view(clock.now).seconds_left == before
    await bot.stop()


async def test_a_live_clock_that_ran_out_while_down_is_over_without_a_countdown(
        tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "db.sqlite3"
    first = await Bot.open(db, clock)
    cfg = config("treps")
    cfg = type(cfg).from_dict({**cfg.to_dict(), "mode": "live"})
    session = await first.service.create(guild_id=1, channel_id=2, name="Live", config=cfg)
    for name in ("Ann", "Bob", "Cy", "Di"):
        await session.run(lambda t, now, n=name: t.add_guest(n, "9", now))
    await session.run(lambda t, now: t.start("start-seed", now))
    target = next(iter(session.tournament.players))
    clock.now += 30
    await session.run(lambda t, now: t.clock_player(target, "9", now))
    await first.stop()
    clock.now += 5 * 60  # the room's minute ran out long ago
    bot = await Bot.open(db, clock)
    session = await bot.restart()
    (caught,) = bot.events(tev.ClockCaughtUp)
    assert isinstance(caught, tev.ClockCaughtUp) and caught.clocks_expired == (target,)
    assert caught.level == 1 and caught.ends_at is not None and caught.ends_at > clock.now
    assert not any(isinstance(e, tev.ClockCountdown | tev.ClockExpired)
                   for e in await tick(session))
    assert not session.tournament.deadlines(clock.now)[1:]  # only the level's
    await bot.stop()

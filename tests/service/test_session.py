"""The game service without Discord: durable before announced, restart resumes exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.engine.errors import IllegalAction
from bot.engine.events import event_from_dict
from bot.service import Outcome, Session, TournamentService
from bot.store import Store
from bot.tournament.core import TournamentConfig
from tests.service.helpers import FakeClock, acting, config, play_out, started_service


async def paced_and_dealt(tmp_path: Path, clock: FakeClock, cfg: TournamentConfig,
                          players: int) -> tuple[Store, Session]:
    """A tournament on a service with the bot's 5 s pause after each hand: started, and dealt
    by the timer's first run after that pause."""
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    service = TournamentService(store, clock=clock, seeds=lambda: "s", hand_delay=5)
    session = await service.create(guild_id=1, channel_id=2, name="t", config=cfg)
    for uid in range(1, players + 1):
        await session.run(lambda t, now, u=uid: t.register(str(u), now))
    await session.run(lambda t, now: t.start("x", now))
    clock.now += 5
    await session._fire(0)
    return store, session


async def test_start_deals_a_hand_and_every_action_is_committed_before_it_is_heard(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    assert session.tournament.status == "running"
    assert any(o.hands_started() for o in heard)
    table, seat = acting(session)

    stored_at_announce: list[int] = []

    async def check_committed(s: Session, outcome: Outcome) -> None:
        stored_at_announce.append(len(await s.store.load_events(s.store_id, "tournament")))

    session.listener = check_committed
    await session.run(lambda t, now: t.act(table, seat, "call", now=now))
    assert stored_at_announce == [len(session.tournament.events)]
    hand_rows = await session.store.tournament_hands(session.store_id)
    assert hand_rows
    await service.store.close()


async def test_a_refused_action_changes_nothing_durable(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    table, seat = acting(session)
    before = len(await session.store.load_events(session.store_id))
    n_heard = len(heard)
    with pytest.raises(IllegalAction):
        await session.run(lambda t, now: t.act(table, seat, "raise_to", 1, now=now))
    assert len(await session.store.load_events(session.store_id)) == before
    assert len(heard) == n_heard
    await service.store.close()


async def test_restart_mid_hand_resumes_exactly(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    path = tmp_path / "db.sqlite3"
    service, session = await started_service(path, clock, heard, players=4)
    rng = random.Random(7)
    for _ in range(5):
        table, seat = acting(session)
        action = rng.choice(["check_or_call", "check_or_call", "fold"])
        await session.run(lambda t, now, a=action, tb=table, st=seat: t.act(tb, st, a, now=now))
    snapshot = session.tournament.snapshot()
    deadlines = session.tournament.deadlines(clock())
    session.close()
    await service.store.close()

    store = await Store.open(path, clock=clock)
    again = TournamentService(store, clock=clock, seeds=lambda: "after-restart")
    sessions = await again.recover()
    assert [s.store_id for s in sessions] == [session.store_id]
    restored = sessions[0]
    assert restored.tournament.snapshot() == snapshot
    assert restored.tournament.deadlines(clock()) == deadlines  # no timer reset
    table, seat = acting(restored)
    await restored.run(lambda t, now: t.act(table, seat, "check_or_call", now=now))
    stored = await store.load_events(restored.store_id, "tournament")
    assert [e.data for e in stored][-1]["type"].startswith("tournament.")
    assert event_from_dict(stored[-1].data) == restored.tournament.events[-1]
    restored.close()
    await store.close()


async def test_action_time_runs_out_on_the_absolute_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    table, seat = acting(session)
    player = session.tournament.tables[table].seats[seat]
    clock.now += 61
    await session.run(lambda t, now: t.tick(now))
    assert session.tournament.players[player].away
    kinds = [e.type for o in heard[-1:] for e in o.tournament_events]
    assert "tournament.timed_out" in kinds
    session.close()
    await service.store.close()


async def test_whole_tournament_to_a_winner_records_results(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    await play_out(session, clock, 3)
    assert session.tournament.status == "finished"
    results = await session.store.results(session.store_id)
    assert sorted(r.place for r in results) == [1, 2, 3]
    row = await session.store.tournament(session.store_id)
    assert row is not None and row.status == "finished"
    session.close()
    await service.store.close()


async def test_next_deal_waits_for_a_rabbit_hunt_the_table_asked_for(tmp_path: Path) -> None:
    from bot.service.session import RABBIT_WAIT
    from tests.service.helpers import config

    clock = FakeClock()
    store, session = await paced_and_dealt(tmp_path, clock, config("tavern"), players=3)
    t = session.tournament
    table = next(iter(t.tables))
    hand = t.tables[table].hand
    assert hand is not None
    while not hand.is_over:  # everyone folds to the big blind
        await session.run(lambda t, now, s=hand.to_act: t.act(table, s, "fold", now=now))
    player = hand.players[hand.order[0]].player
    await session.run(lambda t, now: t.agree_rabbit_hunt(table, player, now))
    clock.now += 6
    await session._fire(0)
    assert t.tables[table].hand is None  # still waiting for the others to agree
    clock.now += RABBIT_WAIT
    await session._fire(0)
    assert t.tables[table].hand is not None  # they did not: the game goes on
    session.close()
    await store.close()


async def test_a_failed_commit_leaves_nothing_behind_and_play_goes_on(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    snapshot = session.tournament.snapshot()
    table, seat = acting(session)
    n_heard = len(heard)

    def broken(tx: object) -> None:
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        await session.run(lambda t, now: t.act(table, seat, "fold", now=now), also=broken)
    assert session.tournament.snapshot() == snapshot  # rebuilt from what was committed
    assert len(heard) == n_heard  # nothing announced
    await play_out(session, clock, 8)  # and the hand rows stay consistent to the end
    hands = await session.store.tournament_hands(session.store_id)
    assert all(h.finished_at is not None for h in hands)
    session.close()
    await service.store.close()


async def test_a_presentation_cut_short_by_shutdown_is_no_error(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """At shutdown the store closes under a click still being presented: the action stays
    committed and the log says so without an ERROR (bench/night.py saw one at every stop)."""
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    table, seat = acting(session)

    async def closing(s: Session, outcome: Outcome) -> None:
        service.close()
        await s.store.close()
        await s.store.guild_settings(1)  # what the hole-card DMs ask, after the close

    session.listener = closing
    with caplog.at_level("INFO", logger="bot.service.session"):
        await session.run(lambda t, now: t.act(table, seat, "call", now=now))
    assert [r.levelname for r in caplog.records] == ["INFO"]
    assert "shut down while presenting" in caplog.records[0].getMessage()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    stored = await store.load_events(session.store_id, "tournament")
    assert len(stored) == len(session.tournament.events)
    await store.close()


async def test_a_presentation_failing_in_play_is_still_an_error(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    table, seat = acting(session)

    async def failing(s: Session, outcome: Outcome) -> None:
        raise RuntimeError("Discord is down")

    session.listener = failing
    with caplog.at_level("INFO", logger="bot.service.session"):
        await session.run(lambda t, now: t.act(table, seat, "call", now=now))
    assert [r.levelname for r in caplog.records] == ["ERROR"]
    await service.store.close()


async def test_a_guilds_tournaments_are_its_own_in_order_and_a_cancelled_one_is_gone(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, first = await started_service(tmp_path / "db.sqlite3", clock, heard)
    other = await service.create(guild_id=7, channel_id=70, name="Elsewhere", config=config())
    second = await service.create(guild_id=1, channel_id=3, name="Wednesday", config=config())
    assert service.in_guild(1) == [first, second]
    assert service.in_guild(7) == [other]
    assert service.in_guild(99) == []
    await service.cancel(second, by=9, reason="rained off")
    assert service.in_guild(1) == [first]
    assert service.unfinished_in(1) == [first]
    await service.store.close()


async def test_a_table_keeps_its_pause_when_another_tables_deadline_wakes_the_timer(
        tmp_path: Path) -> None:
    """Two tables: the hand at table 1 ends, and 2 s later the tournament's timer wakes for
    table 2 (a clock, a level): table 1 is not dealt inside the 5 s its players have to see
    the hand's end. It is dealt when its own pause is over."""
    from dataclasses import replace

    clock = FakeClock()
    store, session = await paced_and_dealt(tmp_path, clock,
                                           replace(config(), seats_per_table=3), players=6)
    t = session.tournament
    assert sorted(t.tables) == [1, 2]
    assert all(ts.hand is not None for ts in t.tables.values())
    first = t.tables[1].hand
    assert first is not None
    while not first.is_over:  # everyone folds to the big blind at table 1
        await session.run(lambda t, now, s=first.to_act: t.act(1, s, "fold", now=now))
    assert t.tables[1].hand is None
    clock.now += 2
    await session._fire(0)  # what the timer runs for table 2's deadline
    assert session.tournament.tables[1].hand is None  # 3 s of its pause left
    clock.now += 3
    await session._fire(0)
    assert session.tournament.tables[1].hand is not None
    assert session.tournament.tables[1].hand is not first
    session.close()
    await store.close()


async def test_after_a_pause_an_idle_table_waits_its_pause_from_the_resumption(
        tmp_path: Path) -> None:
    """The director pauses between two hands and resumes ten minutes later: the next hand is
    dealt after the usual pause from the resumption, not at once."""
    clock = FakeClock()
    store, session = await paced_and_dealt(tmp_path, clock, config(), players=3)
    t = session.tournament
    table = next(iter(t.tables))
    hand = t.tables[table].hand
    assert hand is not None
    while not hand.is_over:
        await session.run(lambda t, now, s=hand.to_act: t.act(table, s, "fold", now=now))
    await session.run(lambda t, now: t.pause("director", "a break for pizza", now))
    clock.now += 600
    await session.run(lambda t, now: t.resume("director", now))
    await session._fire(0)
    assert session.tournament.tables[table].hand is None  # the players see the table first
    clock.now += 5
    await session._fire(0)
    assert session.tournament.tables[table].hand is not None
    session.close()
    await store.close()


async def test_only_a_finished_tournament_is_forgotten(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    assert not service.forget_finished(session.store_id)  # running: kept
    assert service.get(session.store_id) is session
    await play_out(session, clock, seed=4)
    assert service.forget_finished(session.store_id)
    assert service.get(session.store_id) is None and session.store_id not in service.rows
    assert service.in_guild(1) == []
    assert not service.forget_finished(session.store_id)  # already gone
    rows = await service.store.results(session.store_id)
    assert sorted(r.place for r in rows)[0] == 1  # the result is the store's
    await service.store.close()


async def test_the_one_waiting_for_a_change_is_heard_with_that_change_alone(
        tmp_path: Path) -> None:
    """A click waiting for its action (`answer`) reaches the listener with that action's outcome,
    which the click's response then shows; a change the timer makes afterwards comes without
    it: nobody waits for that one in person, and the click is not answered twice."""
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    table, seat = acting(session)
    click = object()
    heard.clear()
    await session.run(lambda t, now: t.act(table, seat, "call", now=now), answer=click)
    assert [o.answer for o in heard] == [click]
    clock.now += 600  # the next player's time runs out
    await session.run(lambda t, now: t.tick(now))
    assert len(heard) == 2 and heard[1].hand_events and heard[1].answer is None
    await service.store.close()

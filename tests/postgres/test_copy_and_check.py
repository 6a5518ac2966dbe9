"""Migrations numbered alike, a league's whole history moved SQLite -> PostgreSQL -> SQLite and
checked each time, backup and check on PostgreSQL, and the game service on PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import random
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.service import Outcome, Session, TournamentService, conservation_checks
from bot.service.usecases import director
from bot.store import TOURNAMENT_STREAM, Store, StoreError, load_migrations
from bot.store.postgres import PostgresStore, copy_database
from bot.store.postgres.migrate import load_pg_migrations
from bot.store.postgres.transfer import TABLES
from bot.tournament import events as tev
from tests.service.helpers import FakeClock, acting, config, play_out
from tests.store.fake_tournament import check_fake, start_fake_tournament


def sqlite_columns(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {n: [r[1] for r in conn.execute(f"PRAGMA table_info({n})")] for n in names}


def pg_columns(url: str) -> dict[str, list[str]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position").fetchall()
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return out


def _plain(value: Any) -> Any:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def dump(target: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a form both backends give alike (numbers as floats)."""
    out = {}
    if isinstance(target, str) and target.startswith("postgresql"):
        with psycopg.connect(target) as conn:
            conn.adapters.register_loader("json", psycopg.types.string.TextLoader)
            for t in TABLES:
                rows = conn.execute(f'SELECT * FROM "{t}"').fetchall()
                out[t] = sorted((tuple(_plain(v) for v in r) for r in rows), key=repr)
    else:
        with sqlite3.connect(target) as conn:
            for t in TABLES:
                rows = conn.execute(f'SELECT * FROM "{t}"').fetchall()
                out[t] = sorted((tuple(_plain(v) for v in r) for r in rows), key=repr)
    return out


async def service_on(store: Store, clock: FakeClock, heard: list[Outcome] | None = None
                     ) -> TournamentService:
    counter = itertools.count()

    async def listener(session: Session, outcome: Outcome) -> None:
        if heard is not None:
            heard.append(outcome)

    return TournamentService(store, clock=clock, seeds=lambda: f"seed-{next(counter)}",
                             listener=listener)


async def start(service: TournamentService, channel: int, players: int) -> Session:
    session = await service.create(guild_id=1, channel_id=channel, name=f"night {channel}",
                                   config=config())
    for uid in range(101, 101 + players):
        await session.run(lambda t, now, u=uid: t.register(str(u), now),
                          also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
    await session.run(lambda t, now: t.start(f"start-{channel}", now))
    return session


async def league_history(path: Path, clock: FakeClock) -> int:
    """Two finished nights of a league season with results, a ruling and an appeal, and a third
    night stopped in the middle of a hand. Returns the unfinished tournament's id."""
    store = await Store.open(path, clock=clock)
    service = await service_on(store, clock)
    async with store.transaction() as tx:
        league = await tx.create_league(1, "Sunday")
        season = await tx.create_season(league.id, "spring")
        await tx.set_active_season(league.id, season.id)
    for channel, seed in ((10, 3), (11, 5)):
        session = await start(service, channel, 4)
        await director.ruling(session, 7, "the call stands", [])
        await play_out(session, clock, seed)
        (ruling,) = await director.rulings(store, session.store_id)
        async with store.transaction() as tx:
            await tx.open_appeal(1, 101, "it was one motion", ruling_id=ruling.id)
    unfinished = await start(service, 12, 5)
    rng = random.Random(1)
    for _ in range(7):
        table, seat = acting(unfinished)
        action = rng.choice(["check_or_call", "fold"])
        await unfinished.run(lambda t, now, a=action, tb=table, st=seat: t.act(tb, st, a, now=now))
    service.close()
    await store.close()
    return unfinished.store_id


def test_migrations_are_numbered_alike_and_build_the_same_tables(
        tmp_path: Path, pg_url: str) -> None:
    assert [(m.version, m.name) for m in load_pg_migrations()] == [
        (m.version, m.name) for m in load_migrations()]
    asyncio.run(_open_close(tmp_path / "a.sqlite3"))
    lite, pg = sqlite_columns(tmp_path / "a.sqlite3"), pg_columns(pg_url)
    assert lite == pg  # same tables, same columns in the same order
    assert set(lite) - {"schema_migrations"} == set(TABLES)  # copy knows every table


async def _open_close(path: Path) -> None:
    await (await Store.open(path)).close()


async def test_a_league_history_moves_to_postgres_and_back_checked(
        tmp_path: Path, pg_url: str) -> None:
    clock = FakeClock()
    lite = tmp_path / "league.sqlite3"
    unfinished = await league_history(lite, clock)

    report = await copy_database(lite, pg_url, conservation_checks())
    assert report.ok, report.lines()
    assert len(report.check.tournaments) == 3 if report.check else False
    assert all(t.checked for t in report.check.tournaments)
    assert report.rows["events"] > 100 and report.rows["results"] == 8
    assert dump(lite) == dump(pg_url)  # every row, ids included

    # The league plays on on PostgreSQL: the unfinished night is recovered mid-hand and won.
    store = await PostgresStore.open(pg_url, clock=clock)
    service = await service_on(store, clock)
    (session,) = await service.recover()
    assert session.store_id == unfinished
    await play_out(session, clock, 9)
    results = await store.results(unfinished)
    assert sorted(r.place for r in results) == [1, 2, 3, 4, 5]
    async with store.transaction() as tx:  # new rows get new ids, after the copied ones
        later = await tx.create_tournament(1, "later")
    assert later.id == 4
    service.close()
    await store.close()

    back = tmp_path / "back.sqlite3"
    report = await copy_database(pg_url, back, conservation_checks())
    assert report.ok, report.lines()
    assert dump(back) == dump(pg_url)
    lite_store = await Store.open(back)
    assert await lite_store.results(unfinished) == results
    assert (await lite_store.active_season(1)) is not None
    await lite_store.close()


async def test_copy_refuses_a_database_that_is_not_empty_and_changes_nothing(
        tmp_path: Path, pg_url: str) -> None:
    store = await PostgresStore.open(pg_url)
    await start_fake_tournament(store, 1, 2, 100)
    await store.close()
    lite = tmp_path / "a.sqlite3"
    store = await Store.open(lite)
    await start_fake_tournament(store, 1, 3, 100)
    await store.close()
    before = dump(pg_url)
    with pytest.raises(StoreError, match="not empty"):
        await copy_database(lite, pg_url)
    assert dump(pg_url) == before
    with pytest.raises(StoreError, match="no such database"):
        await copy_database(tmp_path / "missing.sqlite3", pg_url)


async def test_backup_while_the_bot_writes_is_a_consistent_sqlite_file(
        tmp_path: Path, pg_store: Store) -> None:
    fake = await start_fake_tournament(pg_store, 1, 4, 1000)
    stop = asyncio.Event()

    async def writer() -> int:
        n = 0
        while not stop.is_set():
            await pg_store.commit(lambda tx: tx.append_events(
                fake.tournament_id, TOURNAMENT_STREAM, [{"type": "tick"}]))
            n += 1
        return n

    task = asyncio.create_task(writer())
    await asyncio.sleep(0.05)
    dest = await pg_store.backup(tmp_path / "b.sqlite3")
    stop.set()
    written = await task
    copy = await Store.open(dest, migrate=False)
    try:
        report = await copy.check([check_fake])
        assert report.ok, report.lines()
        assert 4 < len(await copy.load_events(fake.tournament_id)) <= 4 + written
    finally:
        await copy.close()
    assert not Path(f"{dest}-wal").exists()
    with pytest.raises(StoreError, match="exists"):
        await pg_store.backup(dest)


async def test_check_on_postgres_finds_lost_chips_and_missing_rows(
        pg_url: str, pg_store: Store) -> None:
    fake = await start_fake_tournament(pg_store, 1, 3, 1000)
    report = await pg_store.check([check_fake])
    assert report.ok and report.tournaments[0].checked
    with psycopg.connect(pg_url, autocommit=True) as raw:
        # A forged event creating chips, and a row whose tournament is not there (written
        # with foreign keys switched off, as a careless restore would).
        raw.execute(
            "INSERT INTO events (tournament_id, stream, seq, type, data, created_at) VALUES "
            "(%s, 'tournament', 99, 'storetest.transfer', %s, 0)",
            (fake.tournament_id, '{"type":"storetest.transfer","src":"9","dst":"1",'
             '"amount":50,"action":1,"part":0,"of":2}'))
        raw.execute("SET session_replication_role = replica")
        raw.execute("INSERT INTO entries (tournament_id, user_id, display_name, entered_at) "
                    "VALUES (999, 1, 'ghost', 0)")
    report = await pg_store.check([check_fake])
    text = "\n".join(report.lines())
    assert not report.ok
    assert "CHIPS NOT CONSERVED" in text and "below zero" in text
    assert report.foreign_keys == ["entries tournament_id=999 -> tournaments"]


async def test_restart_mid_hand_on_postgres_resumes_exactly(pg_url: str) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    store = await PostgresStore.open(pg_url, clock=clock)
    service = await service_on(store, clock, heard)
    session = await start(service, 2, 4)
    other = await PostgresStore.open(pg_url)
    seen: list[int] = []

    async def committed_before_heard(s: Session, outcome: Outcome) -> None:
        seen.append(len(await other.load_events(s.store_id, TOURNAMENT_STREAM)))

    session.listener = committed_before_heard
    rng = random.Random(7)
    for _ in range(5):
        table, seat = acting(session)
        action = rng.choice(["check_or_call", "check_or_call", "fold"])
        await session.run(lambda t, now, a=action, tb=table, st=seat: t.act(tb, st, a, now=now))
        # another process already reads what the listener is about to announce
        assert seen[-1] == session.tournament.event_count
    snapshot = session.tournament.snapshot()
    deadlines = session.tournament.deadlines(clock())
    stopped = clock()
    await service.stop()  # the last heartbeat, on PostgreSQL
    await store.close()

    clock.now += 12
    store = await PostgresStore.open(pg_url, clock=clock)
    again = await service_on(store, clock)
    (restored,) = await again.recover()
    # The same state, and the 12 s the bot was down made up for: every deadline
    # is 12 s later, so each clock has the time it had left.
    t = restored.tournament
    (pause,) = t.events_since(int(snapshot["event_count"]))
    assert isinstance(pause, tev.OfflinePause)
    assert (pause.stopped_at, pause.at) == (stopped, clock())
    assert [dataclasses.replace(d, at=d.at + 12) for d in deadlines] == t.deadlines(clock())
    table, seat = acting(restored)
    await restored.run(lambda t, now: t.act(table, seat, "check_or_call", now=now))
    again.close()
    await store.close()
    await other.close()

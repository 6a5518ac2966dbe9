"""The durability contract: announced means committed, failed means absent; files stay private."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import TOURNAMENT_STREAM, Store, StoreError
from tests.store.fake_tournament import TRANSFER, check_fake, start_fake_tournament


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


async def test_committed_action_is_visible_to_a_fresh_connection_the_moment_the_block_exits(
    db_path: Path, store: Store
) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    other = await Store.open(db_path)
    try:
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [
                {"type": TRANSFER, "src": "1", "dst": "2", "amount": 5, "action": 1, "part": 0,
                 "of": 1}
            ])
            # Not yet committed: another process must not see (or announce) it.
            assert not await other.load_events(fake.tournament_id, after_id=fake.last_event_id)
        assert len(await other.load_events(fake.tournament_id, after_id=fake.last_event_id)) == 1
    finally:
        await other.close()


async def test_an_action_that_fails_midway_leaves_nothing_and_the_caller_hears_of_it(
    store: Store,
) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    before = await store.load_events(fake.tournament_id)
    announced = False
    with pytest.raises(sqlite3.IntegrityError):
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "a"}])
            await tx.set_deadline(fake.tournament_id, "action", "clock", 123.0)
            await tx.add_entry(fake.tournament_id, 1, "again")  # duplicate entry: fails
        announced = True
    assert not announced
    assert await store.load_events(fake.tournament_id) == before
    assert await store.deadlines(fake.tournament_id) == []
    async with store.transaction() as tx:  # the store is still usable
        await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "b"}])


async def test_a_cancelled_action_is_rolled_back_and_the_store_keeps_working(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    inside = asyncio.Event()

    async def slow_action() -> None:
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "lost"}])
            inside.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow_action())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert "lost" not in {e.type for e in await store.load_events(fake.tournament_id)}
    async with store.transaction() as tx:
        await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "kept"}])
    assert "kept" in {e.type for e in await store.load_events(fake.tournament_id)}


async def test_other_tasks_never_read_an_uncommitted_action(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    inside = asyncio.Event()
    release = asyncio.Event()

    async def action() -> None:
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "maybe"}])
            inside.set()
            await release.wait()
            raise RuntimeError("engine rejected it after all")

    task = asyncio.create_task(action())
    await inside.wait()
    reader = asyncio.create_task(store.load_events(fake.tournament_id))
    await asyncio.sleep(0.05)
    release.set()
    with pytest.raises(RuntimeError):
        await task
    assert "maybe" not in {e.type for e in await reader}


async def test_nested_transaction_is_an_error_not_a_deadlock(store: Store) -> None:
    with pytest.raises(StoreError, match="inside a transaction"):
        async with store.transaction():
            async with store.transaction():
                pass


async def test_transaction_reads_see_its_own_writes_and_store_reads_do_not_deadlock(
    store: Store,
) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "Sunday")
        assert (await tx.tournament(t.id)) == t
        assert (await store.tournament(t.id)) == t  # same task: no deadlock


async def test_events_are_append_only(db_path: Path, store: Store) -> None:
    await start_fake_tournament(store, 1, 2, 100)
    with sqlite3.connect(db_path) as raw, pytest.raises(sqlite3.IntegrityError, match="append"):
        raw.execute("UPDATE events SET data = '{\"type\":\"forged\"}'")


async def test_database_and_its_wal_files_are_owner_only_whatever_the_umask(
    tmp_path: Path,
) -> None:
    old = os.umask(0)
    try:
        path = tmp_path / "sub" / "league.sqlite3"
        store = await Store.open(path)
        fake = await start_fake_tournament(store, 1, 2, 100)
        assert fake.tournament_id
        for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            assert mode(p) == 0o600, p
        backup = await store.backup(tmp_path / "backup.sqlite3")
        assert mode(backup) == 0o600
        await store.close()
    finally:
        os.umask(old)


async def test_an_existing_world_readable_database_is_tightened(db_path: Path) -> None:
    db_path.touch()
    os.chmod(db_path, 0o644)
    store = await Store.open(db_path)
    await store.close()
    assert mode(db_path) == 0o600


async def test_pragmas_wal_foreign_keys_busy_timeout(store: Store) -> None:
    assert (await store._fetch("PRAGMA journal_mode"))[0][0] == "wal"
    assert (await store._fetch("PRAGMA foreign_keys"))[0][0] == 1
    assert (await store._fetch("PRAGMA busy_timeout"))[0][0] == 5000
    assert (await store._fetch("PRAGMA synchronous"))[0][0] == 2  # FULL
    with pytest.raises(sqlite3.IntegrityError):
        async with store.transaction() as tx:
            await tx.append_events(999, TOURNAMENT_STREAM, [{"type": "orphan"}])


async def test_backup_while_the_bot_writes_is_complete_and_consistent(
    tmp_path: Path, store: Store
) -> None:
    fake = await start_fake_tournament(store, 1, 4, 1000)
    stop = asyncio.Event()

    async def writer() -> int:
        n = 0
        while not stop.is_set():
            async with store.transaction() as tx:
                await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "tick"}])
            n += 1
            await asyncio.sleep(0)
        return n

    task = asyncio.create_task(writer())
    await asyncio.sleep(0.05)
    # Through the CLI, as an operator would, from another process while we keep writing.
    done = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.db", "backup", str(tmp_path / "b.sqlite3"),
        "--database", str(store.path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    _, err = await done.communicate()
    stop.set()
    written = await task
    assert done.returncode == 0, err.decode()
    assert written > 0
    copy = await Store.open(tmp_path / "b.sqlite3", migrate=False)
    try:
        report = await copy.check([check_fake])
        assert report.ok, report.lines()
        assert 0 < len(await copy.load_events(fake.tournament_id)) <= 4 + written
    finally:
        await copy.close()
    assert not Path(f"{tmp_path / 'b.sqlite3'}-wal").exists()


async def test_check_finds_lost_chips(db_path: Path, store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    report = await store.check([check_fake])
    assert report.ok and report.tournaments[0].checked
    assert "chips conserved" in "\n".join(report.lines())
    # A forged event that creates chips out of nothing (written behind the store's back).
    with sqlite3.connect(db_path) as raw:
        raw.execute(
            "INSERT INTO events (tournament_id, stream, seq, type, data, created_at) VALUES "
            "(?, 'tournament', 99, ?, ?, 0)",
            (fake.tournament_id, "storetest.seat", '{"type":"storetest.seat","user_id":9,'
             '"chips":5}'),
        )
        raw.execute(
            "INSERT INTO events (tournament_id, stream, seq, type, data, created_at) VALUES "
            "(?, 'tournament', 100, ?, ?, 0)",
            (fake.tournament_id, TRANSFER, '{"type":"storetest.transfer","src":"9","dst":"1",'
             '"amount":50,"action":1,"part":0,"of":2}'),
        )
    report = await store.check([check_fake])
    assert not report.ok
    text = "\n".join(report.lines())
    assert "CHIPS NOT CONSERVED" in text
    assert "below zero" in text and "half-written" in text
    # Without a check that knows these events, the tournament is said to be unchecked.
    assert "no conservation check knows its events" in "\n".join((await store.check()).lines())

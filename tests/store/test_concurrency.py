"""Two tables (two Store connections on one file) writing at once."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path

import pytest

from bot.store import TOURNAMENT_STREAM, Store
from tests.store.fake_tournament import FakeTournament, check_fake, start_fake_tournament


async def play(store: Store, fake: FakeTournament, actions: int, seed: int) -> float:
    """Play `actions` actions; return the slowest commit in seconds."""
    rng = random.Random(seed)
    worst = 0.0
    for n in range(1, actions + 1):
        started = time.perf_counter()
        async with store.transaction() as tx:
            stored = await tx.append_events(
                fake.tournament_id, TOURNAMENT_STREAM, fake.random_transfers(rng, n)
            )
            await tx.set_deadline(fake.tournament_id, "action", "clock", tx.now + 30, {"n": n})
        worst = max(worst, time.perf_counter() - started)
        for e in stored:
            fake.apply(e.data, e.id)
        await asyncio.sleep(0)
    return worst


async def test_two_tables_write_at_once_without_blocking_or_corruption(db_path: Path) -> None:
    a = await Store.open(db_path)
    b = await Store.open(db_path)
    try:
        fa = await start_fake_tournament(a, 1, 6, 1000)
        fb = await start_fake_tournament(b, 2, 9, 1500)
        worst = await asyncio.gather(play(a, fa, 150, 1), play(b, fb, 150, 2))
        assert max(worst) < 5.0  # far inside the busy timeout: nobody waited it out
        report = await a.check([check_fake])
        assert report.ok, report.lines()
        for store, fake in ((a, fa), (b, fb)):
            replay = FakeTournament.rebuild(fake.tournament_id, None,
                                            await store.load_events(fake.tournament_id))
            assert replay.stacks == fake.stacks and replay.last_action == 150
            assert (await store.deadlines(fake.tournament_id))[0].data == {"n": 150}
    finally:
        await a.close()
        await b.close()


async def test_a_writer_waits_for_a_slow_one_within_the_busy_timeout(db_path: Path) -> None:
    a = await Store.open(db_path)
    b = await Store.open(db_path, busy_timeout_ms=3000)
    try:
        fake = await start_fake_tournament(a, 1, 2, 100)
        inside = asyncio.Event()

        async def slow() -> None:
            async with a.transaction() as tx:
                await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "slow"}])
                inside.set()
                await asyncio.sleep(0.3)

        task = asyncio.create_task(slow())
        await inside.wait()
        async with b.transaction() as tx:  # waits for `a` to commit, then goes ahead
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "fast"}])
        await task
        types = [e.type for e in await b.load_events(fake.tournament_id)]
        assert types[-2:] == ["slow", "fast"]
        # The reader in `b` was never blocked while `a` held its write transaction.
    finally:
        await a.close()
        await b.close()


async def test_past_the_busy_timeout_the_writer_gets_an_error_not_a_hang(db_path: Path) -> None:
    a = await Store.open(db_path)
    b = await Store.open(db_path, busy_timeout_ms=100)
    try:
        fake = await start_fake_tournament(a, 1, 2, 100)
        async with a.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "held"}])
            # Readers are never blocked by a writer (WAL)...
            assert len(await b.load_events(fake.tournament_id)) == 2
            started = time.perf_counter()
            # ...a second writer waits the busy timeout, then is told.
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                async with b.transaction() as tx2:
                    await tx2.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "x"}])
            assert time.perf_counter() - started < 2
        async with b.transaction() as tx2:  # and b works again once a is done
            await tx2.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "after"}])
        assert [e.type for e in await a.load_events(fake.tournament_id)][-2:] == ["held", "after"]
    finally:
        await a.close()
        await b.close()


async def test_many_tasks_on_one_store_are_serialised_not_interleaved(store: Store) -> None:
    fakes = [await start_fake_tournament(store, 1, 4, 1000) for _ in range(8)]
    await asyncio.gather(*(play(store, f, 30, i) for i, f in enumerate(fakes)))
    report = await store.check([check_fake])
    assert report.ok, report.lines()

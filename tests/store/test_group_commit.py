"""Store.commit: changes that arrive together share one transaction, each in its savepoint, and
each caller hears its own outcome only after the COMMIT."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable

import pytest

from bot.store import TOURNAMENT_STREAM, SqlTransaction, Store, StoreError


def append(tid: int, kind: str, fail: bool = False) -> Callable[[SqlTransaction], int]:
    def change(tx: SqlTransaction) -> int:
        stored = tx.append_events(tid, TOURNAMENT_STREAM, [{"type": kind}])
        tx.sync_deadlines(tid, [("action", "0", 100.0, {"kind": kind})])
        if fail:
            raise ValueError(f"{kind} refused")
        return stored[0].seq
    return change


class Held:
    """A change that stops in the database thread (`inside` is set then) until `go_on` is."""

    def __init__(self, tid: int, kind: str) -> None:
        self.inside, self.go_on = threading.Event(), threading.Event()
        self.change = append(tid, kind)

    def __call__(self, tx: SqlTransaction) -> int:
        self.inside.set()
        self.go_on.wait(5)
        return self.change(tx)


async def test_one_failing_change_fails_alone_and_the_others_commit(store: Store) -> None:
    async with store.transaction() as tx:
        tids = [(await tx.create_tournament(1, f"t{i}")).id for i in range(4)]
    results = await asyncio.gather(
        *(store.commit(append(tid, f"x{tid}", fail=tid == tids[1])) for tid in tids),
        return_exceptions=True)
    assert isinstance(results[1], ValueError)
    assert [r for i, r in enumerate(results) if i != 1] == [1, 1, 1]
    for tid in tids:
        types = [e.type for e in await store.load_events(tid)]
        assert types == ([] if tid == tids[1] else [f"x{tid}"])
        deadlines = await store.deadlines(tid)
        assert [d.data for d in deadlines] == ([] if tid == tids[1] else [{"kind": f"x{tid}"}])
    # The failed change left no trace in what the store remembers either: numbering goes on.
    assert await store.commit(append(tids[1], "again")) == 1
    assert await store.commit(append(tids[0], "next")) == 2


async def test_only_changed_deadlines_are_written_and_the_memo_follows_rollbacks(
        store: Store) -> None:
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    level = ("level", "0", 600.0, {})
    await store.commit(lambda tx: tx.sync_deadlines(tid, [level, ("action", "1", 30.0, {})]))
    with pytest.raises(RuntimeError):
        def moved_then_failed(tx: SqlTransaction) -> None:
            tx.sync_deadlines(tid, [level, ("action", "1", 99.0, {})])
            raise RuntimeError("disk full")
        await store.commit(moved_then_failed)
    # The failed move is not remembered as written: the next sync writes it for real.
    await store.commit(lambda tx: tx.sync_deadlines(tid, [level, ("action", "1", 99.0, {})]))
    assert [(d.kind, d.due_at) for d in await store.deadlines(tid)] == [
        ("action", 99.0), ("level", 600.0)]
    await store.commit(lambda tx: tx.sync_deadlines(tid, [level]))
    assert [d.kind for d in await store.deadlines(tid)] == ["level"]


async def test_a_transaction_gets_the_connection_while_commits_keep_coming(store: Store) -> None:
    """Group commit lets the connection go between batches, so a transaction or a read waiting
    for it is never starved by a steady stream of commits."""
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    stop = False

    async def stream() -> int:
        n = 0
        while not stop:
            await asyncio.gather(*(store.commit(append(tid, "x")) for _ in range(20)))
            n += 20
        return n

    streaming = asyncio.create_task(stream())
    await asyncio.sleep(0.05)
    async with asyncio.timeout(5):
        async with store.transaction() as tx:
            await tx.append_events(tid, TOURNAMENT_STREAM, [{"type": "between"}])
    stop = True
    written = await streaming
    types = [e.type for e in await store.load_events(tid)]
    assert "between" in types and types.count("x") == written


async def test_a_cancelled_commit_not_yet_taken_is_never_written(store: Store) -> None:
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    first = Held(tid, "first")
    one = asyncio.create_task(store.commit(first))
    assert await asyncio.to_thread(first.inside.wait, 5)
    two = asyncio.create_task(store.commit(append(tid, "cancelled")))
    await asyncio.sleep(0)
    two.cancel()  # still waiting its turn: the thread has not taken it
    with pytest.raises(asyncio.CancelledError):
        await two
    first.go_on.set()
    assert await one == 1
    assert [e.type for e in await store.load_events(tid)] == ["first"]


async def test_a_commit_cancelled_once_taken_still_reports_what_was_written(
        store: Store) -> None:
    """Once in a batch its COMMIT decides: the caller hears the outcome (memory must match the
    database), and the cancellation lands after."""
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    slow = Held(tid, "taken")
    heard: list[int] = []

    async def caller() -> None:
        heard.append(await store.commit(slow))
        await asyncio.sleep(10)

    task = asyncio.create_task(caller())
    assert await asyncio.to_thread(slow.inside.wait, 5)
    task.cancel()
    await asyncio.sleep(0.01)
    slow.go_on.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert heard == [1]
    assert [e.type for e in await store.load_events(tid)] == ["taken"]


async def test_a_writer_stopped_during_its_batch_still_tells_each_caller_the_outcome(
        store: Store) -> None:
    """The writer task cancelled (the loop closing) while its batch is in the database thread:
    the batch commits all the same, so its caller hears it was written; a change still waiting
    for the next batch hears it was not, and is not."""
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    slow = Held(tid, "in the batch")
    taken = asyncio.create_task(store.commit(slow))
    assert await asyncio.to_thread(slow.inside.wait, 5)
    waiting = asyncio.create_task(store.commit(append(tid, "waiting")))
    await asyncio.sleep(0)
    writer = store._writer
    assert writer is not None
    writer.cancel()
    await asyncio.sleep(0.01)
    slow.go_on.set()
    assert await taken == 1
    with pytest.raises(StoreError):
        await waiting
    with pytest.raises(asyncio.CancelledError):
        await writer
    assert [e.type for e in await store.load_events(tid)] == ["in the batch"]
    assert await store.commit(append(tid, "after")) == 2  # a new writer takes over


async def test_changes_that_all_succeed_share_one_transaction_without_savepoints(
        store: Store) -> None:
    """Savepoints are only for a batch in which something failed: the common batch spends no
    statements on them (on PostgreSQL each was a round trip to the server)."""
    async with store.transaction() as tx:
        tids = [(await tx.create_tournament(1, f"t{i}")).id for i in range(3)]
    statements: list[str] = []
    await store._hop(lambda conn: conn.set_trace_callback(statements.append))
    try:
        assert await asyncio.gather(*(store.commit(append(tid, "x")) for tid in tids)) == [1] * 3
        together = list(statements)
        statements.clear()
        results = await asyncio.gather(
            *(store.commit(append(tid, "y", fail=tid == tids[0])) for tid in tids),
            return_exceptions=True)
        again = list(statements)
    finally:
        await store._hop(lambda conn: conn.set_trace_callback(None))
    assert not any("SAVEPOINT" in s for s in together)
    assert sum(s.startswith("COMMIT") for s in together) == 1
    # One failed: rolled back, then each change again in its savepoint.
    assert isinstance(results[0], ValueError) and results[1:] == [2, 2]
    assert any(s.startswith("ROLLBACK TO SAVEPOINT") for s in again)
    for tid in tids:
        types = [e.type for e in await store.load_events(tid)]
        assert types == (["x"] if tid == tids[0] else ["x", "y"])


async def test_a_failed_commit_fails_the_whole_batch_and_runs_nothing_again(
        store: Store) -> None:
    """Only a change's own failure sends the batch round again in savepoints; a COMMIT that
    fails (here a foreign key checked at COMMIT) fails every change of it, once."""
    async with store.transaction() as tx:
        tid = (await tx.create_tournament(1, "t")).id
    runs: list[str] = []

    def good(tx: SqlTransaction) -> int:
        runs.append("good")
        return append(tid, "kept?")(tx)

    def breaks_the_commit(tx: SqlTransaction) -> None:
        runs.append("bad")
        tx.exec("PRAGMA defer_foreign_keys = ON")
        tx.exec("INSERT INTO deadlines (tournament_id, kind, key, due_at) VALUES (?, ?, ?, ?)",
                (tid + 1000, "action", "0", 1.0))

    results = await asyncio.gather(store.commit(good), store.commit(breaks_the_commit),
                                   return_exceptions=True)
    assert all(isinstance(r, sqlite3.IntegrityError) for r in results)
    assert sorted(runs) == ["bad", "good"]
    assert await store.load_events(tid) == []
    assert await store.commit(append(tid, "after")) == 1

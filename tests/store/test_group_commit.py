"""Store.commit: changes that arrive together share one transaction, each in its savepoint, and
each caller hears its own outcome only after the COMMIT."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.store import TOURNAMENT_STREAM, SqlTransaction, Store


def append(tid: int, kind: str, fail: bool = False) -> Callable[[SqlTransaction], int]:
    def change(tx: SqlTransaction) -> int:
        stored = tx.append_events(tid, TOURNAMENT_STREAM, [{"type": kind}])
        tx.sync_deadlines(tid, [("action", "0", 100.0, {"kind": kind})])
        if fail:
            raise ValueError(f"{kind} refused")
        return stored[0].seq
    return change


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

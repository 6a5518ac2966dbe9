"""A read and the writer's batch hold the store only while handing their hop to the database
thread: the thread runs hops in the order handed, so the next one goes on while the loop is
busy, instead of waiting for the first one's task to get its turn (bench/NIGHT.md, sixteenth
part). A transaction still has the connection to itself."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from bot.store import TOURNAMENT_STREAM, SqlTransaction, Store

BUSY_LOOP_S = 0.4  # the loop at a busy hour: nothing of ours gets a turn meanwhile


async def _tournament(store: Store) -> int:
    async with store.transaction() as tx:
        return (await tx.create_tournament(1, "t")).id


@pytest.mark.parametrize("first", ["read", "batch"])
async def test_the_database_thread_goes_on_while_the_loop_is_busy(store: Store, first: str
                                                                  ) -> None:
    tid = await _tournament(store)
    inside, go_on = threading.Event(), threading.Event()
    ran_at: dict[str, float] = {}

    def held(tx: SqlTransaction) -> None:
        inside.set()
        go_on.wait(5)
        ran_at[first] = time.monotonic()

    def change(tx: SqlTransaction) -> int:
        ran_at["batch"] = time.monotonic()
        return tx.append_events(tid, TOURNAMENT_STREAM, [{"type": "x"}])[0].seq

    def read(tx: SqlTransaction) -> Any:
        ran_at["read"] = time.monotonic()
        return tx.fetch("SELECT COUNT(*) FROM events", ())

    one = asyncio.create_task(store._run(held) if first == "read" else store.commit(held))
    assert await asyncio.to_thread(inside.wait, 5)
    two = asyncio.create_task(store.commit(change) if first == "read" else store._run(read))
    for _ in range(5):
        await asyncio.sleep(0)  # the second is handed over behind the first
    go_on.set()
    time.sleep(BUSY_LOOP_S)  # blocks the loop: neither task can run
    loop_free_at = time.monotonic()
    results = await asyncio.gather(one, two)
    second = "batch" if first == "read" else "read"
    assert ran_at[second] < loop_free_at, "the second hop waited for the first's task"
    if first == "read":
        assert results[1] == 1 and [e.type for e in await store.load_events(tid)] == ["x"]


async def test_a_read_still_waits_for_another_tasks_transaction(store: Store) -> None:
    tid = await _tournament(store)
    inside, go_on = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with store.transaction() as tx:
            await tx.append_events(tid, TOURNAMENT_STREAM, [{"type": "mid"}])
            inside.set()
            await go_on.wait()

    writing = asyncio.create_task(writer())
    await inside.wait()
    reading = asyncio.create_task(store.load_events(tid))
    committing = asyncio.create_task(store.commit(
        lambda tx: tx.append_events(tid, TOURNAMENT_STREAM, [{"type": "after"}])[0].seq))
    await asyncio.sleep(0.05)
    assert not reading.done() and not committing.done()  # neither slipped into the transaction
    go_on.set()
    await writing
    assert [e.type for e in await reading] == ["mid"]
    assert await committing == 2

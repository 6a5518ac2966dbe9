"""A timer whose commit fails (disk full when the next deal comes due) does not freeze the
tournament: it retries with backoff, the channel hears once, nothing is dealt twice, and play
goes on once the disk is back."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from bot.service import Notice, Outcome, Session
from bot.store import SqlTransaction, Store
from bot.store.ownership import NotOwner
from tests.service.helpers import FakeClock, acting, started_service

T = TypeVar("T")


class DiskFull:
    """While `full` is set every commit fails like a full disk, after its statements ran (so
    the store rolls them back and nothing of the change is kept)."""

    def __init__(self, store: Store) -> None:
        self.full = False
        self.refused = 0
        self._real = store.commit

    async def commit(self, change: Callable[[SqlTransaction], T]) -> T:
        def failing(tx: SqlTransaction) -> T:
            result = change(tx)
            if self.full:
                self.refused += 1
                raise sqlite3.OperationalError("database or disk is full")
            return result

        return await self._real(failing)


class LoopClock(FakeClock):
    """Moves with the event loop's time (time.monotonic, read from the database's thread
    too), as the bot's clock does, so the deal the timer wakes up for is due when it fires."""

    def __call__(self) -> float:
        return self.now + time.monotonic()


async def finish_the_hand(session: Session) -> None:
    """Fold (or check) until the table's hand is over; the next deal is then on the timer."""
    for _ in range(50):
        ts = session.tournament.tables[1]
        if ts.hand is None:
            return
        table, seat = acting(session)
        await session.run(lambda t, now, tb=table, st=seat: t.act(tb, st, "fold", now=now))
    raise AssertionError("the hand did not end")


async def wait_until(predicate: object, seconds: float = 10.0) -> None:
    assert callable(predicate)
    for _ in range(int(seconds / 0.01)):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def test_a_deal_that_cannot_be_saved_is_retried_once_said_and_dealt_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = LoopClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard, players=2)
    store = session.store
    disk = DiskFull(store)
    monkeypatch.setattr(store, "commit", disk.commit)
    session.hand_delay = 0.01  # the next deal is the timer's job, as in the bot
    session.retry_delays = (0.01, 0.02, 0.05)

    await finish_the_hand(session)
    assert session.tournament.tables[1].hand is None
    disk.full = True  # before anything awaits: the deal is due in 10 ms
    stored_hands = await store.tournament_hands(session.store_id)
    heard.clear()
    await wait_until(lambda: disk.refused >= 5)  # several attempts, with backoff

    assert [o.notice for o in heard] == [Notice.SAVE_RETRYING]  # said once, not per attempt
    assert not any(o.hands_started() for o in heard)
    # Read under the session's lock, as every reader of the game does: between an attempt's
    # command and its failed commit the in-memory tournament is mid-change (and then rebuilt).
    async with session.lock:
        assert session.tournament.tables[1].hand is None  # nothing dealt that was not saved
    assert await store.tournament_hands(session.store_id) == stored_hands

    disk.full = False  # space is back
    await wait_until(lambda: session.tournament.tables[1].hand is not None)
    await wait_until(lambda: any(o.hands_started() for o in heard))
    started = [h.hand_id for o in heard for _, h in o.hands_started()]
    assert len(started) == 1  # dealt once
    assert [o.notice for o in heard if o.notice] == [Notice.SAVE_RETRYING, Notice.SAVE_RESUMED]
    after = await store.tournament_hands(session.store_id)
    assert len(after) == len(stored_hands) + 1
    numbers = [h.hand_no for h in after]
    assert numbers == sorted(set(numbers))  # no hand number used twice
    assert session.tournament.tables[1].hand is not None
    assert session.tournament.tables[1].hand.hand_id == started[0]

    # Play really goes on: the dealt hand takes actions that are saved.
    table, seat = acting(session)
    await session.run(lambda t, now: t.act(table, seat, "fold", now=now))
    assert disk.refused >= 5
    session.close()
    await store.close()


async def test_a_tournament_another_process_took_over_stops_here_without_retrying(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard, players=2)
    store = session.store

    async def not_ours(change: Callable[[SqlTransaction], T]) -> T:
        raise NotOwner(session.store_id, lost=True)

    monkeypatch.setattr(store, "commit", not_ours)
    table, seat = acting(session)
    with pytest.raises(NotOwner):
        await session.run(lambda t, now: t.act(table, seat, "fold", now=now))
    assert service.get(session.store_id) is None  # forgotten: recover() may claim it again
    assert session._timer is None  # no retry loop against a tournament it does not hold
    await store.close()

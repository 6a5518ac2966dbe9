"""Writes made often (a tournament created, a player registered or leaving, a night started) go to
the database in one hop, committed with the other tables' changes (Store.commit), not in a
transaction of their own: such a transaction holds the store for all of its hops, each waiting
for the event loop, and at a busy hour every table's action waited behind it (bench/NIGHT.md,
fifteenth part)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import TournamentService
from bot.service.usecases import entries
from bot.store import SqlTransaction, Store
from tests.service.helpers import FakeClock, config


class Hops:
    """Counts the store's hops to its database thread, and its transactions."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.hops = 0
        self.transactions = 0
        hand, transaction = store._hand, store.transaction

        def counted_hand(fn: Callable[[Any], Any]) -> Any:
            self.hops += 1
            return hand(fn)

        def counted_transaction() -> Any:
            self.transactions += 1
            return transaction()

        monkeypatch.setattr(store, "_hand", counted_hand)
        monkeypatch.setattr(store, "transaction", counted_transaction)

    def reset(self) -> None:
        self.hops = self.transactions = 0


async def test_creating_registering_leaving_and_starting_are_one_hop_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    count = Hops(store, monkeypatch)
    service = TournamentService(store, clock=clock, seeds=lambda: "seed")

    session = await service.create(guild_id=1, channel_id=2, name="Tuesday", config=config(),
                                   created_by=7)
    assert (count.hops, count.transactions) == (1, 0)
    assert [a.action for a in await store.director_actions(session.store_id)] == ["create"]

    for uid in (101, 102, 103):
        count.reset()
        await entries.join(session, uid, f"P{uid}")
        assert (count.hops, count.transactions) == (1, 0)
    count.reset()
    await entries.leave(session, 103)
    assert (count.hops, count.transactions) == (1, 0)
    count.reset()
    await entries.join(session, 103, "P103")  # back again: his row is registered again
    assert (count.hops, count.transactions) == (1, 0)
    rows = {e.user_id: e.status for e in await store.entries(session.store_id)}
    assert rows == {101: "registered", 102: "registered", 103: "registered"}

    count.reset()
    started = await entries.start(session, "start-seed")
    assert (count.hops, count.transactions) == (1, 0)
    assert session.tournament.status == "running"
    assert started.extra is not None  # the season it counts in, stamped in the same hop
    stored = await store.tournament(session.store_id)
    assert stored is not None and stored.status == "running"
    session.close()
    await store.close()


async def test_a_registration_whose_row_fails_registers_nobody(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry row is written with the registration: if it cannot be, neither is he."""
    clock = FakeClock()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    service = TournamentService(store, clock=clock, seeds=lambda: "seed")
    session = await service.create(guild_id=1, channel_id=2, name="Tuesday", config=config())
    await entries.join(session, 101, "P101")
    events = len(await store.load_events(session.store_id, "tournament"))

    def refused(self: SqlTransaction, *args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(SqlTransaction, "add_entry", refused)
    with pytest.raises(RuntimeError):
        await entries.join(session, 102, "P102")
    assert "102" not in " ".join(session.tournament.players)
    assert len(await store.load_events(session.store_id, "tournament")) == events
    assert [e.user_id for e in await store.entries(session.store_id)] == [101]
    session.close()
    await store.close()

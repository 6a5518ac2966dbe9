"""A tournament whose stored log does not rebuild is kept, with the reason, not forgotten."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Outcome, TournamentService
from bot.store import Store
from tests.service.helpers import FakeClock, started_service


async def test_a_tournament_that_cannot_be_rebuilt_is_listed_with_its_reason(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    path = tmp_path / "db.sqlite3"
    service, broken = await started_service(path, clock, heard)
    healthy = await service.create(guild_id=1, channel_id=3, name="Wednesday",
                                   config=broken.tournament.config)
    # A log no version of the director can replay (written by a buggy or foreign bot).
    await service.store.write(lambda tx: tx.append_events(
        broken.store_id, "tournament", [{"type": "tournament.no_such_event", "at": 0}]))
    service.close()
    await service.store.close()

    store = await Store.open(path, clock=clock)
    again = TournamentService(store, clock=clock)
    sessions = await again.recover()
    assert [s.store_id for s in sessions] == [healthy.store_id]
    assert list(again.unrecoverable) == [broken.store_id]
    lost = again.unrecoverable[broken.store_id]
    assert (lost.row.channel_id, lost.row.name) == (2, "Tuesday")
    assert "no_such_event" in lost.reason
    assert again.unrecoverable_in(1) == [lost] and again.unrecoverable_in(99) == []

    # The director gives up on it: it is cancelled and no longer listed.
    await again.cancel_unrecoverable(broken.store_id)
    assert again.unrecoverable == {}
    row = await store.tournament(broken.store_id)
    assert row is not None and row.status == "cancelled"
    with pytest.raises(KeyError):
        await again.cancel_unrecoverable(broken.store_id)
    again.close()
    await store.close()

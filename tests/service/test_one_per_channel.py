"""Two `/tournament create` at once in one channel: one tournament, a clear refusal for the
other, and no orphan session."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import TournamentService
from bot.store import ChannelBusy, Store
from tests.service.helpers import FakeClock, config


async def test_of_two_creates_at_once_in_one_channel_exactly_one_runs(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    service = TournamentService(store, clock=clock)
    results = await asyncio.gather(
        *(service.create(guild_id=1, channel_id=5, name=f"night {n}", config=config())
          for n in range(2)),
        return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], ChannelBusy), results
    assert len(service.sessions) == 1
    (session,) = service.sessions.values()
    assert refused[0].open_tournament is not None
    assert refused[0].open_tournament.id == session.store_id
    assert len(await store.tournaments()) == 1
    service.close()
    await store.close()

"""The pages' feed without Discord: the real service, store and web server; many changes in a
burst reach a page as a few states (coalesced), the last one the latest, and a tournament
nobody watches costs no state at all."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp

from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.engine.profile import make_profile
from bot.service import TournamentService
from bot.store.backends import open_store
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import TournamentConfig
from bot.web import ANY_FREE_PORT, Feed, ScreenLinks, WebServer

GUESTS = 40


async def test_a_burst_of_changes_reaches_a_page_coalesced(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "db.sqlite3")
    feed: Feed | None = None

    async def listener(session: Any, outcome: Any) -> None:
        assert feed is not None
        feed.changed(session)

    service = TournamentService(store, clock=time.time, listener=listener)
    feed = Feed(service, clock=time.time, words=SCREEN_WORDS)
    links = ScreenLinks(store, SCREEN_WORDS)
    web = WebServer(feed, links, port=ANY_FREE_PORT, clock=time.time)
    web.start()
    try:
        config = TournamentConfig(make_profile("tda"), load_structure("regular"),
                                  load_payout_table(), mode="live", buy_in=10)
        session = await service.create(guild_id=1, channel_id=2, name="Burst", config=config)
        for i in range(GUESTS):
            await session.run(lambda t, now, i=i: t.add_guest(f"Guest {i}", "td", now))
        await session.run(lambda t, now: t.start("seed", now))
        assert feed.builds == 0  # nobody watches: no state was built
        token = await links.issue(session.store_id, 9, revoke=False)
        states: list[dict[str, Any]] = []
        async with aiohttp.ClientSession() as http, \
                http.get(web.link(session.store_id, token) + "/events") as response:
            reader = asyncio.create_task(read(response, states))
            while not states:
                await asyncio.sleep(0.01)
            assert states[0]["players_left"] == GUESTS
            guests = list(session.tournament.guests)
            for player in guests[:GUESTS - 5]:
                await session.run(lambda t, now, p=player: t.bust(p, now, recorded_by="td"))
            for _ in range(500):
                if states[-1]["players_left"] == 5:
                    break
                await asyncio.sleep(0.01)
            reader.cancel()
        # The page ends on the latest state, having been sent far fewer than one per change.
        assert states[-1]["players_left"] == 5
        assert len(states) - 1 < (GUESTS - 5) / 2, [s["players_left"] for s in states]
        assert [s["players_left"] for s in states] == sorted(
            (s["players_left"] for s in states), reverse=True)
    finally:
        await web.stop()
        await store.close()


async def read(response: aiohttp.ClientResponse, states: list[dict[str, Any]]) -> None:
    buffer = b""
    async for chunk in response.content.iter_any():
        buffer += chunk
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            if block.startswith(b"event: state"):
                states.append(json.loads(block.split(b"data: ", 1)[1]))

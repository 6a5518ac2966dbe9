"""The tables a change deals together (a multi-table start, the end of a break) are posted side
by side, and a deal's hole cards are sent side by side: with Discord's round trip on every
request, one after another a 20-table start took 140 of them under the tournament's lock
(the last table's players waited for their cards, and every click at any table waited too)."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join

ROUND_TRIP = 0.05  # seconds Discord takes for each request made with the bot's token


def with_round_trips(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    real = h.bot.http.request

    async def request(route: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(ROUND_TRIP)
        return await real(route, **kwargs)

    monkeypatch.setattr(h.bot.http, "request", request)


async def test_two_tables_dealt_at_once_are_posted_side_by_side(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    extra = [h.add_member(f"p{i}") for i in range(6)]
    members = [h.alice, h.bob, h.carol, h.dana, *extra]
    session = await create_and_join(h, members, seats=5)
    await h.director.slash(h.channel, "tournament start")
    with_round_trips(h, monkeypatch)
    await h.advance(HAND_DELAY + 2)  # the first deal, at both tables, and its requests
    assert len(session.tournament.tables) == 2
    places = h.bot.announcer.places[session.store_id]
    assert set(places.messages) == {1, 2}
    dealt = [d for m in members for d in h.dms(m) if "your cards are" in d.content]
    assert len(dealt) == len(members)
    tables = [next(m for th in h.channel.threads for m in th.history()
                   if m.id == places.messages[t].message_id) for t in (1, 2)]
    first = min(m.created_at for m in tables)
    last = max(d.created_at for d in dealt)
    # Side by side: a table's post, then a DM channel opened and the DM in it, for both
    # tables at once (3 round trips); one after another it was 22.
    assert last - first < dt.timedelta(seconds=6 * ROUND_TRIP), last - first

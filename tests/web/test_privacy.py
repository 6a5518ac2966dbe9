"""The web server never sends a hole card before it is shown, a burn card, a deck seed or a
private message: every response of a whole online tournament (the pages and every state of
their streams, the clock and the table's rail) is scanned against every hand's cards as the
director's replay of the log knows them. The rail mid-hand is also looked at, at each size."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.engine.events import event_from_dict
from bot.history.hands import replay_hands
from bot.tournament import events as tev
from tests.discord.conftest import HAND_DELAY, Harness
from tests.discord.test_tournament_flow import create_and_join, play_to_the_end, to_act

from .helpers import screen_link, shoot, wait_text

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][shdc])(?![0-9A-Za-z])")


class Recorder:
    """An SSE stream read whole for as long as the test runs: every event, raw."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.url = url
        self.raw = bytearray()
        self.task = asyncio.get_running_loop().create_task(self._read(http))

    async def _read(self, http: aiohttp.ClientSession) -> None:
        async with http.get(self.url) as response:
            assert response.status == 200
            async for chunk in response.content.iter_any():
                self.raw += chunk

    def states(self) -> list[dict[str, Any]]:
        out = []
        for block in bytes(self.raw).decode().split("\n\n"):
            lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            if lines.get("event") == "state":
                out.append(json.loads(lines["data"]))
        return out

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


# A deal one second after each hand, which SimCord waits for on the wall clock: the pages push
# at most one state per tournament per COALESCE seconds of real time, and this test reads
# every state they pushed, so the hands must take some real time to give it many. The idle
# ping is off, as in every test that plays a whole tournament (tests/discord/conftest.py).
@pytest.mark.bot_options(hand_delay=1.0, idle_ping_seconds=0)
async def test_no_response_of_a_whole_tournament_shows_a_secret(
        harness: Harness, browser: Any, tmp_path: Path) -> None:
    h = harness
    members = h.players
    # Decks from fixed seeds: with the bot's random ones the tournament sometimes ended in
    # three hands, too few for what is checked below (these give seven).
    seeds = (f"table-deck-{i:06d}" for i in itertools.count())
    h.bot.tournaments.seeds = lambda: next(seeds)
    session = await create_and_join(h, members)
    url = await screen_link(h)
    responses: list[bytes] = []
    async with aiohttp.ClientSession() as http:
        for page in (url, f"{url}/table/1", f"{url}/table/2"):
            async with http.get(page) as response:
                assert response.status == 200
                responses.append(await response.read())
        clock = Recorder(http, f"{url}/events")
        rails = [Recorder(http, f"{url}/table/{n}/events") for n in (1, 2)]
        await h.director.slash(h.channel, "tournament start")
        await h.advance(HAND_DELAY)

        # The rail in a browser, mid-hand: everyone checks or calls until the flop.
        by_id = {str(m.id): m for m in members}
        for _ in range(20):
            found = to_act(session)
            if found is not None and found[1].board:
                break
            if found is None:
                await h.advance(HAND_DELAY)
                continue
            _, hand, seat = found
            legal = hand.legal()
            assert legal is not None
            await by_id[hand.players[seat].player].slash(
                h.channel, "check" if legal.can_check else "call")
        page = await browser.new_page(viewport={"width": 1920, "height": 1080})
        await page.goto(f"{url}/table/1")
        await wait_text(page, "link", "● live")
        hand = session.tournament.tables[1].hand
        assert hand is not None and hand.board
        assert (await page.inner_text("#hand")).startswith(f"Hand {hand.hand_id}")
        assert await page.locator("#seats li").count() == len(hand.players)
        problems = await shoot(page, tmp_path, "rail-mid-hand")
        assert problems == {}
        # The online clock links each table's rail.
        await page.goto(url)
        await wait_text(page, "link", "● live")
        assert await page.inner_text("#tables") == "Table 1"
        problems = await shoot(page, tmp_path, "clock-online")
        assert problems == {}

        await play_to_the_end(h, session, by_id, seed=20)
        winner = next(m.name for m in members if str(m.id) == session.tournament.winner)
        await wait_text(page, "banner", f"{winner} wins")
        problems = await shoot(page, tmp_path, "clock-finished")
        assert problems == {}
        await page.close()
        for recorder in (clock, *rails):
            await recorder.stop()
            responses.append(bytes(recorder.raw))

    # What the tournament's log says was secret.
    stored = await h.bot.store.load_events(session.store_id, "tournament")
    hands = replay_hands(stored)
    seeds = {session.tournament.seed}
    for s in stored:
        e = event_from_dict(s.data)
        if isinstance(e, tev.HandDealt):
            seeds.add(e.seed)
    assert len(hands) > 3 and all(len(seed) >= 16 for seed in seeds)
    secret_cards = {hid: {c for p in hand.players.values() for c in (p.hole or ())}
                    | set(hand.burns) for hid, hand in hands.items()}
    dms = [m.content for member in members for m in h.dms(member)]
    assert dms and all("Hand " in d for d in dms)

    everything = b"".join(responses).decode()
    for seed in seeds:
        assert seed not in everything
    for dm in dms:
        assert dm not in everything
    assert "your cards" not in everything.lower()

    # Each state: no card of its hand that is not face up in that very state; the clock names
    # no card at all.
    rail_states = [s for r in rails for s in r.states()]
    assert len(rail_states) > 5
    checked = 0
    for state in rail_states:
        hand_view = state.get("hand")
        if not hand_view:
            continue
        face_up = set(hand_view["board"]) | {c for seat in state["seats"] for c in seat["shown"]}
        shown_now = set(CARD.findall(json.dumps(state)))
        leaked = (shown_now & secret_cards[hand_view["id"]]) - face_up
        assert not leaked, (hand_view["id"], leaked, state)
        checked += 1
    assert checked > 5
    for state in clock.states():
        assert CARD.findall(json.dumps(state)) == [], state
    assert clock.states()[-1]["status"] == "finished"

"""Start-up never waits on Discord for the card pictures.

The emoji upload runs in the background after the tournaments are recovered and the commands
loaded. Discord's emoji endpoints are made slow here the way the bot would meet them: a 429
with a long retry_after (discord.py sleeps through it inside the request), or an endpoint that
never answers. Meanwhile every table plays and cards are text; a later attempt that gets
through turns them into emojis for every later message; an upload that never succeeds is said
once in the log and once to a director."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from simcord.http.client import FakeHTTPClient

from bot.discord_ui.card_emojis import REQUEST_TIMEOUT, RETRY_DELAYS
from bot.discord_ui.card_faces import TEXT_ART
from bot.discord_ui.client import LeagueBot, create_bot
from bot.engine.cards import pretty_cards

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_table_message import BETWEEN_HANDS, dealt, member
from .test_tournament_flow import create_and_join, reply, to_act

EMOJIS = re.compile(r"/applications/\d+/emojis")
NEVER = 10.0**9  # seconds: an endpoint that never answers


class EmojiEndpoints:
    """Discord's application-emoji endpoints as this test wants them: `stall` seconds before
    each answer (None: at once), as discord.py meets a 429 whose retry_after it sleeps
    through, or an endpoint that hangs."""

    def __init__(self) -> None:
        self.stall: float | None = None
        self.asked = 0


@pytest.fixture
def emoji_endpoints(monkeypatch: pytest.MonkeyPatch) -> Iterator[EmojiEndpoints]:
    endpoints = EmojiEndpoints()
    answer = FakeHTTPClient.request

    async def request(self: FakeHTTPClient, route: Any, **kwargs: Any) -> Any:
        if EMOJIS.search(route.url):
            endpoints.asked += 1
            if endpoints.stall is not None:
                await asyncio.sleep(endpoints.stall)
        return await answer(self, route, **kwargs)

    monkeypatch.setattr(FakeHTTPClient, "request", request)
    yield endpoints


@pytest.fixture
def simcord_bot(tmp_path: Any, emoji_endpoints: EmojiEndpoints) -> LeagueBot:
    # The endpoints are patched before the bot starts.
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)


def emojis(text: str) -> list[str]:
    return re.findall(r"<:c[24]_\w+:\d+>", text)


async def fold_to_the_end(h: Harness, session: Any, hand_id: str) -> None:
    """Everyone to act folds by `/fold` until the hand is over."""
    while (found := to_act(session)) is not None and found[1].hand_id == hand_id:
        _, hand, seat = found
        r = await member(h, hand.players[seat].player).slash(h.channel, "fold")
        assert "went wrong" not in reply(r)


def dealt_dm(h: Harness, hand: Any, seat: int) -> str:
    return h.dms(member(h, hand.players[seat].player))[-1].content


async def test_a_restart_recovers_and_plays_while_the_upload_is_rate_limited(
        harness: Harness, emoji_endpoints: EmojiEndpoints, tmp_path: Any,
        caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    caplog.set_level(logging.INFO, logger="bot.discord_ui.card_emojis")
    session = await dealt(h)
    _, hand, seat = to_act(session)
    assert emojis(dealt_dm(h, hand, seat))  # the first start uploaded them

    # Restart while Discord answers the emoji list with a 429, retry_after one hour.
    emoji_endpoints.stall = 3600.0
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    before = h.now()
    await h.env.restart_bot(new)
    h.bot = new
    # Connected at once: start-up did not wait for the pictures (SimCord runs a wait in
    # start-up on its virtual clock: an hour's wait would show as an hour gone).
    assert new.is_ready() and h.now() - before < 10
    session = new.tournaments.unfinished_in(h.guild.id)[0]  # recovered
    assert new.card_art is TEXT_ART
    # Commands work: the hand in play goes on, the next one is dealt with text cards.
    await fold_to_the_end(h, session, hand.hand_id)
    await h.advance(BETWEEN_HANDS)
    _, hand2, seat2 = to_act(session)
    assert hand2.hand_id != hand.hand_id
    dm = dealt_dm(h, hand2, seat2)
    assert pretty_cards(hand2.hole_cards(seat2)) in dm and not emojis(dm)
    r = await h.alice.slash(h.channel, "tournament status")
    assert r.ephemeral and r.response.embeds

    # The stalled request is abandoned after REQUEST_TIMEOUT; Discord answers the next try.
    asked = emoji_endpoints.asked
    await h.advance(REQUEST_TIMEOUT)
    assert new.card_art is TEXT_ART and emoji_endpoints.asked == asked
    emoji_endpoints.stall = None
    await h.advance(RETRY_DELAYS[0])
    assert emoji_endpoints.asked == asked + 1  # one list; every emoji was already there
    assert new.card_art.for_server(True).has_emojis

    # Every later message shows them.
    await fold_to_the_end(h, session, hand2.hand_id)
    await h.advance(BETWEEN_HANDS)
    _, hand3, seat3 = to_act(session)
    first, second = hand3.hole_cards(seat3)
    assert re.search(rf"<:c4_{first}:\d+><:c4_{second}:\d+>", dealt_dm(h, hand3, seat3))
    notes = [r for r in caplog.records if r.name == "bot.discord_ui.card_emojis"]
    assert [r.levelname for r in notes] == ["INFO", "INFO"]  # text meanwhile; then uploaded
    assert "no answer in time" in notes[0].getMessage()
    assert not any("card pictures" in m.content for m in h.dms(h.director))


class TestHanging:
    """The emoji list never answers, from the very first start."""

    @pytest.fixture
    def simcord_bot(self, tmp_path: Any, emoji_endpoints: EmojiEndpoints) -> LeagueBot:
        emoji_endpoints.stall = NEVER
        return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID,
                          hand_delay=HAND_DELAY)

    async def test_commands_work_and_a_director_hears_once_when_it_gives_up(
            self, harness: Harness, emoji_endpoints: EmojiEndpoints,
            caplog: pytest.LogCaptureFixture) -> None:
        h = harness
        caplog.set_level(logging.INFO, logger="bot.discord_ui.card_emojis")
        assert h.env.backend.clock.elapsed < 1  # no (virtual) time spent waiting on Discord
        assert h.bot.is_ready() and h.bot.card_art is TEXT_ART
        session = await create_and_join(h, h.players[:2])  # commands work meanwhile
        assert session.tournament.status == "registering"
        waited = 0.0
        for pause in RETRY_DELAYS:
            await h.advance(REQUEST_TIMEOUT + pause)
            waited += REQUEST_TIMEOUT + pause
            assert not any("card pictures" in m.content for m in h.dms(h.director)), waited
        await h.advance(REQUEST_TIMEOUT)  # the last attempt times out: it gives up
        assert emoji_endpoints.asked == 1 + len(RETRY_DELAYS)
        told = [m.content for m in h.dms(h.director) if "card pictures" in m.content]
        assert len(told) == 1  # the director who created the running tournament
        assert "as text" in told[0] and "next restart" in told[0]
        warnings = [r for r in caplog.records
                    if r.name == "bot.discord_ui.card_emojis" and r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and "as text" in warnings[0].getMessage()
        await h.advance(3 * 3600)  # and nothing more: no retry, no second notice
        assert emoji_endpoints.asked == 1 + len(RETRY_DELAYS)
        assert len([m for m in h.dms(h.director) if "card pictures" in m.content]) == 1
        assert h.bot.card_art is TEXT_ART
        r = await h.alice.slash(h.channel, "tournament status")
        assert r.ephemeral


async def test_a_429_is_tried_again_later_and_then_cards_are_emojis(
        harness: Harness, emoji_endpoints: EmojiEndpoints) -> None:
    """A 429 that discord.py gives up on (retry_after over max_ratelimit_timeout, or its own
    tries spent) reaches the upload as an error: tried again after a pause."""
    h = harness
    for emoji in list(h.env.backend.application_emojis.values())[:5]:
        h.env.backend.delete_application_emoji(emoji.id)
    h.env.inject_error("POST", "/applications/*/emojis", status=429, code=0,
                       message="You are being rate limited.", times=1)
    await h.bot.close()
    new = create_bot(h.bot.database, dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    assert new.card_art is TEXT_ART
    await h.advance(RETRY_DELAYS[0])
    assert new.card_art.for_server(False).has_emojis
    assert len(h.env.backend.application_emojis) == 2 * 53


async def test_a_refusal_that_would_repeat_is_not_retried_and_the_owner_hears_once(
        harness: Harness, emoji_endpoints: EmojiEndpoints) -> None:
    """No tournament is running: the notice goes to the server's owner."""
    h = harness
    for emoji in list(h.env.backend.application_emojis.values())[:1]:
        h.env.backend.delete_application_emoji(emoji.id)
    h.env.inject_error("POST", "/applications/*/emojis", status=400, code=30056,
                       message="Maximum number of emojis reached", times=None)
    await h.bot.close()
    new = create_bot(h.bot.database, dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    asked = emoji_endpoints.asked
    owner = h.guild.owner
    told = [m.content for m in owner.dm_channel.history() if "card pictures" in m.content]
    assert len(told) == 1 and "developer portal" in told[0]
    await h.advance(3 * 3600)
    assert emoji_endpoints.asked == asked  # never asked again
    assert new.card_art is TEXT_ART
    h.env.errors  # noqa: B018  (the refusals were expected)

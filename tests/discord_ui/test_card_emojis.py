"""The card emojis uploaded at start-up, in a simulated Discord (SimCord): created once, by
name, and cards shown as text when Discord refuses, without the bot stopping."""

from __future__ import annotations

import logging
import re

import discord
import simcord

from bot.discord_ui.card_emojis import card_images, upload_card_emojis
from bot.discord_ui.card_faces import TEXT_BACK, CardArt, Palette, emoji_name, image_stems

EMOJIS = "/applications/*/emojis"
ALL = 2 * 53  # both palettes: 52 cards and a back each


class CardBot(discord.Client):
    """A bot that does at start-up what the league bot does: upload the cards."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.card_art = CardArt()

    async def setup_hook(self) -> None:
        self.card_art = await upload_card_emojis(self)


def _calls(env: simcord.Env, method: str) -> list[str]:
    return [r.path for r in env.http_requests
            if r.method == method and re.fullmatch(r"/applications/\d+/emojis", r.path)]


async def test_first_start_creates_every_card_emoji_and_cards_show_as_them():
    bot = CardBot()
    async with simcord.run(bot) as env:
        assert len(_calls(env, "POST")) == ALL
        names = {e.name for e in env.backend.application_emojis.values()}
        assert names == {emoji_name(p, s) for p in Palette for s in image_stems()}
        four = bot.card_art.for_server(True)
        classic = bot.card_art.for_server(False)
        assert four.has_emojis and classic.has_emojis
        by_name = {e.name: e.id for e in env.backend.application_emojis.values()}
        assert four.card("Qd") == f"<:c4_Qd:{by_name['c4_Qd']}>"
        assert classic.card("Qd") == f"<:c2_Qd:{by_name['c2_Qd']}>"
        assert four.back() == f"<:c4_back:{by_name['c4_back']}>"


async def test_a_second_start_creates_none_and_finds_them_by_name():
    first = CardBot()
    async with simcord.run(first) as env:
        before = dict(first.card_art.emoji_ids)
        created = len(_calls(env, "POST"))
        second = CardBot()
        await env.restart_bot(second)
        assert len(_calls(env, "POST")) == created == ALL  # nothing new
        assert len(_calls(env, "GET")) == 2  # one list per start
        assert dict(second.card_art.emoji_ids) == before
        assert len(env.backend.application_emojis) == ALL


async def test_only_the_missing_emojis_are_created():
    first = CardBot()
    async with simcord.run(first) as env:
        lost = [e for e in env.backend.application_emojis.values()
                if e.name in {"c4_As", "c2_Td"}]
        for emoji in lost:  # deleted in the developer portal, say
            env.backend.delete_application_emoji(emoji.id)
        unrelated = env.backend.create_application_emoji("league_logo")
        second = CardBot()
        await env.restart_bot(second)
        posts = [r for r in env.http_requests if r.method == "POST" and "emojis" in r.path]
        assert sorted(r.json["name"] for r in posts[ALL:]) == ["c2_Td", "c4_As"]
        assert second.card_art.for_server(True).has_emojis
        assert "league_logo" not in second.card_art.emoji_ids
        assert unrelated.id in env.backend.application_emojis  # left alone


async def test_a_refused_upload_gives_text_cards_one_log_line_and_no_retry(caplog):
    bot = CardBot()
    caplog.set_level(logging.WARNING, logger="bot.discord_ui.card_emojis")
    env = simcord.Env(bot)
    env.inject_error("POST", EMOJIS, status=400, code=30056,
                     message="Maximum number of emojis reached", times=None)
    await env.start()
    try:
        assert bot.is_ready()  # the bot came up
        assert len(_calls(env, "POST")) == 1  # refused once, never asked again
        faces = bot.card_art.for_server(True)
        assert faces.card("Qd") == "Q♦" and faces.back() == TEXT_BACK
        assert not faces.has_emojis
        refusals = [r for r in caplog.records if r.name == "bot.discord_ui.card_emojis"]
        assert len(refusals) == 1
        assert "30056" in refusals[0].getMessage()
        assert "as text" in refusals[0].getMessage()
    finally:
        await env.shutdown()


async def test_a_refused_list_gives_text_cards_and_creates_nothing():
    bot = CardBot()
    env = simcord.Env(bot)
    env.inject_error("GET", EMOJIS, status=500, times=1)
    await env.start()
    try:
        assert _calls(env, "POST") == []
        assert bot.card_art.for_server(False).card("Td") == "10♦"
    finally:
        await env.shutdown()


async def test_a_refusal_midway_shows_text_and_the_next_start_finishes_the_upload():
    first = CardBot()
    env = simcord.Env(first)
    await env.start()  # all created; now lose ten and refuse the first re-creation
    try:
        for emoji in list(env.backend.application_emojis.values())[:10]:
            env.backend.delete_application_emoji(emoji.id)
        env.inject_error("POST", EMOJIS, status=503, times=1)
        second = CardBot()
        await env.restart_bot(second)
        assert not second.card_art.for_server(True).has_emojis
        assert second.card_art.for_server(True).card("As") == "A♠"
        third = CardBot()
        await env.restart_bot(third)
        assert third.card_art.for_server(True).has_emojis
        assert third.card_art.for_server(False).has_emojis
        assert len(env.backend.application_emojis) == ALL
    finally:
        await env.shutdown()


def test_the_uploaded_images_are_the_checked_in_pngs():
    images = card_images()
    assert len(images) == ALL
    assert all(data.startswith(b"\x89PNG\r\n\x1a\n") for data in images.values())
    assert images["c4_Qd"] != images["c2_Qd"]  # blue diamonds in four colours
    assert images["c4_Qs"] == images["c2_Qs"]  # spades black in both

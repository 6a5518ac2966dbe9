"""/help answers privately with what to do, in the order it is done; a server the bot joins
gets one message with the first steps, in its system channel or, failing that, to its owner."""

from __future__ import annotations

import discord
import pytest

from bot.config import ConfigError, load_settings

from .conftest import Harness

DOCS = "https://example.org/league/docs"


def _order(text: str, *commands: str) -> list[int]:
    return [text.index(c) for c in commands]


async def test_a_player_reads_how_to_play_privately(harness: Harness) -> None:
    result = await harness.alice.slash(harness.channel, "help")
    assert result.ephemeral
    [embed] = result.response.embeds
    text = embed.description or ""
    # Join, cards, act, clock, rules: in the order a player needs them.
    steps = _order(text, "/tournament join", "My cards", "Fold", "/clock", "/rule")
    assert steps == sorted(steps)
    assert "Run a night" not in text and "/td" not in text
    assert harness.channel.last_message is None  # nothing in the channel


async def test_a_director_also_reads_the_night_s_commands_in_order(harness: Harness) -> None:
    result = await harness.director.slash(harness.channel, "help")
    assert result.ephemeral
    text = result.response.embeds[0].description or ""
    assert "Play" in text and "Run a night" in text
    night = text.split("Run a night")[1]
    steps = _order(night, "/td role", "/tournament create", "/tournament start", "/td screen",
                   "/bust", "/td undo", "/td deal", "/settle")
    assert steps == sorted(steps)
    assert "https://" not in text  # no guides published (DOCS_URL unset): no links


@pytest.mark.bot_options(docs_url=DOCS)
async def test_the_league_s_guides_are_linked_where_it_publishes_them(harness: Harness) -> None:
    player = (await harness.alice.slash(harness.channel, "help")).response.embeds[0]
    assert f"({DOCS}/players.md)" in (player.description or "")
    assert f"({DOCS}/commands.md)" not in (player.description or "")
    director = (await harness.director.slash(harness.channel, "help")).response.embeds[0]
    assert f"({DOCS}/commands.md)" in (director.description or "")
    # A director is pointed at the night's guide first; a player is not.
    assert f"({DOCS}/league-night.md)" in (director.description or "")
    assert f"({DOCS}/league-night.md)" not in (player.description or "")


async def _join(h: Harness, guild: discord.Guild | None) -> None:
    """The bot joins `guild`. SimCord marks every server it announces as available, which
    discord.py reports as `guild_available`; for a server the bot has just been added to
    Discord's announcement makes it `guild_join`, dispatched here as discord.py does."""
    assert guild is not None
    h.bot.dispatch("guild_join", guild)
    await h.env.settle()


async def test_joining_a_server_posts_the_first_steps_in_its_system_channel(
        harness: Harness) -> None:
    h = harness
    owner = h.env.create_user("owner")
    guild = h.env.create_guild("Tuesday League", owner=owner)
    general = guild.create_text_channel("general")
    h.env.backend.edit_guild(guild.id, {"system_channel_id": general.id})
    await h.env.settle()
    await _join(h, h.bot.get_guild(guild.id))
    [message] = general.history()
    text = message.content
    steps = _order(text, "/td role", "/tournament create", "/td screen", "/help")
    assert steps == sorted(steps)
    assert "Server Settings → Integrations" in text and len(text) <= 2000
    assert owner.dm_channel.history() == []  # said once


async def test_without_a_channel_it_may_post_in_the_owner_is_told(harness: Harness) -> None:
    h = harness
    owner = h.env.create_user("owner")
    guild = h.env.create_guild("Friday League", owner=owner)
    everyone = guild.default_role
    closed = guild.create_text_channel(
        "welcome", overwrites={everyone: discord.PermissionOverwrite(send_messages=False)})
    h.env.backend.edit_guild(guild.id, {"system_channel_id": closed.id})
    await h.env.settle()
    await _join(h, h.bot.get_guild(guild.id))
    assert closed.history() == []
    [dm] = owner.dm_channel.history()
    assert "/td role" in dm.content and "/tournament create" in dm.content


def test_docs_url_is_read_and_checked(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOCS_URL", raising=False)
    assert load_settings(env_file=None).docs_url is None
    monkeypatch.setenv("DOCS_URL", DOCS + "/")
    assert load_settings(env_file=None).docs_url == DOCS
    monkeypatch.setenv("DOCS_URL", "example.org/docs")
    with pytest.raises(ConfigError, match="DOCS_URL must start with https://"):
        load_settings(env_file=None)

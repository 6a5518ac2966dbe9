from __future__ import annotations

import discord

from bot.engine.profile import make_profile


async def test_rule_string_bet_in_channel(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="string-bet")
    assert not result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "String bets"
    rule = harness.bot.rulebook.get("string-bet")
    assert embed.description == rule.text_for(make_profile("tda"))
    assert any(f.name == "Follows" for f in embed.fields)
    assert harness.channel.last_message.embeds[0].title == "String bets"


async def test_rule_clock_and_odd_chip(harness):
    clock = await harness.bob.slash(harness.channel, "rule", topic="clock")
    assert not clock.ephemeral
    assert clock.response.embeds[0].title == harness.bot.rulebook.get("clock").title
    odd = await harness.bob.slash(harness.channel, "rule", topic="odd chip")
    assert odd.response.embeds[0].title == harness.bot.rulebook.get("odd-chip").title
    titles = [m.embeds[0].title for m in harness.channel.history(viewer=harness.carol)]
    assert titles == ["Calling the clock", "Odd chips in a split pot"]


async def test_rule_text_follows_the_guild_profile(harness):
    rule = harness.bot.rulebook.get("make-it")
    before = await harness.alice.slash(harness.channel, "rule", topic="make-it")
    assert before.response.embeds[0].description == rule.text_for(make_profile("tda"))
    await harness.set_profile("tavern")
    after = await harness.alice.slash(harness.channel, "rule", topic="make-it")
    tavern = make_profile("tavern")
    assert after.response.embeds[0].description == rule.text_for(tavern)
    assert after.response.embeds[0].description != before.response.embeds[0].description
    follows = after.response.embeds[0].fields[0].value
    assert follows == "; ".join(rule.follows_for(tavern))


async def test_rule_number_override_is_shown(harness):
    await harness.set_profile("treps", clock_seconds=90)
    result = await harness.alice.slash(harness.channel, "rule", topic="action-time")
    expected = harness.bot.rulebook.get("action-time").text_for(
        make_profile("treps", clock_seconds=90))
    assert result.response.embeds[0].description == expected


async def test_unknown_topic_is_private(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="xyzzy")
    assert result.ephemeral
    assert result.response.content == "No rule matches 'xyzzy'. Try /rule list."
    assert harness.channel.history(viewer=harness.bob) == []


async def test_unknown_topic_cannot_ping(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="@everyone")
    assert "@everyone" not in result.response.content


async def test_rule_list_is_private_and_paged(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="list")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert len(embed.description) <= 4096 and len(embed) <= 6000
    assert "`string-bet`" in "".join(
        [(await harness.alice.slash(harness.channel, "rule", topic="list", page=p))
         .response.embeds[0].description for p in range(1, 5)])
    bare = await harness.alice.slash(harness.channel, "rule")
    assert bare.ephemeral and bare.response.embeds[0].title.startswith("Rules — page 1")


async def test_autocomplete(harness):
    choices = await harness.alice.autocomplete(harness.channel, "rule", "topic", "str")
    assert 0 < len(choices) <= 25
    assert "String bets" in [c["name"] for c in choices]
    everything = await harness.alice.autocomplete(harness.channel, "rule", "topic", "")
    assert len(everything) == 25


async def test_error_goes_through_the_one_handler(harness, monkeypatch, caplog):
    def boom(query):
        raise RuntimeError("rulebook exploded")

    monkeypatch.setattr(harness.bot.rulebook, "lookup", boom)
    result = await harness.alice.slash(harness.channel, "rule", topic="clock")
    assert result.ephemeral
    assert "something went wrong" in result.response.content
    assert "`/rule`" in result.response.content
    errors = harness.env.errors
    assert any("rulebook exploded" in repr(getattr(e, "original", e)) for e in errors)
    assert "rulebook exploded" in caplog.text


async def test_error_after_defer_is_answered_by_followup(harness, caplog):
    cog = harness.bot.get_cog("Rules")

    async def broken(interaction: discord.Interaction, topic: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        raise RuntimeError("failed after deferring")

    cog.answer_rule = broken
    result = await harness.alice.slash(harness.channel, "rule", topic="clock")
    answers = [m for m in [result.response, *result.followups] if m is not None]
    assert any("something went wrong" in m.content for m in answers)
    assert all(m.ephemeral for m in answers)
    assert harness.channel.history(viewer=harness.bob) == []
    assert any("failed after deferring" in repr(getattr(e, "original", e))
               for e in harness.env.errors)

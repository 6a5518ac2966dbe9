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

"""/rule: the league's rules as they are played here, posted in the channel for everyone.

In a channel with a running tournament the answer follows that tournament's profile, knobs
and mode (a tournament created before `/td profile` plays the profile it was created with; a
live night's bot does what it does at a live night); elsewhere the server's profile.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.lookup import channel_key, session_in_channel
from bot.discord_ui.presenter.limits import truncate
from bot.discord_ui.presenter.rules import (
    SUGGESTIONS,
    PlayedHere,
    list_embed,
    list_pages,
    no_match_text,
    rule_embed,
)
from bot.rulebook import Rulebook
from bot.rulebook.search import MAX_QUERY_CHARS

LIST_WORDS = frozenset({"list", "all", "index"})
# Pages of the list a player may ask for (there are a handful).
MAX_PAGE = 100


class Rules(commands.Cog):
    """One command, `/rule`: Discord forbids options on a command that has subcommands, so
    `/rule topic:list` (or `/rule` alone) is the list rather than a `/rule list` subcommand."""

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rule", description="Post a rule: at a real table first, then how the bot plays it"
    )
    @app_commands.describe(
        topic="A rule's name or a question, e.g. string bet, clock, who shows first; 'list'",
        page="Page of the list, from 1",
    )
    async def rule(
        self, interaction: discord.Interaction,
        topic: app_commands.Range[str, 1, MAX_QUERY_CHARS] | None = None,
        page: app_commands.Range[int, 1, MAX_PAGE] = 1,
    ) -> None:
        if topic is None or topic.strip().casefold() in LIST_WORDS:
            await self.answer_list(interaction, page)
        else:
            await self.answer_rule(interaction, topic[:MAX_QUERY_CHARS])

    @rule.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return topic_choices(self.bot.rulebook, current)

    async def answer_rule(self, interaction: discord.Interaction, topic: str) -> None:
        answer = self.bot.rulebook.answer(topic, SUGGESTIONS)
        if answer.rule is None:
            await interaction.response.send_message(
                no_match_text(topic, answer.suggestions, answer.not_covered), ephemeral=True
            )
            return
        here = await self.played_here(interaction)
        # In the channel, not ephemeral: a ruling is settled in front of the whole table.
        await interaction.response.send_message(embed=rule_embed(answer.rule, here))

    async def played_here(self, interaction: discord.Interaction) -> PlayedHere:
        """The rules of the tournament running in this channel, else the server's."""
        session = session_in_channel(self.bot, interaction.guild_id,
                                     channel_key(interaction.channel))
        if session is not None:
            t = session.tournament
            row = self.bot.tournaments.rows[session.store_id]
            return PlayedHere(t.profile, t.cfg.mode, row.name, session.store_id)
        return PlayedHere(await self.bot.league_profile(interaction.guild_id))

    async def answer_list(self, interaction: discord.Interaction, page: int) -> None:
        pages = list_pages(self.bot.rulebook.all())
        index = min(max(page, 1), len(pages)) - 1
        await interaction.response.send_message(embed=list_embed(pages, index), ephemeral=True)


def topic_choices(rulebook: Rulebook, current: str) -> list[app_commands.Choice[str]]:
    # The value is the rule id, so a picked choice always resolves to exactly that rule.
    current = current[:MAX_QUERY_CHARS]
    choices = [
        app_commands.Choice(name=truncate(r.title, 100), value=r.id)
        for r in rulebook.search(current)
    ]
    if not current.strip() or "list".startswith(current.strip().casefold()):
        choices.insert(0, app_commands.Choice(name="List every rule", value="list"))
    return choices[:25]


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Rules(bot))

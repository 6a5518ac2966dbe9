"""/rule: the league's rules as they are played here, posted in the channel for everyone.

In a channel with a running tournament the answer follows that tournament's profile, knobs
and mode (a tournament created before `/td profile` plays the profile it was created with; a
live night's bot does what it does at a live night); elsewhere the server's profile.

The lookup says how sure it is (bot/rulebook/loader.py `Answer`): a rule it is sure of is
posted (with the question's amounts worked out by the engine under this profile, when it gave
some); when unsure, the closest rules come back privately as buttons (`RuleButton`, persistent:
one tap posts that rule); a topic no rulebook of the league covers is said so, privately, with
the closest rules as buttons only if some are close.
"""

from __future__ import annotations

import logging

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
    rule_button_label,
    rule_embed,
    unsure_text,
)
from bot.discord_ui.replies import generic_error_text, send_private
from bot.discord_ui.template_button import TemplateButton
from bot.rulebook import Rule, Rulebook
from bot.rulebook.search import MAX_QUERY_CHARS

log = logging.getLogger(__name__)

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
        here = await self.played_here(interaction)
        answer = self.bot.rulebook.answer(topic, SUGGESTIONS, profile=here.profile)
        if answer.kind == "confident" and answer.rule is not None:
            # In the channel, not ephemeral: a ruling is settled in front of the whole table.
            await interaction.response.send_message(
                embed=rule_embed(answer.rule, here, answer.worked))
            return
        if answer.kind == "unsure":
            text = unsure_text(topic, answer.suggestions, answer.amounts_unread)
        else:
            text = no_match_text(topic, answer.suggestions, answer.not_covered)
        await interaction.response.send_message(text, view=rule_buttons(answer.suggestions),
                                                ephemeral=True)

    async def played_here(self, interaction: discord.Interaction) -> PlayedHere:
        return await played_here(self.bot, interaction)

    async def answer_list(self, interaction: discord.Interaction, page: int) -> None:
        pages = list_pages(self.bot.rulebook.all())
        index = min(max(page, 1), len(pages)) - 1
        await interaction.response.send_message(embed=list_embed(pages, index), ephemeral=True)


async def played_here(bot: LeagueBot, interaction: discord.Interaction) -> PlayedHere:
    """The rules of the tournament running in this channel, else the server's."""
    session = session_in_channel(bot, interaction.guild_id, channel_key(interaction.channel))
    if session is not None:
        t = session.tournament
        row = bot.tournaments.rows[session.store_id]
        return PlayedHere(t.profile, t.cfg.mode, row.name, session.store_id)
    return PlayedHere(await bot.league_profile(interaction.guild_id))


# A rule's id is kebab-case (data/rules); the custom id stays far inside Discord's 100.
RULE_BUTTON = r"rl:(?P<rule>[a-z0-9-]{1,60})"


class RuleButton(TemplateButton, template=RULE_BUTTON):
    """One of the rules offered: a tap posts it in the channel, as /rule with its id would."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, LeagueBot)
        try:
            rule = bot.rulebook.get(self.fields["rule"])
        except KeyError:
            await send_private(interaction, no_match_text(self.fields["rule"], []))
            return
        try:
            here = await played_here(bot, interaction)
            await interaction.response.send_message(embed=rule_embed(rule, here))
        except Exception:
            log.exception("rule button %s failed", self.item.custom_id)
            await send_private(interaction, generic_error_text(interaction))


def rule_buttons(rules: tuple[Rule, ...]) -> discord.ui.View:
    """A button for each rule offered (none when no rule is)."""
    view = discord.ui.View(timeout=None)
    for rule in rules:
        view.add_item(RuleButton(f"rl:{rule.id}", rule_button_label(rule)))
    return view


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
    bot.add_dynamic_items(RuleButton)
    await bot.add_cog(Rules(bot))


async def teardown(bot: LeagueBot) -> None:
    bot.remove_dynamic_items(RuleButton)

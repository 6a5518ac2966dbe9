"""/rule: the league's rules as this league plays them, posted in the channel for everyone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.presenter.limits import EMBED_DESCRIPTION, fit_embed, truncate
from bot.rulebook import Rule, Rulebook

RULE_COLOUR = discord.Colour.blurple()
# Ids and titles of a page of `/rule topic:list`, well inside one embed description.
LIST_PAGE_CHARS = 1800
LIST_COMMAND = "`/rule topic:list`"
# Rules offered when a query finds none: a few close names help more than the whole list.
SUGGESTIONS = 3


def rule_embed(rule: Rule, text: str, follows: tuple[str, ...], profile_name: str) -> discord.Embed:
    """One rule: `text` is `Rule.text_for`, the live rule ("At the table") first, then how the
    bot applies it ("In this bot")."""
    embed = discord.Embed(title=truncate(rule.title, 256), description=text, colour=RULE_COLOUR)
    embed.add_field(name="Follows", value=truncate("; ".join(follows), 1024), inline=False)
    embed.set_footer(text=f"rule {rule.id} · {rule.topic} · profile {profile_name}")
    return fit_embed(embed)


def list_pages(rules: list[Rule], page_chars: int = LIST_PAGE_CHARS) -> list[str]:
    """`/rule topic:list` as pages of "`id` — title" lines, grouped by topic, each under the
    limit."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    topic = None
    for rule in rules:
        lines = []
        if rule.topic != topic:
            topic = rule.topic
            lines.append(f"**{topic}**")
        lines.append(f"`{rule.id}` — {rule.title}")
        chunk = "\n".join(lines)
        if current and size + len(chunk) + 1 > page_chars:
            pages.append("\n".join(current))
            current, size = [], 0
            if not chunk.startswith("**"):
                chunk = f"**{topic}** (cont.)\n{chunk}"
        current.append(chunk)
        size += len(chunk) + 1
    if current:
        pages.append("\n".join(current))
    return [truncate(p, EMBED_DESCRIPTION) for p in pages]


LIST_WORDS = frozenset({"list", "all", "index"})


def no_match_text(topic: str, suggestions: list[Rule]) -> str:
    """The private answer to a topic that names no rule: the closest rules, and the list."""
    shown = discord.utils.escape_mentions(discord.utils.escape_markdown(topic.strip()[:100]))
    text = f"No rule matches '{shown}'."
    if suggestions:
        names = ", ".join(f"`{r.id}` ({r.title})" for r in suggestions[:SUGGESTIONS])
        text += f" Closest: {names}."
    return text + f" {LIST_COMMAND} lists every rule."


def list_footer(index: int, pages: int) -> str:
    more = f" Page {index + 2}: `/rule topic:list page:{index + 2}`." if index + 1 < pages else ""
    return f"Post one rule in the channel with /rule topic:<name or id>.{more}"


class Rules(commands.Cog):
    """One command, `/rule`: Discord forbids options on a command that has subcommands, so
    `/rule topic:list` (or `/rule` alone) is the list rather than a `/rule list` subcommand."""

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rule", description="Post a rule: at a real table first, then how the bot plays it"
    )
    @app_commands.describe(
        topic="A rule's name, e.g. string bet, clock, odd chip; 'list' for every rule",
        page="Page of the list, from 1",
    )
    async def rule(
        self, interaction: discord.Interaction, topic: str | None = None, page: int = 1
    ) -> None:
        if topic is None or topic.strip().casefold() in LIST_WORDS:
            await self.answer_list(interaction, page)
        else:
            await self.answer_rule(interaction, topic)

    @rule.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return topic_choices(self.bot.rulebook, current)

    async def answer_rule(self, interaction: discord.Interaction, topic: str) -> None:
        rule = self.bot.rulebook.lookup(topic)
        if rule is None:
            suggestions = self.bot.rulebook.search(topic, limit=SUGGESTIONS)
            await interaction.response.send_message(
                no_match_text(topic, suggestions), ephemeral=True
            )
            return
        profile = await self.bot.league_profile(interaction.guild_id)
        embed = rule_embed(rule, rule.text_for(profile), rule.follows_for(profile), profile.name)
        # In the channel, not ephemeral: a ruling is settled in front of the whole table.
        await interaction.response.send_message(embed=embed)

    async def answer_list(self, interaction: discord.Interaction, page: int) -> None:
        pages = list_pages(self.bot.rulebook.all())
        index = min(max(page, 1), len(pages)) - 1
        embed = discord.Embed(
            title=f"Rules — page {index + 1} of {len(pages)}",
            description=pages[index],
            colour=RULE_COLOUR,
        )
        embed.set_footer(text=list_footer(index, len(pages)))
        await interaction.response.send_message(embed=fit_embed(embed), ephemeral=True)


def topic_choices(rulebook: Rulebook, current: str) -> list[app_commands.Choice[str]]:
    # The value is the rule id, so a picked choice always resolves to exactly that rule.
    choices = [
        app_commands.Choice(name=truncate(r.title, 100), value=r.id)
        for r in rulebook.search(current)
    ]
    if not current.strip() or "list".startswith(current.strip().casefold()):
        choices.insert(0, app_commands.Choice(name="List every rule", value="list"))
    return choices[:25]


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Rules(bot))

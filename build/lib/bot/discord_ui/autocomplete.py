"""Autocomplete shared by several cogs' commands (one copy, imported by each)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_ui.client import LeagueBot

# Discord shows at most 25 choices, each name and value at most 100 characters.
MAX_CHOICES = 25
MAX_CHOICE = 100


async def league_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues whose name holds what was typed (any case)."""
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    names = [lg.name for lg in await bot.store.leagues(interaction.guild_id)]
    return [app_commands.Choice(name=n[:MAX_CHOICE], value=n[:MAX_CHOICE]) for n in names
            if current.casefold() in n.casefold()][:MAX_CHOICES]

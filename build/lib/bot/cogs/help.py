"""/help, privately: the player's guide, and a director's night in order; and the first steps
posted once when the bot joins a server. The words are the presenter's (presenter/help.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import is_director
from bot.discord_ui.presenter.help import UNNAMED_BOT, help_embed, welcome_text
from bot.discord_ui.replies import send_private
from bot.discord_ui.welcome import send_welcome


class Help(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play and, for directors, how to "
                                                   "run a night (only you see it)")
    async def help(self, interaction: discord.Interaction) -> None:
        director = await is_director(self.bot, interaction)
        await send_private(interaction, "", embed=help_embed(self.bot.docs_url,
                                                             director=director))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        name = self.bot.user.name if self.bot.user is not None else UNNAMED_BOT
        await send_welcome(self.bot, guild, welcome_text(name, self.bot.docs_url))


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Help(bot))

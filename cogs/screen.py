"""`/td screen`: the link to this channel's tournament clock page, privately, for a director;
`/td screen revoke:True` makes every earlier link stop working. Attached to the director's
`/td` group (cogs/director.py, loaded before this cog), as cogs/live.py attaches its own."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import require_director
from bot.discord_ui.lookup import find_session
from bot.discord_ui.presenter.screen import screen_link_text, screen_off_text
from bot.discord_ui.replies import Refusal, send_private
from bot.discord_ui.td_group import attach_to_td, detach_from_td

log = logging.getLogger(__name__)


@app_commands.describe(revoke="True: every earlier link of this tournament stops working")
async def td_screen(interaction: discord.Interaction, revoke: bool = False) -> None:
    bot = interaction.client
    if not isinstance(bot, LeagueBot):
        raise Refusal("The screen command is not available. Nothing was changed.")
    await require_director(bot, interaction)
    session = find_session(bot, interaction)
    web = bot.web
    if web is None:
        raise Refusal(screen_off_text())
    await interaction.response.defer(ephemeral=True, thinking=True)
    token = await bot.screen_links.issue(session.store_id, interaction.user.id, revoke=revoke)
    if revoke:
        web.revoked(session.store_id)
    name = bot.tournaments.rows[session.store_id].name
    await send_private(interaction, screen_link_text(
        name, web.link(session.store_id, token), revoked=revoke,
        online=not session.tournament.live))


class Screen(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        self.attached: list[str] = []

    async def cog_load(self) -> None:
        command: app_commands.Command[Any, Any, Any] = app_commands.Command(
            name="screen", description="A link to this tournament's clock for the room's TV "
                                       "(only to you)", callback=td_screen)
        self.attached = attach_to_td(self.bot.tree, [command])

    async def cog_unload(self) -> None:
        detach_from_td(self.bot.tree, self.attached)
        self.attached = []


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Screen(bot))

"""`/td screen`: the link to this channel's tournament clock page, privately, for a director;
`/td screen revoke:True` makes every earlier link stop working (after the night too: a finished
tournament's links stop by themselves a day after its end). Attached to the director's
`/td` group (cogs/director.py, loaded before this cog), as cogs/live.py attaches its own."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import require_director
from bot.discord_ui.lookup import channel_key, find_session
from bot.discord_ui.parsing import parse_screen_message
from bot.discord_ui.presenter.screen import (
    MESSAGE_CHARS,
    SCREEN_UNAVAILABLE,
    logo_refusal_text,
    screen_control_text,
    screen_link_text,
    screen_off_text,
    screen_revoked_text,
    screen_touch_text,
)
from bot.discord_ui.replies import send_private
from bot.discord_ui.screen_touch import LOGO_BYTES, image_type, set_touch
from bot.discord_ui.td_group import attach_to_td, detach_from_td
from bot.service.usecases import Refused
from bot.store.rows import TournamentRow

log = logging.getLogger(__name__)


@app_commands.describe(
    revoke="True: every earlier link of this tournament stops working",
    control="True: your private remote (the clock with its controls) instead of a view link",
    message="A line shown on the screen under the tournament's name ('none' clears it)",
    logo="The league's logo on the screen: a PNG or JPEG, at most 256 KB")
async def td_screen(interaction: discord.Interaction, revoke: bool = False,
                    control: bool = False,
                    message: app_commands.Range[str, 1, MESSAGE_CHARS] | None = None,
                    logo: discord.Attachment | None = None) -> None:
    bot = interaction.client
    if not isinstance(bot, LeagueBot):
        raise Refused.saying(SCREEN_UNAVAILABLE)
    await require_director(bot, interaction)
    web = bot.web
    if web is None:
        raise Refused.saying(screen_off_text())
    try:
        session = find_session(bot, interaction)
    except Refused:
        if not revoke:
            raise
        # After the night: its links can still be revoked (they would stop a day after its end).
        ended = await _last_ended_here(bot, interaction)
        if ended is None:
            raise
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.screen_links.revoke(ended.id, interaction.user.id)
        web.revoked(ended.id)
        await send_private(interaction, screen_revoked_text(ended.name))
        return
    name = bot.tournaments.rows[session.store_id].name
    if message is not None or logo is not None:
        image = await read_logo(logo) if logo is not None else None
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = None if message is None else parse_screen_message(message)
        await set_touch(bot.store, bot.screen_feed, session.store_id, interaction.user.id,
                        message=text, clear_message=message is not None and text is None,
                        logo=image)
        await send_private(interaction, screen_touch_text(name, message=message is not None,
                                                          text=text, logo=image is not None))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    token = await bot.screen_links.issue(session.store_id, interaction.user.id, revoke=revoke,
                                         control=control)
    if revoke:
        web.revoked(session.store_id)
    url = web.link(session.store_id, token)
    if control:
        await send_private(interaction, screen_control_text(name, url, revoked=revoke))
        return
    await send_private(interaction, screen_link_text(
        name, url, revoked=revoke, online=not session.tournament.live))


async def read_logo(attachment: discord.Attachment) -> tuple[bytes, str]:
    """The uploaded logo's bytes and type: a PNG or JPEG (by its first bytes, whatever its
    name says) of at most LOGO_BYTES; anything else is refused and nothing changes."""
    if attachment.size > LOGO_BYTES:
        raise Refused.saying(logo_refusal_text(too_big=True))
    data = await attachment.read()
    kind = image_type(data)
    if len(data) > LOGO_BYTES or kind is None:
        raise Refused.saying(logo_refusal_text(too_big=len(data) > LOGO_BYTES))
    return data, kind


async def _last_ended_here(bot: LeagueBot,
                           interaction: discord.Interaction) -> TournamentRow | None:
    """This channel's latest finished or cancelled tournament (None: none)."""
    if interaction.guild_id is None:
        return None
    here = channel_key(interaction.channel)
    ended = [r for r in await bot.store.tournaments(interaction.guild_id)
             if r.channel_id == here and not r.unfinished]
    return max(ended, key=lambda r: r.id, default=None)


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

"""Where the first message goes when the bot joins a server: the server's system channel if
the bot may post there, else its owner by DM; if neither takes it, the log says so (the bot
works without it)."""

from __future__ import annotations

import logging

import discord

from bot.discord_ui.nonces import nonce
from bot.discord_ui.replies import NO_PINGS

log = logging.getLogger(__name__)


def _can_post(guild: discord.Guild, channel: discord.TextChannel | None) -> bool:
    if channel is None or guild.me is None:
        return False
    perms = channel.permissions_for(guild.me)
    return perms.view_channel and perms.send_messages


async def send_welcome(client: discord.Client, guild: discord.Guild, text: str) -> str | None:
    """Send `text` once, to the system channel or else the owner; where it went ("channel",
    "owner"), or None when neither could be reached."""
    channel = guild.system_channel
    if _can_post(guild, channel):
        assert channel is not None
        try:
            await channel.send(text, allowed_mentions=NO_PINGS, nonce=nonce(),
                               suppress_embeds=True)
            return "channel"
        except discord.HTTPException:
            log.info("could not post the welcome in %s's system channel", guild.id)
    if guild.owner_id is not None:
        try:
            owner = client.get_user(guild.owner_id) or await client.fetch_user(guild.owner_id)
            await owner.send(text, allowed_mentions=NO_PINGS, nonce=nonce(), suppress_embeds=True)
            return "owner"
        except discord.HTTPException:
            log.info("could not send the welcome to %s's owner", guild.id)
    log.warning("joined server %s: no channel or owner took the first-steps message", guild.id)
    return None

"""Refusals and private replies: the one place that answers a user privately.

A command, button or modal refuses by raising `Refused` (nothing changed; the one refusal of
the use cases and the Discord side alike); the bot's one error handler turns it into a private
message in the presenter's words (`refused_text`). `send_private` answers whether or not the
interaction was already answered or deferred. Nothing sent from here can ping anyone.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter import answers as words
from bot.discord_ui.presenter.answers import refused_text
from bot.engine.errors import IllegalAction
from bot.service.usecases import Refused
from bot.service.usecases.refused import from_game
from bot.tournament.errors import TournamentError

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
MESSAGE_CHARS = 2000


def ping_only(user_id: int) -> discord.AllowedMentions:
    """Mentions that notify this one user and nobody else (no roles, no @everyone)."""
    return discord.AllowedMentions(users=[discord.Object(user_id)], everyone=False, roles=False,
                                   replied_user=False)


def error_message(error: BaseException) -> str | None:
    """A message for errors the user can act on; None for bugs (logged with the traceback)."""
    original = getattr(error, "original", None)
    cause = original if isinstance(original, BaseException) else error
    if isinstance(cause, Refused):
        return refused_text(cause)
    if isinstance(cause, (IllegalAction, TournamentError)):
        # A rule refused outside a use case: no names here (players read as "that player").
        return refused_text(from_game(cause))
    said = _discord_refusal(error)
    return refused_text(Refused.saying(said)) if said is not None else None


def _discord_refusal(error: BaseException) -> str | None:
    """discord.py refused the command before it ran: why, in the presenter's words."""
    if isinstance(error, app_commands.CommandOnCooldown):
        return words.cooldown_text(math.ceil(error.retry_after))
    if isinstance(error, app_commands.BotMissingPermissions):
        return words.missing_permissions_text(error.missing_permissions)
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return words.NEEDS_DIRECTOR_ROLE
    if isinstance(error, app_commands.NoPrivateMessage):
        return words.SERVER_ONLY
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or words.NOT_HERE
    if isinstance(error, app_commands.TransformerError):
        return words.OPTION_UNREADABLE
    return None


def generic_error_text(interaction: discord.Interaction) -> str:
    cmd = interaction.command
    return words.went_wrong_text(cmd.qualified_name if cmd is not None else None,
                                 interaction.id)


PUBLIC_DEFER = "public_defer"


async def defer_public(interaction: discord.Interaction) -> None:
    """Defer an answer the channel is to see, so that a slow write cannot miss Discord's 3
    seconds. The placeholder is private: a refusal after it stays private (Discord makes the
    first follow-up of a public deferral public, whatever it asks), and `send_public` posts the
    answer in the channel and removes the placeholder."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[PUBLIC_DEFER] = True


async def send_public(interaction: discord.Interaction, message: str = "", *,
                      embed: discord.Embed | None = None,
                      files: Sequence[discord.File] = (),
                      view: discord.ui.View | None = None) -> None:
    """The channel's answer to a command (after `defer_public`, or at once); never pings."""
    text = message[:MESSAGE_CHARS] or None
    missing = discord.utils.MISSING
    kwargs: dict[str, Any] = {"allowed_mentions": NO_PINGS, "embed": embed or missing,
                              "files": list(files) or missing, "view": view or missing}
    if not interaction.response.is_done():
        await interaction.response.send_message(text, **kwargs)
        return
    if not interaction.extras.pop(PUBLIC_DEFER, False) or interaction.channel_id is None:
        await interaction.followup.send(text if text is not None else missing, **kwargs)
        return
    channel = interaction.client.get_partial_messageable(interaction.channel_id)
    try:
        await channel.send(text, nonce=nonce(), **kwargs)
    except discord.HTTPException:
        # No right to post here: the user at least learns it was done.
        await interaction.followup.send(text if text is not None else missing, ephemeral=True,
                                        **kwargs)
        return
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()


async def send_private(interaction: discord.Interaction, message: str, *,
                       file: discord.File | None = None,
                       embed: discord.Embed | None = None,
                       view: discord.ui.View | None = None) -> None:
    """Answer only the user, whether or not the interaction was already answered or deferred."""
    if interaction.type is discord.InteractionType.autocomplete:
        return  # autocomplete has nowhere to show text
    text = message[:MESSAGE_CHARS] or None
    missing = discord.utils.MISSING
    try:
        if interaction.response.is_done():
            await interaction.followup.send(
                text if text is not None else missing, ephemeral=True,
                allowed_mentions=NO_PINGS, file=file or missing, embed=embed or missing,
                view=view or missing)
        else:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=NO_PINGS, file=file or missing,
                embed=embed or missing, view=view or missing)
    except discord.HTTPException:
        # The token may have expired (15 min) or the channel gone; never retry in a loop.
        log.warning("could not answer the user (interaction %s)", interaction.id)

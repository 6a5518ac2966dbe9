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
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.refusals import ended, span_words
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


def command_name(interaction: discord.Interaction) -> str:
    cmd = interaction.command
    return f"`/{cmd.qualified_name}`" if cmd is not None else "that"


def error_message(error: BaseException) -> str | None:
    """A message for errors the user can act on; None for bugs (logged with the traceback)."""
    original = getattr(error, "original", None)
    cause = original if isinstance(original, BaseException) else error
    if isinstance(cause, Refused):
        return refused_text(cause)
    if isinstance(cause, (IllegalAction, TournamentError)):
        # A rule refused outside a use case: no names here (players read as "that player").
        return refused_text(from_game(cause))
    if isinstance(error, app_commands.CommandOnCooldown):
        return ended(f"Slow down: try again in {span_words(math.ceil(error.retry_after))}.")
    if isinstance(error, app_commands.BotMissingPermissions):
        perms = ", ".join(p.replace("_", " ") for p in error.missing_permissions)
        return ended(f"I am missing permissions here: {perms}. Ask a server admin to grant "
                     "them.")
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return ended("You need the director role for that.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return ended("That command works in a server channel, not in DMs.")
    if isinstance(error, app_commands.CheckFailure):
        return ended(str(error) or "You cannot use that command here.")
    if isinstance(error, app_commands.TransformerError):
        return ("I could not read that value for this option: give it in the form the "
                "option's hint shows. Nothing was changed.")
    return None


def generic_error_text(interaction: discord.Interaction) -> str:
    return (f"Sorry, something went wrong running {command_name(interaction)}. "
            f"It has been logged for the bot's admin (reference `{interaction.id}`).")


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

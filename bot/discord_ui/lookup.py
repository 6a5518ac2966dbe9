"""Finding what a command or button is about: the tournament of a channel (or one named from any
channel). Refusals say what to do. Where a player sits and whether his click is still current
is the use cases' one check (bot/service/usecases/current.py)."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.context import GameBot
from bot.discord_ui.presenter.limits import safe_name, safe_text
from bot.discord_ui.presenter.notices import unrecoverable_text
from bot.discord_ui.replies import Refusal
from bot.service import Session
from bot.tournament.hand_id import HandId

NO_TOURNAMENT = ("No tournament is running in this channel. A director or player can start "
                 "one with `/tournament create`.")


def tournament_of_hand(hand_id: str) -> int:
    return HandId.parse(hand_id).tournament


def channel_key(channel: Any) -> int | None:
    """The channel a tournament is bound to: a thread's parent, else the channel itself."""
    if channel is None:
        return None
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return getattr(channel, "id", None)


def session_in_channel(bot: GameBot, guild_id: int | None,
                       channel_id: int | None) -> Session | None:
    if guild_id is None:
        return None
    for s in bot.tournaments.unfinished_in(guild_id):
        if bot.tournaments.rows[s.store_id].channel_id == channel_id:
            return s
    return None


def find_session(bot: GameBot, interaction: discord.Interaction) -> Session:
    """The unfinished tournament of this channel (or of the thread's channel); else the one
    tournament of this server the user is playing in."""
    session = session_in_channel(bot, interaction.guild_id, channel_key(interaction.channel))
    if session is not None:
        return session
    if interaction.guild_id is not None:
        player = str(interaction.user.id)
        mine = [s for s in bot.tournaments.unfinished_in(interaction.guild_id)
                if player in s.tournament.players]
        if len(mine) == 1:
            return mine[0]
        here = channel_key(interaction.channel)
        for lost in bot.tournaments.unrecoverable_in(interaction.guild_id):
            if lost.row.channel_id == here:
                raise Refusal(unrecoverable_text(safe_name(lost.row.name),
                                                 safe_text(lost.reason, 300)))
    raise Refusal(NO_TOURNAMENT)


def named_session(bot: GameBot, guild_id: int | None, text: str) -> Session:
    """An unfinished tournament of this server by its id (`7`, `#7`) or its name (any case)."""
    if guild_id is None:
        raise Refusal("Tournaments are run in a server channel, not in DMs.")
    wanted = text.strip().lstrip("#")
    sessions = bot.tournaments.unfinished_in(guild_id)
    for s in sessions:
        row = bot.tournaments.rows[s.store_id]
        if (wanted.isascii() and wanted.isdigit() and len(wanted) <= 9
                and int(wanted) == s.store_id) or row.name.casefold() == wanted.casefold():
            return s
    open_ones = ", ".join(f"{safe_name(bot.tournaments.rows[s.store_id].name)} "
                          f"(#{s.store_id})" for s in sessions[:10])
    raise Refusal(f"This server has no unfinished tournament called "
                  f"{safe_name(text) or 'that'}. "
                  + (f"Unfinished: {open_ones}." if open_ones else "None is unfinished."))

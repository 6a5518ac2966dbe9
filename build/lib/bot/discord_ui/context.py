"""What the buttons, the modal and the shared play helpers need from the bot, as a Protocol.

`interaction.client` is the running `LeagueBot` (bot/discord_ui/client.py), but that module
imports the buttons to register them; typing the client through this Protocol keeps the
imports one way (client → buttons → context), with no circle.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.discord_ui.announcer import Announcer
from bot.engine.profile import Profile
from bot.rulebook import Rulebook
from bot.service import TournamentService
from bot.store import Store


class GameBot(Protocol):
    store: Store
    tournaments: TournamentService
    announcer: Announcer
    rulebook: Rulebook

    async def league_profile(self, guild_id: int | None) -> Profile: ...


def game_of(interaction: discord.Interaction) -> GameBot:
    """The bot that received this interaction, with the game's parts."""
    return cast(GameBot, interaction.client)

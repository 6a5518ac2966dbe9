"""Who directs: the server's director role (`/td role`), else a role named "Tournament
Director", and anyone who may manage the server. Checked at run time on every director command
(the admin command groups are also hidden from members by default permissions)."""

from __future__ import annotations

import discord

from bot.discord_ui.context import GameBot
from bot.discord_ui.presenter.input import DIRECTOR_ROLE_NAME, NOT_A_DIRECTOR
from bot.service.usecases import Refused


async def is_director(bot: GameBot, interaction: discord.Interaction) -> bool:
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    if perms.administrator or perms.manage_guild:
        return True
    role_id = (await bot.store.guild_settings(interaction.guild_id)).director_role_id
    if role_id is not None:
        return any(r.id == role_id for r in member.roles)
    return any(r.name.casefold() == DIRECTOR_ROLE_NAME for r in member.roles)


async def require_director(bot: GameBot, interaction: discord.Interaction) -> None:
    if not await is_director(bot, interaction):
        raise Refused.saying(NOT_A_DIRECTOR)

"""Whether a role can see the director's commands (`/td role`).

The admin command groups (/td, /league, /season, /appeals) are hidden from members by their
default permissions (Manage Server). A server shows them to its director role in Server
Settings → Integrations → the bot → the command → add the role. The bot reads those settings
with its own token (Discord's "Get Application Command Permissions": `AppCommand.
fetch_permissions`), so `/td role` can say whether the role sees each group yet.

A role sees a command when its own permissions satisfy the default ones (Administrator or
Manage Server), or when the command (or, if the command has no setting for the role, the bot
as a whole) allows the role. A setting that denies it wins over an allowance for everyone
(@everyone). Channel settings are not read: they only narrow where the command shows.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import discord
from discord import app_commands

log = logging.getLogger(__name__)

# The command groups a director needs, in the order they are named.
DIRECTOR_GROUPS: tuple[str, ...] = ("td", "league", "season", "appeals")
# Discord's code for "this command has no permission settings in this server".
UNKNOWN_PERMISSIONS = 10066

Seen = Literal["yes", "no", "unknown"]


@dataclass(frozen=True)
class CommandAccess:
    """One command group and whether the role sees it (`unknown`: the bot could not read)."""

    name: str
    seen: Seen


@dataclass(frozen=True)
class Setting:
    """One permission setting of a command (or of the bot as a whole) in a guild."""

    target: int
    is_role: bool
    allowed: bool


def _setting(settings: Sequence[Setting], role_id: int, everyone_id: int) -> bool | None:
    """The role's own setting, else @everyone's; None when neither is set."""
    for target in (role_id, everyone_id):
        found = [s.allowed for s in settings if s.is_role and s.target == target]
        if found:
            return found[0]
    return None


async def _permissions(command: app_commands.AppCommand | None,
                       guild: discord.abc.Snowflake) -> list[Setting] | None:
    """The command's settings in the guild ([] when it has none); None if unreadable."""
    if command is None:
        return None
    try:
        found = await command.fetch_permissions(guild)
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_PERMISSIONS:
            return []
        return None
    except discord.HTTPException:
        log.warning("could not read the permissions of /%s", command.name, exc_info=True)
        return None
    return [Setting(p.id, p.type is discord.AppCommandPermissionType.role, p.permission)
            for p in found.permissions]


async def director_commands_access(client: discord.Client, tree: app_commands.CommandTree,
                                   guild_id: int, role: discord.Role, *,
                                   synced_to_guild: bool) -> list[CommandAccess]:
    """For each director group, whether members with `role` see it in this guild now."""
    guild = discord.Object(id=guild_id)
    if role.permissions.administrator or role.permissions.manage_guild:
        return [CommandAccess(name, "yes") for name in DIRECTOR_GROUPS]
    try:
        fetched = await (tree.fetch_commands(guild=guild) if synced_to_guild
                         else tree.fetch_commands())
    except discord.HTTPException:
        log.warning("could not read the bot's commands", exc_info=True)
        return [CommandAccess(name, "unknown") for name in DIRECTOR_GROUPS]
    by_name = {c.name: c for c in fetched}
    app_wide = await _app_permissions(client, guild_id)
    out = []
    for name in DIRECTOR_GROUPS:
        perms = await _permissions(by_name.get(name), guild)
        if perms is None:
            out.append(CommandAccess(name, "unknown"))
            continue
        allowed = _setting(perms, role.id, guild_id)
        if allowed is None and app_wide is not None:
            allowed = _setting(app_wide, role.id, guild_id)
        out.append(CommandAccess(name, "yes" if allowed else "no"))
    return out


async def _app_permissions(client: discord.Client, guild_id: int) -> list[Setting] | None:
    """The settings for the bot as a whole in the guild (Integrations → the bot, at the top):
    they apply to a command that has none of its own for the role."""
    app_id = client.application_id
    if app_id is None:
        return None
    try:
        data = await client.http.get_application_command_permissions(app_id, guild_id, app_id)
    except discord.NotFound:
        return []
    except discord.HTTPException:
        return None
    role = discord.AppCommandPermissionType.role.value
    return [Setting(int(p["id"]), int(p["type"]) == role, bool(p["permission"]))
            for p in data.get("permissions", [])]

"""/td role: the answer says whether the role sees the director's commands yet, read
from the server's command permissions with the bot's token, and how an admin shows them."""

from __future__ import annotations

import discord

from .conftest import Harness, grant_admin_commands
from .test_tournament_flow import reply

PATH = "Server Settings → Integrations → "


async def td_role(h: Harness, role) -> str:  # noqa: ANN001
    admins = h.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = h.guild.add_member(h.env.create_user("admin"), roles=[admins])
    r = await admin.slash(h.channel, "td role", role=role)
    assert r.ephemeral
    return reply(r)


async def test_a_role_that_cannot_see_the_commands_is_told_how_to_show_them(
        harness: Harness) -> None:
    h = harness
    floor = h.guild.create_role("Floor")
    text = await td_role(h, floor)
    assert text.startswith("Directors are now members with the role **Floor**.")
    assert "They **cannot see** /td, /league, /season and /appeals yet." in text
    assert PATH in text and "**Add roles or members** → **Floor**" in text
    # Once an admin shows /td to the role, the answer says so.
    for command in await h.bot.tree.fetch_commands(guild=discord.Object(h.guild.id)):
        if command.name == "td":
            h.guild.set_command_permissions(command, {floor: True})
    text = await td_role(h, floor)
    assert "They see /td already." in text
    assert "They **cannot see** /league, /season and /appeals yet." in text


async def test_a_role_granted_every_director_command_sees_them(harness: Harness) -> None:
    h = harness
    floor = h.guild.create_role("Floor")
    await grant_admin_commands(h.bot, h.guild, h.director_role, floor)
    text = await td_role(h, floor)
    assert "Members with **Floor** see the director commands (/td, /league, /season and " \
           "/appeals)." in text
    assert PATH not in text
    managers = h.guild.create_role("Managers",
                                   permissions=discord.Permissions(manage_guild=True))
    assert "see the director commands" in await td_role(h, managers)


async def test_permissions_that_cannot_be_read_are_said_so(harness: Harness) -> None:
    h = harness
    floor = h.guild.create_role("Floor")
    h.env.inject_error("GET", "/applications/*/guilds/*/commands/*/permissions", status=403,
                       code=50001, message="Missing Access", times=None)
    text = await td_role(h, floor)
    assert "I could not read who sees /td, /league, /season and /appeals" in text
    assert PATH in text

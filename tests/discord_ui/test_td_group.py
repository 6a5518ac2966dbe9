"""Cogs add their subcommands to the director's /td group: each name once, logged when taken,
nothing without the group, and all of them taken away when the cog unloads."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord_ui.td_group import attach_to_td, detach_from_td


async def _noop(interaction: discord.Interaction) -> None:
    return None


def _command(name: str) -> app_commands.Command[Any, Any, Any]:
    return app_commands.Command(name=name, description=f"/{name}", callback=_noop)


def _tree(with_td: bool) -> app_commands.CommandTree[Any]:
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none()))
    if with_td:
        tree.add_command(app_commands.Group(name="td", description="director"))
    return tree


def _subcommands(tree: app_commands.CommandTree[Any]) -> list[str]:
    td = tree.get_command("td")
    assert isinstance(td, app_commands.Group)
    return sorted(c.name for c in td.commands)


def test_subcommands_are_added_once_and_taken_away(caplog: pytest.LogCaptureFixture) -> None:
    tree = _tree(with_td=True)
    first = attach_to_td(tree, [_command("deal"), _command("screen")])
    assert first == ["deal", "screen"] and _subcommands(tree) == ["deal", "screen"]
    again = attach_to_td(tree, [_command("deal"), _command("bust")])
    assert again == ["bust"]  # 'deal' is taken: the first one stays, the second is skipped
    assert "/td deal already exists" in caplog.text
    detach_from_td(tree, first)
    assert _subcommands(tree) == ["bust"]


def test_without_the_td_group_nothing_is_added(caplog: pytest.LogCaptureFixture) -> None:
    tree = _tree(with_td=False)
    assert attach_to_td(tree, [_command("deal")]) == []
    assert "no /td group: /td deal not available" in caplog.text
    assert tree.get_command("td") is None
    detach_from_td(tree, ["deal"])  # unloading such a cog changes nothing either

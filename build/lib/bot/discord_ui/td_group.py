"""Commands that cogs add to the director's `/td` group.

`cogs/director.py` defines `/td` and is loaded first; the cogs of the live night, deals,
structures and payouts, and the screen add their subcommands to it when they load and take
them away when they unload. A name already in the group is logged and skipped (never two
commands of one name), and without a `/td` group nothing is added (logged)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from discord import app_commands

log = logging.getLogger(__name__)

Subcommand = app_commands.Command[Any, Any, Any] | app_commands.Group


def attach_to_td(tree: app_commands.CommandTree[Any], commands: Iterable[Subcommand]
                 ) -> list[str]:
    """Add `commands` to `/td`; the names of those added (for `detach_from_td`)."""
    commands = list(commands)
    td = tree.get_command("td")
    if not isinstance(td, app_commands.Group):
        log.warning("no /td group: /td %s not available",
                    ", ".join(c.name for c in commands))
        return []
    added: list[str] = []
    for command in commands:
        try:
            td.add_command(command)
        except app_commands.CommandAlreadyRegistered:
            log.warning("/td %s already exists; not added again", command.name)
            continue
        added.append(command.name)
    return added


def detach_from_td(tree: app_commands.CommandTree[Any], names: Iterable[str]) -> None:
    """Take the named subcommands out of `/td` (a cog unloading)."""
    td = tree.get_command("td")
    if isinstance(td, app_commands.Group):
        for name in names:
            td.remove_command(name)

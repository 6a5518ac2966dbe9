"""docs/commands.md, written from the bot's own command tree.

The tree is built as the tests build it (`create_bot` without syncing, the cogs loaded by
`setup_hook` on a throw-away database), so every command a cog adds is in the page with its
options, their choices and limits as Discord enforces them. Who may use a command is read
from the code too: the groups' default permissions (what Discord hides from members) and the
bot's own director check (`require_director`, `is_director`), found in the command's callback
or in the helpers of its cog and module it calls.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.client import create_bot
from bot.discord_ui.directors import is_director, require_director
from bot.discord_ui.presenter.input import DIRECTOR_ROLE_NAME

AnyCommand = app_commands.Command[Any, Any, Any]


class Access(Enum):
    """Who the bot lets use a command, by its own checks."""

    EVERYONE = "Everyone"
    DIRECTORS = "Directors"
    PARTLY = "Everyone; some uses directors"
    MANAGE_SERVER = "Manage Server"


@dataclass(frozen=True)
class Found:
    """What one function's code does about directors: always requires one before anything
    else, requires one on some paths, or reads the member's Manage Server permission."""

    always: bool = False
    sometimes: bool = False
    manage_server: bool = False

    def __or__(self, other: Found) -> Found:
        return Found(self.always or other.always, self.sometimes or other.sometimes,
                     self.manage_server or other.manage_server)


# Statements that run whatever happened before them, so a check in one runs on every use.
_STRAIGHT = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return)


def _function_node(func: Callable[..., Any]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    try:
        source = textwrap.dedent(inspect.getsource(func))
    except (OSError, TypeError):
        return None
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return node
    return None


def _callee(call: ast.Call, func: Callable[..., Any], owner: type | None) -> Any:
    """The object a call names: a module-level name of the function's module, or a method of
    its class called on `self`."""
    target = call.func
    if isinstance(target, ast.Name):
        return func.__globals__.get(target.id)
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
            and target.value.id == "self" and owner is not None:
        return getattr(owner, target.attr, None)
    return None


def _what_a_call_does(callee: Any, owner: type | None, seen: set[Any]) -> Found:
    if callee is require_director:
        return Found(always=True)
    if callee is is_director:
        return Found(sometimes=True)
    if inspect.isfunction(callee) and callee.__module__.startswith(("bot.cogs", "cogs")):
        return found_in(callee, owner, seen)
    return Found()


def found_in(func: Callable[..., Any], owner: type | None = None,
             seen: set[Any] | None = None) -> Found:
    """What `func` (and the cog's own helpers it calls, at any depth) does about directors. A
    check is "always" when it is a plain statement of the function's body with no way out
    (a return) before it; inside an `if`, a loop or after an early return it is "sometimes"."""
    seen = set() if seen is None else seen
    if func in seen:
        return Found()
    seen.add(func)
    node = _function_node(func)
    if node is None:
        return Found()
    result = Found(manage_server=any(
        isinstance(n, ast.Attribute) and n.attr == "manage_guild" for n in ast.walk(node)))
    may_have_returned = False
    for statement in node.body:
        straight = isinstance(statement, _STRAIGHT) and not may_have_returned
        for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
            found = _what_a_call_does(_callee(call, func, owner), owner, seen)
            if found.always and not straight:
                found = Found(sometimes=True, manage_server=found.manage_server)
            result |= found
        if any(isinstance(n, ast.Return) for n in ast.walk(statement)):
            may_have_returned = True
    return result


def access(command: AnyCommand) -> Access:
    owner = type(command.binding) if command.binding is not None else None
    found = found_in(command.callback, owner)
    if found.always:
        return Access.DIRECTORS
    if found.manage_server:
        return Access.MANAGE_SERVER
    if found.sometimes:
        return Access.PARTLY
    return Access.EVERYONE


async def _built_tree() -> list[AnyCommand | app_commands.Group]:
    """The bot's top-level commands, every cog loaded, with no Discord connection."""
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Path(tmp) / "commands.sqlite3", sync_commands=False,
                         card_emojis=False)
        # `async with`: the client's own set-up (no login), so parts waiting for Discord to be
        # ready wait, and are stopped by the close, instead of failing.
        async with bot:
            await bot.setup_hook()
            return bot.tree.get_commands(type=discord.AppCommandType.chat_input)


def walk(commands: list[AnyCommand | app_commands.Group]) -> Iterator[AnyCommand]:
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from walk(command.commands)
        else:
            yield command


# --- the page ----------------------------------------------------------------------------------

_KINDS = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "whole number",
    discord.AppCommandOptionType.number: "number",
    discord.AppCommandOptionType.boolean: "True or False",
    discord.AppCommandOptionType.user: "member",
    discord.AppCommandOptionType.role: "role",
    discord.AppCommandOptionType.channel: "channel",
    discord.AppCommandOptionType.mentionable: "member or role",
    discord.AppCommandOptionType.attachment: "file",
}


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,}"


def _allowed(p: app_commands.Parameter) -> str:
    """The option's kind and what Discord lets a member type or pick for it."""
    if p.choices:
        parts = ["one of: " + ", ".join(f"`{c.name}`" for c in p.choices)]
    else:
        parts = [_KINDS.get(p.type, p.type.name)]
    low, high = p.min_value, p.max_value
    if p.type is discord.AppCommandOptionType.string and (low is not None or high is not None):
        parts.append(f"{_number(low or 0)} to {_number(high)} characters" if high is not None
                     else f"at least {_number(low or 0)} characters")
    elif low is not None and high is not None:
        parts.append(f"{_number(low)} to {_number(high)}")
    elif low is not None:
        parts.append(f"at least {_number(low)}")
    elif high is not None:
        parts.append(f"at most {_number(high)}")
    if p.autocomplete:
        parts.append("suggestions as you type")
    default = p.default
    if not p.required and default is not None and default is not discord.utils.MISSING:
        named = {c.value: c.name for c in p.choices}
        if default in named:
            shown = named[default]
        elif isinstance(default, int) and not isinstance(default, bool):
            shown = f"{default:,}"
        else:
            shown = str(default)
        parts.append(f"default `{shown}`")
    return "; ".join(parts)


def _anchor(name: str) -> str:
    """The heading anchor a code host gives `/name` (lower case, spaces as hyphens)."""
    return name.replace(" ", "-")


def _where(command: AnyCommand) -> str:
    root = command.root_parent or command
    return "a server" if root.guild_only or command.guild_only else "a server or a DM"


def _hidden_groups(commands: list[AnyCommand | app_commands.Group]) -> list[str]:
    return [f"`/{c.name}`" for c in commands
            if isinstance(c, app_commands.Group) and c.default_permissions is not None
            and c.default_permissions.value]


def _who(command: AnyCommand) -> str:
    who = access(command).value
    root = command.root_parent
    if root is not None and root.default_permissions is not None \
            and root.default_permissions.value:
        who += " (hidden by default)"
    return who


def commands_page(commands: list[AnyCommand | app_commands.Group]) -> str:
    every = list(walk(commands))
    hidden = ", ".join(_hidden_groups(commands))
    lines = [
        "# Commands",
        "",
        "Every slash command of the bot, its options and who may use it. This page is written "
        "from the bot's own command tree by `python -m scripts.make_docs`; a test fails when "
        "it differs from the code, so edit the commands, not this page.",
        "",
        "Who may use a command:",
        "",
        f"- **{Access.EVERYONE.value}**: any member of the server.",
        f"- **{Access.DIRECTORS.value}**: the server's director role (set with `/td role`; "
        f"until then a role named \"{DIRECTOR_ROLE_NAME.title()}\"), and anyone who may "
        "manage the server. The bot checks it on every use and refuses everyone else.",
        f"- **{Access.PARTLY.value}**: anyone, but part of it (another player, another "
        "tournament) is for directors; the description says which.",
        f"- **{Access.MANAGE_SERVER.value}**: only members with the Manage Server permission.",
        f"- **(hidden by default)**: {hidden} are shown only to members who may manage the "
        "server until an admin shows them to the director role (Server Settings → "
        "Integrations → the bot → the command → add the role). `/td role` says whether the "
        "role sees them yet.",
        "",
        "Options in *italics* are optional. Limits are Discord's: it refuses anything outside "
        "them before the bot sees it.",
        "",
        "## At a glance",
        "",
        "| Command | Who | What it does |",
        "|---|---|---|",
    ]
    for c in every:
        name = c.qualified_name
        lines.append(f"| [`/{name}`](#{_anchor(name)}) | {_who(c)} | {_cell(c.description)} |")
    for c in every:
        lines += ["", f"## /{c.qualified_name}", "", _cell(c.description), "",
                  f"Who: **{_who(c)}** · Where: {_where(c)}"]
        if c.parameters:
            lines += ["", "| Option | What it is | Takes |", "|---|---|---|"]
            for p in c.parameters:
                name = f"`{p.display_name}`" if p.required else f"*`{p.display_name}`*"
                lines.append(f"| {name} | {_cell(p.description)} | {_cell(_allowed(p))} |")
    return "\n".join(lines) + "\n"


def built_commands() -> list[AnyCommand | app_commands.Group]:
    """The bot's top-level commands and groups as the code stands."""
    return asyncio.run(_built_tree())


def build_commands_page() -> str:
    """docs/commands.md as the code stands."""
    return commands_page(built_commands())

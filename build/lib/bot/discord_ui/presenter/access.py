"""The words of `/td role`: the director role set, whether it sees the director's
commands yet, and how a server admin shows them to it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_ui.command_access import CommandAccess
from bot.discord_ui.presenter.limits import safe_name


def _listed(names: Sequence[str]) -> str:
    slashed = [f"/{n}" for n in names]
    if len(slashed) <= 1:
        return "".join(slashed)
    return ", ".join(slashed[:-1]) + " and " + slashed[-1]


def how_to_show(role: str, bot_name: str, commands: Sequence[str]) -> str:
    return (f"To show them: **Server Settings → Integrations → {safe_name(bot_name)}**, pick "
            f"{_listed(commands)} in turn, **Add roles or members** → **{role}**, and save. "
            "(Discord hides these commands from members who cannot manage the server until an "
            "admin does this; the bot cannot do it itself. The role is still checked on every "
            "command.)")


def director_role_text(role_name: str, access: Sequence[CommandAccess], bot_name: str) -> str:
    role = safe_name(role_name)
    lines = [f"Directors are now members with the role **{role}**."]
    hidden = [a.name for a in access if a.seen == "no"]
    unknown = [a.name for a in access if a.seen == "unknown"]
    seen = [a.name for a in access if a.seen == "yes"]
    if not hidden and not unknown:
        lines.append(f"Members with **{role}** see the director commands "
                     f"({_listed(seen)}).")
        return "\n".join(lines)
    if seen:
        lines.append(f"They see {_listed(seen)} already.")
    if hidden:
        lines.append(f"They **cannot see** {_listed(hidden)} yet.")
    if unknown:
        lines.append(f"I could not read who sees {_listed(unknown)}: check it in the same "
                     "place.")
    lines.append(how_to_show(role, bot_name, hidden + unknown))
    return "\n".join(lines)

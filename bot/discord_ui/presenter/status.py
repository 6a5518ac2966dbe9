"""`/tournament status`: the clock view first (what a player checks most), then each table's
players one short line each, or who has registered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.discord_ui.presenter.clock import clock_lines, clock_view
from bot.discord_ui.presenter.limits import chips, fit_embed, safe_name, truncate
from bot.tournament.tournament import Tournament

# Tables listed in full; a bigger field is summarised (the embed must stay readable).
TABLES_SHOWN = 6
STATUS_WORDS = {"registering": "open for registration", "running": "running",
                "finished": "finished"}


@dataclass(frozen=True)
class StatusFacts:
    name: str
    number: int
    names: Mapping[str, str]


def status_embed(t: Tournament, facts: StatusFacts, now: float) -> discord.Embed:
    def nm(player: str) -> str:
        raw = facts.names.get(player)
        return safe_name(raw) if raw else "a player"

    status = STATUS_WORDS.get(t.status, t.status)
    embed = discord.Embed(title=truncate(f"{facts.name} (#{facts.number}) — {status}", 256),
                          colour=discord.Colour.dark_green())
    lines = [f"Structure {t.structure.name} · rules `{t.profile.name}` · "
             f"{len(t.players)} players"]
    if t.status in ("running", "registering"):
        lines += clock_lines(clock_view(t, now))
    if t.paused:
        lines.append("⏸ Paused by the director.")
    for table, ts in sorted(t.tables.items())[:TABLES_SHOWN]:
        lines.append("")
        lines.append(f"**Table {table}**")
        for seat, player in sorted(ts.seats.items()):
            p = t.players[player]
            away = " · away" if p.away else ""
            lines.append(f"{seat} {truncate(nm(player), 16)} · {chips(p.stack)}{away}")
    if len(t.tables) > TABLES_SHOWN:
        lines.append(f"… and {len(t.tables) - TABLES_SHOWN} more tables.")
    if t.status == "registering":
        lines.append("")
        lines.append("Registered: " + (", ".join(nm(p) for p in t.players) or "nobody yet"))
    embed.description = "\n".join(lines)
    return fit_embed(embed)

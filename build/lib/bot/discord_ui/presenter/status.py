"""`/tournament status`: the clock view first (what a player checks most), then each table's
players one short line each, or who has registered.

A live night has no stacks the bot knows (the chips are real and nobody counts
them): its tables show who sits where, and the places of those already out, latest first."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import discord

from bot.discord_ui.presenter.announcements import ordinal
from bot.discord_ui.presenter.clock import clock_lines, clock_view
from bot.discord_ui.presenter.limits import chips, fit_embed, player_name, truncate
from bot.tournament.tournament import Tournament

# Busted players listed by place on a live night's status (the latest ones matter most).
OUT_SHOWN = 12

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
        return player_name(facts.names, player, "a player")

    status = STATUS_WORDS.get(t.status, t.status)
    embed = discord.Embed(title=truncate(f"{facts.name} (#{facts.number}) — {status}", 256),
                          colour=discord.Colour.dark_green())
    if t.live:
        # Guests are named by the director (the session names members).
        names = {**facts.names, **{p: g.name for p, g in t.guests.items()}}
        facts = StatusFacts(facts.name, facts.number, names)
    lines = [f"Structure {t.structure.name} · rules `{t.profile.name}` · "
             f"{len(t.players)} players"]
    if t.live:
        entries = t.entries if t.status != "registering" else len(t.players)
        lines[0] = (f"Structure {t.structure.name} · rules `{t.profile.name}` · {entries} "
                    "entries · live: real cards and chips")
    if t.status in ("running", "registering"):
        lines += clock_lines(clock_view(t, now), facts.names)
    if t.paused:
        lines.append("⏸ Paused by the director.")
    if t.live:
        lines += _live_tables(t, nm)
        embed.description = "\n".join(lines)
        return fit_embed(embed)
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


def _live_tables(t: Tournament, nm: Callable[[str], str]) -> list[str]:
    """Who sits where, then who is out in which place (latest first): a live night's field."""
    lines: list[str] = []
    for table, ts in sorted(t.tables.items())[:TABLES_SHOWN]:
        lines += ["", f"**Table {table}** · {len(ts.seats)} players"]
        lines += [f"Seat {seat} · {truncate(nm(player), 32)}"
                  for seat, player in sorted(ts.seats.items())]
    if len(t.tables) > TABLES_SHOWN:
        lines.append(f"… and {len(t.tables) - TABLES_SHOWN} more tables.")
    if t.status == "registering":
        lines += ["", "Registered: " + (", ".join(nm(p) for p in t.players) or "nobody yet")]
    out = [r for r in t.results() if r.out_at is not None]
    if out:
        shown = []
        for r in out[:OUT_SHOWN]:
            by = f", busted by {nm(r.knocked_out_by)}" if r.knocked_out_by else ""
            shown.append(f"{ordinal(r.place)} {truncate(nm(r.player), 32)}{by}")
        more = f" · … {len(out) - OUT_SHOWN} more" if len(out) > OUT_SHOWN else ""
        lines += ["", "**Out**: " + " · ".join(shown) + more]
    return lines

"""The time zones offered as `/td settings timezone:` is typed: the IANA names zoneinfo knows
(the system's, else the tzdata package's), read once: the first listing reads the zone files."""

from __future__ import annotations

import functools
import zoneinfo

import discord
from discord import app_commands

from bot.discord_ui.autocomplete import MAX_CHOICES


@functools.cache
def zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


async def zone_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """Names holding what was typed (`amster` → Europe/Amsterdam), those starting with it
    first."""
    typed = current.strip().casefold().replace(" ", "_")
    found = [z for z in zone_names() if typed in z.casefold()]
    found.sort(key=lambda z: (not z.casefold().split("/")[-1].startswith(typed), z))
    return [app_commands.Choice(name=z, value=z) for z in found[:MAX_CHOICES]]

"""A server's settings as its directors change them (`/td role`, `/td profile`, `/td settings`).

Each change writes only the settings given, read back in the same transaction
(`change_guild_settings`): two directors saving different settings at once both keep their
change, where reading all of them first and writing all of them back lost one.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo

from bot.engine.profile import Profile
from bot.store import GuildSettings, Store


@dataclass(frozen=True)
class SettingsChanged:
    """The server's settings after the change, and the names of the settings it changed (in
    the order the command lists them; empty: nothing given, nothing written)."""

    settings: GuildSettings
    changed: tuple[str, ...]


async def set_director_role(store: Store, guild_id: int, role_id: int) -> GuildSettings:
    """Members with this role may direct the server's tournaments."""
    return await store.write(lambda tx: tx.change_guild_settings(
        guild_id, director_role_id=role_id))


async def set_profile(store: Store, guild_id: int, profile: Profile) -> GuildSettings:
    """The rule profile (and its knob overrides) of tournaments created from now on."""
    return await store.write(lambda tx: tx.change_guild_settings(
        guild_id, profile=profile.name, knob_overrides=dict(profile.overrides)))


async def change_display(store: Store, guild_id: int, *, time_zone: ZoneInfo | None = None,
                         four_colour: bool | None = None, idle_ping: int | None = None,
                         card_dms: bool | None = None) -> SettingsChanged:
    """The table display and the server's time zone: each one given is changed, the others
    kept as they are."""
    changes: dict[str, object] = {}
    if time_zone is not None:
        changes["time_zone"] = time_zone.key
    if four_colour is not None:
        changes["four_colour_deck"] = four_colour
    if idle_ping is not None:
        changes["idle_ping_seconds"] = idle_ping
    if card_dms is not None:
        changes["hole_card_dms"] = card_dms
    settings = await store.write(lambda tx: tx.change_guild_settings(guild_id, **changes))
    return SettingsChanged(settings, tuple(changes))

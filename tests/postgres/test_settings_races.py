"""Two directors saving different server settings at the same moment, on both backends: each
keeps his change (only the settings given are written, read back in the same transaction). On
PostgreSQL two processes (two stores on one database) save at once too."""

from __future__ import annotations

import asyncio
from zoneinfo import ZoneInfo

from bot.engine.profile import make_profile
from bot.service.usecases import settings
from bot.store import GuildSettings, Store

GUILD = 11


async def test_two_directors_save_different_settings_at_once(store: Store) -> None:
    await store.write(lambda tx: tx.put_guild_settings(GuildSettings(
        guild_id=GUILD, director_role_id=5, idle_ping_seconds=10, four_colour_deck=True)))
    await asyncio.gather(
        settings.change_display(store, GUILD, idle_ping=45),
        settings.change_display(store, GUILD, four_colour=False),
        settings.change_display(store, GUILD, time_zone=ZoneInfo("Europe/Amsterdam")),
        settings.set_profile(store, GUILD, make_profile("treps", clock_seconds=90)),
        settings.set_director_role(store, GUILD, 77),
    )
    kept = await store.guild_settings(GUILD)
    assert kept.idle_ping_seconds == 45
    assert kept.four_colour_deck is False
    assert kept.time_zone == "Europe/Amsterdam"
    assert (kept.profile, kept.knob_overrides) == ("treps", {"clock_seconds": 90})
    assert kept.director_role_id == 77
    assert kept.hole_card_dms is True  # nobody touched it: as it was


async def test_a_first_save_keeps_the_other_defaults(store: Store) -> None:
    done = await settings.change_display(store, GUILD, card_dms=False)
    assert done.changed == ("hole_card_dms",)
    assert done.settings == await store.guild_settings(GUILD)
    assert (done.settings.hole_card_dms, done.settings.idle_ping_seconds,
            done.settings.profile) == (False, 10, "tda")
    nothing = await settings.change_display(store, GUILD)
    assert nothing.changed == () and nothing.settings.hole_card_dms is False


async def test_two_processes_save_at_once(pg_url: str) -> None:
    from bot.store.postgres import PostgresStore

    one, two = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)
    try:
        await asyncio.gather(*(
            job for i in range(10) for job in (
                settings.change_display(one, GUILD + i, idle_ping=30 + i),
                settings.change_display(two, GUILD + i, card_dms=False),
                settings.set_director_role(two if i % 2 else one, GUILD + i, 100 + i))))
        for i in range(10):
            kept = await one.guild_settings(GUILD + i)
            assert (kept.idle_ping_seconds, kept.hole_card_dms, kept.director_role_id) == (
                30 + i, False, 100 + i)
    finally:
        await one.close()
        await two.close()

"""Hole-card DMs: the server's default (on unless a director turns it off) and each
player's own choice, kept across a restart, one choice per player and server."""

from __future__ import annotations

from pathlib import Path

from bot.store import GuildSettings, Store


async def test_choices_and_the_server_default_survive_a_restart(store: Store,
                                                                db_path: Path) -> None:
    assert (await store.guild_settings(11)).hole_card_dms is True  # the DM stays the default
    assert await store.hole_card_dm_choices(11) == {}
    await store.write(lambda tx: tx.put_guild_settings(GuildSettings(11, hole_card_dms=False)))
    await store.write(lambda tx: tx.put_hole_card_dms(11, 5, False))
    await store.write(lambda tx: tx.put_hole_card_dms(11, 6, False))
    await store.write(lambda tx: tx.put_hole_card_dms(11, 6, True))  # changed his mind
    await store.write(lambda tx: tx.put_hole_card_dms(12, 5, True))  # another server
    await store.close()
    again = await Store.open(db_path)
    try:
        assert (await again.guild_settings(11)).hole_card_dms is False
        assert await again.hole_card_dm_choices(11) == {5: False, 6: True}
        assert await again.hole_card_dm_choices(12) == {5: True}
        deal = await again.deal_settings(11)  # what a deal reads, in one hop
        assert deal.settings.hole_card_dms is False
        assert [deal.hole_card_dms(uid) for uid in (5, 6, 7)] == [False, True, False]
        other = await again.deal_settings(12)  # 7 has not chosen: the server's default, on
        assert [other.hole_card_dms(uid) for uid in (5, 7)] == [True, True]
    finally:
        await again.close()

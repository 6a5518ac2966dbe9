"""League records: settings, seasons, results and standings, director actions, appeals (of a
ruling, which is its event)."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest

from bot.store import TOURNAMENT_STREAM, GuildSettings, Store, StoreError
from bot.tournament import events as tev


async def test_guild_settings_default_then_round_trip(store: Store) -> None:
    assert await store.guild_settings(10) == GuildSettings(guild_id=10)
    settings = GuildSettings(
        guild_id=10,
        profile="tavern",
        knob_overrides={"clock_seconds": 90, "away": "fold"},
        director_role_id=1234567890123456789,
        structure_presets={"turbo": {"levels": [[25, 50, 0, 600]]}},
        payout_presets={"top3": [50, 30, 20]},
        points_system={"formula": "n - place + 1"},
        tournament_channel_id=998877665544332211,
    )
    async with store.transaction() as tx:
        saved = await tx.put_guild_settings(settings)
    assert dataclasses.replace(saved, updated_at=None) == settings
    async with store.transaction() as tx:
        await tx.put_guild_settings(dataclasses.replace(saved, profile="treps"))
    got = await store.guild_settings(10)
    assert got.profile == "treps" and got.knob_overrides == {"clock_seconds": 90, "away": "fold"}


async def test_season_standings_count_only_finished_tournaments(store: Store) -> None:
    async with store.transaction() as tx:
        league = await tx.create_league(1, "Tuesday league")
        season = await tx.create_season(league.id, "2025 spring", starts_at=0, ends_at=1)
        t1 = await tx.create_tournament(1, "week 1", league_id=league.id, season_id=season.id)
        t2 = await tx.create_tournament(1, "week 2", league_id=league.id, season_id=season.id)
        t3 = await tx.create_tournament(1, "week 3", league_id=league.id, season_id=season.id)
        for t, order in ((t1, [100, 200, 300]), (t2, [200, 300, 100]), (t3, [300, 100, 200])):
            for place, user in enumerate(order, start=1):
                await tx.set_result(t.id, user, place, prize=[500, 300, 0][place - 1],
                                    points=[10, 6, 3][place - 1])
        await tx.set_tournament_status(t1.id, "finished")
        await tx.set_tournament_status(t2.id, "finished")
        await tx.set_tournament_status(t3.id, "running")  # not over: does not count yet
    standings = await store.season_standings(season.id)
    assert [(s.user_id, s.points, s.prize, s.tournaments) for s in standings] == [
        (200, 16, 800, 2), (100, 13, 500, 2), (300, 9, 300, 2)
    ]
    assert [lg.name for lg in await store.leagues(1)] == ["Tuesday league"]
    assert [s.name for s in await store.seasons(league.id)] == ["2025 spring"]


async def test_entries(store: Store) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "rebuy night")
        await tx.add_entry(t.id, 5, "Ann")
        await tx.add_entry(t.id, 6, "Bob")
        await tx.update_entry(t.id, 5, status="playing", table_no=1, seat_no=3)
    (ann, bob) = await store.entries(t.id)
    assert (ann.status, ann.table_no, ann.seat_no) == ("playing", 1, 3)
    assert (bob.display_name, bob.status) == ("Bob", "registered")


async def test_director_actions_need_a_reason(store: Store) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "t")
        action = await tx.add_director_action(t.id, 77, "penalty", "abusive chat",
                                              target_user_id=5, data={"orbits": 1})
    assert await store.director_actions(t.id) == [action]
    assert action.data == {"orbits": 1}
    for reason in ("", "   "):
        with pytest.raises(sqlite3.IntegrityError):
            async with store.transaction() as tx:
                await tx.add_director_action(t.id, 77, "chip count fix", reason)
    assert len(await store.director_actions(t.id)) == 1


async def test_a_player_appeals_a_ruling_and_the_league_decides_later(store: Store) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(3, "t")
        hand = await tx.begin_hand(t.id, 1, 12)
        # A ruling is its event: the appeal names the event, and the tournament follows.
        (ruling,) = await tx.append_events(t.id, TOURNAMENT_STREAM, [
            tev.DirectorRuling("77", "the hand is live", ("5",), 0.0)])
        appeal = await tx.open_appeal(3, 5, "the card was flashed on purpose",
                                      hand_id=hand.id, ruling_id=ruling.id)
    # stored with the hand it concerns, so the league can look at the hand history
    assert (appeal.hand_id, appeal.tournament_id, appeal.ruling_id, appeal.status) == (
        hand.id, t.id, ruling.id, "open")
    with pytest.raises(StoreError, match="no ruling"):
        async with store.transaction() as tx:
            await tx.open_appeal(3, 6, "which ruling?", ruling_id=ruling.id + 99)
    assert [a.id for a in await store.appeals(3, "open")] == [appeal.id]

    async with store.transaction() as tx:
        closed = await tx.close_appeal(appeal.id, decided_by=1, decision="ruling upheld")
    assert (closed.status, closed.decision, closed.decided_by) == ("closed", "ruling upheld", 1)
    assert await store.appeals(3, "open") == []
    with pytest.raises(StoreError, match="closed"):
        async with store.transaction() as tx:
            await tx.close_appeal(appeal.id, decided_by=1, decision="overturned")
    assert (await store.appeal(appeal.id)).decision == "ruling upheld"


async def test_table_display_settings_default_on_and_round_trip(store: Store) -> None:
    assert (await store.guild_settings(11)).four_colour_deck is True
    assert (await store.guild_settings(11)).idle_ping_seconds == 10
    async with store.transaction() as tx:
        await tx.put_guild_settings(
            GuildSettings(guild_id=11, four_colour_deck=False, idle_ping_seconds=30))
    got = await store.guild_settings(11)
    assert got.four_colour_deck is False and got.idle_ping_seconds == 30
    with pytest.raises(sqlite3.IntegrityError):
        async with store.transaction() as tx:
            await tx.put_guild_settings(GuildSettings(guild_id=11, idle_ping_seconds=-1))

"""Uniqueness the database enforces, so two commands at once cannot both win: one open
tournament per channel, league names unique in a server whatever their case."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.store import ChannelBusy, LeagueNameTaken, Store, apply_migrations, load_migrations


async def test_a_second_open_tournament_in_a_channel_is_refused_naming_the_first(
        store: Store) -> None:
    async with store.transaction() as tx:
        first = await tx.create_tournament(1, "Tuesday", channel_id=50)
    with pytest.raises(ChannelBusy) as caught:
        async with store.transaction() as tx:
            await tx.create_tournament(1, "Tuesday again", channel_id=50)
    assert caught.value.open_tournament is not None
    assert caught.value.open_tournament.id == first.id
    assert [t.name for t in await store.tournaments()] == ["Tuesday"]
    # Other channels, and tournaments without a channel, are not affected.
    async with store.transaction() as tx:
        await tx.create_tournament(1, "Elsewhere", channel_id=51)
        await tx.create_tournament(1, "no channel")
        await tx.create_tournament(1, "no channel either")
    # Once the first has finished (or is cancelled) the channel is free again.
    async with store.transaction() as tx:
        await tx.set_tournament_status(first.id, "finished")
        await tx.create_tournament(1, "Next week", channel_id=50)


async def test_two_creates_at_once_from_two_processes_one_wins(db_path: Path) -> None:
    a, b = await Store.open(db_path), await Store.open(db_path)
    try:
        async def create(store: Store, name: str) -> object:
            try:
                return await store.write(lambda tx: tx.create_tournament(1, name, channel_id=7))
            except ChannelBusy as exc:
                return exc

        results = await asyncio.gather(create(a, "A"), create(b, "B"))
        refused = [r for r in results if isinstance(r, ChannelBusy)]
        assert len(refused) == 1
        assert len(await a.tournaments()) == 1
    finally:
        await a.close()
        await b.close()


async def test_league_names_are_unique_whatever_their_case(store: Store) -> None:
    async with store.transaction() as tx:
        await tx.create_league(1, "Sunday")
    with pytest.raises(LeagueNameTaken) as caught:
        async with store.transaction() as tx:
            await tx.create_league(1, "sunday")
    assert caught.value.existing is not None and caught.value.existing.name == "Sunday"
    async with store.transaction() as tx:
        await tx.create_league(2, "sunday")  # another server may use it
    assert [lg.name for lg in await store.leagues(1)] == ["Sunday"]


async def test_upgrading_keeps_the_oldest_open_tournament_and_renames_clashing_leagues(
        db_path: Path) -> None:
    migrations = load_migrations()
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await apply_migrations(conn, migrations, target=3)
        for name in ("first", "orphan"):
            await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, name, status, created_at) "
                "VALUES (1, 9, ?, 'running', 0)", (name,))
        await conn.execute("INSERT INTO deadlines (tournament_id, kind, due_at) VALUES (2, 'x', 1)")
        for name in ("Sunday", "sunday"):
            await conn.execute(
                "INSERT INTO leagues (guild_id, name, created_at) VALUES (1, ?, 0)", (name,))
    store = await Store.open(db_path)
    try:
        status = {t.name: t.status for t in await store.tournaments()}
        assert status == {"first": "running", "orphan": "cancelled"}
        assert await store.deadlines(2) == []
        assert [lg.name for lg in await store.leagues(1)] == ["Sunday", "sunday (2)"]
    finally:
        await store.close()

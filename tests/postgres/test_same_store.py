"""The store's own behaviour tests, run on both backends through the same interface.

The scenarios of tests/store that use only the `store` fixture are imported here as they are:
this folder's `store` fixture is parametrised (sqlite, postgres), so each runs on both. Those
that open SQLite by path, expect sqlite3's error types or read PRAGMAs are written again below
in backend-neutral form (`target` is a SQLite path or a PostgreSQL URL, `open_store` opens
either), so every guarantee is checked on PostgreSQL too.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Callable

import psycopg
import pytest

from bot.store import (
    TOURNAMENT_STREAM,
    ChannelBusy,
    GuildSettings,
    SqlTransaction,
    Store,
    StoreError,
)
from bot.store.backends import open_store
from tests.store.fake_tournament import TRANSFER, FakeTournament, start_fake_tournament

# Imported scenarios (collected here, run once per backend).
from tests.store.test_concurrency import (  # noqa: F401
    test_many_tasks_on_one_store_are_serialised_not_interleaved,
)
from tests.store.test_durability import (  # noqa: F401
    test_a_cancelled_action_is_rolled_back_and_the_store_keeps_working,
    test_nested_transaction_is_an_error_not_a_deadlock,
    test_other_tasks_never_read_an_uncommitted_action,
    test_transaction_reads_see_its_own_writes_and_store_reads_do_not_deadlock,
)
from tests.store.test_export import (  # noqa: F401
    test_a_player_sees_own_cards_and_shown_cards_only,
    test_director_export_is_the_whole_hand_and_revives_to_engine_events,
    test_hole_cards_appended_without_an_owner_are_for_directors_only,
    test_public_view_and_the_default_show_no_hole_cards,
    test_whole_tournament_export_lists_every_hand_in_order,
)
from tests.store.test_handing_over import (  # noqa: F401
    test_a_read_still_waits_for_another_tasks_transaction,
    test_the_database_thread_goes_on_while_the_loop_is_busy,
)
from tests.store.test_records import (  # noqa: F401
    test_a_player_appeals_a_ruling_and_the_league_decides_later,
    test_entries,
    test_guild_settings_default_then_round_trip,
    test_season_standings_count_only_finished_tournaments,
)
from tests.store.test_recovery import (  # noqa: F401
    test_finishing_a_tournament_disarms_its_timers,
    test_only_the_latest_snapshots_are_kept,
)
from tests.store.test_uniqueness import (  # noqa: F401
    test_a_second_open_tournament_in_a_channel_is_refused_naming_the_first,
    test_league_names_are_unique_whatever_their_case,
)

# What a broken constraint raises on each backend (the store's callers see StoreError
# subclasses for the refusals they word: ChannelBusy, LeagueNameTaken, ...).
CONSTRAINT = (sqlite3.IntegrityError, psycopg.IntegrityError)
T0 = 1_700_000_000.0


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_committed_action_is_visible_to_another_process_the_moment_the_block_exits(
        target: str, store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    other = await open_store(target)
    try:
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [
                {"type": TRANSFER, "src": "1", "dst": "2", "amount": 5, "action": 1, "part": 0,
                 "of": 1}])
            assert not await other.load_events(fake.tournament_id, after_id=fake.last_event_id)
        assert len(await other.load_events(fake.tournament_id, after_id=fake.last_event_id)) == 1
    finally:
        await other.close()


async def test_an_action_that_fails_midway_leaves_nothing(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 3, 1000)
    before = await store.load_events(fake.tournament_id)
    announced = False
    with pytest.raises(CONSTRAINT):
        async with store.transaction() as tx:
            await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "a"}])
            await tx.set_deadline(fake.tournament_id, "action", "clock", 123.0)
            await tx.add_entry(fake.tournament_id, 1, "again")  # duplicate entry: fails
        announced = True
    assert not announced
    assert await store.load_events(fake.tournament_id) == before
    assert await store.deadlines(fake.tournament_id) == []
    async with store.transaction() as tx:  # the store is still usable
        await tx.append_events(fake.tournament_id, TOURNAMENT_STREAM, [{"type": "b"}])
    assert [e.seq for e in await store.load_events(fake.tournament_id)][-1] == len(before) + 1


async def test_group_commit_a_failing_change_fails_alone(store: Store) -> None:
    """Changes committed together: each in its savepoint, so one failure spoils no other."""
    fakes = [await start_fake_tournament(store, 1, 2, 100) for _ in range(3)]

    def good(i: int) -> Callable[[SqlTransaction], object]:
        return lambda tx: tx.append_events(fakes[i].tournament_id, TOURNAMENT_STREAM,
                                           [{"type": f"ok{i}"}])

    def bad(tx: SqlTransaction) -> None:
        tx.append_events(fakes[1].tournament_id, TOURNAMENT_STREAM, [{"type": "half"}])
        tx.add_entry(fakes[1].tournament_id, 1, "again")  # duplicate: this change fails

    results = await asyncio.gather(store.commit(good(0)), store.commit(bad),
                                   store.commit(good(2)), return_exceptions=True)
    assert isinstance(results[1], CONSTRAINT)
    assert [e.type for e in await store.load_events(fakes[0].tournament_id)][-1] == "ok0"
    assert [e.type for e in await store.load_events(fakes[2].tournament_id)][-1] == "ok2"
    assert "half" not in [e.type for e in await store.load_events(fakes[1].tournament_id)]
    # the failed change left no stale sequence number behind
    await store.commit(lambda tx: tx.append_events(fakes[1].tournament_id, TOURNAMENT_STREAM,
                                                   [{"type": "after"}]))
    seqs = [e.seq for e in await store.load_events(fakes[1].tournament_id)]
    assert seqs == list(range(1, len(seqs) + 1))


async def test_rulings_and_director_actions_need_a_reason(store: Store) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "t")
        action = await tx.add_director_action(t.id, 77, "penalty", "abusive chat",
                                              target_user_id=5, data={"orbits": 1})
    for reason in ("", "   "):
        with pytest.raises(CONSTRAINT):
            async with store.transaction() as tx:
                await tx.add_director_action(t.id, 77, "chip count fix", reason)
    assert await store.director_actions(t.id) == [action]


async def test_table_display_settings_default_on_and_refuse_a_negative_ping(store: Store) -> None:
    assert (await store.guild_settings(11)).four_colour_deck is True
    async with store.transaction() as tx:
        await tx.put_guild_settings(
            GuildSettings(guild_id=11, four_colour_deck=False, idle_ping_seconds=30))
    got = await store.guild_settings(11)
    assert got.four_colour_deck is False and got.idle_ping_seconds == 30
    with pytest.raises(CONSTRAINT):
        async with store.transaction() as tx:
            await tx.put_guild_settings(GuildSettings(guild_id=11, idle_ping_seconds=-1))


async def test_events_are_append_only(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 2, 100)
    with pytest.raises((*CONSTRAINT, psycopg.errors.RaiseException), match="append-only"):
        async with store.transaction() as tx:
            await tx.apply(lambda sql: sql.exec("UPDATE events SET type = 'x' WHERE id = ?",
                                                (fake.last_event_id,)))


async def test_restart_neither_resets_a_timer_nor_gives_extra_time(target: str) -> None:
    clock = Clock(T0)
    store = await open_store(target, clock=clock)
    fake = await start_fake_tournament(store, 1, 3, 1000)
    async with store.transaction() as tx:
        await tx.set_deadline(fake.tournament_id, "level", "", tx.now + 900, {"level": 3})
        await tx.set_deadline(fake.tournament_id, "action", "table:1", tx.now + 30, {"seat": 4})
        await tx.set_deadline(fake.tournament_id, "clock", "table:1", tx.now + 60, {"seat": 4})
    await store.close()

    clock.now = T0 + 12  # the bot was down for 12 seconds
    store = await open_store(target, clock=clock)
    (rec,) = await store.recover()
    left = {d.kind: d.delay(clock.now) for d in rec.deadlines}
    assert left == {"action": 18.0, "clock": 48.0, "level": 888.0}
    assert {d.kind: d.data for d in rec.deadlines}["action"] == {"seat": 4}
    assert {d.kind: d.delay(T0 + 45) for d in rec.deadlines}["action"] == 0.0
    await store.close()


async def test_recovery_rebuilds_every_unfinished_tournament_from_snapshot_and_later_events(
        target: str) -> None:
    store = await open_store(target)
    rng = random.Random(4)
    fakes = [await start_fake_tournament(store, 1, n, 2000) for n in (3, 5, 9)]
    async with store.transaction() as tx:
        registering = await tx.create_tournament(1, "next week")
        await tx.add_entry(registering.id, 42, "early bird")
    for action in range(1, 61):
        for fake in fakes:
            async with store.transaction() as tx:
                stored = await tx.append_events(
                    fake.tournament_id, TOURNAMENT_STREAM, fake.random_transfers(rng, action))
                for e in stored:
                    fake.apply(e.data, e.id)
                if action % 25 == 0:
                    await tx.save_snapshot(fake.tournament_id, fake.last_event_id, fake.state())
    async with store.transaction() as tx:
        await tx.put_table(fakes[0].tournament_id, 1, thread_id=555, message_id=777)
        await tx.put_table(fakes[0].tournament_id, 1, thread_id=None, message_id=778)
        await tx.put_message(fakes[0].tournament_id, "lobby", channel_id=9, message_id=1234)
        await tx.put_message(fakes[0].tournament_id, "Lobby", channel_id=9, message_id=1235)
        await tx.set_tournament_status(fakes[2].tournament_id, "finished")
    await store.close()

    store = await open_store(target)
    recovered = {r.tournament.id: r for r in await store.recover()}
    assert set(recovered) == {fakes[0].tournament_id, fakes[1].tournament_id, registering.id}
    for fake in fakes[:2]:
        rec = recovered[fake.tournament_id]
        assert rec.snapshot is not None and rec.snapshot.state["last_action"] == 50
        assert all(e.id > rec.snapshot.last_event_id for e in rec.events)
        rebuilt = FakeTournament.rebuild(fake.tournament_id, rec.snapshot.state, rec.events)
        assert rebuilt.stacks == fake.stacks and rebuilt.last_action == 60
    rec = recovered[fakes[0].tournament_id]
    # the thread is kept when only the message moves (COALESCE with the stored row)
    assert (rec.tables[0].thread_id, rec.tables[0].message_id) == (555, 778)
    # keys sorted bytewise on both backends ('L' < 'l')
    assert [(m.key, m.message_id) for m in rec.messages] == [("Lobby", 1235), ("lobby", 1234)]
    assert [e.display_name for e in recovered[registering.id].entries] == ["early bird"]
    report = await store.check()
    assert report.integrity == ["ok"] and report.foreign_keys == []
    await store.close()


async def test_two_creates_at_once_from_two_processes_one_wins(target: str) -> None:
    a, b = await open_store(target), await open_store(target)
    try:
        async def create(store: Store, name: str) -> object:
            try:
                return await store.write(lambda tx: tx.create_tournament(1, name, channel_id=7))
            except ChannelBusy as exc:
                return exc

        results = await asyncio.gather(create(a, "A"), create(b, "B"))
        refused = [r for r in results if isinstance(r, ChannelBusy)]
        assert len(refused) == 1 and refused[0].open_tournament is not None
        assert len(await a.tournaments()) == 1
    finally:
        await a.close()
        await b.close()


async def test_a_season_is_active_once_and_names_fold_ascii_only(store: Store) -> None:
    async with store.transaction() as tx:
        league = await tx.create_league(1, "Étoile")
        s1 = await tx.create_season(league.id, "one")
        s2 = await tx.create_season(league.id, "two")
        await tx.set_active_season(league.id, s1.id)
    with pytest.raises(StoreError, match="active season"):
        async with store.transaction() as tx:
            await tx.set_active_season(league.id, s2.id)
    assert (await store.active_season(league.id)) == s1
    # NOCASE folds ASCII letters only, on both: 'étoile' is another name, 'ÉTOILE' is too
    assert await store.league_by_name(1, "étoile") is None
    async with store.transaction() as tx:
        await tx.create_league(1, "étoile")
    found = await store.league_by_name(1, "ÉtOILE")
    assert found is not None and found.name == "Étoile"

"""A restart resumes every unfinished table where it was, with its clocks where they were."""

from __future__ import annotations

import random
from pathlib import Path

from bot.store import TOURNAMENT_STREAM, Store
from tests.store.fake_tournament import FakeTournament, start_fake_tournament

T0 = 1_700_000_000.0


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_restart_neither_resets_a_timer_nor_gives_extra_time(db_path: Path) -> None:
    clock = Clock(T0)
    store = await Store.open(db_path, clock=clock)
    fake = await start_fake_tournament(store, 1, 3, 1000)
    async with store.transaction() as tx:
        await tx.set_deadline(fake.tournament_id, "level", "", tx.now + 900, {"level": 3})
        await tx.set_deadline(fake.tournament_id, "action", "table:1", tx.now + 30, {"seat": 4})
        # a clock a director called on a tanking player, already counting down
        await tx.set_deadline(fake.tournament_id, "clock", "table:1", tx.now + 60, {"seat": 4})
    await store.close()

    clock.now = T0 + 12  # the bot was down for 12 seconds
    store = await Store.open(db_path, clock=clock)
    (rec,) = await store.recover()
    left = {d.kind: d.delay(clock.now) for d in rec.deadlines}
    assert left == {"action": 18.0, "clock": 48.0, "level": 888.0}
    assert {d.kind: d.data for d in rec.deadlines}["action"] == {"seat": 4}

    # Down for longer than the action clock: it fires at once, the player gets no extra time.
    assert {d.kind: d.delay(T0 + 45) for d in rec.deadlines}["action"] == 0.0
    await store.close()


async def test_recovery_rebuilds_every_unfinished_tournament_from_snapshot_and_later_events(
    db_path: Path,
) -> None:
    store = await Store.open(db_path)
    rng = random.Random(4)
    fakes = [await start_fake_tournament(store, 1, n, 2000) for n in (3, 5, 9)]
    registering = None
    async with store.transaction() as tx:
        registering = await tx.create_tournament(1, "next week")
        await tx.add_entry(registering.id, 42, "early bird")
    for action in range(1, 61):
        for fake in fakes:
            async with store.transaction() as tx:
                stored = await tx.append_events(
                    fake.tournament_id, TOURNAMENT_STREAM, fake.random_transfers(rng, action)
                )
                for e in stored:
                    fake.apply(e.data, e.id)
                if action % 25 == 0:
                    await tx.save_snapshot(fake.tournament_id, fake.last_event_id, fake.state())
    async with store.transaction() as tx:
        await tx.put_table(fakes[0].tournament_id, 1, thread_id=555, message_id=777)
        await tx.put_message(fakes[0].tournament_id, "lobby", channel_id=9, message_id=1234)
        await tx.set_tournament_status(fakes[2].tournament_id, "finished")
    await store.close()

    store = await Store.open(db_path)
    recovered = {r.tournament.id: r for r in await store.recover()}
    assert set(recovered) == {fakes[0].tournament_id, fakes[1].tournament_id, registering.id}
    for fake in fakes[:2]:
        rec = recovered[fake.tournament_id]
        assert rec.snapshot is not None and rec.snapshot.state["last_action"] == 50
        assert all(e.id > rec.snapshot.last_event_id for e in rec.events)
        rebuilt = FakeTournament.rebuild(fake.tournament_id, rec.snapshot.state, rec.events)
        assert rebuilt.stacks == fake.stacks and rebuilt.last_action == 60
    # The restarted bot edits its old messages instead of posting new ones.
    rec = recovered[fakes[0].tournament_id]
    assert (rec.tables[0].thread_id, rec.tables[0].message_id) == (555, 777)
    assert [(m.key, m.message_id) for m in rec.messages] == [("lobby", 1234)]
    assert [e.display_name for e in recovered[registering.id].entries] == ["early bird"]
    await store.close()


async def test_only_the_latest_snapshots_are_kept(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 2, 10)
    for i in range(5):
        async with store.transaction() as tx:
            await tx.save_snapshot(fake.tournament_id, fake.last_event_id + i, {"i": i})
    snap = await store.latest_snapshot(fake.tournament_id)
    assert snap is not None and snap.state == {"i": 4}
    assert len(await store._fetch("SELECT id FROM snapshots")) == 2


async def test_finishing_a_tournament_disarms_its_timers(store: Store) -> None:
    fake = await start_fake_tournament(store, 1, 2, 10)
    async with store.transaction() as tx:
        await tx.set_deadline(fake.tournament_id, "level", "", tx.now + 60)
        t = await tx.set_tournament_status(fake.tournament_id, "finished")
    assert t.finished_at is not None and t.started_at is not None
    assert await store.deadlines(fake.tournament_id) == []
    assert await store.recover() == []

"""Store benchmark: durable actions per second, and the time to recover 100 live tables.

    python bench/store.py [--actions 2000] [--tables 100] [--events-per-table 1000]

Uses the store's own fake tournament (bot.store.testing): one action = one transaction of 1-4
chip-transfer events plus a deadline, committed with the durability the bot runs with.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bot.store import TOURNAMENT_STREAM, Store, Synchronous
from tests.store.fake_tournament import FakeTournament, start_fake_tournament


def raw_sqlite_peer(path: Path, actions: int) -> float:
    """The floor to compare with: plain sqlite3, WAL, synchronous=FULL, one INSERT and one
    COMMIT per action, no event log logic and no async bridge. Returns actions per second."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, data TEXT)")
    started = time.perf_counter()
    for i in range(actions):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO log (data) VALUES (?)", (f'{{"action": {i}}}',))
        conn.execute("COMMIT")
    rate = actions / (time.perf_counter() - started)
    conn.close()
    print(f"peer: raw sqlite3 commit per action, synchronous=FULL: {rate:8.0f} actions/s")
    return rate


async def durable_actions(path: Path, actions: int, tables: int, sync: Synchronous) -> float:
    store = await Store.open(path, synchronous=sync)
    rng = random.Random(1)
    fakes = [await start_fake_tournament(store, 1, 9, 10_000) for _ in range(tables)]

    async def table(fake: FakeTournament, n: int) -> None:
        for action in range(1, n + 1):
            async with store.transaction() as tx:
                stored = await tx.append_events(
                    fake.tournament_id, TOURNAMENT_STREAM, fake.random_transfers(rng, action)
                )
                await tx.set_deadline(fake.tournament_id, "action", "clock", tx.now + 30)
            for e in stored:
                fake.apply(e.data, e.id)

    started = time.perf_counter()
    await asyncio.gather(*(table(f, actions // tables) for f in fakes))
    elapsed = time.perf_counter() - started
    done = actions // tables * tables
    print(
        f"durable actions  synchronous={sync:<6} {tables:3d} table(s): "
        f"{done / elapsed:8.0f} actions/s  ({done} in {elapsed:.2f} s)"
    )
    await store.close()
    return done / elapsed


async def recovery(path: Path, tables: int, per_table: int, snapshot_every: int | None) -> None:
    store = await Store.open(path, synchronous="NORMAL")  # filling only; not what is measured
    rng = random.Random(2)
    fakes = [await start_fake_tournament(store, 1, 9, 10_000) for _ in range(tables)]
    for fake in fakes:
        action = written = 0
        async with store.transaction() as tx:
            while written < per_table:
                action += 1
                stored = await tx.append_events(
                    fake.tournament_id, TOURNAMENT_STREAM, fake.random_transfers(rng, action)
                )
                for e in stored:
                    fake.apply(e.data, e.id)
                written += len(stored)
                if snapshot_every and action % snapshot_every == 0:
                    await tx.save_snapshot(fake.tournament_id, fake.last_event_id, fake.state())
            await tx.set_deadline(fake.tournament_id, "level", "", tx.now + 600)
    await store.close()

    started = time.perf_counter()
    store = await Store.open(path)
    recovered = await store.recover()
    replayed = 0
    for rec in recovered:
        snap = rec.snapshot
        FakeTournament.rebuild(rec.tournament.id, snap and snap.state, rec.events)
        replayed += len(rec.events)
        assert rec.deadlines
    elapsed = time.perf_counter() - started
    total = (await store._fetch("SELECT COUNT(*) FROM events"))[0][0]
    await store.close()
    label = f"snapshot every {snapshot_every} actions" if snapshot_every else "no snapshots"
    print(
        f"recover {len(recovered)} live tables ({label:<26}): {elapsed * 1000:7.0f} ms, "
        f"{total} events stored, {replayed} replayed"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--events-per-table", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        peer = raw_sqlite_peer(d / "peer.sqlite3", args.actions)
        ours = await durable_actions(d / "a.sqlite3", args.actions, 1, "FULL")
        print(f"ours/raw sqlite3: {ours / peer:.2f}x (the event log, deadlines and the async "
              "bridge cost the rest)")
        await durable_actions(d / "b.sqlite3", args.actions, 10, "FULL")
        await durable_actions(d / "c.sqlite3", args.actions, 1, "NORMAL")
        await recovery(d / "r1.sqlite3", args.tables, args.events_per_table, None)
        await recovery(d / "r2.sqlite3", args.tables, args.events_per_table, 100)


if __name__ == "__main__":
    asyncio.run(main())

"""Store benchmark on the path players use: the game service (TournamentService, Session.run,
Store.commit) playing real tournaments, against raw sqlite3 with the same pragmas, same run.

    python bench/store.py [--seconds 4] [--recover 100,1000] [--breakdown] [--profile]

Prints: durable actions/s with 1, 10 and 100 busy tournaments and the ratio to raw sqlite3
(one INSERT + COMMIT per action, WAL, synchronous=FULL, same busy_timeout and foreign_keys);
p50/p99 from an action's submission to its commit; database bytes per hand played; what one
live table holds in memory after 100 and 300 hands; the real restart (open +
TournamentService.recover) of N unfinished tournaments x 10 hands, with the longest time the
event loop was blocked meanwhile. --breakdown: where one action's time goes with one busy
tournament (the loop's CPU, the hop to the database thread, the statements, the COMMIT).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.workload import (  # noqa: E402
    ACTIONS,
    busy,
    fill,
    new_tournament,
    pct,
    per_hand,
    play_one,
    raw_sqlite,
    restart,
    table_memory,
)
from bot.service import TournamentService  # noqa: E402
from bot.store import Store  # noqa: E402


class _TimedStore(Store):
    """The store with clocks around the database thread's side of each commit."""

    # seconds spent, summed (not `commit`: that is the store's method)
    t_begin = t_work = t_commit = t_hop = 0.0
    changes = 0

    def _apply_batch(self, changes: list[Any], conn: sqlite3.Connection) -> list[Any]:
        real = conn

        class Clocked:  # BEGIN and COMMIT timed apart from the changes' own statements
            @staticmethod
            def execute(sql: str, *args: Any) -> sqlite3.Cursor:
                t = time.perf_counter()
                try:
                    return real.execute(sql, *args)
                finally:
                    spent = time.perf_counter() - t
                    if sql == "COMMIT":
                        _TimedStore.t_commit += spent
                    elif sql.startswith("BEGIN"):
                        _TimedStore.t_begin += spent

        began = time.perf_counter()
        out = super()._apply_batch(changes, Clocked())
        _TimedStore.t_work += time.perf_counter() - began
        _TimedStore.changes += len(changes)
        return out

    async def _hop(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        began = time.perf_counter()
        try:
            return await super()._hop(fn)
        finally:
            _TimedStore.t_hop += time.perf_counter() - began


async def breakdown(path: Path, actions: int) -> None:
    """One busy tournament, `actions` actions: the microseconds of each part of one action."""
    store = await _TimedStore.open(path)
    service = TournamentService(store, clock=time.time, seeds=lambda: f"b{time.time_ns()}")
    await service.recover()
    rng = random.Random(1)
    session = await new_tournament(service, 1, "breakdown")
    for part in ("t_begin", "t_work", "t_commit", "t_hop"):
        setattr(_TimedStore, part, 0.0)
    _TimedStore.changes = 0
    cpu, began, done = time.thread_time(), time.perf_counter(), 0
    while done < actions:
        if not await play_one(session, lambda: rng.choice(ACTIONS)):
            session = await new_tournament(service, 2 + done, "breakdown")
            continue
        done += 1
    wall = (time.perf_counter() - began) / done * 1e6
    loop_cpu = (time.thread_time() - cpu) / done * 1e6
    n = max(_TimedStore.changes, 1)
    begin, commit = _TimedStore.t_begin / n * 1e6, _TimedStore.t_commit / n * 1e6
    statements = _TimedStore.t_work / n * 1e6 - begin - commit
    hop = _TimedStore.t_hop / n * 1e6 - _TimedStore.t_work / n * 1e6
    print(f"one busy tournament, per action ({done} actions): {wall:4.0f} us in all; event "
          f"loop CPU {loop_cpu:4.0f} us (engine, director, session, the store's async side); "
          f"database thread: BEGIN {begin:3.0f} us, the change's Python and statements "
          f"{statements:4.0f} us, COMMIT {commit:4.0f} us; the hop there and back "
          f"{hop:4.0f} us beyond that (thread wake-ups, the GIL; it overlaps the loop's CPU)")
    service.close()
    await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per throughput run")
    parser.add_argument("--recover", default="100,1000", help="tournament counts to restart")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--breakdown", action="store_true", help="one action's parts")
    parser.add_argument("--profile", action="store_true", help="profile the 100-table run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        peer = raw_sqlite(d / "peer.sqlite3", args.seconds)
        print(f"raw sqlite3, one INSERT + COMMIT per action, synchronous=FULL: {peer:8.0f} /s "
              f"({1e6 / peer:4.0f} us per action)")
        if args.breakdown:
            await breakdown(d / "breakdown.sqlite3", 3000)
        for tables in (1, 10, 100):
            db = d / f"busy{tables}.sqlite3"
            prof = cProfile.Profile() if args.profile and tables == 100 else None
            if prof:
                prof.enable()
            run = await busy(str(db), tables, args.seconds)
            if prof:
                prof.disable()
                pstats.Stats(prof).sort_stats("tottime").print_stats(25)
            assert run.sizes is not None
            lat = run.latencies
            # Steady play: what the hands of the last two thirds added (a finished snapshot's
            # pages are reused by the next). Set up: each tournament's row, entries, first
            # events, before any hand.
            steady = per_hand(run.sizes, 2)
            print(f"service, {tables:3d} busy tournament(s): {run.rate:7.0f} durable actions/s "
                  f"({run.rate / peer:4.2f}x raw), action->commit p50 {pct(lat, 50) * 1000:5.1f} "
                  f"ms p99 {pct(lat, 99) * 1000:6.1f} ms; {run.hands} hands, "
                  f"{steady / 1024:4.1f} KiB/hand in steady play "
                  f"({steady * 1000 / 2**20:4.1f} MiB per 1,000 hands), "
                  f"{per_hand(run.sizes, 0) / 1024:4.1f} KiB/hand counting the "
                  f"{(run.sizes[1][0] - run.sizes[0][0]) / tables / 1024:4.1f} KiB each "
                  "tournament's set-up took")
        marks = await table_memory(str(d / "memory.sqlite3"), (100, 300))
        (h0, m0), (h1, m1) = marks
        print(f"memory of one live table: {m0 / 1024:5.1f} KiB after {h0} hands, "
              f"{m1 / 1024:5.1f} KiB after {h1} ({(m1 - m0) / (h1 - h0):+.0f} bytes per hand)")
        for n in (int(x) for x in args.recover.split(",") if x):
            db = d / f"restart{n}.sqlite3"
            began = time.perf_counter()
            await fill(str(db), n, args.hands)
            filled = time.perf_counter() - began
            seconds, worst, count = await restart(str(db))
            print(f"restart {count:5d} tournaments x {args.hands} hands: {seconds:6.3f} s, "
                  f"longest loop block {worst * 1000:5.1f} ms "
                  f"(filled in {filled:.0f} s, {db.stat().st_size / 2**20:.1f} MiB)")


if __name__ == "__main__":
    asyncio.run(main())

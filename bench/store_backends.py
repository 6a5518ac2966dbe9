"""SQLite and PostgreSQL side by side on the path players use (issue 14): the game service
(TournamentService, Session.run, Store.commit) playing real tournaments on each backend, each
against its own raw driver doing one INSERT + COMMIT per action, in the same run.

    python bench/store_backends.py [--seconds 3] [--recover 100,1000] [--processes 2]
                                   [--url postgresql://...]

Without --url a PostgreSQL server is started for the run (the `pgserver` package, a test
dependency) in a temporary folder, with its default durability (fsync on, synchronous_commit on),
on the same disk as the SQLite files. Prints, per backend: durable actions/s with 1, 10 and 100
busy tournaments (and the ratio to its raw driver), p50/p99 action -> commit, the same with
several bot processes sharing one database (what sharding buys), and the restart
(open + TournamentService.recover) of N unfinished tournaments x 10 hands with the longest time
the event loop was blocked.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sqlite3
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.store import ACTIONS, new_tournament, pct, play_one  # noqa: E402
from bot.service import TournamentService  # noqa: E402
from bot.store import DEFAULT_BUSY_TIMEOUT_MS, Store  # noqa: E402
from bot.store.backends import open_store  # noqa: E402

Target = str


def raw_sqlite(path: Path, seconds: float) -> float:
    """Plain sqlite3 with the store's pragmas: one INSERT and one COMMIT per action."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {DEFAULT_BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, data TEXT)")
    return _raw_loop(lambda n: (conn.execute("BEGIN IMMEDIATE"),
                                conn.execute("INSERT INTO log (data) VALUES (?)",
                                             (f'{{"action": {n}}}',)),
                                conn.execute("COMMIT")), seconds, conn.close)


def raw_postgres(url: str, seconds: float) -> float:
    """Plain psycopg, synchronous_commit=on: one INSERT and one COMMIT per action."""
    conn = psycopg.connect(url, autocommit=True)
    conn.execute("CREATE TABLE log (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
                 "data json)")
    return _raw_loop(lambda n: (conn.execute("BEGIN"),
                                conn.execute("INSERT INTO log (data) VALUES (%s)",
                                             (f'{{"action": {n}}}',)),
                                conn.execute("COMMIT")), seconds, conn.close)


def _raw_loop(step: Callable[[int], object], seconds: float, close: Callable[[], None]) -> float:
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step(done)
        done += 1
    rate = done / (time.perf_counter() - started)
    close()
    return rate


async def busy(target: Target, tables: int, seconds: float,
               first_channel: int = 1) -> tuple[float, list[float]]:
    """`tables` tournaments played at once for `seconds`: actions/s and commit latencies."""
    store = await open_store(target)
    counter = itertools.count()
    service = TournamentService(store, clock=time.time, seeds=lambda: f"s{next(counter)}")
    channels = itertools.count(first_channel)
    sessions = [await new_tournament(service, next(channels), f"start-{i}")
                for i in range(tables)]
    latencies: list[float] = []
    done = 0
    stop = time.perf_counter() + seconds

    async def worker(i: int) -> None:
        nonlocal done
        rng = random.Random(i)
        session = sessions[i]
        while time.perf_counter() < stop:
            started = time.perf_counter()
            if not await play_one(session, rng, lambda: rng.choice(ACTIONS)):
                session = sessions[i] = await new_tournament(service, next(channels), f"n{i}")
                continue
            latencies.append(time.perf_counter() - started)
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker(i) for i in range(tables)))
    elapsed = time.perf_counter() - started
    service.close()
    await store.close()
    return done / elapsed, latencies


async def fill(target: Target, tournaments: int, hands: int) -> None:
    """Unfinished tournaments of `hands` hands each (everyone folds to the big blind)."""
    store = await open_store(target)
    counter = itertools.count()
    service = TournamentService(store, clock=time.time, seeds=lambda: f"f{next(counter)}")
    sem = asyncio.Semaphore(64)

    async def one(i: int) -> None:
        async with sem:
            session = await new_tournament(service, i + 1, f"fill-{i}")
            rng = random.Random(i)
            while session.tournament.hand_counter <= hands:
                if not await play_one(session, rng, lambda: "fold"):
                    break

    await asyncio.gather(*(one(i) for i in range(tournaments)))
    service.close()
    await store.close()


async def restart(target: Target) -> tuple[float, float, int]:
    """Open the store and recover every tournament, as the bot's start-up does."""
    worst = 0.0
    stop = asyncio.Event()

    async def monitor() -> None:
        nonlocal worst
        last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            worst = max(worst, now - last - 0.001)
            last = now

    watcher = asyncio.create_task(monitor())
    await asyncio.sleep(0.002)
    started = time.perf_counter()
    store: Store = await open_store(target)
    service = TournamentService(store, clock=time.time)
    sessions = await service.recover()
    elapsed = time.perf_counter() - started
    stop.set()
    await watcher
    service.close()
    await store.close()
    return elapsed, worst, len(sessions)


def processes(target: Target, count: int, tables: int, seconds: float) -> float:
    """`count` bot processes on one database, `tables` busy tournaments each, started
    together: their durable actions/s added up (what sharding buys)."""
    import subprocess

    procs = [subprocess.Popen(
        [sys.executable, __file__, "--worker", target, str(tables), str(seconds),
         str(1 + i * 1_000_000)], stdout=subprocess.PIPE, text=True) for i in range(count)]
    return sum(float(p.communicate()[0].split()[-1]) for p in procs)


class Databases:
    """A fresh PostgreSQL database per measurement, on `url`'s server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.count = itertools.count()

    def new(self) -> str:
        name = f"bench_{next(self.count)}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {name}")
        return urlunsplit(urlsplit(self.url)._replace(path=f"/{name}"))


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per throughput run")
    parser.add_argument("--recover", default="100,1000", help="tournament counts to restart")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--tables", default="1,10,100", help="busy tournament counts")
    parser.add_argument("--url", help="a PostgreSQL server to use (its user may CREATE DATABASE)")
    parser.add_argument("--processes", type=int, default=2,
                        help="bot processes sharing one database in the last throughput run")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:  # one process of the --processes run: prints its actions/s
        target, tables, seconds, first = args.worker
        rate, _ = await busy(target, int(tables), float(seconds), int(first))
        print(rate)
        return
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        url = args.url
        server = None
        if url is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from pgserver.postgres_server import get_server

                server = get_server(d / "pgdata", cleanup_mode="stop")
            url = server.get_uri()
        dbs = Databases(url)
        try:
            lite_peer = raw_sqlite(d / "peer.sqlite3", args.seconds)
            pg_peer = raw_postgres(dbs.new(), args.seconds)
            print(f"raw driver, one INSERT + COMMIT per action:  sqlite3 {lite_peer:7.0f} /s   "
                  f"psycopg {pg_peer:7.0f} /s")
            for tables in (int(x) for x in args.tables.split(",") if x):
                lite_rate, lite_lat = await busy(str(d / f"busy{tables}.sqlite3"), tables,
                                                 args.seconds)
                pg_rate, pg_lat = await busy(dbs.new(), tables, args.seconds)
                print(f"{tables:3d} busy tournament(s), durable actions/s: "
                      f"SQLite {lite_rate:6.0f} ({lite_rate / lite_peer:4.2f}x raw, p50 "
                      f"{pct(lite_lat, 50) * 1000:5.1f} ms p99 {pct(lite_lat, 99) * 1000:6.1f} ms)"
                      f" | PostgreSQL {pg_rate:6.0f} ({pg_rate / pg_peer:4.2f}x raw, p50 "
                      f"{pct(pg_lat, 50) * 1000:5.1f} ms p99 {pct(pg_lat, 99) * 1000:6.1f} ms)")
            if args.processes > 1:
                lite = processes(str(d / "shared.sqlite3"), args.processes, 50, args.seconds)
                pg = processes(dbs.new(), args.processes, 50, args.seconds)
                print(f"{args.processes} processes x 50 busy tournaments on one database, durable "
                      f"actions/s in all: SQLite {lite:6.0f} | PostgreSQL {pg:6.0f}")
            for n in (int(x) for x in args.recover.split(",") if x):
                line = [f"restart {n:5d} tournaments x {args.hands} hands:"]
                for name, target in (("SQLite", str(d / f"restart{n}.sqlite3")),
                                     ("PostgreSQL", dbs.new())):
                    await fill(target, n, args.hands)
                    seconds, worst, count = await restart(target)
                    assert count == n, (name, count)
                    line.append(f"{name} {seconds:6.3f} s (longest loop block "
                                f"{worst * 1000:5.1f} ms)")
                print(" ".join(line[:2]) + " | " + line[2])
        finally:
            if server is not None:
                server.cleanup()


if __name__ == "__main__":
    asyncio.run(main())

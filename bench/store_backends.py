"""SQLite and PostgreSQL side by side on the path players use: the game service
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
import sys
import tempfile
import warnings
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.workload import (  # noqa: E402
    Target,
    busy,
    fill,
    pct,
    raw_postgres,
    raw_sqlite,
    restart,
)


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
        run = await busy(target, int(tables), float(seconds), int(first))
        print(run.rate)
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
                lite = await busy(str(d / f"busy{tables}.sqlite3"), tables, args.seconds)
                pg = await busy(dbs.new(), tables, args.seconds)
                lite_rate, lite_lat, pg_rate, pg_lat = lite.rate, lite.latencies, pg.rate, \
                    pg.latencies
                print(f"{tables:3d} busy tournament(s), durable actions/s: "
                      f"SQLite {lite_rate:6.0f} ({lite_rate / lite_peer:4.2f}x raw, p50 "
                      f"{pct(lite_lat, 50) * 1000:5.1f} ms p99 {pct(lite_lat, 99) * 1000:6.1f} ms)"
                      f" | PostgreSQL {pg_rate:6.0f} ({pg_rate / pg_peer:4.2f}x raw, p50 "
                      f"{pct(pg_lat, 50) * 1000:5.1f} ms p99 {pct(pg_lat, 99) * 1000:6.1f} ms)")
            if args.processes > 1:
                shared = processes(str(d / "shared.sqlite3"), args.processes, 50, args.seconds)
                pg_shared = processes(dbs.new(), args.processes, 50, args.seconds)
                print(f"{args.processes} processes x 50 busy tournaments on one database, durable "
                      f"actions/s in all: SQLite {shared:6.0f} | PostgreSQL {pg_shared:6.0f}")
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

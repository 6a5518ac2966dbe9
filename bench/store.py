"""Store benchmark on the path players use: the game service (TournamentService, Session.run,
Store.commit) playing real tournaments, against raw sqlite3 with the same pragmas, same run.

    python bench/store.py [--seconds 4] [--recover 100,1000] [--profile]

Prints: durable actions/s with 1, 10 and 100 busy tournaments and the ratio to raw sqlite3
(one INSERT + COMMIT per action, WAL, synchronous=FULL, same busy_timeout and foreign_keys);
p50/p99 from an action's submission to its commit; database bytes per hand played; the real
restart (open + TournamentService.recover) of N unfinished tournaments x 10 hands, with the
longest time the event loop was blocked meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import pstats
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.engine.errors import IllegalAction  # noqa: E402
from bot.engine.profile import make_profile  # noqa: E402
from bot.service import Session, TournamentService  # noqa: E402
from bot.store import DEFAULT_BUSY_TIMEOUT_MS, Store  # noqa: E402
from bot.tournament.errors import TournamentError  # noqa: E402
from bot.tournament.payouts import load_payout_table  # noqa: E402
from bot.tournament.structure import load_structure  # noqa: E402
from bot.tournament.tournament import TournamentConfig  # noqa: E402

PLAYERS = 9
ACTIONS = ("check_or_call", "check_or_call", "check_or_call", "fold", "fold", "raise_to")


def raw_sqlite_peer(path: Path, seconds: float) -> float:
    """The floor: plain sqlite3, the store's pragmas, one INSERT and one COMMIT per action,
    no event log, no engine, no async bridge. Returns actions per second."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {DEFAULT_BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, data TEXT)")
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO log (data) VALUES (?)", (f'{{"action": {done}}}',))
        conn.execute("COMMIT")
        done += 1
    rate = done / (time.perf_counter() - started)
    conn.close()
    return rate


def config() -> TournamentConfig:
    return TournamentConfig(make_profile("tda"), load_structure("turbo"),
                            load_payout_table("standard"), seats_per_table=PLAYERS)


async def new_tournament(service: TournamentService, channel: int, seed: str) -> Session:
    session = await service.create(guild_id=1, channel_id=channel, name=f"bench {channel}",
                                   config=config())
    for uid in range(1, PLAYERS + 1):
        await session.run(lambda t, now, u=uid: t.register(str(u), now),
                          also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
    await session.run(lambda t, now: t.start(seed, now))
    return session


def to_act(session: Session) -> tuple[int, int] | None:
    for table, ts in session.tournament.tables.items():
        if ts.hand is not None and ts.hand.to_act is not None:
            return table, ts.hand.to_act
    return None


async def play_one(session: Session, rng: random.Random, pick: Callable[[], str]) -> bool:
    """One action by whoever is to act; False when nobody is (the tournament is over)."""
    turn = to_act(session)
    if turn is None:
        return False
    table, seat = turn
    action = pick()
    amount = None
    if action == "raise_to":
        hand = session.tournament.tables[table].hand
        legal = hand.legal() if hand is not None else None
        if legal is None or not legal.can_raise:
            action = "check_or_call"
        else:
            amount = legal.min_raise_to
    try:
        await session.run(lambda t, now: t.act(table, seat, action, amount, now=now))
    except (IllegalAction, TournamentError):
        await session.run(lambda t, now: t.act(table, seat, "check_or_call", now=now))
    return True


async def busy(path: Path, tables: int, seconds: float) -> tuple[float, list[float], int]:
    """`tables` tournaments played at once for `seconds`: actions/s, commit latencies, hands."""
    store = await Store.open(path)
    counter = itertools.count()
    service = TournamentService(store, clock=time.time, seeds=lambda: f"s{next(counter)}")
    channels = itertools.count(1)
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
    hands = len(await store._fetch("SELECT id FROM hands"))
    service.close()
    await store.close()
    return done / elapsed, latencies, hands


async def fill(path: Path, tournaments: int, hands: int) -> None:
    """`tournaments` unfinished tournaments of `hands` hands each, played by the service
    (everyone folds to the big blind: real hands, quickly)."""
    store = await Store.open(path, synchronous="NORMAL")  # filling only: not measured
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


async def restart(path: Path) -> tuple[float, float, int]:
    """Open the store and recover every tournament, as the bot's start-up does; returns the
    seconds, the longest stretch the event loop could not run anything else, the count."""
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
    store = await Store.open(path)
    service = TournamentService(store, clock=time.time)
    sessions = await service.recover()
    elapsed = time.perf_counter() - started
    stop.set()
    await watcher
    service.close()
    await store.close()
    return elapsed, worst, len(sessions)


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per throughput run")
    parser.add_argument("--recover", default="100,1000", help="tournament counts to restart")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--profile", action="store_true", help="profile the 100-table run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        peer = raw_sqlite_peer(d / "peer.sqlite3", args.seconds)
        print(f"raw sqlite3, one INSERT + COMMIT per action, synchronous=FULL: {peer:8.0f} /s")
        empty_db = d / "empty.sqlite3"
        await (await Store.open(empty_db)).close()
        empty = empty_db.stat().st_size
        for tables in (1, 10, 100):
            db = d / f"busy{tables}.sqlite3"
            prof = cProfile.Profile() if args.profile and tables == 100 else None
            if prof:
                prof.enable()
            rate, lat, hands = await busy(db, tables, args.seconds)
            if prof:
                prof.disable()
                pstats.Stats(prof).sort_stats("tottime").print_stats(25)
            # What the hands added: the file less an empty database with its tournaments.
            size = db.stat().st_size - empty
            print(f"service, {tables:3d} busy tournament(s): {rate:7.0f} durable actions/s "
                  f"({rate / peer:4.2f}x raw), action->commit p50 {pct(lat, 50) * 1000:5.1f} ms "
                  f"p99 {pct(lat, 99) * 1000:6.1f} ms; {hands} hands, "
                  f"{size / max(hands, 1) / 1024:5.1f} KiB/hand "
                  f"({size / max(hands, 1) * 1000 / 2**20:4.1f} MiB per 1,000 hands)")
        for n in (int(x) for x in args.recover.split(",") if x):
            db = d / f"restart{n}.sqlite3"
            started = time.perf_counter()
            await fill(db, n, args.hands)
            filled = time.perf_counter() - started
            seconds, worst, count = await restart(db)
            print(f"restart {count:5d} tournaments x {args.hands} hands: {seconds:6.3f} s, "
                  f"longest loop block {worst * 1000:5.1f} ms "
                  f"(filled in {filled:.0f} s, {db.stat().st_size / 2**20:.1f} MiB)")


if __name__ == "__main__":
    asyncio.run(main())

"""The store benchmarks' one workload: real tournaments played through the game service
(TournamentService, Session.run, Store.commit) on a SQLite file or a PostgreSQL URL, the raw
drivers they are compared with, the restart, and what a live table keeps in memory.

bench/store.py (SQLite) and bench/store_backends.py (both backends) print from these.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import random
import sqlite3
import statistics
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine.errors import IllegalAction
from bot.engine.profile import make_profile
from bot.service import Session, TournamentService
from bot.store import DEFAULT_BUSY_TIMEOUT_MS, SqlTransaction, Store
from bot.store.backends import is_database_url, open_store
from bot.tournament.errors import TournamentError
from bot.tournament.payouts import load_payout_table
from bot.tournament.players import member_player
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig

PLAYERS = 9
ACTIONS = ("check_or_call", "check_or_call", "check_or_call", "fold", "fold", "raise_to")
Target = str


# --- the raw drivers: one INSERT and one COMMIT per action ---------------------------------------

def raw_sqlite(path: Path, seconds: float) -> float:
    """The floor: plain sqlite3 with the store's pragmas (WAL, synchronous=FULL, the same
    busy_timeout and foreign_keys), no event log, no engine, no async bridge. Actions/s."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {DEFAULT_BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, data TEXT)")
    return _raw_loop(lambda n: (conn.execute("BEGIN IMMEDIATE"),
                                conn.execute("INSERT INTO log (data) VALUES (?)",
                                             (f'{{"action": {n}}}',)),
                                conn.execute("COMMIT")), seconds, conn.close)


def raw_postgres(url: str, seconds: float) -> float:
    """Plain psycopg, synchronous_commit=on: one INSERT and one COMMIT per action."""
    import psycopg

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


# --- playing --------------------------------------------------------------------------------------

def config() -> TournamentConfig:
    return TournamentConfig(make_profile("tda"), load_structure("turbo"),
                            load_payout_table("standard"), seats_per_table=PLAYERS)


async def new_tournament(service: TournamentService, channel: int, seed: str) -> Session:
    session = await service.create(guild_id=1, channel_id=channel, name=f"bench {channel}",
                                   config=config())
    for uid in range(1, PLAYERS + 1):
        def register(t: Tournament, now: float, u: int = uid) -> object:
            return t.register(member_player(u), now)

        def entry(tx: SqlTransaction, u: int = uid) -> object:
            return tx.add_entry(session.store_id, u, f"P{u}")

        await session.run(register, also=entry)
    await session.run(lambda t, now: t.start(seed, now))
    return session


def to_act(session: Session) -> tuple[int, int] | None:
    for table, ts in session.tournament.tables.items():
        if ts.hand is not None and ts.hand.to_act is not None:
            return table, ts.hand.to_act
    return None


async def play_one(session: Session, pick: Callable[[], str]) -> bool:
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


async def started(target: Target) -> tuple[Store, TournamentService]:
    """The store and the service as the bot's start-up leaves them (recover() included: it sets
    the collector up for play)."""
    store = await open_store(target)
    counter = itertools.count()
    service = TournamentService(store, clock=time.time, seeds=lambda: f"s{next(counter)}")
    await service.recover()
    return store, service


@dataclass
class Busy:
    rate: float  # durable actions per second
    latencies: list[float]  # seconds from an action's submission to its commit
    hands: int  # hands in the database at the end
    # SQLite only: (live bytes, hands) at the start, once the tournaments were set up, after
    # the first third of the run, and at the end. Live bytes: pages in use (WAL included).
    sizes: list[tuple[int, int]] | None = None


async def busy(target: Target, tables: int, seconds: float, first_channel: int = 1) -> Busy:
    """`tables` tournaments played at once for `seconds` (a finished one is replaced)."""
    store, service = await started(target)
    sizes = None if is_database_url(target) else [await _live_size(store)]
    channels = itertools.count(first_channel)
    sessions = [await new_tournament(service, next(channels), f"start-{i}")
                for i in range(tables)]
    if sizes is not None:
        sizes.append(await _live_size(store))
    latencies: list[float] = []
    done = 0
    stop = time.perf_counter() + seconds

    async def worker(i: int) -> None:
        nonlocal done
        rng = random.Random(i)
        session = sessions[i]
        while time.perf_counter() < stop:
            began = time.perf_counter()
            if not await play_one(session, lambda: rng.choice(ACTIONS)):
                session = sessions[i] = await new_tournament(service, next(channels), f"n{i}")
                continue
            latencies.append(time.perf_counter() - began)
            done += 1

    async def probe() -> None:
        await asyncio.sleep(seconds / 3)
        if sizes is not None:
            sizes.append(await _live_size(store))

    began = time.perf_counter()
    await asyncio.gather(probe(), *(worker(i) for i in range(tables)))
    elapsed = time.perf_counter() - began
    if sizes is not None:
        sizes.append(await _live_size(store))
    hands = await _hands(store)
    service.close()
    await store.close()
    return Busy(done / elapsed, latencies, hands, sizes)


async def _hands(store: Store) -> int:
    rows = await store._run(lambda tx: tx.fetch("SELECT COUNT(*) FROM hands"))
    return int(rows[0][0])


async def _live_size(store: Store) -> tuple[int, int]:
    def read(tx: Any) -> tuple[int, int]:
        pages = tx.fetch("PRAGMA page_count")[0][0] - tx.fetch("PRAGMA freelist_count")[0][0]
        size = pages * tx.fetch("PRAGMA page_size")[0][0]
        return int(size), int(tx.fetch("SELECT COUNT(*) FROM hands")[0][0])

    return await store._run(read)


def per_hand(sizes: list[tuple[int, int]], start: int, end: int = -1) -> float:
    """Bytes per hand between two of `Busy.sizes`."""
    (b0, h0), (b1, h1) = sizes[start], sizes[end]
    return (b1 - b0) / max(h1 - h0, 1)


# --- restart --------------------------------------------------------------------------------------

async def fill(target: Target, tournaments: int, hands: int) -> None:
    """`tournaments` unfinished tournaments of `hands` hands each, played by the service
    (everyone folds to the big blind: real hands, quickly). Not measured: a SQLite file is
    filled with synchronous=NORMAL."""
    if is_database_url(target):
        store = await open_store(target)
    else:
        store = await Store.open(target, synchronous="NORMAL")
    counter = itertools.count()
    service = TournamentService(store, clock=time.time, seeds=lambda: f"f{next(counter)}")
    sem = asyncio.Semaphore(64)

    async def one(i: int) -> None:
        async with sem:
            session = await new_tournament(service, i + 1, f"fill-{i}")
            while session.tournament.hand_counter <= hands:
                if not await play_one(session, lambda: "fold"):
                    break

    await asyncio.gather(*(one(i) for i in range(tournaments)))
    service.close()
    await store.close()


async def restart(target: Target) -> tuple[float, float, int]:
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
    began = time.perf_counter()
    store = await open_store(target)
    service = TournamentService(store, clock=time.time)
    sessions = await service.recover()
    elapsed = time.perf_counter() - began
    stop.set()
    await watcher
    service.close()
    await store.close()
    return elapsed, worst, len(sessions)


# --- memory ------------------------------------------------------------------------------------

async def table_memory(target: Target, marks: tuple[int, ...]) -> list[tuple[int, int]]:
    """What one live table holds (its tournament and the session's own per-table state), in
    bytes, after each number of hands in `marks`: the objects reachable from them, less the
    shared configuration, the store and the service."""
    store, service = await started(target)
    try:
        session = await new_tournament(service, 1, "memory")
        shared = [store, service, session.tournament.cfg, asyncio.get_running_loop()]
        rng = random.Random(1)
        out = []
        for mark in marks:
            while session.tournament.hand_counter < mark:
                if not await play_one(session, lambda: rng.choice(("check_or_call", "fold"))):
                    session = await new_tournament(service, 2 + mark, "memory")
            gc.collect()
            held = (session.tournament, session._snapshot, session._hand_rows, session._names)
            out.append((session.tournament.hand_counter, _reachable(held, shared)))
        return out
    finally:
        service.close()
        await store.close()


def _reachable(root: object, shared: list[object]) -> int:
    seen = {id(o) for o in shared}
    seen.add(id(shared))
    todo = [root]
    total = 0
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
            types.MethodType)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total - sys.getsizeof(root)  # the tuple that holds them is the benchmark's


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]

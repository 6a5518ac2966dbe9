"""The SQLite store: the only place in the project that speaks SQL (the area modules hold it).

Durability contract: a write is inside `async with store.transaction() as tx:` or is a change
given to `await store.commit(change)`; when either returns normally the COMMIT has returned
(WAL, synchronous=FULL by default), and only then may the caller announce anything. If it
raises, nothing of it is in the database.

`commit` is the game's path (issue 15): the whole change runs in ONE hop to the database
thread, and changes that arrive together (from different tournaments) share one transaction and
one fsync (group commit), each in its own savepoint so one failing change fails alone.
`transaction()` is for everything else: one hop per statement, the caller may read its writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Concatenate, Literal, ParamSpec, Protocol, TypeVar

import aiosqlite

from .checks import CheckReport, ConservationCheck, run_checks
from .errors import DatabaseCorrupt, StoreError, is_corruption
from .eventlog import EVENT_COLUMNS, EventLogSql
from .files import default_database_path, private_file, record_backup
from .leagues import LeagueSql
from .migrate import Migration, apply_migrations
from .records import RecordSql
from .rows import (
    DeadlineRow,
    EntryRow,
    HandRow,
    MessageRow,
    RecoveredTournament,
    SnapshotRow,
    TableRow,
    TournamentRow,
)
from .sql import Clock, Memo, plain
from .tournaments import TournamentSql

DEFAULT_BUSY_TIMEOUT_MS = 5000
Synchronous = Literal["NORMAL", "FULL", "EXTRA"]
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
# Changes committed together at most: a bound on how long the first of them waits for the rest.
MAX_BATCH = 256


Owned = TypeVar("Owned", bound="_OfTournament")


class SqlTransaction(EventLogSql, TournamentSql, LeagueSql, RecordSql):
    """Every store statement, run synchronously in the database thread (see sql.py).

    A `commit` change gets one of these; so does each method of the async faces below.
    """

    def recover_tournament(
        self, tournament: TournamentRow, stream: str | None = None
    ) -> RecoveredTournament:
        snapshot = self.latest_snapshot(tournament.id)
        return RecoveredTournament(
            tournament=tournament,
            snapshot=snapshot,
            events=self.load_events(tournament.id, stream,
                                    after_id=snapshot.last_event_id if snapshot else 0),
            deadlines=self.deadlines(tournament.id),
            tables=self.tables(tournament.id),
            messages=self.messages(tournament.id),
            entries=self.entries(tournament.id),
            hands=self.tournament_hands(tournament.id),
        )

    def recover(self, stream: str | None = None) -> list[RecoveredTournament]:
        """Every unfinished tournament with what its rebuild needs: its latest snapshot, the
        events after it (of `stream` only, if given), deadlines as absolute times, tables and
        messages to edit in place, entries and hands. A few set-wide queries, not a few per
        tournament: a restart with a thousand tables open reads them at once."""
        tournaments = self.unfinished_tournaments()
        if not tournaments:
            return []
        unfinished = "SELECT id FROM tournaments WHERE status IN ('registering', 'running')"
        snapshots = {r["tournament_id"]: plain(SnapshotRow, r, state=True) for r in self.fetch(
            f"SELECT s.* FROM snapshots s WHERE s.tournament_id IN ({unfinished}) AND s.id = "
            "(SELECT id FROM snapshots l WHERE l.tournament_id = s.tournament_id "
            "ORDER BY l.last_event_id DESC, l.id DESC LIMIT 1)")}
        # Driven from each tournament into the (tournament_id, id) index: only the tail is read.
        columns = ", ".join(f"e.{c.strip()}" for c in EVENT_COLUMNS.split(","))
        sql = (f"SELECT {columns} FROM ({unfinished}) u CROSS JOIN events e "
               "ON e.tournament_id = u.id AND e.id > COALESCE((SELECT MAX(last_event_id) "
               "FROM snapshots l WHERE l.tournament_id = u.id), 0)")
        params: list[Any] = []
        if stream is not None:
            sql += " WHERE e.stream = ?"
            params.append(stream)
        found = self.fetch(sql + " ORDER BY e.id", params)
        events = _by_tournament(self.stored_event(r) for r in found)

        deadlines = self._of_unfinished("deadlines", DeadlineRow, "due_at, kind, key", data=True)
        tables = self._of_unfinished("tables", TableRow, "table_no")
        messages = self._of_unfinished("messages", MessageRow, "key")
        entries = self._of_unfinished("entries", EntryRow, "id")
        hands = self._of_unfinished("hands", HandRow, "started_at, id")
        return [
            RecoveredTournament(t, snapshots.get(t.id), events.get(t.id, []),
                                deadlines.get(t.id, []), tables.get(t.id, []),
                                messages.get(t.id, []), entries.get(t.id, []),
                                hands.get(t.id, []))
            for t in tournaments
        ]

    def _of_unfinished(
        self, table: str, cls: Callable[..., Owned], order: str, **json_fields: bool
    ) -> dict[int, list[Owned]]:
        found = self.fetch(f"SELECT * FROM {table} WHERE tournament_id IN (SELECT id FROM "
                           f"tournaments WHERE status IN ('registering', 'running')) "
                           f"ORDER BY {order}")
        return _by_tournament(plain(cls, r, **json_fields) for r in found)


class _OfTournament(Protocol):
    @property
    def tournament_id(self) -> int: ...



def _by_tournament(items: Iterable[Owned]) -> dict[int, list[Owned]]:
    out: dict[int, list[Owned]] = {}
    for item in items:
        out.setdefault(item.tournament_id, []).append(item)
    return out


Change = Callable[[SqlTransaction], T]


def _read(
    fn: Callable[Concatenate[SqlTransaction, P], R],
) -> Callable[Concatenate[_Reads, P], Awaitable[R]]:
    """A store method as an async method of a face: the whole method is one hop."""

    name = fn.__name__

    async def call(self: _Reads, /, *args: P.args, **kwargs: P.kwargs) -> R:
        # By name, so a backend's SqlTransaction subclass (PostgreSQL) runs its own override.
        result: R = await self._run(lambda tx: getattr(tx, name)(*args, **kwargs))
        return result

    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


def _write(
    fn: Callable[Concatenate[SqlTransaction, P], R],
) -> Callable[Concatenate[Transaction, P], Awaitable[R]]:
    name = fn.__name__

    async def call(self: Transaction, /, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = await self._run(lambda tx: getattr(tx, name)(*args, **kwargs))
        return result

    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


class _Reads:
    """The reads, shared by Store (committed data) and Transaction (sees its own writes)."""

    async def _run(self, fn: Change[T]) -> T:
        raise NotImplementedError

    # event log, hands, snapshots, deadlines
    load_events = _read(SqlTransaction.load_events)
    hand = _read(SqlTransaction.hand)
    hand_by_number = _read(SqlTransaction.hand_by_number)
    tournament_hands = _read(SqlTransaction.tournament_hands)
    hand_events = _read(SqlTransaction.hand_events)
    tournament_hand_events = _read(SqlTransaction.tournament_hand_events)
    latest_snapshot = _read(SqlTransaction.latest_snapshot)
    deadlines = _read(SqlTransaction.deadlines)
    recover_tournament = _read(SqlTransaction.recover_tournament)
    recover = _read(SqlTransaction.recover)
    # tournaments and their furniture
    tournament = _read(SqlTransaction.tournament)
    tournaments = _read(SqlTransaction.tournaments)
    unfinished_tournaments = _read(SqlTransaction.unfinished_tournaments)
    open_tournament_in = _read(SqlTransaction.open_tournament_in)
    tables = _read(SqlTransaction.tables)
    messages = _read(SqlTransaction.messages)
    entries = _read(SqlTransaction.entries)
    rebuys = _read(SqlTransaction.rebuys)
    eliminations = _read(SqlTransaction.eliminations)
    # servers, leagues, seasons
    guild_settings = _read(SqlTransaction.guild_settings)
    leagues = _read(SqlTransaction.leagues)
    league = _read(SqlTransaction.league)
    league_by_name = _read(SqlTransaction.league_by_name)
    league_settings = _read(SqlTransaction.league_settings)
    league_tournaments = _read(SqlTransaction.league_tournaments)
    seasons = _read(SqlTransaction.seasons)
    season = _read(SqlTransaction.season)
    active_season = _read(SqlTransaction.active_season)
    season_tournaments = _read(SqlTransaction.season_tournaments)
    season_standings = _read(SqlTransaction.season_standings)
    tournament_scoring = _read(SqlTransaction.tournament_scoring)
    # results, rulings, appeals
    results = _read(SqlTransaction.results)
    rulings = _read(SqlTransaction.rulings)
    ruling = _read(SqlTransaction.ruling)
    director_actions = _read(SqlTransaction.director_actions)
    appeal = _read(SqlTransaction.appeal)
    appeals = _read(SqlTransaction.appeals)


async def _enable_wal(conn: aiosqlite.Connection, path: Path, timeout: float) -> None:
    """Switch to WAL (persistent in the file, so usually already done).

    Changing the journal mode can report "database is locked" at once, without the busy
    handler, when another process is opening the same new file: retry until the busy timeout.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode"))
            if str(rows[0][0]).lower() != "wal":
                rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            if str(rows[0][0]).lower() != "wal":
                raise StoreError(f"could not switch {path} to WAL (got {rows[0][0]})")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.01)


@dataclass(eq=False)
class _Pending:
    change: Change[Any]
    future: asyncio.Future[Any]
    taken: bool = field(default=False)


class Store(_Reads):
    """One SQLite file, one connection (aiosqlite's thread); every write serialised."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        self._conn = conn
        self.path = path
        self.clock = clock
        # aiosqlite serialises statements, not transactions: without this lock another task's
        # statement could land inside (or read the uncommitted state of) our transaction.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._closed = False
        self._memo = Memo()
        self._pending: list[_Pending] = []
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        synchronous: Synchronous = "FULL",
        clock: Clock = time.time,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
        verify: bool = True,
    ) -> Store:
        """Open (creating, 0600) the database and bring its schema up to date.

        With `verify` (the bot's start-up) SQLite's quick check runs first, and a damaged file
        raises DatabaseCorrupt instead of starting with tournaments silently missing.
        `python -m bot.db check` opens without it, to report what is wrong.
        """
        db_path = Path(path) if path is not None else default_database_path()
        if synchronous not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous level {synchronous!r}")
        private_file(db_path)
        conn = await aiosqlite.connect(db_path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # busy_timeout first: switching to WAL needs a lock another process may hold.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await _enable_wal(conn, db_path, busy_timeout_ms / 1000)
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            if verify:
                found = [str(r[0]) for r in await conn.execute_fetchall("PRAGMA quick_check")]
                if found != ["ok"]:
                    raise DatabaseCorrupt(db_path, "; ".join(found[:3]))
            if migrate:
                await apply_migrations(conn, migrations, clock=clock)
        except sqlite3.DatabaseError as exc:
            await conn.close()
            if is_corruption(exc):
                raise DatabaseCorrupt(db_path, str(exc)) from exc
            raise
        except BaseException:
            await conn.close()
            raise
        private_file(db_path)  # the -wal/-shm now exist; make sure of their mode too
        return cls(conn, db_path, clock)

    async def close(self) -> None:
        if self._closed:
            return
        if self._writer is not None and not self._writer.done():
            await asyncio.wait([self._writer])  # changes already handed over still commit
        async with self._lock:
            self._closed = True
            await self._conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- the database thread -------------------------------------------------------------------

    async def _hop(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in aiosqlite's thread, with its connection: one round trip, not one per
        statement. aiosqlite has no public call for this; `_execute` is how its own methods
        reach the thread (0.17 to 0.22), and `_conn` is the sqlite3 connection it owns there."""
        if self._closed:
            raise StoreError("store is closed")
        conn = self._conn
        result: T = await conn._execute(  # type: ignore[no-untyped-call]  # aiosqlite private
            lambda: fn(conn._conn))
        return result

    async def _run(self, fn: Change[T]) -> T:
        """A read: committed data, or (from the task holding a transaction) its own writes."""
        memo = self._memo
        if self._owner is not None and self._owner is asyncio.current_task():
            return await self._hop(lambda conn: fn(SqlTransaction(conn, self.clock, memo)))
        async with self._lock:
            return await self._hop(lambda conn: fn(SqlTransaction(conn, self.clock, memo)))

    # --- transactions --------------------------------------------------------------------------

    async def _finish(self, fn: Callable[[sqlite3.Connection], None]) -> None:
        """Run BEGIN/COMMIT/ROLLBACK to completion even if our task is cancelled meanwhile.

        Otherwise a cancelled COMMIT could still land after we released the lock, and the next
        transaction would find the connection in an unknown state.
        """
        fut = asyncio.ensure_future(self._hop(fn))
        try:
            await asyncio.shield(fut)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await fut
            raise

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN IMMEDIATE ... COMMIT. When the block exits normally the data is durable."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            raise StoreError("transaction() inside a transaction of the same task")
        if self._closed:
            raise StoreError("store is closed")
        async with self._lock:
            self._owner = task
            tx = Transaction(self, self._memo.child())

            def commit(conn: sqlite3.Connection) -> None:
                conn.execute("COMMIT")
                tx.memo.merge_into_parent()  # only what is durable is remembered

            try:
                await self._finish(_begin)
                try:
                    yield tx
                except BaseException:
                    tx.open = False
                    with contextlib.suppress(sqlite3.Error):
                        await self._finish(_rollback)
                    raise
                tx.open = False
                try:
                    await self._finish(commit)
                except sqlite3.Error:
                    with contextlib.suppress(sqlite3.Error):
                        await self._finish(_rollback)
                    raise
            finally:
                tx.open = False
                self._owner = None

    async def write(self, fn: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run `fn(tx)` in its own transaction and return its result after the commit."""
        async with self.transaction() as tx:
            result = await fn(tx)
        return result

    async def commit(self, change: Change[T]) -> T:
        """Run `change(tx)` in the database thread in its own savepoint of a shared transaction;
        return its result once that transaction has committed (or raise what it raised)."""
        if self._closed:
            raise StoreError("store is closed")
        loop = asyncio.get_running_loop()
        item = _Pending(change, loop.create_future())
        self._pending.append(item)
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_pending())
        try:
            result: T = await asyncio.shield(item.future)
            return result
        except asyncio.CancelledError:
            if not item.taken:
                self._pending.remove(item)  # never started: nothing of it is written
                raise
        # Already in a batch: its COMMIT decides, and the caller's memory must match the
        # database, so wait for the outcome, report it, and let the cancellation land later.
        while not item.future.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(item.future)
        task = asyncio.current_task()
        if task is not None:
            task.cancel()
        outcome: T = item.future.result()
        return outcome

    async def _write_pending(self) -> None:
        while self._pending:
            async with self._lock:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                for item in batch:
                    item.taken = True
                changes = [item.change for item in batch]
                try:
                    outcomes = await self._hop(partial(self._apply_batch, changes))
                except BaseException as exc:  # the connection is gone: nothing committed
                    outcomes = [(False, exc)] * len(batch)
            for item, (ok, value) in zip(batch, outcomes, strict=True):
                if item.future.done():
                    continue
                if ok:
                    item.future.set_result(value)
                else:
                    item.future.set_exception(value)

    def _apply_batch(
        self, changes: list[Change[Any]], conn: sqlite3.Connection
    ) -> list[tuple[bool, Any]]:
        """In the database thread: BEGIN, each change in its savepoint, COMMIT."""
        batch = self._memo.child()
        out: list[tuple[bool, Any]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            return [(False, exc)] * len(changes)
        # One change alone needs no savepoint: if it fails, the whole transaction rolls back.
        alone = len(changes) == 1
        try:
            for change in changes:
                memo = batch.child()
                if not alone:
                    conn.execute("SAVEPOINT change")
                try:
                    value = change(SqlTransaction(conn, self.clock, memo))
                except Exception as exc:
                    if alone:
                        conn.execute("ROLLBACK")
                        return [(False, exc)]
                    conn.execute("ROLLBACK TO change")
                    conn.execute("RELEASE change")
                    out.append((False, exc))
                    continue
                if not alone:
                    conn.execute("RELEASE change")
                memo.merge_into_parent()
                out.append((True, value))
            conn.execute("COMMIT")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            return [(False, exc)] * len(changes)
        batch.merge_into_parent()
        return out

    # --- whole-store operations ----------------------------------------------------------------

    async def check(self, checks: Sequence[ConservationCheck] = ()) -> CheckReport:
        """PRAGMA integrity_check, foreign_key_check, and the given chip-conservation checks
        for every tournament (`python -m bot.db check` passes the game's)."""
        try:
            integrity = [str(r[0]) for r in await self._fetch("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            # A damaged page can make the check itself fail: that is its finding.
            return CheckReport([str(exc)], [], [])
        if integrity != ["ok"]:
            return CheckReport(integrity, [], [])  # the rows below cannot be trusted
        fks = [f"{r[0]} rowid {r[1]} -> {r[2]}"
               for r in await self._fetch("PRAGMA foreign_key_check")]
        reports = [run_checks(t, await self.load_events(t.id), checks)
                   for t in await self.tournaments()]
        return CheckReport(integrity, fks, reports)

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """A raw read, for PRAGMAs and the tests' look inside."""
        return await self._run(lambda tx: tx.fetch(sql, params))

    async def backup(self, target: str | os.PathLike[str]) -> Path:
        """Online backup to a new self-contained file (0600), safe while the bot is writing."""
        dest = Path(target)
        if dest.exists():
            raise StoreError(f"{dest} exists; refusing to overwrite a backup")
        tmp = dest.with_name(f".{dest.name}.partial")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        target_conn = await aiosqlite.connect(tmp, isolation_level=None)
        ok = False
        try:
            # One step (pages=-1): a consistent snapshot; WAL lets writers go on meanwhile.
            async with self._lock:
                await self._conn.backup(target_conn, pages=-1)
            # A backup should be one file, not a WAL database that needs its sidecars.
            await target_conn.execute("PRAGMA journal_mode = DELETE")
            rows = list(await target_conn.execute_fetchall("PRAGMA quick_check"))
            if str(rows[0][0]) != "ok":
                raise StoreError(f"backup failed its quick_check: {rows[0][0]}")
            ok = True
        finally:
            await target_conn.close()
            if not ok:  # never leave a half-made backup that looks like a real one
                for p in (tmp, Path(f"{tmp}-journal"), Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
                    with contextlib.suppress(FileNotFoundError):
                        p.unlink()
        os.replace(tmp, dest)
        # Remembered beside the database, so a refusal to start on a damaged one can name it.
        record_backup(self.path, dest, self.clock())
        return dest

    async def schema_version(self) -> int:
        """The newest migration applied (0 for a file no bot has migrated yet)."""
        if not await self._fetch(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        ):
            return 0
        rows = await self._fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        return int(rows[0][0])

    async def schema(self) -> list[tuple[str, str, str, str | None]]:
        """sqlite_master, sorted: what 'the same schema' means for the migration tests."""
        rows = await self._fetch(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]


def _begin(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")


def _rollback(conn: sqlite3.Connection) -> None:
    conn.execute("ROLLBACK")


class Transaction(_Reads):
    """Writes of one transaction. Valid only inside its `async with store.transaction()`."""

    def __init__(self, store: Store, memo: Memo) -> None:
        self._store = store
        self.memo = memo
        self.open = True

    @property
    def now(self) -> float:
        return self._store.clock()

    async def _run(self, fn: Change[T]) -> T:
        if not self.open:
            raise StoreError("transaction already finished; open a new one")
        store, memo = self._store, self.memo
        return await store._hop(lambda conn: fn(SqlTransaction(conn, store.clock, memo)))

    async def apply(self, change: Change[T]) -> T:
        """Run a `commit`-style change inside this transaction (one hop)."""
        return await self._run(change)

    # event log, hands, snapshots, deadlines
    append_events = _write(SqlTransaction.append_events)
    begin_hand = _write(SqlTransaction.begin_hand)
    finish_hand = _write(SqlTransaction.finish_hand)
    save_snapshot = _write(SqlTransaction.save_snapshot)
    set_deadline = _write(SqlTransaction.set_deadline)
    clear_deadline = _write(SqlTransaction.clear_deadline)
    clear_deadlines = _write(SqlTransaction.clear_deadlines)
    sync_deadlines = _write(SqlTransaction.sync_deadlines)
    # tournaments and their furniture
    create_tournament = _write(SqlTransaction.create_tournament)
    set_tournament_status = _write(SqlTransaction.set_tournament_status)
    set_tournament_config = _write(SqlTransaction.set_tournament_config)
    put_table = _write(SqlTransaction.put_table)
    break_table = _write(SqlTransaction.break_table)
    put_message = _write(SqlTransaction.put_message)
    add_entry = _write(SqlTransaction.add_entry)
    update_entry = _write(SqlTransaction.update_entry)
    add_rebuy = _write(SqlTransaction.add_rebuy)
    record_elimination = _write(SqlTransaction.record_elimination)
    undo_elimination = _write(SqlTransaction.undo_elimination)
    # servers, leagues, seasons
    put_guild_settings = _write(SqlTransaction.put_guild_settings)
    create_league = _write(SqlTransaction.create_league)
    put_league_settings = _write(SqlTransaction.put_league_settings)
    create_season = _write(SqlTransaction.create_season)
    set_active_season = _write(SqlTransaction.set_active_season)
    end_season = _write(SqlTransaction.end_season)
    record_scoring = _write(SqlTransaction.record_scoring)
    # results, rulings, appeals
    set_result = _write(SqlTransaction.set_result)
    add_ruling = _write(SqlTransaction.add_ruling)
    add_director_action = _write(SqlTransaction.add_director_action)
    open_appeal = _write(SqlTransaction.open_appeal)
    close_appeal = _write(SqlTransaction.close_appeal)

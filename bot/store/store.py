"""The SQLite store: the only place in the project that speaks SQL (the area modules hold it).

Durability contract: a write is inside `async with store.transaction() as tx:` or is a change
given to `await store.commit(change)`; when either returns normally the COMMIT has returned
(WAL, synchronous=FULL by default), and only then may the caller announce anything. If it
raises, nothing of it is in the database.

`commit` is the game's path (issue 15): the whole change runs in ONE hop to the database
thread, and changes that arrive together (from different tournaments) share one transaction and
one fsync (group commit), each in its own savepoint so one failing change fails alone.
`transaction()` is for everything else: one hop per statement, the caller may read its writes.

This module is the machinery: the connection, transactions, group commit. The statements are in
the area modules (eventlog.py, tournaments.py, leagues.py, records.py, recovery.py, combined in
statements.py), their async faces in faces.py, checks and backups in maintenance.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from . import maintenance
from .checks import CheckReport, ConservationCheck
from .errors import DatabaseCorrupt, StoreError, is_corruption
from .faces import Transaction, _Reads
from .files import default_database_path, private_file
from .migrate import Migration, apply_migrations
from .rows import StoredEvent, TournamentRow
from .sql import Clock, Memo
from .statements import Change, SqlTransaction

DEFAULT_BUSY_TIMEOUT_MS = 5000
Synchronous = Literal["NORMAL", "FULL", "EXTRA"]
T = TypeVar("T")
# Changes committed together at most: a bound on how long the first of them waits for the rest.
MAX_BATCH = 256

__all__ = ["DEFAULT_BUSY_TIMEOUT_MS", "MAX_BATCH", "Change", "SqlTransaction", "Store",
           "Synchronous", "Transaction"]


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

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """A raw read, for PRAGMAs and the tests' look inside."""
        return await self._run(lambda tx: tx.fetch(sql, params))


    # --- whole-store operations (maintenance.py) ------------------------------------------------

    async def _all_events(self, tournament_id: int) -> list[StoredEvent]:
        return await self.load_events(tournament_id)

    async def _all_tournaments(self) -> list[TournamentRow]:
        return await self.tournaments()

    async def _copy_to(self, target: aiosqlite.Connection) -> None:
        # One step (pages=-1): a consistent snapshot; WAL lets writers go on meanwhile.
        async with self._lock:
            await self._conn.backup(target, pages=-1)

    async def check(self, checks: Sequence[ConservationCheck] = ()) -> CheckReport:
        """PRAGMA integrity_check, foreign_key_check, and the given chip-conservation checks
        for every tournament (`python -m bot.db check` passes the game's)."""
        return await maintenance.check(self, checks)

    async def backup(self, target: str | os.PathLike[str]) -> Path:
        """Online backup to a new self-contained file (0600), safe while the bot is writing."""
        return await maintenance.backup(self, target)

    async def schema_version(self) -> int:
        """The newest migration applied (0 for a file no bot has migrated yet)."""
        return await maintenance.schema_version(self)

    async def schema(self) -> list[tuple[str, str, str, str | None]]:
        """sqlite_master, sorted: what 'the same schema' means for the migration tests."""
        return await maintenance.schema(self)


def _begin(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")


def _rollback(conn: sqlite3.Connection) -> None:
    conn.execute("ROLLBACK")

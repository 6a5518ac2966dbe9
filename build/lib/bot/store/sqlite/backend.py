"""The SQLite backend: one file (WAL), one aiosqlite connection and the thread it runs in.

Opening sets the pragmas every connection needs (busy timeout, foreign keys, WAL, the
synchronous level), checks the file with SQLite's quick check, and applies the migrations.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, TypeVar

import aiosqlite

from ..checks import CheckReport, ConservationCheck
from ..dialect import SoleOwner
from ..errors import DatabaseCorrupt, StoreError, is_corruption
from ..files import private_file
from ..migrate import Migration
from ..protocol import StoreView
from ..sql import Clock
from . import maintenance
from .dialect import SQLITE
from .migrate import apply_migrations

DEFAULT_BUSY_TIMEOUT_MS = 5000
Synchronous = Literal["NORMAL", "FULL", "EXTRA"]
T = TypeVar("T")


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


class SqliteBackend:
    """One SQLite file, one connection in aiosqlite's thread."""

    dialect = SQLITE
    ownership = SoleOwner()  # a file is one process's: every tournament in it is its own
    error = sqlite3.Error

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path: Path | None = path
        self.file = path

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        synchronous: Synchronous = "FULL",
        clock: Clock = time.time,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
        verify: bool = True,
    ) -> SqliteBackend:
        """Open (creating, 0600) the file and bring its schema up to date."""
        db_path = Path(path)
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
        return cls(conn, db_path)

    def hop(self, fn: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Hand `fn` to aiosqlite's thread now, with its connection. aiosqlite has no public
        call for this; its own `_execute` (0.17 to 0.22) does the same, but as a coroutine it
        would queue `fn` only once awaited, and Store needs it queued when handed over (see
        Backend.hop): `_tx` is the queue its thread takes (future, function) pairs from in
        order, and `_conn` the sqlite3 connection it owns there."""
        conn = self._conn
        if not conn._running or not conn._connection:
            raise ValueError("Connection closed")  # as aiosqlite's own `_execute` says it
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        conn._tx.put_nowait((future, lambda: fn(conn._conn)))
        return future

    # --- in the database thread ----------------------------------------------------------------

    def script(self, conn: sqlite3.Connection, statements: Sequence[str]) -> None:
        for sql in statements:
            conn.execute(sql)

    def begin(self, conn: sqlite3.Connection) -> None:
        conn.execute(SQLITE.begin)  # IMMEDIATE: the write lock at once, or the busy timeout

    def commit(self, conn: sqlite3.Connection) -> None:
        conn.execute("COMMIT")

    def rollback(self, conn: sqlite3.Connection) -> None:
        conn.execute("ROLLBACK")

    def rollback_quietly(self, conn: sqlite3.Connection) -> None:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")

    def committed(self, conn: sqlite3.Connection, finishing: set[int]) -> None:
        return None  # no leases to hand back

    # --- whole-store operations (maintenance.py) -----------------------------------------------

    async def close(self) -> None:
        await self._conn.close()

    async def check(self, store: StoreView, checks: Sequence[ConservationCheck]) -> CheckReport:
        """PRAGMA integrity_check, foreign_key_check, and the given chip-conservation checks."""
        return await maintenance.check(store, checks)

    async def backup(self, store: StoreView, target: str | os.PathLike[str]) -> Path:
        """Online backup to a new self-contained file (0600), safe while the bot is writing."""
        return await maintenance.backup(store, self.file, target)

    async def schema_version(self, store: StoreView) -> int:
        return await maintenance.schema_version(store)

    async def schema(self, store: StoreView) -> list[tuple[str, str, str, str | None]]:
        """sqlite_master, sorted."""
        return await maintenance.schema(store)



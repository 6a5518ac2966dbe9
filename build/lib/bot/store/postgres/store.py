"""The PostgreSQL store: the same `Store` the service, the league code and the Discord side use,
on a database server that several bot processes share.

The store's core (bot/store/store.py) is shared with SQLite: the lock, the memo, group commit,
`transaction()` and the statements. This module is PostgreSQL's backend for it (`PgBackend`:
the session and its thread, BEGIN/COMMIT/ROLLBACK, the dialect) and `PostgresStore`, the core
with the lease calls added. The contract is the same: when `transaction()` or `commit` returns,
PostgreSQL's COMMIT has returned (synchronous_commit=on: the WAL is flushed), and only then may
the caller announce anything.

What PostgreSQL adds: leases. A tournament is written only by the process that holds its lock
(leases.py); `unfinished_tournaments()` (and so recovery) returns the ones this process could
claim in its shards, and a tournament this process creates is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import psycopg

from ..checks import CheckReport, ConservationCheck
from ..errors import StoreError
from ..migrate import Migration
from ..ownership import Shards
from ..protocol import StoreView
from ..sql import Clock
from ..sqlite import DEFAULT_BUSY_TIMEOUT_MS, Synchronous
from ..store import Store
from . import maintenance
from .connection import PgRow, PgSession, is_postgres_url, redact_url
from .dialect import POSTGRES
from .leases import LeaseBook, holders
from .migrate import apply_pg_migrations

T = TypeVar("T")
log = logging.getLogger(__name__)
Conn = psycopg.Connection[PgRow]

# SQLite's synchronous levels, read as PostgreSQL's: FULL and EXTRA wait for the WAL flush (an
# acknowledged action survives a power cut); NORMAL does not wait (it survives the bot's crash,
# not the server's), like SQLite's NORMAL in WAL mode.
_SYNCHRONOUS_COMMIT = {"NORMAL": "off", "FULL": "on", "EXTRA": "on"}


class PgBackend:
    """One PostgreSQL session (its own thread), and the leases it holds."""

    dialect = POSTGRES
    error = psycopg.Error
    path: Path | None = None

    def __init__(self, session: PgSession, url: str, leases: LeaseBook) -> None:
        self.session = session
        self.url = url
        self.leases = leases
        self.ownership = leases

    def hop(self, fn: Callable[[Conn], T]) -> asyncio.Future[T]:
        return self.session.run(fn)

    # --- in the database thread ----------------------------------------------------------------

    def script(self, conn: Conn, statements: Sequence[str]) -> None:
        """One message: each round trip to the server costs more than a statement's work."""
        conn.execute("; ".join(statements).encode())

    def begin(self, conn: Conn) -> None:
        conn.execute(POSTGRES.begin)

    def commit(self, conn: Conn) -> None:
        conn.execute("COMMIT")

    def rollback(self, conn: Conn) -> None:
        conn.execute("ROLLBACK")

    def rollback_quietly(self, conn: Conn) -> None:
        with contextlib.suppress(psycopg.Error):
            if not conn.broken:
                conn.execute("ROLLBACK")

    def committed(self, conn: Conn, finishing: set[int]) -> None:
        """Finished tournaments need no lease any more (committed: a failed unlock changes
        nothing, and the session's end releases it anyway)."""
        if finishing:
            with contextlib.suppress(psycopg.Error):
                self.leases.release(conn, finishing)

    # --- whole-store operations (maintenance.py) -----------------------------------------------

    async def close(self) -> None:
        await self.session.close()  # the session ends: every lease it held is released

    async def check(self, store: StoreView, checks: Sequence[ConservationCheck]) -> CheckReport:
        return await maintenance.check(store, checks)

    async def backup(self, store: StoreView, target: str | os.PathLike[str]) -> Path:
        return await maintenance.backup(self.url, target)

    async def schema_version(self, store: StoreView) -> int:
        return await maintenance.schema_version(store)

    async def schema(self, store: StoreView) -> list[tuple[str, str, str, str | None]]:
        return await maintenance.schema(store)


class PostgresStore(Store):
    """The store's core on a PostgreSQL backend, with the lease calls."""

    def __init__(self, backend: PgBackend, clock: Clock) -> None:
        super().__init__(backend, clock)
        self.url = backend.url
        self.leases = backend.leases
        self._db = backend.session
        backend.session.on_new_session = self._new_session

    @classmethod
    async def open(  # a URL; and the shards this process serves
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        synchronous: Synchronous = "FULL",
        clock: Clock = time.time,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
        verify: bool = True,
        shards: Shards | None = None,
    ) -> PostgresStore:
        """Connect to `path` (a postgresql:// URL) and bring the schema up to date.
        `shards`: the Discord shards this process serves (None: all of them).
        `verify` has nothing to add here: the server checks its own pages."""
        url = str(path)
        if not is_postgres_url(url):
            raise StoreError("a PostgreSQL store needs a postgresql:// URL (DATABASE_URL)")
        if synchronous not in _SYNCHRONOUS_COMMIT:
            raise ValueError(f"bad synchronous level {synchronous!r}")
        session = PgSession(url, lock_timeout_ms=busy_timeout_ms)
        store = cls(PgBackend(session, url, LeaseBook(shards)), clock)

        def prepare(conn: Conn) -> None:
            conn.execute(f"SET synchronous_commit = {_SYNCHRONOUS_COMMIT[synchronous]}")
            if migrate:
                apply_pg_migrations(conn, migrations, clock=clock)

        try:
            await session.run(prepare)
        except psycopg.OperationalError as exc:
            await session.close()
            raise StoreError(f"cannot use the PostgreSQL database at {redact_url(url)}: "
                             f"{str(exc).strip()}") from exc
        except BaseException:
            await session.close()
            raise
        return store

    def _new_session(self, generation: int) -> None:
        """A new session: no lease is held any more, and what the memo remembers of the
        database may have been changed by whoever took our tournaments over."""
        self.leases.new_session(generation)
        self._memo.forget()

    # --- leases --------------------------------------------------------------------------------

    async def claim(self, tournament_ids: Sequence[int]) -> set[int]:
        """Take the leases of these tournaments (those not held by another process); return
        the ones this process now holds."""
        return await self._handed(lambda conn: self.leases.claim(conn, tournament_ids))

    async def release(self, tournament_ids: Sequence[int]) -> None:
        """Hand tournaments back (this process stops running them)."""
        def release(conn: Conn) -> None:
            self.leases.release(conn, tournament_ids)
            for t in tournament_ids:  # whoever runs it next may change what we remember
                self._memo.forget(t)

        await self._handed(release)

    async def lease_holders(self, tournament_ids: Sequence[int]) -> dict[int, int]:
        """Server process id holding each tournament's lease (absent: nobody runs it)."""
        return await self._handed(lambda conn: holders(conn, tournament_ids))


__all__ = ["PgBackend", "PostgresStore", "is_postgres_url"]

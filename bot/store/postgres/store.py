"""The PostgreSQL store: the same `Store` the service, the league code and the Discord side use,
on a database server that several bot processes share (issue 14).

Same contract as the SQLite store (bot/store/store.py), kept the same way: a write is inside
`async with store.transaction() as tx:` or is a change given to `await store.commit(change)`;
when either returns, PostgreSQL's COMMIT has returned (synchronous_commit=on: the WAL is
flushed), and only then may the caller announce anything. `commit` runs the whole change in one
hop to the database thread, and changes that arrive together share one transaction, each in its
own savepoint (group commit) — that machinery is inherited unchanged; only the hop, the
statements (dialect.py) and the whole-store operations (check, backup, schema) differ.

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
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import psycopg

from ..checks import CheckReport, ConservationCheck, run_checks
from ..errors import StoreError
from ..migrate import Migration
from ..ownership import Shards
from ..sql import Clock, Memo
from ..store import DEFAULT_BUSY_TIMEOUT_MS, Change, Store, Synchronous, Transaction
from .connection import PgRow, PgSession, is_postgres_url, redact_url
from .dialect import PgSqlTransaction
from .leases import LeaseBook, holders
from .migrate import apply_pg_migrations, current_version
from .transfer import copy_rows

T = TypeVar("T")
log = logging.getLogger(__name__)
Conn = psycopg.Connection[PgRow]

# SQLite's synchronous levels, read as PostgreSQL's: FULL and EXTRA wait for the WAL flush (an
# acknowledged action survives a power cut); NORMAL does not wait (it survives the bot's crash,
# not the server's), like SQLite's NORMAL in WAL mode.
_SYNCHRONOUS_COMMIT = {"NORMAL": "off", "FULL": "on", "EXTRA": "on"}


class PostgresStore(Store):
    """One PostgreSQL session (its own thread); every write of this process serialised."""

    def __init__(self, session: PgSession, url: str, clock: Clock, leases: LeaseBook) -> None:
        # Not Store.__init__: it takes an aiosqlite connection. These are the attributes the
        # inherited machinery (reads, transactions, group commit) uses.
        self._db = session
        self.url = url
        self.clock = clock
        self.leases = leases
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._closed = False
        self._memo = Memo()
        self._pending = []
        self._writer = None
        session.on_new_session = self._new_session

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
        shards: Shards | None = None,
    ) -> PostgresStore:
        """Connect to `path` (a postgresql:// URL; default $DATABASE_URL) and bring the schema
        up to date. `shards`: the Discord shards this process serves (None: all of them).
        `verify` has nothing to add here: the server checks its own pages."""
        url = str(path) if path is not None else os.environ.get("DATABASE_URL", "")
        if not is_postgres_url(url):
            raise StoreError("a PostgreSQL store needs a postgresql:// URL (DATABASE_URL)")
        if synchronous not in _SYNCHRONOUS_COMMIT:
            raise ValueError(f"bad synchronous level {synchronous!r}")
        session = PgSession(url, lock_timeout_ms=busy_timeout_ms)
        store = cls(session, url, clock, LeaseBook(shards))

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

    async def close(self) -> None:
        if self._closed:
            return
        if self._writer is not None and not self._writer.done():
            await asyncio.wait([self._writer])  # changes already handed over still commit
        async with self._lock:
            self._closed = True
            await self._db.close()  # the session ends: every lease it held is released

    # --- the database thread -------------------------------------------------------------------

    def _sql(self, conn: Conn, memo: Memo, finishing: set[int]) -> PgSqlTransaction:
        return PgSqlTransaction(conn, self.clock, memo, self.leases, finishing)

    async def _hop(self, fn: Callable[[Any], T]) -> T:
        if self._closed:
            raise StoreError("store is closed")
        return await self._db.run(fn)

    async def _run(self, fn: Change[T]) -> T:
        memo = self._memo
        if self._owner is not None and self._owner is asyncio.current_task():
            return await self._hop(lambda conn: fn(self._sql(conn, memo, set())))
        async with self._lock:
            return await self._hop(lambda conn: fn(self._sql(conn, memo, set())))

    # --- transactions --------------------------------------------------------------------------

    async def _finish(self, fn: Callable[[Any], None]) -> None:
        """BEGIN/COMMIT/ROLLBACK run to completion even if our task is cancelled meanwhile
        (as on SQLite: a cancelled COMMIT must not land after the lock is released)."""
        fut = asyncio.ensure_future(self._hop(fn))
        try:
            await asyncio.shield(fut)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await fut
            raise

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN ... COMMIT. When the block exits normally the data is durable."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            raise StoreError("transaction() inside a transaction of the same task")
        if self._closed:
            raise StoreError("store is closed")
        async with self._lock:
            self._owner = task
            tx = PgTransaction(self, self._memo.child())

            def commit(conn: Conn) -> None:
                conn.execute("COMMIT")
                tx.memo.merge_into_parent()  # only what is durable is remembered
                self.leases.release(conn, tx.finishing)

            try:
                await self._finish(_begin)
                try:
                    yield tx
                except BaseException:
                    tx.open = False
                    with contextlib.suppress(psycopg.Error):
                        await self._finish(_rollback)
                    raise
                tx.open = False
                try:
                    await self._finish(commit)
                except psycopg.Error:
                    with contextlib.suppress(psycopg.Error):
                        await self._finish(_rollback)
                    raise
            finally:
                tx.open = False
                self._owner = None

    def _apply_batch(self, changes: list[Change[Any]], conn: Any) -> list[tuple[bool, Any]]:
        """In the database thread: BEGIN, each change in its savepoint, COMMIT.

        Each round trip to the server costs ~0.1 ms, more than a statement's work, so the
        transaction's own statements travel together: "BEGIN; SAVEPOINT" in one message, then
        after each change "RELEASE; SAVEPOINT" for the next or "RELEASE; COMMIT" for the last.
        """
        batch = self._memo.child()
        finishing: set[int] = set()
        out: list[tuple[bool, Any]] = []
        try:
            conn.execute(b"BEGIN; SAVEPOINT change")
            for i, change in enumerate(changes):
                then = b"COMMIT" if i == len(changes) - 1 else b"SAVEPOINT change"
                memo = batch.child()
                mine: set[int] = set()
                try:
                    value = change(self._sql(conn, memo, mine))
                except Exception as exc:
                    conn.execute(b"ROLLBACK TO SAVEPOINT change; RELEASE SAVEPOINT change; "
                                 + then)
                    out.append((False, exc))
                    continue
                conn.execute(b"RELEASE SAVEPOINT change; " + then)
                memo.merge_into_parent()
                finishing |= mine
                out.append((True, value))
        except BaseException as exc:  # BEGIN or COMMIT failed, or the session broke: nothing
            with contextlib.suppress(psycopg.Error):
                if not conn.broken:
                    conn.execute("ROLLBACK")
            return [(False, exc)] * len(changes)
        batch.merge_into_parent()
        with contextlib.suppress(psycopg.Error):  # committed: a failed unlock changes nothing
            self.leases.release(conn, finishing)
        return out

    # --- leases --------------------------------------------------------------------------------

    async def claim(self, tournament_ids: Sequence[int]) -> set[int]:
        """Take the leases of these tournaments (those not held by another process); return
        the ones this process now holds."""
        async with self._lock:
            return await self._hop(lambda conn: self.leases.claim(conn, tournament_ids))

    async def release(self, tournament_ids: Sequence[int]) -> None:
        """Hand tournaments back (this process stops running them)."""
        def release(conn: Conn) -> None:
            self.leases.release(conn, tournament_ids)
            for t in tournament_ids:  # whoever runs it next may change what we remember
                self._memo.forget(t)

        async with self._lock:
            await self._hop(release)

    async def lease_holders(self, tournament_ids: Sequence[int]) -> dict[int, int]:
        """Server process id holding each tournament's lease (absent: nobody runs it)."""
        async with self._lock:
            return await self._hop(lambda conn: holders(conn, tournament_ids))

    # --- whole-store operations ----------------------------------------------------------------

    async def check(self, checks: Sequence[ConservationCheck] = ()) -> CheckReport:
        """Every table read through, every foreign key's rows present, and the given
        chip-conservation checks for every tournament (as on SQLite)."""
        async with self._lock:
            integrity = await self._hop(_read_every_table)
            if integrity != ["ok"]:
                return CheckReport(integrity, [], [])
            fks = await self._hop(_missing_references)
        reports = [run_checks(t, await self.load_events(t.id), checks)
                   for t in await self.tournaments()]
        return CheckReport(integrity, fks, reports)

    async def backup(self, target: str | os.PathLike[str]) -> Path:
        """A consistent snapshot (one REPEATABLE READ transaction, while the bot writes on)
        into a new self-contained SQLite file (0600): a backup that needs no server to read,
        and that `python -m bot.db copy --to postgresql://...` restores."""
        dest = Path(target)
        if dest.exists():
            raise StoreError(f"{dest} exists; refusing to overwrite a backup")
        dest.parent.mkdir(parents=True, exist_ok=True)
        # Written aside and renamed: a half-made backup never looks like a real one.
        tmp = dest.with_name(f".{dest.name}.partial")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        ok = False
        try:
            created = await Store.open(tmp)  # 0600, migrated: the SQLite store makes it
            await created.close()
            await asyncio.to_thread(copy_rows, self.url, tmp)
            checked = await Store.open(tmp, migrate=False)  # SQLite's quick check on the copy
            await checked.close()
            ok = True
        finally:
            if not ok:
                for suffix in ("", "-wal", "-shm", "-journal"):
                    with contextlib.suppress(FileNotFoundError):
                        Path(f"{tmp}{suffix}").unlink()
        os.replace(tmp, dest)
        return dest

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._hop(current_version)

    async def schema(self) -> list[tuple[str, str, str, str | None]]:
        """Tables (with their columns in order), indexes and triggers, sorted."""
        async with self._lock:
            return await self._hop(_schema)


def _begin(conn: Conn) -> None:
    conn.execute("BEGIN")


def _rollback(conn: Conn) -> None:
    conn.execute("ROLLBACK")


class PgTransaction(Transaction):
    """Writes of one PostgreSQL transaction; the same methods as SQLite's Transaction."""

    def __init__(self, store: PostgresStore, memo: Memo) -> None:
        super().__init__(store, memo)
        self._pg_store = store
        self.finishing: set[int] = set()

    async def _run(self, fn: Change[T]) -> T:
        if not self.open:
            raise StoreError("transaction already finished; open a new one")
        store, memo, finishing = self._pg_store, self.memo, self.finishing
        return await store._hop(lambda conn: fn(store._sql(conn, memo, finishing)))


_OWN_TABLES = """
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY c.relname
"""


def _read_every_table(conn: Conn) -> list[str]:
    """Read every row of every table (a damaged page or a missing file shows here)."""
    problems = []
    for (name,) in conn.execute(_OWN_TABLES).fetchall():
        try:
            conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()
        except psycopg.Error as exc:
            problems.append(f"{name}: {str(exc).strip()}")
    return problems or ["ok"]


def _missing_references(conn: Conn) -> list[str]:
    """Rows whose foreign key names a row that is not there. PostgreSQL enforces foreign keys
    as they are written, so a finding means they were bypassed (a restore with triggers off,
    a hand edit): what SQLite's foreign_key_check reports."""
    fks = conn.execute(
        """
        SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text, af.attname
        FROM pg_constraint c
        JOIN pg_namespace n ON n.oid = c.connamespace
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND n.nspname = current_schema() AND cardinality(c.conkey) = 1
        ORDER BY 1, 2
        """
    ).fetchall()
    out: list[str] = []
    for table, column, parent, parent_column in fks:
        rows = conn.execute(
            f'SELECT t."{column}" FROM {table} t WHERE t."{column}" IS NOT NULL AND NOT EXISTS '
            f'(SELECT 1 FROM {parent} p WHERE p."{parent_column}" = t."{column}") LIMIT 20'
        ).fetchall()
        out.extend(f"{table} {column}={r[0]} -> {parent}" for r in rows)
    return out


def _schema(conn: Conn) -> list[tuple[str, str, str, str | None]]:
    tables = conn.execute(
        """
        SELECT 'table', c.table_name, c.table_name,
               string_agg(c.column_name || ' ' || c.data_type, ', ' ORDER BY c.ordinal_position)
        FROM information_schema.columns c
        WHERE c.table_schema = current_schema() GROUP BY c.table_name
        """
    ).fetchall()
    indexes = conn.execute(
        "SELECT 'index', indexname, tablename, indexdef FROM pg_indexes "
        "WHERE schemaname = current_schema()"
    ).fetchall()
    triggers = conn.execute(
        "SELECT 'trigger', trigger_name, event_object_table, action_statement "
        "FROM information_schema.triggers WHERE trigger_schema = current_schema()"
    ).fetchall()
    return sorted((str(r[0]), str(r[1]), str(r[2]), r[3]) for r in [*tables, *indexes, *triggers])


__all__ = ["PostgresStore", "PgTransaction", "is_postgres_url"]

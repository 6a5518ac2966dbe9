"""The store's core: the only place in the project that speaks SQL (the area modules hold it),
on either backend. See protocol.py for what a backend brings; this module is what they share.

Durability contract: a write is inside `async with store.transaction() as tx:` or is a change
given to `await store.commit(change)`; when either returns normally the COMMIT has returned
(SQLite: WAL, synchronous=FULL by default; PostgreSQL: synchronous_commit=on), and only then may
the caller announce anything. If it raises, nothing of it is in the database.

`commit` is the game's path: the whole change runs in ONE hop to the database
thread, and changes that arrive together (from different tournaments) share one transaction and
one fsync (group commit); if one of them fails, the batch runs again with each change in its own
savepoint, so that one failing change fails alone.
`transaction()` is for writes that must await something between their statements: one hop per
statement, the caller may read its writes. It holds the store, every other write of the process
waiting, for as long as its hops take, and each hop's answer waits for the event loop: nothing
made often goes this way (a registration, a message id, a new tournament are changes given to
`commit`; bench/NIGHT.md, fifteenth part).

`Store.open(path)` opens a SQLite file (bot/store/sqlite/); `PostgresStore.open(url)`
(bot/store/postgres/) a PostgreSQL database; `open_store(target)` (backends.py) either.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from .checks import CheckReport, ConservationCheck
from .errors import StoreError
from .faces import Transaction, _Reads
from .migrate import Migration
from .protocol import RELEASE, ROLLBACK_TO, SAVEPOINT, Backend
from .rows import StoredEvent, TournamentRow
from .sql import Clock, Memo
from .sqlite import DEFAULT_BUSY_TIMEOUT_MS, SqliteBackend, Synchronous
from .statements import Change, SqlTransaction

T = TypeVar("T")
# Changes committed together at most: a bound on how long the first of them waits for the rest.
MAX_BATCH = 256

__all__ = ["DEFAULT_BUSY_TIMEOUT_MS", "MAX_BATCH", "Change", "SqlTransaction", "Store",
           "Synchronous", "Transaction"]


async def _to_the_end(future: asyncio.Future[Any]) -> bool:
    """Wait until `future` is done even if this task is cancelled meanwhile (what it stands for
    runs on in the database thread either way, and its outcome must be heard); True if the task
    was cancelled, for the caller to raise once it has dealt with the outcome."""
    cancelled = False
    while not future.done():
        try:
            await asyncio.wait([future])  # unlike awaiting it, never cancels `future`
        except asyncio.CancelledError:
            cancelled = True
    return cancelled


@dataclass(eq=False)
class _Pending:
    change: Change[Any]
    future: asyncio.Future[Any]
    taken: bool = field(default=False)


class Store(_Reads):
    """One connection (in its backend's thread); every write of this process serialised."""

    def __init__(self, backend: Backend, clock: Clock) -> None:
        self._backend = backend
        self.clock = clock
        # The driver serialises statements, not transactions: without this lock another task's
        # statement could land inside (or read the uncommitted state of) our transaction.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._closed = False
        self._memo = Memo()
        self._pending: list[_Pending] = []
        self._writer: asyncio.Task[None] | None = None

    @property
    def path(self) -> Path:
        """The SQLite file (a PostgreSQL store has none)."""
        if self._backend.path is None:
            raise StoreError("a PostgreSQL store has no file")
        return self._backend.path

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
    ) -> Store:
        """Open (creating, 0600) the SQLite file at `path` and bring its schema up to date.

        With `verify` (the bot's start-up) SQLite's quick check runs first, and a damaged file
        raises DatabaseCorrupt instead of starting with tournaments silently missing.
        `python -m bot.db check` opens without it, to report what is wrong.
        """
        backend = await SqliteBackend.open(
            path, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous, clock=clock,
            migrations=migrations, migrate=migrate, verify=verify)
        return cls(backend, clock)

    async def close(self) -> None:
        if self._closed:
            return
        if self._writer is not None and not self._writer.done():
            await asyncio.wait([self._writer])  # changes already handed over still commit
        async with self._lock:
            self._closed = True
            await self._backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- the database thread -------------------------------------------------------------------

    def _hand(self, fn: Callable[[Any], T]) -> asyncio.Future[T]:
        """Hand `fn(connection)` to the database thread now: one round trip, not one per
        statement. The thread runs what it is handed in the order handed."""
        if self._closed:
            raise StoreError("store is closed")
        return self._backend.hop(fn)

    async def _hop(self, fn: Callable[[Any], T]) -> T:
        """Run `fn(connection)` in the database thread (a transaction's hops, under its lock)."""
        return await self._hand(fn)

    async def _handed(self, fn: Callable[[Any], T]) -> T:
        """A hop that is not part of a transaction (a read, the writer's batch): handed over
        once no transaction holds the store, then awaited without holding it. Since the thread
        runs hops in the order handed, a transaction that takes the lock next runs its BEGIN
        after this hop all the same; what is spared is the wait, at a busy hour, for this task's
        turn of the loop after its answer is in, during which nobody else could hand anything
        over (bench/NIGHT.md, sixteenth part)."""
        async with self._lock:
            future = self._hand(fn)
        return await future

    def _sql(self, conn: Any, memo: Memo, finishing: set[int]) -> SqlTransaction:
        """The statements, on this connection, in the database thread."""
        backend = self._backend
        return SqlTransaction(conn, self.clock, memo, backend.dialect, backend.ownership,
                              finishing)

    async def _run(self, fn: Change[T]) -> T:
        """A read: committed data, or (from the task holding a transaction) its own writes."""
        memo = self._memo
        if self._owner is not None and self._owner is asyncio.current_task():
            return await self._hop(lambda conn: fn(self._sql(conn, memo, set())))
        return await self._handed(lambda conn: fn(self._sql(conn, memo, set())))

    # --- transactions --------------------------------------------------------------------------

    async def _finish(self, fn: Callable[[Any], None]) -> None:
        """Run BEGIN/COMMIT/ROLLBACK to completion even if our task is cancelled meanwhile.

        Otherwise a cancelled COMMIT could still land after we released the lock, and the next
        transaction would find the connection in an unknown state.
        """
        fut = self._hand(fn)
        if await _to_the_end(fut):
            if not fut.cancelled():
                fut.exception()  # heard: the cancellation is what the caller gets
            raise asyncio.CancelledError
        fut.result()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN ... COMMIT. When the block exits normally the data is durable."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            raise StoreError("transaction() inside a transaction of the same task")
        if self._closed:
            raise StoreError("store is closed")
        backend = self._backend
        async with self._lock:
            self._owner = task
            tx = Transaction(self, self._memo.child())

            def commit(conn: Any) -> None:
                backend.commit(conn)
                tx.memo.merge_into_parent()  # only what is durable is remembered
                backend.committed(conn, tx.finishing)

            try:
                await self._finish(backend.begin)
                try:
                    yield tx
                except BaseException:
                    tx.open = False
                    with contextlib.suppress(backend.error):
                        await self._finish(backend.rollback)
                    raise
                tx.open = False
                try:
                    await self._finish(commit)
                except backend.error:
                    with contextlib.suppress(backend.error):
                        await self._finish(backend.rollback)
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
        """Run `change(tx)` in the database thread in a transaction shared with the changes
        handed over meanwhile; return its result once that transaction has committed (or raise
        what it raised: then nothing of it is written, and the others commit without it).
        `change` must do nothing but its statements: it runs a second time, the first rolled
        back, when another change of its batch fails (_apply_batch)."""
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
        await _to_the_end(item.future)
        task = asyncio.current_task()
        if task is not None:
            task.cancel()
        outcome: T = item.future.result()
        return outcome

    async def _write_pending(self) -> None:
        while self._pending:
            # As `_handed`: the batch is taken and handed over under the lock, and awaited
            # without it (what arrives meanwhile joins the next batch).
            async with self._lock:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                for item in batch:
                    item.taken = True
                changes = [item.change for item in batch]
                try:
                    future = self._hand(partial(self._apply_batch, changes))
                except BaseException as exc:  # closed: nothing handed over
                    future = asyncio.get_running_loop().create_future()
                    future.set_exception(exc)
            # Cancelled or not, this task waits for the batch, and its callers hear how it
            # ended: nobody is told "not written" of a COMMIT (as `commit` tells a caller
            # cancelled once its change is taken).
            cancelled = await _to_the_end(future)
            outcomes: list[tuple[bool, Any]]
            if future.cancelled():  # the batch itself, never run (its thread stopped)
                outcomes = [(False, StoreError("the store's writer was stopped"))] * len(batch)
            elif (failed := future.exception()) is not None:  # the connection is gone
                outcomes = [(False, failed)] * len(batch)
            else:
                outcomes = future.result()
            for item, (ok, value) in zip(batch, outcomes, strict=True):
                if item.future.done():
                    continue
                if ok:
                    item.future.set_result(value)
                else:
                    item.future.set_exception(value)
            if cancelled:
                for item in self._pending:  # never handed over: nothing of them is written
                    if not item.future.done():
                        item.future.set_exception(StoreError("the store's writer was stopped"))
                self._pending.clear()
                raise asyncio.CancelledError

    def _apply_batch(self, changes: list[Change[Any]], conn: Any) -> list[tuple[bool, Any]]:
        """In the database thread: the batch in one transaction. Changes nearly always succeed,
        so they are first run together, without savepoints (on PostgreSQL each savepoint's
        statements were a round trip to the server); if any of them fails, that is rolled back
        and the batch runs again, each change in its savepoint, so that the failing one fails
        alone. A change may therefore run twice, the first time rolled back: it must do nothing
        but its statements."""
        if len(changes) > 1:
            together = self._apply_together(changes, conn)
            if together is not None:
                return together
        return self._apply_in_savepoints(changes, conn)

    def _apply_together(self, changes: list[Change[Any]], conn: Any
                        ) -> list[tuple[bool, Any]] | None:
        """BEGIN, every change, COMMIT; None (nothing written) if a change failed. A failed
        BEGIN or COMMIT fails them all, as in savepoints, and nothing runs again: a COMMIT's
        failure is no change's, and running them again could not make it succeed."""
        backend = self._backend
        batch = self._memo.child()
        finishing: set[int] = set()
        try:
            backend.begin(conn)
            try:
                values = [change(self._sql(conn, batch, finishing)) for change in changes]
            except Exception:  # a change's own failure: the batch goes again in savepoints
                backend.rollback_quietly(conn)
                return None
            backend.commit(conn)
        except BaseException as exc:  # as in savepoints: BEGIN or COMMIT failed, or worse
            backend.rollback_quietly(conn)
            return [(False, exc)] * len(changes)
        batch.merge_into_parent()
        backend.committed(conn, finishing)
        return [(True, value) for value in values]

    def _apply_in_savepoints(self, changes: list[Change[Any]], conn: Any
                             ) -> list[tuple[bool, Any]]:
        """BEGIN, each change in its savepoint, COMMIT.

        The transaction's own statements travel together (`script`: on PostgreSQL one message,
        where a round trip costs more than a statement's work): "BEGIN; SAVEPOINT", then after
        each change "RELEASE; SAVEPOINT" for the next or "RELEASE; COMMIT" for the last. One
        change alone needs no savepoint: if it fails, the whole transaction rolls back.
        """
        backend = self._backend
        begin, commit = backend.dialect.begin, "COMMIT"
        batch = self._memo.child()
        finishing: set[int] = set()
        out: list[tuple[bool, Any]] = []
        alone = len(changes) == 1
        last = len(changes) - 1
        try:
            backend.script(conn, (begin,) if alone else (begin, SAVEPOINT))
            for i, change in enumerate(changes):
                then = commit if i == last else SAVEPOINT
                memo = batch.child()
                mine: set[int] = set()
                try:
                    value = change(self._sql(conn, memo, mine))
                except Exception as exc:
                    if alone:
                        backend.rollback(conn)
                        return [(False, exc)]
                    backend.script(conn, (ROLLBACK_TO, RELEASE, then))
                    out.append((False, exc))
                    continue
                backend.script(conn, (then,) if alone else (RELEASE, then))
                memo.merge_into_parent()
                finishing |= mine
                out.append((True, value))
        except BaseException as exc:  # BEGIN or COMMIT failed, or the connection broke: nothing
            backend.rollback_quietly(conn)
            return [(False, exc)] * len(changes)
        batch.merge_into_parent()
        backend.committed(conn, finishing)
        return out

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """A raw read, for PRAGMAs and the tests' look inside."""
        return await self._run(lambda tx: tx.fetch(sql, params))

    # --- whole-store operations (the backend's) ------------------------------------------------

    async def _all_events(self, tournament_id: int) -> list[StoredEvent]:
        return await self.load_events(tournament_id)

    async def _all_tournaments(self) -> list[TournamentRow]:
        return await self.tournaments()

    async def check(self, checks: Sequence[ConservationCheck] = ()) -> CheckReport:
        """The database's own integrity, every foreign key's rows present, and the given
        chip-conservation checks for every tournament (`python -m bot.db check` passes the
        game's)."""
        return await self._backend.check(self, checks)

    async def backup(self, target: str | os.PathLike[str]) -> Path:
        """A consistent copy in a new self-contained SQLite file (0600), safe while the bot is
        writing."""
        return await self._backend.backup(self, target)

    async def schema_version(self) -> int:
        """The newest migration applied (0 for a database no bot has migrated yet)."""
        return await self._backend.schema_version(self)

    async def schema(self) -> list[tuple[str, str, str, str | None]]:
        """Tables, indexes and triggers, sorted: what 'the same schema' means for the
        migration tests."""
        return await self._backend.schema(self)

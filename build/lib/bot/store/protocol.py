"""What the store's core (store.py) needs of a backend: the protocol SQLite
(bot/store/sqlite/) and PostgreSQL (bot/store/postgres/) each implement.

The core holds everything the two share: the lock that serialises this process's
transactions, the memo, group commit, `transaction()` and the statements (the area modules).
A backend brings its connection and the thread it runs in (`hop`), how a transaction is opened,
committed and rolled back there, its `dialect` (the statements it spells differently), its
`ownership` (whether this process may write a tournament) and the whole-store operations
(check, backup, schema), which have nothing in common between the two.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .checks import CheckReport, ConservationCheck
from .dialect import Dialect, Ownership
from .rows import StoredEvent, TournamentRow
from .sql import Clock

T = TypeVar("T")

SAVEPOINT = "SAVEPOINT change"
RELEASE = "RELEASE SAVEPOINT change"
ROLLBACK_TO = "ROLLBACK TO SAVEPOINT change"


class StoreView(Protocol):
    """What a backend's whole-store operations use of the store."""

    clock: Clock
    _lock: asyncio.Lock

    async def _hop(self, fn: Callable[[Any], T]) -> T: ...

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def _all_events(self, tournament_id: int) -> list[StoredEvent]: ...

    async def _all_tournaments(self) -> list[TournamentRow]: ...


class Backend(Protocol):
    """One database connection, used from one thread."""

    @property
    def dialect(self) -> Dialect: ...

    @property
    def ownership(self) -> Ownership: ...

    @property
    def error(self) -> type[Exception]:
        """The driver's error (sqlite3.Error, psycopg.Error): what a failed BEGIN/COMMIT
        raises."""
        ...

    @property
    def path(self) -> Path | None:
        """The SQLite file (None on PostgreSQL)."""
        ...

    def hop(self, fn: Callable[[Any], T]) -> asyncio.Future[T]:
        """Hand `fn(connection)` to the database thread now (one round trip, however many
        statements); the future has its result. The thread runs what it is handed one after
        another in the order handed: Store relies on that to hold its lock only while handing
        a hop over, not while it runs."""
        ...

    # In the database thread: -----------------------------------------------------------------

    def script(self, conn: Any, statements: Sequence[str]) -> None:
        """Run these parameterless statements in order (PostgreSQL: in one message)."""
        ...

    def begin(self, conn: Any) -> None: ...

    def commit(self, conn: Any) -> None: ...

    def rollback(self, conn: Any) -> None: ...

    def rollback_quietly(self, conn: Any) -> None:
        """ROLLBACK after a failure, ignoring the driver's errors (there may be no
        transaction, or no session)."""
        ...

    def committed(self, conn: Any, finishing: set[int]) -> None:
        """After a COMMIT: these tournaments finished in it (PostgreSQL: their leases go)."""
        ...

    # On the event loop: ------------------------------------------------------------------------

    async def close(self) -> None: ...

    async def check(self, store: StoreView, checks: Sequence[ConservationCheck]) -> CheckReport:
        ...

    async def backup(self, store: StoreView, target: str | os.PathLike[str]) -> Path: ...

    async def schema_version(self, store: StoreView) -> int: ...

    async def schema(self, store: StoreView) -> list[tuple[str, str, str, str | None]]: ...

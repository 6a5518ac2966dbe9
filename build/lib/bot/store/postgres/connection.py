"""One PostgreSQL session, used from one thread: the PostgreSQL twin of aiosqlite's thread.

The store's statements are synchronous methods (bot/store/sql.py) that run in the database
thread, a whole action in one hop. psycopg 3's synchronous connection fits that design as it
is: the same methods run unchanged in this thread, over this connection. (asyncpg would make
every statement an await on the event loop, so every area method would need an async twin.)

A session can be lost (the server restarted, the network broke). The next hop opens a new one,
and the advisory locks the old session held are gone with it: `generation` counts sessions so
the lease book (leases.py) knows that every tournament it held must be claimed again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg.rows import RowMaker
from psycopg.types.string import TextLoader

T = TypeVar("T")
log = logging.getLogger(__name__)

URL_SCHEMES = ("postgresql", "postgres")


def is_postgres_url(target: object) -> bool:
    """A `postgresql://` (or `postgres://`) URL, as DATABASE_URL holds; a path is not one."""
    return isinstance(target, str) and urlsplit(target).scheme in URL_SCHEMES


def redact_url(url: str) -> str:
    """The URL without its password, for messages and logs (a configuration error must never
    print a secret)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[-1]}"))


class PgRow:
    """A row read by index (`r[0]`) or by column (`r["id"]`), with keys(): what the area
    modules expect of sqlite3.Row."""

    __slots__ = ("_names", "_values")

    def __init__(self, names: dict[str, int], values: Sequence[Any]) -> None:
        self._names = names
        self._values = values

    def __getitem__(self, key: int | str) -> Any:
        if isinstance(key, str):
            return self._values[self._names[key]]
        return self._values[key]

    def keys(self) -> list[str]:
        return list(self._names)

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __repr__(self) -> str:
        return f"PgRow({dict(zip(self._names, self._values, strict=True))!r})"


def pg_row(cursor: psycopg.Cursor[Any]) -> RowMaker[PgRow]:
    names = {c.name: i for i, c in enumerate(cursor.description or ())}

    def make(values: Sequence[Any]) -> PgRow:
        return PgRow(names, values)

    return make


def connect(url: str, *, timeout_s: float = 10.0) -> psycopg.Connection[PgRow]:
    """A session in autocommit mode (the store writes BEGIN/COMMIT itself, as on SQLite).

    JSON columns come back as the text stored (the area modules decode it, as SQLite hands them
    text). TCP keepalives make a dead peer noticed in about a minute, not hours: a process that
    lost its session must learn that it lost its leases too.
    """
    conn = psycopg.connect(
        url, autocommit=True, row_factory=pg_row, connect_timeout=max(1, int(timeout_s)),
        keepalives=1, keepalives_idle=30, keepalives_interval=10, keepalives_count=3,
        application_name="holdem-league-bot",
    )
    for name in ("json", "jsonb"):
        conn.adapters.register_loader(name, TextLoader)
    return conn


class PgSession:
    """The connection and the single thread every statement on it runs in."""

    def __init__(self, url: str, *, lock_timeout_ms: int = 5000) -> None:
        self.url = url
        self.lock_timeout_ms = lock_timeout_ms
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postgres")
        self._conn: psycopg.Connection[PgRow] | None = None
        self.generation = 0  # sessions opened so far; a new one has none of the old locks
        self.on_new_session: Callable[[int], None] = lambda generation: None

    def run(self, fn: Callable[[psycopg.Connection[PgRow]], T]) -> asyncio.Future[T]:
        """Hand `fn(connection)` to the database thread now (one hop, however many
        statements); its one worker runs them in the order handed."""
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self._executor, self._call, fn)

    def run_here(self, fn: Callable[[psycopg.Connection[PgRow]], T]) -> T:
        """The same from a plain thread (opening, closing): blocks until done."""
        return self._executor.submit(self._call, fn).result()

    def _call(self, fn: Callable[[psycopg.Connection[PgRow]], T]) -> T:
        return fn(self._connection())

    def _connection(self) -> psycopg.Connection[PgRow]:
        conn = self._conn
        if conn is not None and not conn.closed and not conn.broken:
            return conn
        if conn is not None:
            log.warning("lost the PostgreSQL session; opening a new one (leases held are gone)")
            conn.close()
        self._conn = conn = connect(self.url)
        # A statement stuck behind another session's lock fails (like SQLite's busy timeout)
        # instead of freezing the database thread for ever.
        conn.execute(f"SET lock_timeout = {int(self.lock_timeout_ms)}")
        self.generation += 1
        self.on_new_session(self.generation)
        return conn

    def backend_pid(self) -> int | None:
        conn = self._conn
        return None if conn is None or conn.closed else conn.info.backend_pid

    async def close(self) -> None:
        def close(_: object) -> None:
            if self._conn is not None:
                self._conn.close()

        loop = asyncio.get_running_loop()
        try:
            if self._conn is not None and not self._conn.closed:
                await loop.run_in_executor(self._executor, close, None)
        finally:
            self._executor.shutdown(wait=True)

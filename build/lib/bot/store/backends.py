"""Opening the store a deployment configured: a SQLite file (the default) or PostgreSQL.

`open_store(target)` takes what `create_bot()` is given: a path to a SQLite file, or a
`postgresql://` URL. The store reads no environment: which one a deployment uses is
`bot.config.Settings.database` (DATABASE_URL, else DATABASE_PATH, else ./league.sqlite3),
which `python -m bot` and `python -m bot.db` pass in. PostgreSQL is imported only when asked
for, so a SQLite-only install needs no PostgreSQL driver.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from .errors import StoreError
from .ownership import Shards
from .sql import Clock
from .store import Store

if TYPE_CHECKING:
    from .postgres import PostgresStore

URL_SCHEMES = ("postgresql://", "postgres://")


def is_database_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


async def open_store(
    target: str | os.PathLike[str],
    *,
    shards: Shards | None = None,
    clock: Clock = time.time,
    migrate: bool = True,
    verify: bool = True,
) -> Store:
    """The store at `target` (a SQLite path or a postgresql:// URL), migrated to the newest
    schema.

    `shards`: the Discord shards this process serves. On PostgreSQL, recovery then takes only
    those shards' tournaments, each under a lease. A SQLite file is one process's, so serving
    only some shards from it is refused: the other shards' processes could not share it.
    """
    if is_database_url(target):
        from .postgres import PostgresStore

        store: PostgresStore = await PostgresStore.open(
            str(target), clock=clock, migrate=migrate, verify=verify, shards=shards)
        return store
    if shards is not None and len(shards.ids) != shards.count:
        raise StoreError(
            "SHARD_IDS runs only some of the shards in this process, and the other shards' "
            "processes cannot share a SQLite file: set DATABASE_URL to a postgresql:// database")
    return await Store.open(target, clock=clock, migrate=migrate, verify=verify)


def newest_schema_version(target: str | os.PathLike[str]) -> int:
    """The newest migration this code knows for `target`'s backend (numbered alike on both)."""
    if is_database_url(target):
        from .postgres.migrate import load_pg_migrations

        return load_pg_migrations()[-1].version
    from .sqlite import load_sqlite_migrations

    return load_sqlite_migrations()[-1].version

"""The numbered migrations on PostgreSQL: the same numbers and names as SQLite's
(bot/store/sqlite/migrations/), in PostgreSQL's dialect (bot/store/postgres/migrations/).

Each is applied in its own transaction together with its version row, under an advisory lock,
so two processes starting at once apply each step once (the version is re-read under it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import psycopg

from ..migrate import Migration, MigrationError, load_migrations
from .connection import PgRow
from .leases import MIGRATION_LOCK

VERSION_TABLE_SQL = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""


def load_pg_migrations() -> list[Migration]:
    """PostgreSQL's numbered migrations (this package's migrations/ folder)."""
    return load_migrations(package=__package__ or "bot.store.postgres")


def current_version(conn: psycopg.Connection[PgRow]) -> int:
    """The newest migration applied; 0 for a database no bot has migrated yet."""
    row = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return 0
    row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
    return 0 if row is None else int(row[0])


def apply_pg_migrations(
    conn: psycopg.Connection[PgRow],
    migrations: Sequence[Migration] | None = None,
    *,
    target: int | None = None,
    clock: Callable[[], float] = time.time,
) -> list[int]:
    """Bring the database up to `target` (default: newest). Returns the versions applied.
    Runs in the database thread; `conn` is in autocommit mode (the transactions are ours)."""
    migrations = list(load_pg_migrations() if migrations is None else migrations)
    newest = migrations[-1].version if migrations else 0
    target = newest if target is None else target
    found = current_version(conn)
    if found > newest:
        raise MigrationError(
            "the database was written by a newer version of the bot "
            f"(schema {found}, this code knows {newest}); refusing to run"
        )
    applied: list[int] = []
    for mig in migrations:
        if mig.version > target:
            break
        if mig.version <= found:
            continue
        conn.execute("BEGIN")
        try:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute(VERSION_TABLE_SQL)
            if current_version(conn) >= mig.version:  # another process applied it meanwhile
                conn.execute("COMMIT")
                continue
            conn.execute(mig.sql.encode())  # no parameters: the whole script in one go
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (%s, %s, %s)",
                (mig.version, mig.name, clock()),
            )
            conn.execute("COMMIT")
        except BaseException as exc:
            if not conn.closed and not conn.broken:
                conn.execute("ROLLBACK")
            if isinstance(exc, psycopg.Error):
                name = f"{mig.version:04d}_{mig.name}"
                raise MigrationError(f"migration {name} failed: {exc}") from exc
            raise
        applied.append(mig.version)
    return applied

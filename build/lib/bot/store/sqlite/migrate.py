"""SQLite's numbered migrations (migrations/ beside this module), each applied in its own
transaction together with its version row.

A crash mid-migration therefore leaves the previous version intact, and two processes starting
at once cannot both apply the same step (the version is re-read under the write lock).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence

import aiosqlite

from ..migrate import Migration, MigrationError, load_migrations

VERSION_TABLE_SQL = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at REAL    NOT NULL
)
"""


def load_sqlite_migrations() -> list[Migration]:
    """SQLite's numbered migrations (this package's migrations/ folder)."""
    return load_migrations(package=__package__ or "bot.store.sqlite")


def split_statements(sql: str) -> list[str]:
    """Split a script into statements; sqlite3.complete_statement copes with triggers."""
    statements: list[str] = []
    buf = ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            stmt = buf.strip()
            if _strip_comments(stmt):
                statements.append(stmt)
            buf = ""
    if _strip_comments(buf).strip():
        raise MigrationError(f"incomplete SQL statement at end of migration: {buf.strip()[:80]!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(ln for ln in sql.splitlines() if not ln.strip().startswith("--")).strip(" \n;")


async def current_version(conn: aiosqlite.Connection) -> int:
    await conn.execute(VERSION_TABLE_SQL)
    sql = "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
    rows = list(await conn.execute_fetchall(sql))
    return int(rows[0][0])


async def apply_migrations(
    conn: aiosqlite.Connection,
    migrations: Sequence[Migration] | None = None,
    *,
    target: int | None = None,
    clock: Callable[[], float] = time.time,
) -> list[int]:
    """Bring the database up to `target` (default: newest). Returns the versions applied.

    `conn` must be in autocommit mode (isolation_level=None): the transactions are ours.
    """
    migrations = list(load_sqlite_migrations() if migrations is None else migrations)
    newest = migrations[-1].version if migrations else 0
    target = newest if target is None else target
    # Under the write lock: an autocommit CREATE could fail at once with SQLITE_BUSY (no busy
    # handler for a read-to-write upgrade) when another bot is opening the same file.
    await conn.execute("BEGIN IMMEDIATE")
    try:
        found = await current_version(conn)
    finally:
        await conn.execute("COMMIT")
    if found > newest:
        raise MigrationError(
            "the database was written by a newer version of the bot "
            f"(schema {found}, this code knows {newest}); refusing to run"
        )
    applied: list[int] = []
    for mig in migrations:
        if mig.version > target:
            break
        await conn.execute("BEGIN IMMEDIATE")
        try:
            if await current_version(conn) >= mig.version:
                await conn.execute("COMMIT")
                continue
            for stmt in split_statements(mig.sql):
                await conn.execute(stmt)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (mig.version, mig.name, clock()),
            )
            await conn.execute("COMMIT")
        except BaseException as exc:
            try:
                await conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(exc, sqlite3.Error):
                name = f"{mig.version:04d}_{mig.name}"
                raise MigrationError(f"migration {name} failed: {exc}") from exc
            raise
        applied.append(mig.version)
    return applied

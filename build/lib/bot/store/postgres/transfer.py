"""Rows from one database to another, table by table, ids kept: the engine of `copy` and of
the PostgreSQL backup. Plain connections in a worker thread; the caller creates and checks the
target (copy.py, PostgresStore.backup)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg

from ..errors import StoreError
from .connection import connect, is_postgres_url, redact_url

# Every table of the schema, parents before children (foreign keys hold at every insert).
# A table a later migration adds must be listed here: copy refuses a schema it does not know.
TABLES: tuple[str, ...] = (
    "guild_settings", "player_settings", "leagues", "seasons", "league_settings",
    "active_seasons", "tournaments",
    "tables", "messages", "entries", "hands", "event_shapes", "events", "snapshots", "deadlines",
    "heartbeats", "results", "director_actions", "appeals", "tournament_scoring",
    "season_finals", "server_files", "dm_channels", "process_heartbeats", "screen_logos",
    "nights", "night_signups", "night_settings",
)
# Tables whose id PostgreSQL hands out (an identity): moved on past the copied ids.
_IDENTITY_TABLES = ("leagues", "seasons", "tournaments", "entries", "hands", "event_shapes",
                    "events",
                    "snapshots", "director_actions", "appeals", "nights")
_CHUNK = 5000

Target = str | os.PathLike[str]


def describe(target: Target) -> str:
    return redact_url(str(target)) if is_postgres_url(target) else str(target)



class _Side:
    """One end of the copy: a plain connection, columns per table, rows in or out."""

    def columns(self, table: str) -> list[str]:
        raise NotImplementedError

    def tables(self) -> set[str]:
        raise NotImplementedError

    def count(self, table: str) -> int:
        raise NotImplementedError

    def read(self, table: str, columns: list[str]) -> Iterator[Sequence[Any]]:
        raise NotImplementedError

    def write(self, table: str, columns: list[str], rows: Iterator[Sequence[Any]]) -> None:
        raise NotImplementedError

    def commit(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class _SqliteSide(_Side):
    def __init__(self, path: Target, *, writing: bool) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA busy_timeout = 5000")
        self.conn.execute("PRAGMA foreign_keys = ON")
        # One transaction: a snapshot to read (WAL), or the whole copy written at once.
        self.conn.execute("BEGIN IMMEDIATE" if writing else "BEGIN")

    def tables(self) -> set[str]:
        rows = self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations'").fetchall()
        return {str(r[0]) for r in rows}

    def columns(self, table: str) -> list[str]:
        return [str(r[1]) for r in self.conn.execute(f'PRAGMA table_info("{table}")')]

    def count(self, table: str) -> int:
        return int(self.conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0])

    def read(self, table: str, columns: list[str]) -> Iterator[Sequence[Any]]:
        cur = self.conn.execute(
            f'SELECT {", ".join(columns)} FROM "{table}" ORDER BY rowid')
        while chunk := cur.fetchmany(_CHUNK):
            yield from chunk

    def write(self, table: str, columns: list[str], rows: Iterator[Sequence[Any]]) -> None:
        sql = (f'INSERT INTO "{table}" ({", ".join(columns)}) '
               f'VALUES ({", ".join("?" * len(columns))})')
        self.conn.executemany(sql, rows)

    def commit(self) -> None:
        self.conn.execute("COMMIT")
        # A copy is one file, not a WAL database that needs its sidecars (the bot switches it
        # back to WAL when it opens it).
        self.conn.execute("PRAGMA journal_mode = DELETE")

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
        self.conn.close()


class _PostgresSide(_Side):
    def __init__(self, url: str, *, writing: bool) -> None:
        self.conn = connect(url)
        self.conn.execute("BEGIN" if writing else
                          "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def tables(self) -> set[str]:
        rows = self.conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' AND table_name != 'schema_migrations'"
        ).fetchall()
        return {str(r[0]) for r in rows}

    def columns(self, table: str) -> list[str]:
        rows = self.conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = %s ORDER BY ordinal_position", (table,)).fetchall()
        return [str(r[0]) for r in rows]

    def count(self, table: str) -> int:
        row = self.conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()
        return 0 if row is None else int(row[0])

    def read(self, table: str, columns: list[str]) -> Iterator[Sequence[Any]]:
        order = "id" if "id" in columns else ", ".join(columns[:2])
        with self.conn.cursor(name=f"copy_{table}") as cur:  # server-side: streamed
            cur.itersize = _CHUNK
            cur.execute(f'SELECT {", ".join(columns)} FROM "{table}" ORDER BY {order}')
            for row in cur:
                yield tuple(row)

    def write(self, table: str, columns: list[str], rows: Iterator[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur, cur.copy(
                f'COPY "{table}" ({", ".join(columns)}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)

    def commit(self) -> None:
        for table in _IDENTITY_TABLES:
            # The next id PostgreSQL hands out follows the copied ones (never reuses one).
            self.conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM \"{table}\"), 0) + 1, false)")
        self.conn.execute("COMMIT")

    def close(self) -> None:
        if not self.conn.closed:
            with contextlib.suppress(psycopg.Error):
                self.conn.execute("ROLLBACK")
            self.conn.close()


def _side(target: Target, *, writing: bool) -> _Side:
    if is_postgres_url(target):
        return _PostgresSide(str(target), writing=writing)
    return _SqliteSide(target, writing=writing)


def copy_rows(source: Target, target: Target) -> dict[str, int]:
    src = _side(source, writing=False)
    try:
        dst = _side(target, writing=True)
        try:
            for side, name in ((src, describe(source)), (dst, describe(target))):
                unknown = side.tables() - set(TABLES)
                if unknown:
                    raise StoreError(f"{name} has tables copy does not know: "
                                     f"{', '.join(sorted(unknown))}")
            busy = [t for t in TABLES if dst.count(t)]
            if busy:
                raise StoreError(f"{describe(target)} is not empty ({', '.join(busy)} hold rows); "
                                 "copy only into a new database")
            counts: dict[str, int] = {}
            for table in TABLES:
                columns = src.columns(table)
                if columns != dst.columns(table):
                    raise StoreError(f"table {table} differs between the two databases: "
                                     f"{columns} and {dst.columns(table)}")
                dst.write(table, columns, src.read(table, columns))
                counts[table] = src.count(table)
                if dst.count(table) != counts[table]:
                    raise StoreError(f"table {table}: {counts[table]} rows read, "
                                     f"{dst.count(table)} written")
            dst.commit()
            return counts
        finally:
            dst.close()
    finally:
        src.close()

"""The two backends' schemas agree column by column on type (and on NULL), not only on names.

Every migration is written twice (bot/store/sqlite/migrations, bot/store/postgres/migrations).
A column declared REAL on SQLite and INTEGER on PostgreSQL would pass the test of tables and
columns (test_copy_and_check.py) and then round a time to whole seconds on one backend only.
Types are compared as their storage class: SQLite's declared affinity against PostgreSQL's type,
normalised (INTEGER/BIGINT/SMALLINT are integers; REAL is SQLite's 8-byte float, PostgreSQL's
DOUBLE PRECISION; TEXT, and PostgreSQL's JSON that SQLite keeps as TEXT; bytes: SQLite's BLOB,
PostgreSQL's bytea). PostgreSQL's 4-byte
`real` is not SQLite's REAL: it would lose precision, so it is its own class and fails.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import psycopg

from bot.store import Store

SQLITE_CLASSES = {"INTEGER": "integer", "REAL": "float8", "TEXT": "text", "BLOB": "bytes"}
POSTGRES_CLASSES = {
    "smallint": "integer", "integer": "integer", "bigint": "integer",
    "double precision": "float8", "real": "float4",
    "text": "text", "json": "text", "jsonb": "text", "character varying": "text",
    "bytea": "bytes",
}


def sqlite_types(path: Path) -> dict[tuple[str, str], str]:
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {(t, str(r[1])): str(r[2]).upper()
                for t in tables for r in conn.execute(f'PRAGMA table_info("{t}")')}


def postgres_types(url: str) -> dict[tuple[str, str], str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema()").fetchall()
    return {(str(t), str(c)): str(d).lower() for t, c, d in rows}


def differences(lite: dict[tuple[str, str], str], pg: dict[tuple[str, str], str]) -> list[str]:
    """Each column whose storage class differs (or that one backend lacks), named."""
    unknown = sorted({f"sqlite {v}" for v in lite.values() if v not in SQLITE_CLASSES}
                     | {f"postgres {v}" for v in pg.values() if v not in POSTGRES_CLASSES})
    assert not unknown, f"types this test does not know how to compare: {unknown}"
    out = []
    for table, column in sorted(lite.keys() | pg.keys()):
        a, b = lite.get((table, column)), pg.get((table, column))
        ca = None if a is None else SQLITE_CLASSES[a]
        cb = None if b is None else POSTGRES_CLASSES[b]
        if ca != cb:
            out.append(f"{table}.{column}: SQLite {a}, PostgreSQL {b}")
    return out


def sqlite_not_null(path: Path) -> dict[tuple[str, str], bool]:
    """Whether each column refuses NULL: declared NOT NULL, or the table's one INTEGER PRIMARY
    KEY (the rowid). SQLite lets other primary-key columns hold NULL unless they say NOT NULL."""
    out: dict[tuple[str, str], bool] = {}
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        for t in tables:
            info = list(conn.execute(f'PRAGMA table_info("{t}")'))
            keys = [r for r in info if r[5] > 0]
            rowid = len(keys) == 1 and str(keys[0][2]).upper() == "INTEGER"
            out.update(((t, str(r[1])), bool(r[3]) or (r[5] > 0 and rowid)) for r in info)
    return out


def postgres_not_null(url: str) -> dict[tuple[str, str], bool]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name, is_nullable FROM information_schema.columns "
            "WHERE table_schema = current_schema()").fetchall()
    return {(str(t), str(c)): n == "NO" for t, c, n in rows}


def nullability_differences(lite: dict[tuple[str, str], bool],
                            pg: dict[tuple[str, str], bool]) -> list[str]:
    def said(value: bool | None) -> str:
        return "missing" if value is None else ("NOT NULL" if value else "NULL allowed")

    return [f"{t}.{c}: SQLite {said(lite.get((t, c)))}, PostgreSQL {said(pg.get((t, c)))}"
            for t, c in sorted(lite.keys() | pg.keys()) if lite.get((t, c)) != pg.get((t, c))]


def _migrated_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "types.sqlite3"

    async def open_close() -> None:
        await (await Store.open(path)).close()

    asyncio.run(open_close())
    return path


def test_every_column_has_the_same_type_on_both_backends(tmp_path: Path, pg_url: str) -> None:
    lite, pg = sqlite_types(_migrated_sqlite(tmp_path)), postgres_types(pg_url)
    assert len(lite) > 100  # every table's columns, not an empty schema
    assert differences(lite, pg) == []


def test_every_column_refuses_null_alike_on_both_backends(tmp_path: Path, pg_url: str) -> None:
    """A NULL one backend stores and the other refuses would make `copy` fail half-way."""
    lite, pg = sqlite_not_null(_migrated_sqlite(tmp_path)), postgres_not_null(pg_url)
    assert sum(lite.values()) > 50
    assert nullability_differences(lite, pg) == []


def test_a_column_of_another_type_is_named(tmp_path: Path, pg_url: str) -> None:
    """The comparison catches what it is for: a time kept as a whole number, or in a 4-byte
    float, on PostgreSQL only."""
    lite = sqlite_types(_migrated_sqlite(tmp_path))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE hands ALTER COLUMN started_at TYPE BIGINT")
        conn.execute("ALTER TABLE events ALTER COLUMN created_at TYPE REAL")
        conn.execute("ALTER TABLE events ALTER COLUMN type DROP NOT NULL")
    assert differences(lite, postgres_types(pg_url)) == [
        "events.created_at: SQLite REAL, PostgreSQL real",
        "hands.started_at: SQLite REAL, PostgreSQL bigint",
    ]
    assert nullability_differences(sqlite_not_null(tmp_path / "types.sqlite3"),
                                   postgres_not_null(pg_url)) == [
        "events.type: SQLite NOT NULL, PostgreSQL NULL allowed"]

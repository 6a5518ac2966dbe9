"""Whole-store operations on PostgreSQL: what `python -m bot.db check` reads, the backup (into
a self-contained SQLite file), and the schema as the tests compare it. The PostgreSQL backend's
methods of the same names call these (SQLite has its own, bot/store/sqlite/maintenance.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Sequence
from pathlib import Path

import psycopg

from ..checks import CheckReport, ConservationCheck, run_checks
from ..errors import StoreError
from ..protocol import StoreView
from ..store import Store
from .connection import PgRow
from .migrate import current_version
from .transfer import copy_rows

Conn = psycopg.Connection[PgRow]


async def check(store: StoreView, checks: Sequence[ConservationCheck]) -> CheckReport:
    """Every table read through, every foreign key's rows present, and the given
    chip-conservation checks for every tournament (as on SQLite)."""
    async with store._lock:
        integrity = await store._hop(_read_every_table)
        if integrity != ["ok"]:
            return CheckReport(integrity, [], [])
        fks = await store._hop(_missing_references)
    reports = [run_checks(t, await store._all_events(t.id), checks)
               for t in await store._all_tournaments()]
    return CheckReport(integrity, fks, reports)


async def backup(url: str, target: str | os.PathLike[str]) -> Path:
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
        await asyncio.to_thread(copy_rows, url, tmp)
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


async def schema_version(store: StoreView) -> int:
    async with store._lock:
        return await store._hop(current_version)


async def schema(store: StoreView) -> list[tuple[str, str, str, str | None]]:
    """Tables (with their columns in order), indexes and triggers, sorted."""
    async with store._lock:
        return await store._hop(_schema)


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

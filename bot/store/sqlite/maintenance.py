"""Whole-store operations on a SQLite file: the checks `python -m bot.db check` runs, the online
backup, and the schema as the migration tests compare it. The SQLite backend's methods of the
same names call these (PostgreSQL has its own, bot/store/postgres/maintenance.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from ..checks import CheckReport, ConservationCheck, run_checks
from ..errors import StoreError
from ..files import record_backup
from ..rows import StoredEvent, TournamentRow
from ..sql import Clock


class _Store(Protocol):
    """What these need of the store (the store's core imports this package, not the other
    way round)."""

    clock: Clock
    _lock: asyncio.Lock

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def _all_events(self, tournament_id: int) -> list[StoredEvent]: ...

    async def _all_tournaments(self) -> list[TournamentRow]: ...


async def check(store: _Store, checks: Sequence[ConservationCheck] = ()) -> CheckReport:
    """PRAGMA integrity_check, foreign_key_check, and the given chip-conservation checks
    for every tournament (`python -m bot.db check` passes the game's)."""
    try:
        integrity = [str(r[0]) for r in await store._fetch("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        # A damaged page can make the check itself fail: that is its finding.
        return CheckReport([str(exc)], [], [])
    if integrity != ["ok"]:
        return CheckReport(integrity, [], [])  # the rows below cannot be trusted
    fks = [f"{r[0]} rowid {r[1]} -> {r[2]}"
           for r in await store._fetch("PRAGMA foreign_key_check")]
    reports = [run_checks(t, await store._all_events(t.id), checks)
               for t in await store._all_tournaments()]
    return CheckReport(integrity, fks, reports)


async def backup(store: _Store, conn: aiosqlite.Connection, path: Path,
                 target: str | os.PathLike[str]) -> Path:
    """Online backup to a new self-contained file (0600), safe while the bot is writing."""
    dest = Path(target)
    if dest.exists():
        raise StoreError(f"{dest} exists; refusing to overwrite a backup")
    tmp = dest.with_name(f".{dest.name}.partial")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    dest.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    target_conn = await aiosqlite.connect(tmp, isolation_level=None)
    ok = False
    try:
        # One step (pages=-1): a consistent snapshot; WAL lets writers go on meanwhile.
        async with store._lock:
            await conn.backup(target_conn, pages=-1)
        # A backup should be one file, not a WAL database that needs its sidecars.
        await target_conn.execute("PRAGMA journal_mode = DELETE")
        rows = list(await target_conn.execute_fetchall("PRAGMA quick_check"))
        if str(rows[0][0]) != "ok":
            raise StoreError(f"backup failed its quick_check: {rows[0][0]}")
        ok = True
    finally:
        await target_conn.close()
        if not ok:  # never leave a half-made backup that looks like a real one
            for p in (tmp, Path(f"{tmp}-journal"), Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
    os.replace(tmp, dest)
    # Remembered beside the database, so a refusal to start on a damaged one can name it.
    record_backup(path, dest, store.clock())
    return dest


async def schema_version(store: _Store) -> int:
    """The newest migration applied (0 for a file no bot has migrated yet)."""
    if not await store._fetch(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ):
        return 0
    rows = await store._fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(rows[0][0])


async def schema(store: _Store) -> list[tuple[str, str, str, str | None]]:
    """sqlite_master, sorted: what 'the same schema' means for the migration tests."""
    rows = await store._fetch(
        "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    )
    return [(r[0], r[1], r[2], r[3]) for r in rows]

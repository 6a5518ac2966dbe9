"""Whole-store operations on a SQLite file: the checks `python -m bot.db check` runs, the online
backup, and the schema as the migration tests compare it. The SQLite backend's methods of the
same names call these (PostgreSQL has its own, bot/store/postgres/maintenance.py)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from ..checks import CheckReport, ConservationCheck, run_checks
from ..files import record_backup
from ..rows import StoredEvent, TournamentRow
from ..sql import Clock
from .backups import copy_database


class _Store(Protocol):
    """What these need of the store (the store's core imports this package, not the other
    way round)."""

    clock: Clock

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


async def backup(store: _Store, path: Path, target: str | os.PathLike[str]) -> Path:
    """Online backup to a new self-contained file (0600), checked, safe while the bot is
    writing: through a connection of its own in a worker thread (backups.py), so the store's
    connection and the event loop never wait for it."""
    dest = Path(target)
    await asyncio.to_thread(copy_database, path, dest)
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

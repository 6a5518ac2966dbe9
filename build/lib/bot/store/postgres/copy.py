"""A league's whole history from one backend to the other: SQLite -> PostgreSQL when a league
outgrows one machine, PostgreSQL -> SQLite to come back (and as the PostgreSQL backup: a
self-contained SQLite file). `python -m bot.db copy --to TARGET` calls `copy_database`.

Every row of every table is copied with its id (snapshots and appealed rulings name event
ids; hands are named by id), in one consistent snapshot of the source (SQLite: one read
transaction in WAL; PostgreSQL: one REPEATABLE READ transaction), so the bot may keep playing on
the source while it runs. The target must be empty; it is created and migrated to the same
schema version first. Afterwards the row counts are compared table by table and the target
gets the full check (integrity, foreign keys, chip conservation of every tournament, with the
checks passed in).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..checks import CheckReport, ConservationCheck
from ..errors import StoreError
from ..migrate import load_migrations
from ..store import Store
from .connection import is_postgres_url
from .migrate import load_pg_migrations
from .store import PostgresStore
from .transfer import Target, copy_rows, describe


@dataclass
class CopyReport:
    source: str
    target: str
    rows: dict[str, int] = field(default_factory=dict)
    check: CheckReport | None = None

    @property
    def ok(self) -> bool:
        return self.check is not None and self.check.ok

    def lines(self) -> list[str]:
        total = sum(self.rows.values())
        out = [f"copied {total} rows from {self.source} to {self.target}: "
               + ", ".join(f"{t} {n}" for t, n in self.rows.items() if n)]
        if self.check is not None:
            out += self.check.lines()
        return out


async def _open(target: Target, *, migrate: bool) -> Store:
    if is_postgres_url(target):
        return await PostgresStore.open(str(target), migrate=migrate)
    return await Store.open(target, migrate=migrate, verify=not migrate)


def _newest(target: Target) -> int:
    return (load_pg_migrations() if is_postgres_url(target) else load_migrations())[-1].version


async def copy_database(source: Target, target: Target,
                        checks: Sequence[ConservationCheck] = ()) -> CopyReport:
    """Copy everything from `source` to `target` (a SQLite path or a postgresql:// URL each).

    The source must be at the newest schema (run migrate); the target is created or migrated
    and must hold nothing yet. A new SQLite target that fails half-way is removed. Returns the
    row counts and the target's check report (its `.ok` is what `copy` exits on).
    """
    if not is_postgres_url(source) and not Path(source).exists():
        raise StoreError(f"{source}: no such database")
    src = await _open(source, migrate=False)
    try:
        version = await src.schema_version()
    finally:
        await src.close()
    if version != _newest(source):
        raise StoreError(f"{describe(source)} is at schema version {version}, this bot expects "
                         f"{_newest(source)}: run `python -m bot.db migrate` on it first")
    new_file = not is_postgres_url(target) and not Path(target).exists()
    ok = False
    try:
        dst = await _open(target, migrate=True)
        await dst.close()
        rows = await asyncio.to_thread(copy_rows, source, target)
        dst = await _open(target, migrate=False)
        try:
            report = await dst.check(checks)
        finally:
            await dst.close()
        ok = True
    finally:
        if new_file and not ok:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(FileNotFoundError):
                    Path(f"{target}{suffix}").unlink()
    return CopyReport(describe(source), describe(target), rows, report)

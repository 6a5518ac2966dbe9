"""Numbered SQL migrations: what both backends share (the numbering and the loading).

Each backend keeps its own folder of the same numbered steps in its own dialect
(bot/store/sqlite/migrations/, bot/store/postgres/migrations/) and applies them its own way
(sqlite/migrate.py, postgres/migrate.py): each step in its own transaction together with its
version row, so a crash mid-migration leaves the previous version intact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class MigrationError(RuntimeError):
    pass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path | None = None, *,
                    package: str = "bot.store.sqlite") -> list[Migration]:
    """The migrations in `directory`, or those bundled in `package`'s `migrations/` folder
    (default: SQLite's), checked to be numbered 1..N."""
    if directory is None:
        files = [
            (f.name, f.read_text(encoding="utf-8"))
            for f in resources.files(package).joinpath("migrations").iterdir()
            if f.name.endswith(".sql")
        ]
    else:
        files = [(p.name, p.read_text(encoding="utf-8")) for p in directory.glob("*.sql")]
    out: list[Migration] = []
    for filename, sql in files:
        m = _NAME.match(filename)
        if not m:
            raise MigrationError(f"migration file {filename!r} is not named NNNN_name.sql")
        out.append(Migration(int(m.group(1)), m.group(2), sql))
    out.sort(key=lambda mig: mig.version)
    for expected, mig in enumerate(out, start=1):
        if mig.version != expected:
            raise MigrationError(f"migrations must be numbered 1..N; missing {expected:04d}")
    return out

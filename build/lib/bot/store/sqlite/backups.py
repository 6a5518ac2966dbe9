"""Backups of a SQLite database as files: the copy, the bot's own backup folder, and a restore.

The copy is SQLite's online backup through a connection of its own, so the bot's connection
(its thread, its writes) never waits for it: WAL lets the copy read one consistent snapshot of
what is committed while the game commits on. It runs in a worker thread (the sqlite3 module
lets go of the interpreter's lock while SQLite works), never on the event loop, and is checked
(`PRAGMA integrity_check`) before it is given its name: a half-made or damaged copy never looks
like a backup.

The bot's own backups are named `<database stem>-<UTC time>-<why>.sqlite3`, the time from the
bot's clock; only files so named are listed and rotated, whatever else is in the folder.
"""

from __future__ import annotations

import calendar
import contextlib
import os
import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import StoreError

_STAMP = "%Y-%m-%dT%H%M%SZ"
_NAMED = r"-(\d{4}-\d\d-\d\dT\d{6}Z)-([a-z0-9-]+)\.sqlite3"


@dataclass(frozen=True)
class BackupFile:
    path: Path
    made_at: float  # unix time, from the bot's clock (its name)
    size: int  # bytes
    why: str  # "daily", "after-tournament-42"


def copy_database(source: Path, dest: Path) -> None:
    """A consistent copy of the database at `source` in the new file `dest` (0600), checked.
    Blocking: run it in a worker thread."""
    if dest.exists():
        raise StoreError(f"{dest} exists; refusing to overwrite a backup")
    tmp = dest.with_name(f".{dest.name}.partial")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    dest.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    ok = False
    try:
        src = sqlite3.connect(source, isolation_level=None)
        try:
            copy = sqlite3.connect(tmp, isolation_level=None)
            try:
                src.backup(copy)  # one step: one snapshot of what is committed
                # One self-contained file, not a WAL database that needs its sidecars.
                copy.execute("PRAGMA journal_mode = DELETE")
                found = [str(r[0]) for r in copy.execute("PRAGMA integrity_check")]
                if found != ["ok"]:
                    raise StoreError(f"the copy failed its integrity check: {found[0]}")
            finally:
                copy.close()
        finally:
            src.close()
        ok = True
    finally:
        if not ok:
            for p in (tmp, Path(f"{tmp}-journal")):
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
    os.replace(tmp, dest)


def backup_name(database: Path, at: float, why: str) -> str:
    return f"{database.stem}-{time.strftime(_STAMP, time.gmtime(at))}-{why}.sqlite3"


def free_backup_path(folder: Path, database: Path, at: float, why: str) -> Path:
    """Where the next backup goes: its name, with a number added if that one is taken (two
    tournaments finishing in the same second)."""
    path = folder / backup_name(database, at, why)
    n = 2
    while path.exists():
        path = folder / backup_name(database, at, f"{why}-{n}")
        n += 1
    return path


def list_backups(folder: Path, database: Path) -> list[BackupFile]:
    """The bot's own backups of `database` in `folder`, oldest first (none if the folder
    cannot be read: making the next one then says why)."""
    pattern = re.compile(re.escape(database.stem) + _NAMED)
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None or not entry.is_file():
            continue
        made = time.strptime(match.group(1), _STAMP)
        stat = entry.stat()
        found.append((stat.st_mtime_ns, BackupFile(
            Path(entry.path), float(calendar.timegm(made)), stat.st_size, match.group(2))))
    # By the bot's clock, then (two in one second) in the order they were written.
    return [b for _, b in sorted(found, key=lambda f: (f[1].made_at, f[0]))]


def prune_backups(folder: Path, database: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` (at least one) of the bot's own backups; the deleted."""
    old = list_backups(folder, database)[:-max(keep, 1)]
    for backup in old:
        with contextlib.suppress(FileNotFoundError):
            backup.path.unlink()
    return [b.path for b in old]


def check_backup(path: Path) -> int:
    """The schema version of a backup that passes SQLite's integrity check; StoreError saying
    what is wrong otherwise (not a database, damaged, not the bot's)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(f"{path} cannot be opened: {exc}") from None
    try:
        found = [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
        if found != ["ok"]:
            raise StoreError(f"{path} is damaged: {'; '.join(found[:3])}")
        rows = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        return int(rows.fetchone()[0])
    except sqlite3.Error as exc:
        raise StoreError(f"{path} is not a database of this bot: {exc}") from None
    finally:
        conn.close()


def restore_backup(database: Path, backup: Path, at: float) -> Path | None:
    """Put `backup` in the place of `database` (the bot stopped), keeping the database as it
    was aside, with its WAL, under `<database>.before-restore-<time>`; where it was kept (None:
    there was none)."""
    aside = database.with_name(
        f"{database.name}.before-restore-{time.strftime(_STAMP, time.gmtime(at))}")
    tmp = database.with_name(f".{database.name}.restoring")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    # Copied first, then the current files moved aside: a failure on the way leaves the
    # database where it was.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out, backup.open("rb") as src:
        while chunk := src.read(1 << 20):
            out.write(chunk)
        out.flush()
        os.fsync(out.fileno())
    kept = database.exists()
    for suffix in ("", "-wal", "-shm"):
        current = Path(f"{database}{suffix}")
        if current.exists():
            os.replace(current, Path(f"{aside}{suffix}"))
    os.replace(tmp, database)
    return aside if kept else None

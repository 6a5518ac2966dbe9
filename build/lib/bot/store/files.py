"""The database file on disk: where it is, its owner-only mode, and the record of its backups."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def private_file(path: Path) -> None:
    """Make the database owner-only (it holds hole cards), never opening a file SQLite may hold.

    A new file is created 0600 before SQLite first opens it (O_EXCL: an existing file is never
    opened here). An existing one, and the -wal/-shm files SQLite creates with the main file's
    mode, are tightened through the path (chmod). Opening and closing the database file a second
    time while this process has it open in SQLite would drop every POSIX lock the process holds
    on it (fcntl locks belong to the process and file, not the descriptor), so another process
    closing the database would think itself the last and delete the WAL under the running bot.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(FileNotFoundError):
            if os.stat(p).st_mode & 0o077:
                os.chmod(p, 0o600)


def backup_log_path(path: Path) -> Path:
    """Next to the database, not inside it: it must be readable when the database is not."""
    return Path(f"{path}.backups")


def recorded_backups(path: Path) -> list[tuple[float, Path]]:
    """The backups of `path` recorded beside it that still exist, as (unix time, file), oldest
    first."""
    try:
        lines = backup_log_path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        when, _, where = line.partition("\t")
        with contextlib.suppress(ValueError):
            if where and Path(where).exists():
                found.append((float(when), Path(where)))
    return found


def last_backup(path: Path) -> tuple[float, Path] | None:
    """The newest backup of `path` that still exists, as (unix time, file)."""
    found = recorded_backups(path)
    return found[-1] if found else None


def record_backup(path: Path, dest: Path, at: float) -> None:
    fd = os.open(backup_log_path(path), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        f.write(f"{at}\t{dest.resolve()}\n")


"""The lock a bot running on a SQLite file holds, so that a second bot on the same file, or a
restore under a running bot, is refused."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from .errors import BotRunning

if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def run_lock_path(path: Path) -> Path:
    return Path(f"{path}.lock")


@contextlib.contextmanager
def running_on(path: Path) -> Iterator[None]:
    """Held while a bot runs on the SQLite file `path` (or a restore replaces it): an exclusive
    lock on `<path>.lock`, which the system lets go of when the process ends, however it ends
    (a SIGKILL too). A second holder is refused with `BotRunning`. A file of its own, never the
    database: closing a descriptor of the database would drop SQLite's own locks on it."""
    lock = run_lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            _lock(fd)
        except OSError:
            raise BotRunning(path) from None
        yield
    finally:
        os.close(fd)

"""The bot's own backups of its SQLite database, so that nobody has to remember them.

Once a day (a day after the newest backup in the folder, so a restart does not take another)
and after every finished tournament, a checked copy goes into the backup folder and only the
newest `keep` of the bot's own backups are kept. The copy runs off the event loop and never
holds the game's writes (bot/store/sqlite/backups.py). A backup that fails never stops play: it
is logged once until backups work again, tried again RETRY_AFTER later, and said to the
directors (`on_failure`) at most once a day.

Times come from the service's clock (virtual in the tests); a PostgreSQL store has no file and
gets no backups here (pg_dump is the tool for it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.service.session import Clock
from bot.store import Store, StoreError
from bot.store.sqlite.backups import (
    BackupFile,
    free_backup_path,
    list_backups,
    prune_backups,
)

log = logging.getLogger(__name__)

BACKUP_EVERY = 24 * 3600.0
# A failed backup is tried again this much later (a full disk or a folder's rights need a
# person; trying every few seconds would fill the log and the disk's queue).
RETRY_AFTER = 3600.0
# The directors hear about failing backups at most this often.
TELL_EVERY = 24 * 3600.0

FailureHook = Callable[[str], Awaitable[None]]


class Backups:
    def __init__(self, store: Store, folder: Path, *, keep: int, clock: Clock,
                 on_failure: FailureHook | None = None) -> None:
        self.store = store
        self.database = store.path
        self.folder = folder
        self.keep = keep
        self.clock = clock
        self.on_failure = on_failure
        self.next_at = clock()  # until start() has looked at the folder: at once
        self.failing = False
        self.closed = False
        self._told_at: float | None = None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[BackupFile | None]] = set()
        self._daily: asyncio.Task[None] | None = None

    @classmethod
    def for_store(cls, store: Store, folder: Path, *, keep: int, clock: Clock,
                  on_failure: FailureHook | None = None) -> Backups | None:
        """The backups of a SQLite store; None for PostgreSQL (no file to copy) or keep 0."""
        if keep <= 0:
            log.info("BACKUP_KEEP is 0: the bot takes no backups of its own")
            return None
        try:
            return cls(store, folder, keep=keep, clock=clock, on_failure=on_failure)
        except StoreError:  # the store has no file
            log.info("PostgreSQL: the bot takes no backups of its own; use pg_dump")
            return None

    def start(self) -> None:
        """The daily backups, a day after the newest one already in the folder (at once if
        there is none, or it is older)."""
        found = list_backups(self.folder, self.database)
        self.next_at = found[-1].made_at + BACKUP_EVERY if found else self.clock()
        if self._daily is None:
            self._daily = asyncio.get_running_loop().create_task(self._every_day())

    async def _every_day(self) -> None:
        while True:
            await asyncio.sleep(max(0.0, self.next_at - self.clock()))
            await self.due()

    async def due(self) -> BackupFile | None:
        """The daily backup, if it is due."""
        return await self.take("daily", only_if_due=True)

    def after_tournament(self, tournament_id: int) -> None:
        """A tournament has finished (committed): a backup with it, in the background."""
        task = asyncio.get_running_loop().create_task(
            self.take(f"after-tournament-{tournament_id}"))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def take(self, why: str, *, only_if_due: bool = False) -> BackupFile | None:
        """One backup now, checked, then the oldest beyond `keep` deleted; None if it failed
        (logged, and said to the directors at most once a day). One at a time; `only_if_due`:
        none if the daily one is not due (looked at once the one before is made)."""
        async with self._lock:
            now = self.clock()
            if self.closed or (only_if_due and now < self.next_at):
                return None
            try:
                dest = free_backup_path(self.folder, self.database, now, why)
                made = await self.store.backup(dest)
                await asyncio.to_thread(prune_backups, self.folder, self.database, self.keep)
            except Exception as exc:
                self.next_at = now + RETRY_AFTER
                reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                tell = self._failed(now, reason)
            else:
                if self.failing:
                    log.info("the database is backed up again, into %s", self.folder)
                self.failing = False
                self.next_at = now + BACKUP_EVERY
                return BackupFile(made, now, made.stat().st_size, why)
        if tell and self.on_failure is not None:  # Discord is not waited on under the lock
            try:
                await self.on_failure(reason)
            except Exception:
                log.exception("the directors could not be told that backups fail")
        return None

    def _failed(self, now: float, reason: str) -> bool:
        """Logged once until backups work again; True when the directors are to hear it (at
        most once a day)."""
        if not self.failing:
            log.error("the database could not be backed up into %s (%s); trying again every "
                      "%.0f minutes, play goes on", self.folder, reason, RETRY_AFTER / 60)
        self.failing = True
        if self._told_at is not None and now - self._told_at < TELL_EVERY:
            return False
        self._told_at = now
        return True

    async def made(self) -> None:
        """Wait until the backups asked for after tournaments are made (or have failed)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def close(self) -> None:
        """No more backups: the one being made and those already asked for (a tournament that
        just finished) are made first; their copies run in a thread."""
        async with self._lock:
            if self._daily is not None:
                self._daily.cancel()
        await self.made()
        self.closed = True

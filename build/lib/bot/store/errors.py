"""What the store refuses, as types a caller can catch and word for its user."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from .files import last_backup
from .rows import LeagueRow, TournamentRow


class StoreError(RuntimeError):
    pass


class DatabaseCorrupt(StoreError):
    """The database file is damaged or is not a database: the bot refuses to start on it.

    The message is one line a person can act on: it names `python -m bot.db check` and the last
    backup made of this file (the bot's own or `python -m bot.db backup`'s), if any, with the
    command that puts it back.
    """

    def __init__(self, path: Path, detail: str) -> None:
        self.path = path
        self.detail = detail
        backup = last_backup(path)
        if backup is None:
            restore = "no backup of it is recorded"
        else:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup[0]))
            restore = (f"the last backup is {backup[1]} (made {when}); `python -m bot.db "
                       f"restore {backup[1]} --database {path}` puts it back")
        super().__init__(
            f"the database {path} is damaged ({detail}); refusing to start on it. "
            f"Run `python -m bot.db check --database {path}` to see what is wrong; {restore}."
        )


class BotRunning(StoreError):
    """A bot is running on this SQLite file (it holds the file's run lock): a second bot, or a
    restore under it, is refused."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"a bot is running on {path}; stop it first (Ctrl-C, `systemctl stop "
                         "...`, or `docker compose stop bot`)")


class ChannelBusy(StoreError):
    """A new tournament in a channel that already has an open (registering or running) one.

    The database refuses it (a unique index), so of two creates at once exactly one wins.
    """

    def __init__(self, channel_id: int, open_tournament: TournamentRow | None) -> None:
        self.channel_id = channel_id
        self.open_tournament = open_tournament
        which = "" if open_tournament is None else (
            f": {open_tournament.name} (id {open_tournament.id})")
        super().__init__(f"channel {channel_id} already has a tournament that has not "
                         f"finished{which}")


class LeagueNameTaken(StoreError):
    """A league name the server already uses, whatever its case ('Sunday' and 'sunday')."""

    def __init__(self, guild_id: int, name: str, existing: LeagueRow | None) -> None:
        self.guild_id = guild_id
        self.name = name
        self.existing = existing
        super().__init__(f"there is already a league called "
                         f"'{existing.name if existing is not None else name}'")


def is_corruption(exc: sqlite3.Error) -> bool:
    """SQLITE_CORRUPT or SQLITE_NOTADB (any extended code): the file, not the moment, is bad."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

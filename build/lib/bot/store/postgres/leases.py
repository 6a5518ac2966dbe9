"""Who runs which tournament: one PostgreSQL advisory lock per tournament, held by the session
of the process that runs it.

Why an advisory lock and not a lease row with an expiry: the lock lives exactly as long as the
session that holds it. A process that dies (SIGKILL, crash, machine gone) loses its session and
with it every lock, at once, with no expiry to wait out and no clock to trust; the server
notices a dead peer by TCP keepalive (connection.py). And because the same session also does
the writes, a process that lost its session cannot go on writing with a stale belief that it
still owns a tournament: the lease book is emptied when a new session opens, and every write
to a tournament first checks the book (`check`), raising NotOwner.

The lock key is one 64-bit value: a constant of this application in the high half, the
tournament id in the low half, so it cannot collide with another application's locks on the
same database unless it picks the same constant.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from ..ownership import NotOwner, Shards
from ..rows import TournamentRow
from .connection import PgRow

log = logging.getLogger(__name__)

# "PKRT" — the high 32 bits of every tournament lock of this bot.
LOCK_NAMESPACE = 0x504B5254
# The migration lock (ids start at 1, so 0 is no tournament).
MIGRATION_LOCK = LOCK_NAMESPACE << 32


def lock_key(tournament_id: int) -> int:
    if not 0 < tournament_id < 2**32:
        raise ValueError(f"tournament id out of range for a lock: {tournament_id}")
    return (LOCK_NAMESPACE << 32) | tournament_id


class LeaseBook:
    """The tournaments this process holds on its current session.

    Touched in the database thread (claims, checks) and read from the event loop (`owned`):
    a lock keeps the two consistent.
    """

    def __init__(self, shards: Shards | None = None) -> None:
        self.shards = shards
        self._held: set[int] = set()
        self._lock = threading.Lock()
        self.lost: set[int] = set()  # held on a session that is gone, not claimed since

    @property
    def owned(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._held)

    def holds(self, tournament_id: int) -> bool:
        with self._lock:
            return tournament_id in self._held

    def check(self, tournament_id: int) -> None:
        """Before any write that changes a tournament's game: refuse unless we hold it."""
        if not self.holds(tournament_id):
            raise NotOwner(tournament_id, lost=tournament_id in self.lost)

    def new_session(self, generation: int) -> None:
        """A new session holds no lock: whatever we held is lost (another process may have
        taken it and played on; our memory of it is stale and must be rebuilt)."""
        with self._lock:
            if self._held:
                log.error("the PostgreSQL session was lost: tournaments %s must be claimed and "
                          "rebuilt before they are played again", sorted(self._held))
            self.lost |= self._held
            self._held.clear()

    def in_my_shards(self, guild_id: int) -> bool:
        return self.shards is None or self.shards.owns_guild(guild_id)

    # --- the store's Ownership (bot/store/dialect.py), in the database thread ------------------

    def recoverable(self, conn: psycopg.Connection[PgRow],
                    tournaments: Sequence[TournamentRow]) -> set[int]:
        """The unfinished tournaments THIS process runs: those of its shards whose lease it
        holds or could take now. Another process's are left to it (and named in the log)."""
        mine = [t.id for t in tournaments if self.in_my_shards(t.guild_id)]
        held = self.claim(conn, mine)
        refused = [t for t in mine if t not in held]
        if refused:
            log.info("tournaments %s are run by another process; not recovered here", refused)
        return held

    def created(self, conn: psycopg.Connection[PgRow], tournament_id: int) -> None:
        """A tournament this process creates is claimed as it is created."""
        self.claim(conn, [tournament_id])

    def claim(self, conn: psycopg.Connection[PgRow], tournament_ids: Iterable[int]) -> set[int]:
        """Take the lock of each tournament not yet held; return the ones now held. A lock
        another session holds is not waited for: that tournament is someone else's."""
        ids = set(tournament_ids)
        wanted = sorted(t for t in ids if not self.holds(t))
        got: set[int] = set()
        if wanted:
            rows = conn.execute(
                "SELECT id FROM unnest(%s::bigint[]) AS id "
                "WHERE pg_try_advisory_lock((%s::bigint << 32) | id)",
                (wanted, LOCK_NAMESPACE),
            ).fetchall()
            got = {int(r[0]) for r in rows}
        with self._lock:
            self._held |= got
            self.lost -= got
            return ids & self._held

    def release(self, conn: psycopg.Connection[PgRow], tournament_ids: Iterable[int]) -> None:
        """Unlock tournaments we no longer run (finished, cancelled, or handed over)."""
        with self._lock:
            mine = sorted(t for t in set(tournament_ids) if t in self._held)
            self._held -= set(mine)
        for t in mine:
            conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(t),))


def holders(conn: psycopg.Connection[PgRow], tournament_ids: Iterable[int]) -> dict[int, Any]:
    """Which server process (pid) holds each tournament's lock: for `status` and the tests."""
    keys = {lock_key(t): t for t in tournament_ids}
    if not keys:
        return {}
    rows = conn.execute(
        "SELECT (classid::bigint << 32) | objid::bigint AS key, pid FROM pg_locks "
        "WHERE locktype = 'advisory' AND objsubid = 1 AND granted "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
        "AND classid = %s::bigint::oid",
        (LOCK_NAMESPACE,),
    ).fetchall()
    return {keys[int(r[0])]: int(r[1]) for r in rows if int(r[0]) in keys}

"""Which process runs which tournament when the bot is split across processes.

Discord splits a large bot into shards: a server (guild) belongs to shard
`(guild_id >> 22) % shard_count`, and one process connects some of the shards (`SHARD_COUNT`,
`SHARD_IDS`). A tournament belongs to the process whose shard holds its server; only that
process runs its session and timers.

Belonging is not enough to be safe: during a restart two processes can briefly serve the same
shard, and a process can be killed in the middle of a hand. So a process also takes a lease on
each tournament in the database before it runs it (the PostgreSQL store: an advisory lock per
tournament, bot/store/postgres/leases.py). A second process is refused; when the owner dies
its locks go with its session and the next process for that shard takes the tournament over,
from the log, with the same absolute deadlines.

A single SQLite file is one process's: it needs neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import StoreError

# Discord's rule: the shard of a guild is (guild_id >> 22) % shard_count.
_SHARD_SHIFT = 22


class NotOwner(StoreError):
    """A write to a tournament this process does not hold: another process runs it, or this
    process lost its database session (and its leases) and must rebuild it before playing on.
    Nothing of the change is written."""

    def __init__(self, tournament_id: int, *, lost: bool = False) -> None:
        self.tournament_id = tournament_id
        self.lost = lost
        why = ("this process lost its database session; the tournament must be claimed and "
               "rebuilt from the database before it is played again") if lost else (
               "another process runs it (or it was never claimed by this one)")
        super().__init__(f"tournament {tournament_id} is not this process's: {why}")


class ShardConfigError(ValueError):
    """SHARD_COUNT / SHARD_IDS are not usable. The message names the variable and what is
    allowed, never the value (a token pasted into the wrong variable must not be printed)."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards this process serves: `ids` out of `count`."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ShardConfigError("SHARD_COUNT must be a whole number, 1 or more")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ShardConfigError(
                f"SHARD_IDS must list shard numbers from 0 to {self.count - 1} (SHARD_COUNT - 1)")

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> Shards:
        return cls(count, frozenset(range(count) if ids is None else ids))

    @classmethod
    def from_settings(cls, count: str | None, ids: str | None) -> Shards | None:
        """From the SHARD_COUNT and SHARD_IDS texts ("4" and "0,1" or "0-1"). None when
        SHARD_COUNT is unset: one process serves every shard and needs no filter."""
        if count is None or not count.strip():
            if ids is not None and ids.strip():
                raise ShardConfigError("SHARD_IDS is set but SHARD_COUNT is not; set both")
            return None
        try:
            n = int(count.strip())
        except ValueError:
            raise ShardConfigError("SHARD_COUNT must be a whole number, 1 or more") from None
        if ids is None or not ids.strip():
            return cls.of(n)
        return cls.of(n, _parse_ids(ids, n))

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> _SHARD_SHIFT) % self.count

    def owns_guild(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids


def process_name(shards: Shards | None) -> str:
    """What a bot process's own heartbeat is kept under: "all" for one that serves every shard,
    else its shards ("shards 0,1 of 4"), which its health check knows from the same settings."""
    if shards is None or len(shards.ids) == shards.count:
        return "all"
    return f"shards {','.join(map(str, sorted(shards.ids)))} of {shards.count}"


def _parse_ids(text: str, count: int) -> set[int]:
    allowed = (f"SHARD_IDS must list shard numbers from 0 to {count - 1}, separated by commas, "
               "or a range like 0-1")
    out: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        try:
            if "-" in part:
                low, high = (int(x) for x in part.split("-", 1))
                if low > high:
                    raise ValueError
                out.update(range(low, high + 1))
            else:
                out.add(int(part))
        except ValueError:
            raise ShardConfigError(allowed) from None
    if any(not 0 <= i < count for i in out):
        raise ShardConfigError(allowed)
    return out

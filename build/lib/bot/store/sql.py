"""The statements' common ground: run in the database thread, never on the event loop.

Every store method is written once, as a plain synchronous method on `SqlTransaction` (the area
modules hold them), and runs inside the database thread of the backend (aiosqlite's thread for
SQLite, the session's thread for PostgreSQL); where the backends' SQL differs, the statement is
the dialect's (dialect.py). The async faces (`Store`, `Transaction`) send a whole method there
in one hop, and the game's commits send a whole action there in one hop: each hop costs a
thread hand-off and a turn of the event loop, so an action must not pay one per statement
(bench/NIGHT.md, "Fifteenth part").

`Memo` keeps what the store would otherwise ask SQLite for on every action: the last sequence
number of each stream and the deadlines as stored. A transaction writes into its own layer,
merged into the store's only once its COMMIT has returned, so a rolled-back change leaves no
trace in the memo either.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .dialect import Dialect, Ownership
from .errors import StoreError

Clock = Callable[[], float]
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

# (kind, key) -> (due_at, data as stored JSON)
DeadlineMap = dict[tuple[str, str], tuple[float, str]]


# One encoder for every write: json.dumps with options builds a new encoder on each call.
_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def dumps(value: Any) -> str:
    return _ENCODER.encode(value)


class Memo:
    """A layer of cached facts; lookups fall through to the parent layer."""

    def __init__(self, parent: Memo | None = None) -> None:
        self.parent = parent
        self.seq: dict[tuple[int, str], int] = {}
        # None: not known (load it); a tournament whose deadlines another statement changed.
        self.deadlines: dict[int, DeadlineMap | None] = {}
        # Event shapes (see eventlog.py): id -> keys, and (type, keys) -> id.
        self.shape_keys: dict[int, tuple[str, ...]] = {}
        self.shape_ids: dict[tuple[str, tuple[str, ...]], int] = {}

    def child(self) -> Memo:
        return Memo(self)

    def _found(self, layer: Callable[[Memo], Mapping[K, V]], key: K) -> V | None:
        """`key` in the nearest layer that knows it (this one, then its parents)."""
        memo: Memo | None = self
        while memo is not None:
            known = layer(memo)
            if key in known:
                return known[key]
            memo = memo.parent
        return None

    def last_seq(self, key: tuple[int, str]) -> int | None:
        return self._found(lambda m: m.seq, key)

    def deadline_map(self, tournament_id: int) -> DeadlineMap | None:
        return self._found(lambda m: m.deadlines, tournament_id)

    def keys_of(self, shape: int) -> tuple[str, ...] | None:
        return self._found(lambda m: m.shape_keys, shape)

    def shape_of(self, key: tuple[str, tuple[str, ...]]) -> int | None:
        return self._found(lambda m: m.shape_ids, key)

    def merge_into_parent(self) -> None:
        assert self.parent is not None
        self.parent.seq.update(self.seq)
        self.parent.deadlines.update(self.deadlines)
        self.parent.shape_keys.update(self.shape_keys)
        self.parent.shape_ids.update(self.shape_ids)

    def forget(self, tournament_id: int | None = None) -> None:
        """Drop what is known (of one tournament): after another process may have written."""
        if tournament_id is None:
            self.seq.clear()
            self.deadlines.clear()
            return
        self.seq = {k: v for k, v in self.seq.items() if k[0] != tournament_id}
        self.deadlines.pop(tournament_id, None)


class SqlBase:
    """One connection, one clock, one memo layer, the connection's dialect and whose
    tournaments these are: what every area's statements need."""

    def __init__(self, conn: Any, clock: Clock, memo: Memo, dialect: Dialect,
                 ownership: Ownership, finishing: set[int] | None = None) -> None:
        self.conn = conn
        self._execute = dialect.executor(conn)
        self.clock = clock
        self.memo = memo
        self.dialect = dialect
        self.ownership = ownership
        # Tournaments that finished in this transaction (their leases go once it commits).
        self.finishing: set[int] = set() if finishing is None else finishing

    @property
    def now(self) -> float:
        return self.clock()

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows (none for a statement that returns none)."""
        cur = self._execute(sql, params)
        return cur.fetchall() if cur.description is not None else []

    def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        # fetchall, not fetchone: a statement left unfinished (RETURNING) would block COMMIT.
        rows = self.fetch(sql, params)
        return rows[0] if rows else None

    def exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute; return the number of rows changed."""
        return int(self._execute(sql, params).rowcount)

    def returning(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row:
        row = self.one(sql, params)
        if row is None:
            raise StoreError("no such row")
        return row


def plain(cls: Callable[..., T], r: sqlite3.Row, **json_fields: bool) -> T:
    """A row as its dataclass, with the named JSON columns decoded."""
    return cls(**{k: (json.loads(r[k]) if k in json_fields else r[k]) for k in r.keys()})

"""What differs between the two backends' SQL, named statement by statement.

The area modules (eventlog.py, tournaments.py, leagues.py, records.py, recovery.py) write each
statement once, in the SQL both SQLite and PostgreSQL accept. Where the two differ, the
statement is not rewritten: it is looked up here, on the dialect of the connection the
statements run on (bot/store/sqlite/dialect.py, bot/store/postgres/dialect.py), each backend
spelling it out in full. A `Dialect` is that table of the differing statements, plus how a
statement runs on the backend's connection.

`Ownership` is the other thing a backend adds to the statements: whether this process may
write a tournament (PostgreSQL's leases; a SQLite file belongs to one process).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .rows import TournamentRow

# One encoded event row: (type, data as stored, audience or None).
PendingEvent = tuple[str, str, tuple[str, ...] | None]


class Runs(Protocol):
    """What a dialect's own statements need of the statement object (sql.SqlBase)."""

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    def one(self, sql: str, params: Sequence[Any] = ()) -> Any: ...


class Dialect(Protocol):
    """The statements the backends write differently, and how a statement is run."""

    name: str
    # Opens a write transaction (SQLite: IMMEDIATE, so the write lock is taken at once).
    begin: str
    # Whether `events.audience` (a JSON array of user ids) holds the one parameter.
    audience_holds: str
    # An inner join whose order is kept as written (SQLite's planner hint), with ON.
    ordered_join: str
    # A league by (guild_id, name), the name compared as the unique index folds it.
    league_by_name: str
    # A season's standings (SUM over BIGINT must come back as an integer on both).
    season_standings: str

    def executor(self, conn: Any) -> Callable[[str, Sequence[Any]], Any]:
        """How a statement (placeholders written `?`) runs on `conn`: a call that returns the
        driver's cursor (SQLite: the connection's own `execute`, with nothing in between)."""
        ...

    def insert_events(
        self, tx: Runs, tournament_id: int, stream: str, hand_id: int | None, now: float,
        pending: list[PendingEvent], last: int | None,
    ) -> dict[int, int]:
        """Insert `pending` as the next events of the stream; return seq -> id, in order.
        `last`: the stream's last seq as this process remembers it (None: unknown)."""
        ...


class Ownership(Protocol):
    """Whether this process may write a tournament (PostgreSQL: its lease)."""

    def check(self, tournament_id: int) -> None:
        """Before a write that changes a tournament's game: raise NotOwner unless ours."""
        ...

    def recoverable(self, conn: Any, tournaments: Sequence[TournamentRow]) -> set[int]:
        """Of these unfinished tournaments, the ids of those this process runs (claimed)."""
        ...

    def created(self, conn: Any, tournament_id: int) -> None:
        """A tournament this process just created is its own."""
        ...


class SoleOwner:
    """One process owns the whole database (a SQLite file): every tournament is its own."""

    def check(self, tournament_id: int) -> None:
        return None

    def recoverable(self, conn: Any, tournaments: Sequence[TournamentRow]) -> set[int]:
        return {t.id for t in tournaments}

    def created(self, conn: Any, tournament_id: int) -> None:
        return None

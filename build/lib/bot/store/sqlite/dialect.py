"""SQLite's spelling of the statements the two backends write differently (see
bot/store/dialect.py; PostgreSQL's are in bot/store/postgres/dialect.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from ..dialect import PendingEvent, Runs
from ..sql import dumps

# SQLite allows 32,766 parameters in a statement (8 per row); a whole action is a few rows.
_ROWS_PER_INSERT = 1000


class SqliteDialect:
    name = "sqlite"
    begin = "BEGIN IMMEDIATE"
    audience_holds = "EXISTS (SELECT 1 FROM json_each(events.audience) WHERE json_each.value = ?)"
    # CROSS JOIN ... ON: an inner join whose order SQLite's planner keeps as written.
    ordered_join = "CROSS JOIN"
    # COLLATE NOCASE, as the unique index leagues_name_nocase (migration 0004).
    league_by_name = ("SELECT * FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE "
                      "ORDER BY id")
    season_standings = """
        SELECT r.user_id, SUM(r.points) AS points, SUM(r.prize) AS prize,
               COUNT(*) AS tournaments, MIN(r.place) AS best_place
        FROM results r JOIN tournaments t ON t.id = r.tournament_id
        WHERE t.season_id = ? AND t.status = 'finished'
        GROUP BY r.user_id
        ORDER BY points DESC, best_place ASC, prize DESC, r.user_id
        """

    def executor(self, conn: sqlite3.Connection) -> Callable[[str, Sequence[Any]], Any]:
        return conn.execute  # sqlite3's paramstyle is the area SQL's `?`

    def insert_events(
        self, tx: Runs, tournament_id: int, stream: str, hand_id: int | None, now: float,
        pending: list[PendingEvent], last: int | None,
    ) -> dict[int, int]:
        """Numbered from the last seq this process remembers (one file, one writer: the memo
        is right unless another connection appended meanwhile, which the unique index
        catches: then ask the table and number again)."""
        try:
            return _insert_events(tx, tournament_id, stream, hand_id, now, pending, last)
        except sqlite3.IntegrityError as exc:
            if last is None or "events." not in str(exc):
                raise
            return _insert_events(tx, tournament_id, stream, hand_id, now, pending, None)


def _insert_events(
    tx: Runs, tournament_id: int, stream: str, hand_id: int | None, now: float,
    pending: list[PendingEvent], last: int | None,
) -> dict[int, int]:
    """One INSERT per 1,000 rows (a statement is all or nothing), returning seq -> id."""
    if last is None:
        r = tx.one(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE tournament_id = ? AND stream = ?",
            (tournament_id, stream),
        )
        last = int(r[0]) if r is not None else 0
    ids: dict[int, int] = {}
    for start in range(0, len(pending), _ROWS_PER_INSERT):
        chunk = pending[start:start + _ROWS_PER_INSERT]
        params: list[Any] = []
        for seq, (type_, text, audience) in enumerate(chunk, start=last + 1 + start):
            params += [tournament_id, stream, seq, hand_id, type_, text,
                       None if audience is None else dumps(list(audience)), now]
        values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(chunk))
        rows = tx.fetch(
            "INSERT INTO events (tournament_id, stream, seq, hand_id, type, data, audience, "
            f"created_at) VALUES {values} RETURNING seq, id",
            params,
        )
        ids.update((int(r[0]), int(r[1])) for r in rows)
    return dict(sorted(ids.items()))


SQLITE = SqliteDialect()

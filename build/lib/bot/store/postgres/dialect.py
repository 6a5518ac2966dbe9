"""PostgreSQL's spelling of the statements the two backends write differently (the table is
bot/store/dialect.py; SQLite's spelling is bot/store/sqlite/dialect.py). Every other statement
of the area modules runs here as written.

Why each differs:
- privacy filters: SQLite's json_each is json_array_elements_text here (`audience_holds`);
- SQLite's `CROSS JOIN t ON` keeps the join order as written; PostgreSQL plans the order
  itself and wants a plain JOIN (`ordered_join`);
- league names: SQLite's `COLLATE NOCASE` (ASCII letters only) is ascii_fold() (migration
  0004), as the unique index folds them (`league_by_name`);
- SUM over BIGINT is NUMERIC in PostgreSQL: cast back so callers get ints (`season_standings`);
- an event's sequence number is computed inside the INSERT (the MAX over the unique index), so
  two sessions can never hand out the same number from a stale memo (`insert_events`).

Placeholders: the area SQL is written with DB-API's `?` (sqlite3's paramstyle); psycopg's is
`%s`. `executor` changes each `?` to `%s` (and double a literal `%`): a character
replacement, exact because no statement holds a `?` inside a string literal or a `?` operator
(the tests run every statement on both backends, tests/postgres/test_every_method.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from ..dialect import PendingEvent, Runs
from ..sql import dumps
from .connection import PgRow

_ROWS_PER_INSERT = 1000


@functools.lru_cache(maxsize=1024)
def placeholders(sql: str) -> str:
    """`?` placeholders as psycopg's `%s`, a literal `%` doubled."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresDialect:
    name = "postgresql"
    begin = "BEGIN"
    audience_holds = ("EXISTS (SELECT 1 FROM json_array_elements_text(events.audience) "
                      "AS a(v) WHERE a.v = ?)")
    ordered_join = "JOIN"
    league_by_name = ("SELECT * FROM leagues WHERE guild_id = ? "
                      "AND ascii_fold(name) = ascii_fold(?) ORDER BY id")
    season_standings = """
        SELECT r.user_id, SUM(r.points) AS points, SUM(r.prize)::bigint AS prize,
               COUNT(*) AS tournaments, MIN(r.place) AS best_place
        FROM results r JOIN tournaments t ON t.id = r.tournament_id
        WHERE t.season_id = ? AND t.status = 'finished'
        GROUP BY r.user_id
        ORDER BY points DESC, best_place ASC, prize DESC, r.user_id
        """

    def executor(self, conn: psycopg.Connection[PgRow]) -> Callable[[str, Sequence[Any]], Any]:
        def execute(sql: str, params: Sequence[Any]) -> psycopg.Cursor[PgRow]:
            return conn.execute(placeholders(sql), params)

        return execute

    def insert_events(
        self, tx: Runs, tournament_id: int, stream: str, hand_id: int | None, now: float,
        pending: list[PendingEvent], last: int | None,
    ) -> dict[int, int]:
        """The next sequence numbers come from the stream's own rows, inside the INSERT: the
        unique index answers MAX(seq) at once, and no memo can be stale across processes
        (`last` is not used)."""
        ids: dict[int, int] = {}
        for start in range(0, len(pending), _ROWS_PER_INSERT):
            chunk = pending[start:start + _ROWS_PER_INSERT]
            params: list[Any] = [tournament_id, stream, tournament_id, stream, hand_id, now]
            values = []
            for n, (type_, text, audience) in enumerate(chunk, start=1):
                values.append("(?::int, ?, ?::json, ?::json)")
                params += [n, type_, text, None if audience is None else dumps(list(audience))]
            rows = tx.fetch(
                "WITH last AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM events "
                "WHERE tournament_id = ? AND stream = ?) "
                "INSERT INTO events (tournament_id, stream, seq, hand_id, type, data, audience, "
                "created_at) SELECT ?::bigint, ?, last.seq + v.n, ?::bigint, v.type, v.data, "
                "v.audience, ?::double precision "
                f"FROM last, (VALUES {', '.join(values)}) AS v(n, type, data, audience) "
                "ORDER BY v.n RETURNING seq, id",
                params,
            )
            ids.update((int(r[0]), int(r[1])) for r in rows)
        return dict(sorted(ids.items()))


POSTGRES = PostgresDialect()

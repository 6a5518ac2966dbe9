"""The store's statements on PostgreSQL: the area modules' SQL, run as written where the two
dialects agree, and the few methods where they do not, written again here.

What is adapted for every statement: `?` placeholders become psycopg's `%s`, and SQLite's
`CROSS JOIN t ON` (a join-order hint) becomes `JOIN t ON`. What is written again, and why:
- privacy filters: SQLite's json_each becomes json_array_elements_text (the AUDIENCE_HOLDS
  fragment: the statements around it are the event log's own);
- league names: SQLite's `COLLATE NOCASE` (ASCII letters only) becomes ascii_fold() (0004);
- SUM over BIGINT is NUMERIC in PostgreSQL: cast back so callers get ints, as on SQLite;
- constraint violations: SQLite's code catches sqlite3.IntegrityError and reads its message;
  here the INSERT says ON CONFLICT DO NOTHING and an empty result is the refusal, because a
  failed statement would abort the whole PostgreSQL transaction (SQLite's would not);
- sequence numbers of a stream are computed inside the INSERT (the MAX over the unique index),
  so two sessions can never hand out the same number from a stale cache;
- ownership: writes that change a tournament's game check the lease book first (leases.py),
  the unfinished tournaments this process recovers are the ones of its shards it could claim,
  and a tournament it creates is claimed as it is created.

A statement the area modules may add later in SQLite's dialect fails loudly here
(`_SQLITE_ONLY`), in the tests that run every store method on both backends.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable, Sequence
from typing import Any, cast

import psycopg

from ..errors import ChannelBusy, LeagueNameTaken, StoreError
from ..rows import (
    UNFINISHED,
    DeadlineRow,
    LeagueRow,
    SeasonStandingRow,
    TournamentRow,
    TournamentStatus,
)
from ..sql import Clock, Memo, dumps, plain
from ..store import SqlTransaction
from ..tournaments import tournament_row
from .connection import PgRow
from .leases import LeaseBook

log = logging.getLogger(__name__)

_SQLITE_ONLY = re.compile(r"json_each|COLLATE\s+NOCASE|\bWHERE\s+1\b|\bPRAGMA\b|sqlite_master",
                          re.IGNORECASE)
_ROWS_PER_INSERT = 1000
# SQLite's CROSS JOIN ... ON is an inner join whose order the planner keeps; PostgreSQL wants
# plain JOIN for a join with ON (and plans the order itself).
_CROSS_JOIN_ON = re.compile(r"\bCROSS\s+JOIN(\s+\w+(?:\s+(?!ON\b)\w+)?\s+ON)\b", re.IGNORECASE)


class DialectError(StoreError):
    """A statement written in SQLite's dialect reached PostgreSQL: write it again in
    bot/store/postgres/dialect.py."""


@functools.lru_cache(maxsize=1024)
def to_pg(sql: str) -> str:
    """`?` placeholders to `%s` (and a literal `%` escaped). The area SQL has no `?` inside a
    string literal and no `?` operator, so a plain replacement is exact."""
    if _SQLITE_ONLY.search(sql):
        raise DialectError(f"SQLite-only SQL sent to PostgreSQL: {sql[:120]!r}")
    sql = _CROSS_JOIN_ON.sub(r"JOIN\1", sql)
    return sql.replace("%", "%%").replace("?", "%s")


class PgSqlTransaction(SqlTransaction):
    """Every store statement, on a PostgreSQL session, in the database thread."""

    AUDIENCE_HOLDS = ("EXISTS (SELECT 1 FROM json_array_elements_text(events.audience) "
                      "AS a(v) WHERE a.v = ?)")

    def __init__(self, conn: psycopg.Connection[PgRow], clock: Clock, memo: Memo,
                 leases: LeaseBook, finishing: set[int]) -> None:
        # SqlBase types its connection as sqlite3's; this one answers the same calls
        # (execute/fetch through fetch() and exec() below), so the base only stores it.
        super().__init__(cast(Any, conn), clock, memo)
        self.pg = conn
        self.leases = leases
        # Tournaments that finished in this transaction: their locks go once it commits.
        self.finishing = finishing

    # --- the common ground ---------------------------------------------------------------------

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        cur = self.pg.execute(to_pg(sql), params)
        return cur.fetchall() if cur.description is not None else []

    def exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute; the row count (PostgreSQL has no lastrowid: the area code uses RETURNING)."""
        return self.pg.execute(to_pg(sql), params).rowcount

    # --- event log -----------------------------------------------------------------------------

    def _write_events(
        self, tournament_id: int, stream: str, events: Iterable[Any]
    ) -> tuple[int | None, float, list[tuple[str, str, tuple[str, ...] | None]],
               dict[int, int]] | None:
        self.leases.check(tournament_id)  # both append_events and append_log come here
        return super()._write_events(tournament_id, stream, events)

    def _insert_events(
        self, tournament_id: int, stream: str, hand_id: int | None, now: float,
        pending: list[tuple[str, str, tuple[str, ...] | None]], last: int | None,
    ) -> dict[int, int]:
        """The next sequence numbers come from the stream's own rows, inside the INSERT: the
        unique index answers MAX(seq) at once, and no cache can be stale across processes."""
        ids: dict[int, int] = {}
        for start in range(0, len(pending), _ROWS_PER_INSERT):
            chunk = pending[start:start + _ROWS_PER_INSERT]
            params: list[Any] = [tournament_id, stream, tournament_id, stream, hand_id, now]
            values = []
            for n, (type_, text, audience) in enumerate(chunk, start=1):
                values.append("(?::int, ?, ?::json, ?::json)")
                params += [n, type_, text, None if audience is None else dumps(list(audience))]
            rows = self.fetch(
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

    def set_deadline(self, tournament_id: int, kind: str, key: str, due_at: float,
                     data: dict[str, Any] | None = None) -> DeadlineRow:
        self.leases.check(tournament_id)
        return super().set_deadline(tournament_id, kind, key, due_at, data)

    def sync_deadlines(
        self, tournament_id: int, wanted: Iterable[tuple[str, str, float, dict[str, Any]]]
    ) -> None:
        self.leases.check(tournament_id)
        super().sync_deadlines(tournament_id, wanted)

    # --- tournaments ---------------------------------------------------------------------------

    def unfinished_tournaments(self) -> list[TournamentRow]:
        """The unfinished tournaments THIS process runs: those of its shards whose lease it
        holds or could take now. Another process's are left to it (and named in the log)."""
        rows = [t for t in super().unfinished_tournaments()
                if self.leases.in_my_shards(t.guild_id)]
        held = self.leases.claim(self.pg, (t.id for t in rows))
        refused = [t.id for t in rows if t.id not in held]
        if refused:
            log.info("tournaments %s are run by another process; not recovered here", refused)
        return [t for t in rows if t.id in held]

    def create_tournament(
        self,
        guild_id: int,
        name: str,
        *,
        league_id: int | None = None,
        season_id: int | None = None,
        channel_id: int | None = None,
        profile: dict[str, Any] | None = None,
        config: dict[str, Any] | None = None,
    ) -> TournamentRow:
        """A new tournament, registering and held by this process. ChannelBusy if its channel
        has an open one (the partial unique index decides, so of two creates one wins)."""
        row = self.one(
            "INSERT INTO tournaments (guild_id, league_id, season_id, channel_id, name, "
            "profile, config, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (channel_id) WHERE status IN ('registering', 'running') DO NOTHING "
            "RETURNING *",
            (guild_id, league_id, season_id, channel_id, name, dumps(profile or {}),
             dumps(config or {}), self.now),
        )
        if row is None:
            assert channel_id is not None  # only the channel index can refuse the row
            raise ChannelBusy(channel_id, self.open_tournament_in(channel_id))
        created = tournament_row(row)
        self.leases.claim(self.pg, [created.id])
        return created

    def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus
    ) -> TournamentRow:
        self.leases.check(tournament_id)
        row = super().set_tournament_status(tournament_id, status)
        if row.status not in UNFINISHED:
            self.finishing.add(tournament_id)
        return row

    # --- leagues -------------------------------------------------------------------------------

    def league_by_name(self, guild_id: int, name: str) -> LeagueRow | None:
        r = self.one(
            "SELECT * FROM leagues WHERE guild_id = ? AND ascii_fold(name) = ascii_fold(?) "
            "ORDER BY id",
            (guild_id, name),
        )
        return None if r is None else plain(LeagueRow, r)

    def create_league(self, guild_id: int, name: str) -> LeagueRow:
        row = self.one(
            "INSERT INTO leagues (guild_id, name, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING RETURNING *",
            (guild_id, name, self.now),
        )
        if row is None:
            raise LeagueNameTaken(guild_id, name, self.league_by_name(guild_id, name))
        return plain(LeagueRow, row)

    def set_active_season(self, league_id: int, season_id: int) -> None:
        if not self.exec(
            "INSERT INTO active_seasons (league_id, season_id, since) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (league_id, season_id, self.now),
        ):
            raise StoreError(f"league {league_id} already has an active season")

    def season_standings(self, season_id: int) -> list[SeasonStandingRow]:
        rows = self.fetch(
            """
            SELECT r.user_id, SUM(r.points) AS points, SUM(r.prize)::bigint AS prize,
                   COUNT(*) AS tournaments, MIN(r.place) AS best_place
            FROM results r JOIN tournaments t ON t.id = r.tournament_id
            WHERE t.season_id = ? AND t.status = 'finished'
            GROUP BY r.user_id
            ORDER BY points DESC, best_place ASC, prize DESC, r.user_id
            """,
            (season_id,),
        )
        return [plain(SeasonStandingRow, r) for r in rows]

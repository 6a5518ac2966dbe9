"""Tournaments and their furniture: status, tables and threads, live messages, entries. (A
night's re-buys, busts and knockouts are its events': bot/league/nightlog.py reads them.)"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .errors import ChannelBusy
from .rows import (
    UNFINISHED,
    EntryRow,
    EntryStatus,
    MessageRow,
    TableRow,
    TournamentRow,
    TournamentStatus,
)
from .sql import SqlBase, dumps, plain


def tournament_row(r: sqlite3.Row) -> TournamentRow:
    return TournamentRow(
        id=r["id"],
        guild_id=r["guild_id"],
        league_id=r["league_id"],
        season_id=r["season_id"],
        channel_id=r["channel_id"],
        name=r["name"],
        status=r["status"],
        profile=json.loads(r["profile"]),
        config=json.loads(r["config"]),
        created_at=r["created_at"],
        started_at=r["started_at"],
        finished_at=r["finished_at"],
    )


class TournamentSql(SqlBase):
    # --- tournaments ---------------------------------------------------------------------------

    def tournament(self, tournament_id: int) -> TournamentRow | None:
        r = self.one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if r is None else tournament_row(r)

    def tournaments(
        self, guild_id: int | None = None, status: TournamentStatus | None = None
    ) -> list[TournamentRow]:
        sql = "SELECT * FROM tournaments WHERE TRUE"  # a boolean on both backends
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [tournament_row(r) for r in self.fetch(sql + " ORDER BY id", params)]

    def unfinished_tournaments(self) -> list[TournamentRow]:
        """The registering and running tournaments this process runs (on PostgreSQL: those of
        its shards whose lease it holds or could take now)."""
        rows = [tournament_row(r) for r in self.fetch(
            "SELECT * FROM tournaments WHERE status IN (?, ?) ORDER BY id", UNFINISHED)]
        mine = self.ownership.recoverable(self.conn, rows)
        return [t for t in rows if t.id in mine]

    def open_tournament_in(self, channel_id: int) -> TournamentRow | None:
        """The channel's registering or running tournament (there is at most one)."""
        r = self.one(
            "SELECT * FROM tournaments WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *UNFINISHED),
        )
        return None if r is None else tournament_row(r)

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
        """A new tournament, registering, and this process's own. ChannelBusy if its channel
        has an open one (the partial unique index decides, so of two creates one wins; the
        INSERT does nothing rather than fail, which would abort a PostgreSQL transaction)."""
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
        self.ownership.created(self.conn, created.id)
        return created

    def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus
    ) -> TournamentRow:
        """Move a tournament along; stamping started_at/finished_at the first time."""
        self.ownership.check(tournament_id)
        now = self.now
        row = self.returning(
            "UPDATE tournaments SET status = ?, "
            "started_at = CASE WHEN ? = 'running' THEN COALESCE(started_at, ?) "
            "ELSE started_at END, "
            "finished_at = CASE WHEN ? IN ('finished', 'cancelled') THEN COALESCE(finished_at, ?) "
            "ELSE finished_at END WHERE id = ? RETURNING *",
            (status, status, now, status, now, tournament_id),
        )
        if row["status"] in ("finished", "cancelled"):
            # A finished tournament has no clocks left to run after a restart.
            self.exec("DELETE FROM deadlines WHERE tournament_id = ?", (tournament_id,))
            self.memo.deadlines[tournament_id] = {}
            self.finishing.add(tournament_id)
        return tournament_row(row)

    def set_tournament_config(self, tournament_id: int, config: dict[str, Any]) -> TournamentRow:
        row = self.returning(
            "UPDATE tournaments SET config = ? WHERE id = ? RETURNING *",
            (dumps(config), tournament_id),
        )
        return tournament_row(row)

    # --- tables and messages -------------------------------------------------------------------

    def tables(self, tournament_id: int) -> list[TableRow]:
        rows = self.fetch(
            "SELECT * FROM tables WHERE tournament_id = ? ORDER BY table_no", (tournament_id,)
        )
        return [plain(TableRow, r) for r in rows]

    def put_table(
        self,
        tournament_id: int,
        table_no: int,
        *,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> TableRow:
        row = self.returning(
            "INSERT INTO tables (tournament_id, table_no, thread_id, message_id) "
            "VALUES (?, ?, ?, ?) "
            "ON CONFLICT (tournament_id, table_no) DO UPDATE SET "
            # Named by table: PostgreSQL calls a bare column here ambiguous.
            "thread_id = COALESCE(excluded.thread_id, tables.thread_id), "
            "message_id = COALESCE(excluded.message_id, tables.message_id) RETURNING *",
            (tournament_id, table_no, thread_id, message_id),
        )
        return plain(TableRow, row)

    def break_table(self, tournament_id: int, table_no: int) -> None:
        self.exec(
            "UPDATE tables SET broken_at = ? WHERE tournament_id = ? AND table_no = ?",
            (self.now, tournament_id, table_no),
        )

    def messages(self, tournament_id: int) -> list[MessageRow]:
        rows = self.fetch(
            "SELECT * FROM messages WHERE tournament_id = ? ORDER BY key", (tournament_id,)
        )
        return [plain(MessageRow, r) for r in rows]

    def put_message(
        self, tournament_id: int, key: str, channel_id: int, message_id: int
    ) -> MessageRow:
        row = self.returning(
            "INSERT INTO messages (tournament_id, key, channel_id, message_id, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, key) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "updated_at = excluded.updated_at RETURNING *",
            (tournament_id, key, channel_id, message_id, self.now),
        )
        return plain(MessageRow, row)

    # --- entries --------------------------------------------------------------------------------

    def entries(self, tournament_id: int) -> list[EntryRow]:
        rows = self.fetch(
            "SELECT * FROM entries WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [plain(EntryRow, r) for r in rows]

    def add_entry(self, tournament_id: int, user_id: int, display_name: str) -> EntryRow:
        row = self.returning(
            "INSERT INTO entries (tournament_id, user_id, display_name, entered_at) "
            "VALUES (?, ?, ?, ?) RETURNING *",
            (tournament_id, user_id, display_name, self.now),
        )
        return plain(EntryRow, row)

    def update_entry(
        self,
        tournament_id: int,
        user_id: int,
        *,
        status: EntryStatus | None = None,
        table_no: int | None = None,
        seat_no: int | None = None,
    ) -> EntryRow:
        row = self.returning(
            "UPDATE entries SET status = COALESCE(?, status), table_no = COALESCE(?, table_no), "
            "seat_no = COALESCE(?, seat_no) WHERE tournament_id = ? AND user_id = ? RETURNING *",
            (status, table_no, seat_no, tournament_id, user_id),
        )
        return plain(EntryRow, row)

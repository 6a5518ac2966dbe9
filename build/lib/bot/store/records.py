"""What a league keeps of its nights: results, director actions and appeals. (A director's
ruling is its event; bot/service/usecases/director.py `rulings` reads them.)"""

from __future__ import annotations

from typing import Any, Literal

from .errors import StoreError
from .rows import AppealRow, DirectorActionRow, ResultRow
from .sql import SqlBase, dumps, plain


class RecordSql(SqlBase):
    # --- results -------------------------------------------------------------------------------

    def results(self, tournament_id: int) -> list[ResultRow]:
        rows = self.fetch(
            "SELECT * FROM results WHERE tournament_id = ? ORDER BY place, user_id",
            (tournament_id,),
        )
        return [plain(ResultRow, r) for r in rows]

    def set_result(
        self, tournament_id: int, user_id: int, place: int, *, prize: int = 0, points: float = 0
    ) -> ResultRow:
        row = self.returning(
            "INSERT INTO results (tournament_id, user_id, place, prize, points) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO UPDATE SET "
            "place = excluded.place, prize = excluded.prize, points = excluded.points RETURNING *",
            (tournament_id, user_id, place, prize, points),
        )
        return plain(ResultRow, row)

    # --- director actions ----------------------------------------------------------------------

    def director_actions(self, tournament_id: int) -> list[DirectorActionRow]:
        rows = self.fetch(
            "SELECT * FROM director_actions WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [plain(DirectorActionRow, r, data=True) for r in rows]

    def add_director_action(
        self,
        tournament_id: int,
        director_id: int,
        action: str,
        reason: str,
        *,
        target_user_id: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> DirectorActionRow:
        row = self.returning(
            "INSERT INTO director_actions (tournament_id, director_id, action, target_user_id, "
            "data, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (tournament_id, director_id, action, target_user_id, dumps(data or {}), reason,
             self.now),
        )
        return plain(DirectorActionRow, row, data=True)

    # --- appeals -------------------------------------------------------------------------------

    def appeal(self, appeal_id: int) -> AppealRow | None:
        r = self.one("SELECT * FROM appeals WHERE id = ?", (appeal_id,))
        return None if r is None else plain(AppealRow, r)

    def appeals(
        self, guild_id: int, status: Literal["open", "closed"] | None = None
    ) -> list[AppealRow]:
        sql = "SELECT * FROM appeals WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [plain(AppealRow, r) for r in self.fetch(sql + " ORDER BY id", params)]

    def open_appeal(
        self,
        guild_id: int,
        user_id: int,
        statement: str,
        *,
        tournament_id: int | None = None,
        hand_id: int | None = None,
        ruling_id: int | None = None,
    ) -> AppealRow:
        """A player sends a disputed ruling to the league; the hand it concerns is kept with it.
        `ruling_id`: the ruling's event (events.id), whose tournament the appeal is of."""
        if ruling_id is not None and tournament_id is None:
            r = self.one("SELECT tournament_id FROM events WHERE id = ?", (ruling_id,))
            if r is None:
                raise StoreError(f"no ruling {ruling_id}")
            tournament_id = int(r[0])
        if hand_id is not None and tournament_id is None:
            r = self.one("SELECT tournament_id FROM hands WHERE id = ?", (hand_id,))
            tournament_id = None if r is None else int(r[0])
        # One open appeal per member per hand (a unique index): the second is refused.
        row = self.one(
            "INSERT INTO appeals (guild_id, tournament_id, hand_id, ruling_id, user_id, statement, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING *",
            (guild_id, tournament_id, hand_id, ruling_id, user_id, statement, self.now),
        )
        if row is None:
            raise StoreError(f"member {user_id} already has an open appeal of hand {hand_id}")
        return plain(AppealRow, row)

    def member_appeals(self, guild_id: int, user_id: int, since: float = 0.0) -> list[AppealRow]:
        """A member's appeals in a server filed at `since` or later, oldest first."""
        rows = self.fetch(
            "SELECT * FROM appeals WHERE guild_id = ? AND user_id = ? AND created_at >= ? "
            "ORDER BY id",
            (guild_id, user_id, since),
        )
        return [plain(AppealRow, r) for r in rows]

    def close_appeal(self, appeal_id: int, decided_by: int, decision: str) -> AppealRow:
        """Record the league's decision. An appeal is decided once; a closed one stays closed."""
        row = self.one(
            "UPDATE appeals SET status = 'closed', decision = ?, decided_by = ?, decided_at = ? "
            "WHERE id = ? AND status = 'open' RETURNING *",
            (decision, decided_by, self.now, appeal_id),
        )
        if row is None:
            existing = self.appeal(appeal_id)
            raise StoreError(
                f"no appeal {appeal_id}" if existing is None else f"appeal {appeal_id} is closed"
            )
        return plain(AppealRow, row)

"""What a restart reads: every unfinished tournament with what its rebuild needs, in a few
set-wide queries (a restart with a thousand tables open reads them at once)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from .eventlog import EVENT_COLUMNS, EventLogSql
from .rows import (
    DeadlineRow,
    EntryRow,
    HandRow,
    MessageRow,
    RecoveredTournament,
    SnapshotRow,
    TableRow,
    TournamentRow,
)
from .sql import plain
from .tournaments import TournamentSql

Owned = TypeVar("Owned", bound="_OfTournament")


class RecoverySql(EventLogSql, TournamentSql):
    def recover_tournament(
        self, tournament: TournamentRow, stream: str | None = None
    ) -> RecoveredTournament:
        snapshot = self.latest_snapshot(tournament.id)
        return RecoveredTournament(
            tournament=tournament,
            snapshot=snapshot,
            events=self.load_events(tournament.id, stream,
                                    after_id=snapshot.last_event_id if snapshot else 0),
            deadlines=self.deadlines(tournament.id),
            tables=self.tables(tournament.id),
            messages=self.messages(tournament.id),
            entries=self.entries(tournament.id),
            hands=self.tournament_hands(tournament.id),
            alive_at=self.alive_at(tournament.id),
        )

    def recover(self, stream: str | None = None) -> list[RecoveredTournament]:
        """Every unfinished tournament with what its rebuild needs: its latest snapshot, the
        events after it (of `stream` only, if given), deadlines as absolute times, tables and
        messages to edit in place, entries and hands. A few set-wide queries, not a few per
        tournament: a restart with a thousand tables open reads them at once."""
        tournaments = self.unfinished_tournaments()
        if not tournaments:
            return []
        unfinished = "SELECT id FROM tournaments WHERE status IN ('registering', 'running')"
        snapshots = {r["tournament_id"]: plain(SnapshotRow, r, state=True) for r in self.fetch(
            f"SELECT s.* FROM snapshots s WHERE s.tournament_id IN ({unfinished}) AND s.id = "
            "(SELECT id FROM snapshots l WHERE l.tournament_id = s.tournament_id "
            "ORDER BY l.last_event_id DESC, l.id DESC LIMIT 1)")}
        # Driven from each tournament into the (tournament_id, stream, seq) index. With a stream,
        # only its tail is read: within a stream seq grows with id, so the events after the
        # snapshot's last one (when it is of this stream, as the game's are) start past its seq.
        columns = ", ".join(f"e.{c.strip()}" for c in EVENT_COLUMNS.split(","))
        last = "(SELECT MAX(last_event_id) FROM snapshots l WHERE l.tournament_id = u.id)"
        sql = (f"SELECT {columns} FROM ({unfinished}) u {self.dialect.ordered_join} events e "
               f"ON e.tournament_id = u.id AND e.id > COALESCE({last}, 0)")
        params: list[Any] = []
        if stream is not None:
            sql += (" WHERE e.stream = ? AND e.seq > COALESCE((SELECT x.seq FROM events x "
                    f"WHERE x.id = {last} AND x.tournament_id = u.id AND x.stream = ?), 0)")
            params += [stream, stream]
        found = self.fetch(sql + " ORDER BY e.id", params)
        events = _by_tournament(self.stored_event(r) for r in found)

        deadlines = self._of_unfinished("deadlines", DeadlineRow, "due_at, kind, key", data=True)
        tables = self._of_unfinished("tables", TableRow, "table_no")
        messages = self._of_unfinished("messages", MessageRow, "key")
        entries = self._of_unfinished("entries", EntryRow, "id")
        hands = self._of_unfinished("hands", HandRow, "started_at, id")
        alive = {int(r[0]): float(r[1]) for r in self.fetch(
            "SELECT tournament_id, alive_at FROM heartbeats "
            f"WHERE tournament_id IN ({unfinished})")}
        return [
            RecoveredTournament(t, snapshots.get(t.id), events.get(t.id, []),
                                deadlines.get(t.id, []), tables.get(t.id, []),
                                messages.get(t.id, []), entries.get(t.id, []),
                                hands.get(t.id, []), alive.get(t.id))
            for t in tournaments
        ]

    def _of_unfinished(
        self, table: str, cls: Callable[..., Owned], order: str, **json_fields: bool
    ) -> dict[int, list[Owned]]:
        found = self.fetch(f"SELECT * FROM {table} WHERE tournament_id IN (SELECT id FROM "
                           f"tournaments WHERE status IN ('registering', 'running')) "
                           f"ORDER BY {order}")
        return _by_tournament(plain(cls, r, **json_fields) for r in found)


class _OfTournament(Protocol):
    @property
    def tournament_id(self) -> int: ...



def _by_tournament(items: Iterable[Owned]) -> dict[int, list[Owned]]:
    out: dict[int, list[Owned]] = {}
    for item in items:
        out.setdefault(item.tournament_id, []).append(item)
    return out


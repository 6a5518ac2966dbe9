"""The event log and what recovery needs beside it: hands, snapshots and deadlines.

A tournament's history is its events, append-only, each numbered within its stream ("tournament"
or a hand's "hand:<id>"). Snapshots let recovery start from a recent state instead of the first
event; deadlines are absolute times, so a restart re-arms the same clocks.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Iterable
from typing import Any

from .privacy import PUBLIC, Private, Viewer, audience_for, redact
from .rows import DeadlineRow, HandRow, SnapshotRow, StoredEvent
from .sql import DeadlineMap, SqlBase, dumps, plain

# SQLite allows 32,766 parameters in a statement (2 per heartbeat row).
_ROWS_PER_INSERT = 1000
EVENT_COLUMNS = "id, tournament_id, stream, seq, hand_id, type, data, audience, created_at"


def hand_id_of(stream: str) -> int | None:
    if not stream.startswith("hand:"):
        return None
    try:
        return int(stream[5:])
    except ValueError:
        raise ValueError(f"hand streams are 'hand:<hand id>', got {stream!r}") from None


def event_dict(event: Any) -> dict[str, Any]:
    data = event.to_dict() if hasattr(event, "to_dict") else event
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TypeError(f"an event must be a dict with a string 'type', got {data!r}")
    return data


def _redacted(events: list[StoredEvent], viewer: Viewer) -> list[StoredEvent]:
    out = []
    for e in events:
        data = redact(e.data, viewer)
        if data is not None:
            out.append(e if data is e.data else dataclasses.replace(e, data=data))
    return out


class EventLogSql(SqlBase):
    def _viewer_filter(
        self, sql: str, params: list[Any], viewer: Viewer
    ) -> tuple[str, list[Any]]:
        if viewer.director:
            return sql, params
        if viewer.user_id is None:
            return sql + " AND audience IS NULL", params
        # Whether the audience holds the viewer: the one fragment the backends write differently.
        return (sql + f" AND (audience IS NULL OR {self.dialect.audience_holds})",
                [*params, str(viewer.user_id)])

    # --- the row format ------------------------------------------------------------------------
    # An event's data is stored as [shape, value, ...] with the keys (without "type", which has
    # its own column) named once per shape in event_shapes; rows from before migration 0005
    # are JSON objects. Both read back as the same dict.

    def encode(self, data: dict[str, Any]) -> str:
        keys = tuple(sorted(k for k in data if k != "type"))
        return dumps([self._shape(str(data["type"]), keys), *(data[k] for k in keys)])

    def decode(self, type_: str, text: str) -> dict[str, Any]:
        value = json.loads(text)
        if isinstance(value, dict):
            return value
        keys = self.memo.keys_of(value[0])
        if keys is None:
            r = self.one("SELECT keys FROM event_shapes WHERE id = ?", (value[0],))
            if r is None:
                raise ValueError(f"an event of unknown shape {value[0]}")
            keys = self.memo.shape_keys[value[0]] = tuple(json.loads(r[0]))
        return {"type": type_, **dict(zip(keys, value[1:], strict=True))}

    def _shape(self, type_: str, keys: tuple[str, ...]) -> int:
        shape = self.memo.shape_of((type_, keys))
        if shape is None:
            text = dumps(list(keys))
            # ON CONFLICT DO NOTHING: the same statement on SQLite (3.24+) and PostgreSQL.
            self.exec("INSERT INTO event_shapes (type, keys) VALUES (?, ?) ON CONFLICT DO NOTHING",
                      (type_, text))
            r = self.one("SELECT id FROM event_shapes WHERE type = ? AND keys = ?", (type_, text))
            assert r is not None
            shape = self.memo.shape_ids[(type_, keys)] = int(r[0])
            self.memo.shape_keys[shape] = keys
        return shape

    def stored_event(self, r: sqlite3.Row) -> StoredEvent:
        audience = r["audience"]
        return StoredEvent(
            id=r["id"],
            tournament_id=r["tournament_id"],
            stream=r["stream"],
            seq=r["seq"],
            hand_id=r["hand_id"],
            type=r["type"],
            data=self.decode(r["type"], r["data"]),
            audience=None if audience is None else tuple(json.loads(audience)),
            created_at=r["created_at"],
        )

    # --- reads ---------------------------------------------------------------------------------

    def load_events(
        self, tournament_id: int, stream: str | None = None, *, after_id: int = 0
    ) -> list[StoredEvent]:
        """All events (unfiltered: for the engine, never for players) in commit order."""
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE tournament_id = ? AND id > ?"
        params: list[Any] = [tournament_id, after_id]
        if stream is not None:
            sql += " AND stream = ?"
            params.append(stream)
        return [self.stored_event(r) for r in self.fetch(sql + " ORDER BY id", params)]

    def hand(self, hand_id: int) -> HandRow | None:
        r = self.one("SELECT * FROM hands WHERE id = ?", (hand_id,))
        return None if r is None else plain(HandRow, r)

    def hand_by_number(self, tournament_id: int, table_no: int, hand_no: int) -> HandRow | None:
        """A hand as players see it named ("<tournament>-t<table>-h<hand>")."""
        r = self.one(
            "SELECT * FROM hands WHERE tournament_id = ? AND table_no = ? AND hand_no = ?",
            (tournament_id, table_no, hand_no),
        )
        return None if r is None else plain(HandRow, r)

    def tournament_hands(self, tournament_id: int) -> list[HandRow]:
        rows = self.fetch(
            "SELECT * FROM hands WHERE tournament_id = ? ORDER BY started_at, id", (tournament_id,)
        )
        return [plain(HandRow, r) for r in rows]

    def hand_events(self, hand_id: int, viewer: Viewer = PUBLIC) -> list[StoredEvent]:
        """A hand's events as `viewer` may see them (default: public events only).

        A player gets public events plus those addressed to them; a director gets everything.
        """
        sql, params = self._viewer_filter(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE hand_id = ?", [hand_id], viewer)
        events = [self.stored_event(r) for r in self.fetch(sql + " ORDER BY id", params)]
        return _redacted(events, viewer)

    def tournament_hand_events(
        self, tournament_id: int, viewer: Viewer = PUBLIC
    ) -> dict[int, list[StoredEvent]]:
        """Every hand of a tournament (for a whole-tournament export), filtered for `viewer`."""
        sql, params = self._viewer_filter(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE tournament_id = ? AND hand_id IS NOT NULL",
            [tournament_id], viewer)
        out: dict[int, list[StoredEvent]] = {h.id: [] for h in self.tournament_hands(
            tournament_id)}
        events = [self.stored_event(r) for r in self.fetch(sql + " ORDER BY id", params)]
        for e in _redacted(events, viewer):
            out.setdefault(e.hand_id or 0, []).append(e)
        return out

    def latest_snapshot(self, tournament_id: int) -> SnapshotRow | None:
        r = self.one(
            "SELECT * FROM snapshots WHERE tournament_id = ? ORDER BY last_event_id DESC, id DESC "
            "LIMIT 1",
            (tournament_id,),
        )
        return None if r is None else plain(SnapshotRow, r, state=True)

    def deadlines(self, tournament_id: int) -> list[DeadlineRow]:
        rows = self.fetch(
            "SELECT * FROM deadlines WHERE tournament_id = ? ORDER BY due_at, kind, key",
            (tournament_id,),
        )
        return [plain(DeadlineRow, r, data=True) for r in rows]

    # --- writes --------------------------------------------------------------------------------

    def append_events(
        self, tournament_id: int, stream: str, events: Iterable[Any]
    ) -> list[StoredEvent]:
        """Append to `stream` ("tournament", "table:<n>", or hand_stream(hand_id)).

        Items are event dicts, engine events (anything with to_dict()), or `Private(...)`.
        """
        written = self._write_events(tournament_id, stream, events)
        if written is None:
            return []
        hand_id, now, pending, ids = written
        # Hand back what a reader will get (JSON-normalised), not the caller's object.
        return [
            StoredEvent(ids[seq], tournament_id, stream, seq, hand_id, type_,
                        self.decode(type_, text), audience, now)
            for seq, (type_, text, audience) in zip(ids, pending, strict=True)
        ]

    def append_log(self, tournament_id: int, stream: str, events: Iterable[Any]) -> int | None:
        """`append_events` for the game's commit, which needs only the id of the last event
        written (a snapshot names it): nothing is read back (None when `events` is empty)."""
        written = self._write_events(tournament_id, stream, events)
        return None if written is None else max(written[3].values())

    def _write_events(
        self, tournament_id: int, stream: str, events: Iterable[Any]
    ) -> tuple[int | None, float, list[tuple[str, str, tuple[str, ...] | None]],
               dict[int, int]] | None:
        """The INSERTs of an append: (hand id, time, the encoded rows, seq -> id), or None."""
        self.ownership.check(tournament_id)
        hand_id = hand_id_of(stream)
        now = self.now
        pending: list[tuple[str, str, tuple[str, ...] | None]] = []
        for item in events:
            explicit = item.viewers if isinstance(item, Private) else None
            data = event_dict(item.event if isinstance(item, Private) else item)
            pending.append((data["type"], self.encode(data), audience_for(data, explicit)))
        if not pending:
            return None
        key = (tournament_id, stream)
        # The dialect's INSERT (SQLite numbers from what the memo knows, PostgreSQL inside the
        # statement): seq -> id.
        ids = self.dialect.insert_events(self, tournament_id, stream, hand_id, now, pending,
                                         self.memo.last_seq(key))
        self.memo.seq[key] = next(iter(ids)) + len(pending) - 1
        return hand_id, now, pending, ids

    def begin_hand(
        self, tournament_id: int, table_no: int, hand_no: int, started_at: float | None = None
    ) -> HandRow:
        row = self.returning(
            "INSERT INTO hands (tournament_id, table_no, hand_no, started_at) VALUES (?, ?, ?, ?) "
            "RETURNING *",
            (tournament_id, table_no, hand_no, self.now if started_at is None else started_at),
        )
        return plain(HandRow, row)

    def finish_hand(self, hand_id: int, finished_at: float | None = None) -> None:
        self.exec(
            "UPDATE hands SET finished_at = ? WHERE id = ?",
            (self.now if finished_at is None else finished_at, hand_id),
        )

    def save_snapshot(
        self, tournament_id: int, last_event_id: int, state: dict[str, Any], *, keep: int = 2
    ) -> SnapshotRow:
        """Store a state covering events up to `last_event_id`; keep only the newest `keep`."""
        row = self.returning(
            "INSERT INTO snapshots (tournament_id, last_event_id, state, created_at) "
            "VALUES (?, ?, ?, ?) RETURNING *",
            (tournament_id, last_event_id, dumps(state), self.now),
        )
        self.exec(
            "DELETE FROM snapshots WHERE tournament_id = ? AND id NOT IN (SELECT id FROM snapshots "
            "WHERE tournament_id = ? ORDER BY last_event_id DESC, id DESC LIMIT ?)",
            (tournament_id, tournament_id, max(1, keep)),
        )
        return plain(SnapshotRow, row, state=True)

    def set_deadline(
        self,
        tournament_id: int,
        kind: str,
        key: str,
        due_at: float,
        data: dict[str, Any] | None = None,
    ) -> DeadlineRow:
        """Arm (or move) a timer at an absolute unix time."""
        self.ownership.check(tournament_id)
        self.exec(
            "INSERT INTO deadlines (tournament_id, kind, key, due_at, data) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (tournament_id, kind, key) DO UPDATE SET due_at = excluded.due_at, "
            "data = excluded.data",
            (tournament_id, kind, key, float(due_at), dumps(data or {})),
        )
        self.memo.deadlines[tournament_id] = None
        return DeadlineRow(tournament_id, kind, key, float(due_at), dict(data or {}))

    def clear_deadline(self, tournament_id: int, kind: str, key: str | None = None) -> None:
        """Disarm one timer, or every timer of `kind` when key is None."""
        if key is None:
            self.exec(
                "DELETE FROM deadlines WHERE tournament_id = ? AND kind = ?", (tournament_id, kind)
            )
        else:
            self.exec(
                "DELETE FROM deadlines WHERE tournament_id = ? AND kind = ? AND key = ?",
                (tournament_id, kind, key),
            )
        self.memo.deadlines[tournament_id] = None

    def clear_deadlines(self, tournament_id: int) -> None:
        self.exec("DELETE FROM deadlines WHERE tournament_id = ?", (tournament_id,))
        self.memo.deadlines[tournament_id] = {}

    def sync_deadlines(
        self, tournament_id: int, wanted: Iterable[tuple[str, str, float, dict[str, Any]]]
    ) -> None:
        """Make the tournament's timers exactly `wanted` (kind, key, due_at, data), writing only
        the ones that changed: most actions move one clock and leave the level's alone."""
        self.ownership.check(tournament_id)
        current = self.memo.deadline_map(tournament_id)
        if current is None:
            current = {(r["kind"], r["key"]): (float(r["due_at"]), str(r["data"])) for r in
                       self.fetch("SELECT kind, key, due_at, data FROM deadlines "
                                  "WHERE tournament_id = ?", (tournament_id,))}
        new: DeadlineMap = {(kind, key): (float(due_at), dumps(data))
                            for kind, key, due_at, data in wanted}
        for kind, key in current.keys() - new.keys():
            self.exec("DELETE FROM deadlines WHERE tournament_id = ? AND kind = ? AND key = ?",
                      (tournament_id, kind, key))
        for (kind, key), (due_at, data) in new.items():
            if current.get((kind, key)) != (due_at, data):
                self.exec(
                    "INSERT INTO deadlines (tournament_id, kind, key, due_at, data) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, kind, key) DO UPDATE "
                    "SET due_at = excluded.due_at, data = excluded.data",
                    (tournament_id, kind, key, due_at, data))
        self.memo.deadlines[tournament_id] = new

    # --- heartbeats ----------------------------------------------------------------------------

    def heartbeat(self, tournament_ids: Iterable[int], at: float) -> None:
        """The process running these tournaments is alive at `at` (the service's clock). A
        restart takes the later of this and the last event as when the bot stopped, so a
        SIGKILL is measured like a clean stop. One statement per 1,000 tournaments."""
        ids = sorted(set(tournament_ids))
        for start in range(0, len(ids), _ROWS_PER_INSERT):
            chunk = ids[start:start + _ROWS_PER_INSERT]
            values = ", ".join(["(?, ?)"] * len(chunk))
            self.exec(
                f"INSERT INTO heartbeats (tournament_id, alive_at) VALUES {values} "
                "ON CONFLICT (tournament_id) DO UPDATE SET alive_at = excluded.alive_at",
                [x for tid in chunk for x in (tid, at)])

    def alive_at(self, tournament_id: int) -> float | None:
        """The tournament's last heartbeat (None: never written)."""
        r = self.one("SELECT alive_at FROM heartbeats WHERE tournament_id = ?", (tournament_id,))
        return None if r is None else float(r[0])

    def process_alive(self, process: str, at: float) -> None:
        """The bot process serving `process` (its shards) is alive at `at`, running a
        tournament or not: what its health check reads."""
        self.exec("INSERT INTO process_heartbeats (process, alive_at) VALUES (?, ?) "
                  "ON CONFLICT (process) DO UPDATE SET alive_at = excluded.alive_at",
                  (process, at))

    def process_alive_at(self, process: str) -> float | None:
        """The process's last heartbeat (None: never written)."""
        r = self.one("SELECT alive_at FROM process_heartbeats WHERE process = ?", (process,))
        return None if r is None else float(r[0])

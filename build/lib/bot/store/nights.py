"""A league's coming nights (`/night`): the night, its list of players (seated, waiting, out) and
each league's reminders. The rules are bot/schedule's; the service runs them inside a write that
first takes the night (`take_night`), so two changes of one list are decided one after the
other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from .sql import SqlBase, dumps

NightStatus = Literal["scheduled", "open", "done", "cancelled", "missed"]
EventState = Literal["none", "made", "refused", "gone"]
SignupPlace = Literal["seated", "waiting", "out"]
# The statuses of a night still to come or being played.
COMING: tuple[NightStatus, ...] = ("scheduled", "open")


@dataclass(frozen=True)
class NightDraft:
    """A night to schedule, as the director gave it (times in UNIX seconds)."""

    guild_id: int
    league_id: int
    channel_id: int
    name: str
    starts_at: float
    time_zone: str
    place: str | None
    mode: Literal["live", "online"]
    structure: str
    payouts: str
    buy_in: int
    seats: int
    repeats: Literal["none", "weekly", "fortnightly"]
    autostart: bool
    reminders: tuple[int, ...]
    reminded: frozenset[int]
    created_by: int
    previous_id: int | None = None


@dataclass(frozen=True)
class NightRow:
    id: int
    guild_id: int
    league_id: int
    channel_id: int
    name: str
    starts_at: float
    time_zone: str
    place: str | None
    mode: Literal["live", "online"]
    structure: str
    payouts: str
    buy_in: int
    seats: int
    repeats: Literal["none", "weekly", "fortnightly"]
    autostart: bool
    reminders: tuple[int, ...]
    reminded: frozenset[int]
    status: NightStatus
    event_id: int | None
    event_state: EventState
    message_id: int | None
    tournament_id: int | None
    opened_at: float | None
    autostart_at: float | None
    previous_id: int | None
    created_by: int
    created_at: float
    version: int


@dataclass(frozen=True)
class SignupRow:
    night_id: int
    entrant: str
    user_id: int | None
    name: str
    place: SignupPlace
    turn: int
    confirmed: bool
    no_show: bool
    added_by: int | None
    updated_at: float


# The columns `update_night` may change, and how each is stored.
_CHANGEABLE = {
    "name": None, "starts_at": None, "time_zone": None, "place": None, "structure": None,
    "payouts": None, "buy_in": None, "seats": None, "repeats": None, "reminders": "list",
    "reminded": "list", "status": None, "event_id": None, "event_state": None,
    "message_id": None, "tournament_id": None, "opened_at": None, "autostart_at": None,
    "autostart": "bool",
}


def _stored(kind: str | None, value: Any) -> Any:
    if kind == "list":
        return dumps(sorted(value, reverse=True))
    if kind == "bool":
        return int(bool(value))
    return value


def night_row(r: Any) -> NightRow:
    return NightRow(
        id=int(r["id"]), guild_id=int(r["guild_id"]), league_id=int(r["league_id"]),
        channel_id=int(r["channel_id"]), name=str(r["name"]), starts_at=float(r["starts_at"]),
        time_zone=str(r["time_zone"]), place=r["place"], mode=r["mode"],
        structure=str(r["structure"]), payouts=str(r["payouts"]), buy_in=int(r["buy_in"]),
        seats=int(r["seats"]), repeats=r["repeats"], autostart=bool(r["autostart"]),
        reminders=tuple(int(x) for x in json.loads(r["reminders"])),
        reminded=frozenset(int(x) for x in json.loads(r["reminded"])),
        status=r["status"], event_id=_int(r["event_id"]), event_state=r["event_state"],
        message_id=_int(r["message_id"]), tournament_id=_int(r["tournament_id"]),
        opened_at=_float(r["opened_at"]), autostart_at=_float(r["autostart_at"]),
        previous_id=_int(r["previous_id"]), created_by=int(r["created_by"]),
        created_at=float(r["created_at"]), version=int(r["version"]))


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def signup_row(r: Any) -> SignupRow:
    return SignupRow(
        night_id=int(r["night_id"]), entrant=str(r["entrant"]), user_id=_int(r["user_id"]),
        name=str(r["name"]), place=r["place"], turn=int(r["turn"]),
        confirmed=bool(r["confirmed"]), no_show=bool(r["no_show"]),
        added_by=_int(r["added_by"]), updated_at=float(r["updated_at"]))


class NightSql(SqlBase):
    # --- nights --------------------------------------------------------------------------------

    def create_night(self, draft: NightDraft) -> NightRow:
        r = self.returning(
            "INSERT INTO nights (guild_id, league_id, channel_id, name, starts_at, time_zone, "
            "place, mode, structure, payouts, buy_in, seats, repeats, autostart, reminders, "
            "reminded, previous_id, created_by, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (draft.guild_id, draft.league_id, draft.channel_id, draft.name, draft.starts_at,
             draft.time_zone, draft.place, draft.mode, draft.structure, draft.payouts,
             draft.buy_in, draft.seats, draft.repeats, int(draft.autostart),
             _stored("list", draft.reminders), _stored("list", draft.reminded),
             draft.previous_id, draft.created_by, self.now))
        return night_row(r)

    def night(self, night_id: int) -> NightRow | None:
        r = self.one("SELECT * FROM nights WHERE id = ?", (night_id,))
        return None if r is None else night_row(r)

    def take_night(self, night_id: int) -> NightRow | None:
        """The night, its version moved on: first in a write that changes it or its list. On
        PostgreSQL the row stays held until the transaction ends, so a second change of the
        same night waits and then reads the first one's lines (SQLite has one writer)."""
        r = self.one("UPDATE nights SET version = version + 1 WHERE id = ? RETURNING *",
                     (night_id,))
        return None if r is None else night_row(r)

    def update_night(self, night_id: int, /, **changes: Any) -> NightRow:
        """Change the named columns (those of `_CHANGEABLE`); the version moves on."""
        unknown = set(changes) - set(_CHANGEABLE)
        if unknown:
            raise ValueError(f"not a changeable column of a night: {sorted(unknown)}")
        names = sorted(changes)
        sets = "".join(f"{name} = ?, " for name in names)
        r = self.returning(
            f"UPDATE nights SET {sets}version = version + 1 WHERE id = ? RETURNING *",
            (*(_stored(_CHANGEABLE[n], changes[n]) for n in names), night_id))
        return night_row(r)

    def coming_nights(self, guild_id: int) -> list[NightRow]:
        """The server's nights still to come or being played, soonest first."""
        rows = self.fetch("SELECT * FROM nights WHERE guild_id = ? AND status IN (?, ?) "
                          "ORDER BY starts_at, id", (guild_id, *COMING))
        return [night_row(r) for r in rows]

    def nights_to_run(self) -> list[NightRow]:
        """Every night of every server still to come or being played (the bot's timer)."""
        rows = self.fetch("SELECT * FROM nights WHERE status IN (?, ?) ORDER BY starts_at, id",
                          COMING)
        return [night_row(r) for r in rows]

    def next_league_night(self, league_id: int) -> NightRow | None:
        """The league's next night not yet played (the standings' footer names it)."""
        r = self.one("SELECT * FROM nights WHERE league_id = ? AND status = 'scheduled' "
                     "ORDER BY starts_at, id LIMIT 1", (league_id,))
        return None if r is None else night_row(r)

    def night_by_event(self, event_id: int) -> NightRow | None:
        r = self.one("SELECT * FROM nights WHERE event_id = ? ORDER BY id DESC LIMIT 1",
                     (event_id,))
        return None if r is None else night_row(r)

    def night_by_tournament(self, tournament_id: int) -> NightRow | None:
        r = self.one("SELECT * FROM nights WHERE tournament_id = ?", (tournament_id,))
        return None if r is None else night_row(r)

    # --- the list of players -------------------------------------------------------------------

    def night_signups(self, night_id: int) -> list[SignupRow]:
        rows = self.fetch("SELECT * FROM night_signups WHERE night_id = ? ORDER BY turn",
                          (night_id,))
        return [signup_row(r) for r in rows]

    def put_signup(self, night_id: int, entrant: str, *, user_id: int | None, display: str,
                   place: SignupPlace, turn: int, confirmed: bool = False,
                   no_show: bool = False, added_by: int | None = None) -> None:
        """His line as it is now (new, or changed)."""
        self.exec(
            "INSERT INTO night_signups (night_id, entrant, user_id, name, place, turn, "
            "confirmed, no_show, added_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (night_id, entrant) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, place = excluded.place, turn = excluded.turn, "
            "confirmed = excluded.confirmed, no_show = excluded.no_show, "
            "added_by = excluded.added_by, updated_at = excluded.updated_at",
            (night_id, entrant, user_id, display, place, turn, int(confirmed), int(no_show),
             added_by, self.now))

    # --- a league's reminders ------------------------------------------------------------------

    def night_reminders(self, league_id: int) -> tuple[int, ...] | None:
        """The league's reminders (seconds before the start); None: it never set any."""
        r = self.one("SELECT reminders FROM night_settings WHERE league_id = ?", (league_id,))
        return None if r is None else tuple(int(x) for x in json.loads(r["reminders"]))

    def put_night_reminders(self, league_id: int, reminders: tuple[int, ...]) -> None:
        self.exec(
            "INSERT INTO night_settings (league_id, reminders, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (league_id) DO UPDATE SET reminders = excluded.reminders, "
            "updated_at = excluded.updated_at",
            (league_id, _stored("list", reminders), self.now))

"""Row types the store hands out. Plain frozen dataclasses: callers never see SQL rows."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

TournamentStatus = Literal["registering", "running", "finished", "cancelled"]
EntryStatus = Literal["registered", "playing", "eliminated", "withdrawn"]
AppealStatus = Literal["open", "closed"]

UNFINISHED: tuple[TournamentStatus, ...] = ("registering", "running")


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    profile: str = "tda"
    knob_overrides: dict[str, Any] = field(default_factory=dict)
    director_role_id: int | None = None
    structure_presets: dict[str, Any] = field(default_factory=dict)
    payout_presets: dict[str, Any] = field(default_factory=dict)
    points_system: dict[str, Any] = field(default_factory=dict)
    tournament_channel_id: int | None = None
    updated_at: float | None = None
    four_colour_deck: bool = True  # cards drawn in four colours
    idle_ping_seconds: int = 10  # seconds before the player to act is pinged
    # Hole cards by DM at every deal, for players who have not chosen (/cards dm:).
    hole_card_dms: bool = True
    # The server's time zone (an IANA name, `/td settings timezone:`): a night's date and time
    # are read and shown in it. None: UTC.
    time_zone: str | None = None


@dataclass(frozen=True)
class DealSettings:
    """What a deal reads of its server, in one read: the settings, and the players who chose
    whether their hole cards come by DM (user id -> his choice)."""

    settings: GuildSettings
    hole_card_dm_choices: dict[int, bool] = field(default_factory=dict)

    def hole_card_dms(self, user_id: int) -> bool:
        """Whether this player's hole cards go by DM: his choice, else the server's default."""
        return self.hole_card_dm_choices.get(user_id, self.settings.hole_card_dms)


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    name: str
    created_at: float


@dataclass(frozen=True)
class SeasonRow:
    id: int
    league_id: int
    name: str
    starts_at: float | None
    ends_at: float | None
    created_at: float


@dataclass(frozen=True)
class LeagueSettings:
    """A league's points system (a name in data/points/), season/money options and currency."""

    league_id: int
    points_system: str = "linear"
    options: dict[str, Any] = field(default_factory=dict)
    currency: str | None = None
    updated_at: float | None = None


@dataclass(frozen=True)
class ScoringRow:
    """Which points system (and options) wrote a finished tournament's results.points."""

    tournament_id: int
    points_system: str
    options: dict[str, Any]
    scored_at: float


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    league_id: int | None
    season_id: int | None
    channel_id: int | None
    name: str
    status: TournamentStatus
    profile: dict[str, Any]
    config: dict[str, Any]
    created_at: float
    started_at: float | None
    finished_at: float | None

    @property
    def unfinished(self) -> bool:
        return self.status in UNFINISHED


@dataclass(frozen=True)
class TableRow:
    tournament_id: int
    table_no: int
    thread_id: int | None
    message_id: int | None
    broken_at: float | None


@dataclass(frozen=True)
class MessageRow:
    tournament_id: int
    key: str
    channel_id: int
    message_id: int
    updated_at: float


@dataclass(frozen=True)
class EntryRow:
    id: int
    tournament_id: int
    user_id: int
    display_name: str
    status: EntryStatus
    table_no: int | None
    seat_no: int | None
    entered_at: float


@dataclass(frozen=True)
class ResultRow:
    tournament_id: int
    user_id: int
    place: int
    prize: int
    points: float


@dataclass(frozen=True)
class SeasonStandingRow:
    user_id: int
    points: float
    prize: int
    tournaments: int
    best_place: int


@dataclass(frozen=True)
class DirectorActionRow:
    id: int
    tournament_id: int
    director_id: int
    action: str
    target_user_id: int | None
    data: dict[str, Any]
    reason: str
    created_at: float


@dataclass(frozen=True)
class AppealRow:
    id: int
    guild_id: int
    tournament_id: int | None
    hand_id: int | None
    ruling_id: int | None
    user_id: int
    statement: str
    status: AppealStatus
    decision: str | None
    decided_by: int | None
    created_at: float
    decided_at: float | None


@dataclass(frozen=True)
class HandRow:
    id: int
    tournament_id: int
    table_no: int
    hand_no: int
    started_at: float
    finished_at: float | None

    @property
    def stream(self) -> str:
        return hand_stream(self.id)


@dataclass(frozen=True)
class StoredEvent:
    id: int
    tournament_id: int
    stream: str
    seq: int
    hand_id: int | None
    type: str
    data: dict[str, Any]
    # None: public. Otherwise the user ids allowed to see it (directors always may).
    audience: tuple[str, ...] | None
    created_at: float


@dataclass(frozen=True)
class SnapshotRow:
    id: int
    tournament_id: int
    last_event_id: int
    state: dict[str, Any]
    created_at: float


@dataclass(frozen=True)
class DeadlineRow:
    tournament_id: int
    kind: str
    key: str
    due_at: float
    data: dict[str, Any]

    def delay(self, now: float | None = None) -> float:
        """Seconds left from `now`; 0 if it passed while the bot was down (fire at once)."""
        return max(0.0, self.due_at - (time.time() if now is None else now))


@dataclass(frozen=True)
class RecoveredTournament:
    """Everything needed to rebuild one unfinished tournament after a restart."""

    tournament: TournamentRow
    snapshot: SnapshotRow | None
    # Events after the snapshot (all events when there is none), in commit order.
    events: list[StoredEvent]
    deadlines: list[DeadlineRow]
    tables: list[TableRow]
    messages: list[MessageRow]
    entries: list[EntryRow]
    hands: list[HandRow]
    # The last heartbeat of the process that ran it (None: never written): how long the bot
    # was down, so a restart does not charge the downtime to the players.
    alive_at: float | None = None


TOURNAMENT_STREAM = "tournament"


def hand_stream(hand_id: int) -> str:
    return f"hand:{hand_id}"

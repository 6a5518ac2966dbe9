"""The director's state records: a tournament's entrants and tables, and what it answers with
(results, deadlines). Only `Tournament`'s appliers change them (bot/tournament/tournament.py);
`Tournament.snapshot()` writes them as plain data and `Tournament.from_snapshot` reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.tournament.blinds import Positions
from bot.tournament.clock import Decision
from bot.tournament.structure import Level

EntrantStatus = Literal["registered", "playing", "out"]
TournamentStatus = Literal["new", "registering", "running", "finished"]
# What a timer is for: a level or break ends, a player's action time or the clock runs out,
# the clock's final countdown begins.
DeadlineKind = Literal["level", "action", "clock_countdown", "clock"]
TurnKind = Literal["action", "clock"]


@dataclass
class Entrant:
    """One player of the tournament (the hand's own player record is `bot.engine.hand`'s)."""

    player: str
    status: EntrantStatus = "registered"
    stack: int = 0  # while he is dealt in: his stack at the start of the hand (live: unknown, 0)
    table: int | None = None
    seat: int | None = None
    away: bool = False
    penalty_hands: int = 0
    rebuys: int = 0
    add_ons: int = 0
    place: int | None = None
    tied: tuple[str, ...] = ()
    disqualified: bool = False
    # A late entry or re-entry at a table that has played: not dealt in between the small
    # blind and the button (TDA), cleared once he is dealt a hand.
    waits_for_button: bool = False
    # His elimination: when, by whom (live mode's knockouts) and the seat he left (an undone
    # bust puts him back there if it is still free).
    out_at: float | None = None
    knocked_out_by: str | None = None
    out_table: int | None = None
    out_seat: int | None = None
    # Seconds left in his time bank (bot/tournament/clock.py).
    time_bank: float = 0.0


@dataclass
class Guest:
    """A live-mode player who is not on Discord, entered by the director by name."""

    name: str
    member: str | None = None  # the server member he turned out to be (his results follow)


@dataclass
class TableState:
    table: int
    seats: dict[int, str] = field(default_factory=dict)
    button: int | None = None  # drawn button, before the table's first hand
    positions: Positions | None = None  # of the last finished hand
    hand: Hand | None = None
    hand_positions: Positions | None = None
    start_stacks: dict[str, int] = field(default_factory=dict)
    # The tournament's events of the hand in play, from its deal (the hand is a function of
    # them), and of the last finished hand (kept for show one show all and the rabbit hunt).
    hand_log: list[Event] = field(default_factory=list)
    last_hand: Hand | None = None
    last_hand_log: list[Event] = field(default_factory=list)
    penalized: list[str] = field(default_factory=list)
    dq_pending: list[str] = field(default_factory=list)
    rabbit_agreed: set[str] = field(default_factory=set)
    rabbit_done: bool = False
    # Play time of the first agreement to a rabbit hunt after the last hand (the next deal
    # waits for the others from then; a director pause or the bot's downtime stops the wait).
    rabbit_since: float | None = None
    decision: Decision | None = None
    redraw_due: bool = False  # the final table draws seats and button afresh when idle
    # Tavern's away rule looks one step ahead on this copy of the hand (kept in step with it,
    # so the look-ahead costs one step, not a replay); not part of the state.
    trial: Hand | None = None


@dataclass(frozen=True)
class Result:
    player: str
    place: int
    tied_with: tuple[str, ...]
    prize: int
    disqualified: bool
    out_at: float | None = None  # None for the winner
    knocked_out_by: str | None = None  # live mode, when the director recorded it
    member: str | None = None  # a guest linked to a server member: whose results these are
    rebuys: int = 0
    add_ons: int = 0


@dataclass(frozen=True)
class TurnDeadline:
    """When the player to act must act (absolute times); see `Tournament.turn_deadline`."""

    table: int
    hand_id: str | None  # None: a live-mode clock on a player at a real table
    seat: int
    player: str
    at: float
    kind: TurnKind
    countdown_at: float | None  # the clock's countdown post (None before the clock)
    countdown_posted: bool
    clock_by: str | None


@dataclass(frozen=True)
class Deadline:
    at: float
    kind: DeadlineKind
    table: int | None


@dataclass(frozen=True)
class DealView:
    """The deal made at the final table, as the clock shows it."""

    method: str  # "icm", "chip_chop" or "chip_chop_min" (events.DealMethod)
    prizes: tuple[tuple[str, int], ...]  # each dealt player's prize, the largest first
    played_for: int  # the amount kept to play for: the winner takes it on top of his prize


@dataclass(frozen=True)
class ClockView:
    status: TournamentStatus
    paused: bool
    level: int  # 1-based; in a break, the level that follows it
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ends_at: float | None  # absolute; None for the last level or while paused
    seconds_left: float | None  # in the level or break (frozen while paused)
    next_level: Level | None
    next_is_break: bool
    next_break_at: float | None  # when the next break starts (None: no break ahead, paused)
    players_left: int
    entries: int
    rebuys: int
    add_ons: int
    chips_in_play: int
    average_stack: int
    prize_pool: int
    # Per place, 1st first (empty: no prize pool or no payout row, or a deal fixed the prizes
    # of everyone still in: `deal` says them).
    payouts: tuple[int, ...]
    hand_for_hand: bool = False  # the tables play hand for hand
    deal: DealView | None = None  # the deal made at the final table

"""Tournament events ("tournament.*"), kept apart from hand events; hands are referenced by
hand_id. Times (`at`) are absolute seconds as the caller gave them. Every event round-trips
through JSON (`to_dict` / `bot.engine.events.event_from_dict`).

Events that apply a rule a player could dispute carry its `rule_id` (data/rules/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.events import Event, event


@dataclass(frozen=True)
class SeatedPlayer:
    seat: int
    player: str
    stack: int


@dataclass(frozen=True)
class CardDealt:
    seat: int
    player: str
    card: str


@dataclass(frozen=True)
class RaceLine:
    table: int
    seat: int
    player: str
    stack_before: int
    cards: tuple[str, ...]
    won: str  # "" | "no_chips" | "card" | "half"
    stack_after: int


@event("tournament.created")
@dataclass(frozen=True)
class Created(Event):
    tournament_id: int  # stored as text by earlier versions; read as a number
    config: dict[str, Any]
    at: float


@event("tournament.registered")
@dataclass(frozen=True)
class Registered(Event):
    player: str
    at: float


@event("tournament.unregistered")
@dataclass(frozen=True)
class Unregistered(Event):
    player: str
    at: float


@event("tournament.started")
@dataclass(frozen=True)
class Started(Event):
    seed: str
    players: tuple[str, ...]
    at: float
    rule_id: str = "random-seats"


@event("tournament.table_opened")
@dataclass(frozen=True)
class TableOpened(Event):
    table: int
    seats: tuple[SeatedPlayer, ...]


@event("tournament.button_drawn")
@dataclass(frozen=True)
class ButtonDrawn(Event):
    """Every card of the draw, in the order dealt; `method` by_card also chose the seats."""

    table: int
    method: str
    cards: tuple[CardDealt, ...]
    button: int
    rule_id: str = "button-draw"


@event("tournament.seats_drawn")
@dataclass(frozen=True)
class SeatsDrawn(Event):
    """A table's seats drawn afresh (the final table, rules.md "Table moves"); the button draw
    that follows (`ButtonDrawn`) holds every card dealt."""

    table: int
    seats: tuple[SeatedPlayer, ...]
    method: str  # "by_card" | "random"
    rule_id: str = "final-table"


@event("tournament.late_registered")
@dataclass(frozen=True)
class LateRegistered(Event):
    player: str
    table: int
    seat: int
    stack: int
    at: float
    rule_id: str = "late-registration"


@event("tournament.rebuy")
@dataclass(frozen=True)
class Rebought(Event):
    player: str
    table: int
    seat: int
    chips: int
    cost: int
    at: float
    rule_id: str = "rebuys"


@event("tournament.add_on")
@dataclass(frozen=True)
class AddedOn(Event):
    player: str
    chips: int
    cost: int
    at: float
    rule_id: str = "rebuys"


@event("tournament.level")
@dataclass(frozen=True)
class LevelStarted(Event):
    """A level or a break began (`at` is when it did); it takes effect from the next hand."""

    period: int
    level: int  # 1-based level number (in a break: the level after it)
    is_break: bool
    small_blind: int
    big_blind: int
    ante: int
    at: float
    ends_at: float | None  # None for the last level, or if the clock is paused
    rule_id: str = "blind-levels"


@event("tournament.hand_started")
@dataclass(frozen=True)
class HandBegun(Event):
    table: int
    hand_id: str
    seed: str
    seats: tuple[SeatedPlayer, ...]
    button: int
    small_blind_pos: int
    small_blind_posted: bool
    big_blind: int
    small_blind_amount: int
    big_blind_amount: int
    ante: int
    big_blind_ante: bool
    level: int
    at: float
    # The smallest chip in play at this level: pots split and amounts round in whole units of
    # it (rules.md "Pots and showdown"). Hands stored before it existed were played in 1s.
    chip_unit: int = 1


@event("tournament.ruling")
@dataclass(frozen=True)
class TournamentRuling(Event):
    rule_id: str
    text: str
    table: int | None = None
    hand_id: str | None = None
    players: tuple[str, ...] = ()


@event("tournament.action")
@dataclass(frozen=True)
class PlayerActed(Event):
    table: int
    hand_id: str
    seat: int
    player: str
    action: str  # fold check call bet raise_to raise_by make_it all_in
    amount: int | None
    at: float


@event("tournament.timed_out")
@dataclass(frozen=True)
class TimedOut(Event):
    """The player did not act within the action time: he is away from now on."""

    table: int
    hand_id: str
    seat: int
    player: str
    at: float
    rule_id: str = "action-time"


@event("tournament.away")
@dataclass(frozen=True)
class MarkedAway(Event):
    player: str
    at: float
    reason: str  # "timed_out" | "left"
    rule_id: str = "away"


@event("tournament.back")
@dataclass(frozen=True)
class CameBack(Event):
    player: str
    at: float


@event("tournament.away_action")
@dataclass(frozen=True)
class AwayActed(Event):
    """The away rule acted for a player: folded, checked, or his hand killed."""

    table: int
    hand_id: str
    seat: int
    player: str
    how: str  # "fold" | "check_or_fold" | "kill"
    at: float
    rule_id: str = "away"


@event("tournament.clock_called")
@dataclass(frozen=True)
class ClockCalled(Event):
    """Countdown moments are absolute times the bot arms (and re-arms after a restart)."""

    table: int
    hand_id: str
    seat: int
    player: str
    called_by: str
    at: float
    countdown_at: float
    expires_at: float
    countdown: tuple[float, ...]  # one moment per second of the final countdown
    rule_id: str = "clock"


@event("tournament.clock_countdown")
@dataclass(frozen=True)
class ClockCountdown(Event):
    """The final countdown began (posted by `tick` once its moment has come)."""

    table: int
    hand_id: str
    seat: int
    player: str
    at: float
    expires_at: float
    rule_id: str = "clock"


@event("tournament.clock_expired")
@dataclass(frozen=True)
class ClockExpired(Event):
    table: int
    hand_id: str
    seat: int
    player: str
    expiry: str  # "fold" | "check_or_fold"
    at: float
    rule_id: str = "clock"


@event("tournament.hand_killed")
@dataclass(frozen=True)
class HandKilledByDirector(Event):
    """A seat's hand made dead by a tournament rule (penalty, away, disqualification)."""

    table: int
    hand_id: str
    seat: int
    player: str
    rule_id: str
    at: float


@event("tournament.hand_finished")
@dataclass(frozen=True)
class HandFinished(Event):
    table: int
    hand_id: str
    stacks: dict[str, int]  # player -> chips after the pots were awarded
    at: float


@event("tournament.hand_voided")
@dataclass(frozen=True)
class HandVoided(Event):
    table: int
    hand_id: str
    by: str
    reason: str
    at: float
    rule_id: str = "misdeal"


@event("tournament.eliminated")
@dataclass(frozen=True)
class Eliminated(Event):
    player: str
    place: int
    tied_with: tuple[str, ...]
    table: int
    hand_id: str | None
    start_stack: int
    at: float
    rule_id: str | None = None  # "same-hand-eliminations" when several went out together


@event("tournament.player_moved")
@dataclass(frozen=True)
class PlayerMoved(Event):
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str  # "balance" | "break"
    rule_id: str = "table-balancing"


@event("tournament.table_broken")
@dataclass(frozen=True)
class TableBroken(Event):
    table: int
    rule_id: str = "breaking-tables"


@event("tournament.final_table")
@dataclass(frozen=True)
class FinalTable(Event):
    table: int
    players: tuple[str, ...]
    rule_id: str = "final-table"


@event("tournament.chip_race")
@dataclass(frozen=True)
class ChipRaced(Event):
    old_chip: int
    new_chip: int
    method: str
    seed: str
    lines: tuple[RaceLine, ...]
    at: float
    rule_id: str = "chip-race"


@event("tournament.penalty")
@dataclass(frozen=True)
class PenaltyGiven(Event):
    player: str
    hands: int
    by: str
    reason: str
    at: float
    rule_id: str = "penalty"


@event("tournament.disqualified")
@dataclass(frozen=True)
class Disqualified(Event):
    player: str
    by: str
    reason: str
    at: float
    rule_id: str = "disqualification"


@event("tournament.chips_removed")
@dataclass(frozen=True)
class ChipsRemoved(Event):
    """A disqualified player's chips leave play (once his hand, if any, is over)."""

    player: str
    amount: int
    place: int
    at: float
    rule_id: str = "disqualification"


@event("tournament.stack_adjusted")
@dataclass(frozen=True)
class StackAdjusted(Event):
    player: str
    before: int
    after: int
    by: str
    reason: str
    at: float
    rule_id: str = "stack-adjustment"


@event("tournament.paused")
@dataclass(frozen=True)
class Paused(Event):
    by: str
    reason: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.resumed")
@dataclass(frozen=True)
class Resumed(Event):
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.director_ruling")
@dataclass(frozen=True)
class DirectorRuling(Event):
    by: str
    text: str
    players: tuple[str, ...]
    at: float
    rule_id: str = "director-decision"


@event("tournament.rabbit_agreed")
@dataclass(frozen=True)
class RabbitAgreed(Event):
    table: int
    hand_id: str
    player: str
    at: float
    rule_id: str = "rabbit-hunt"


@event("tournament.rabbit_hunt")
@dataclass(frozen=True)
class RabbitHunted(Event):
    table: int
    hand_id: str
    cards: tuple[str, ...]
    at: float
    rule_id: str = "rabbit-hunt"


@event("tournament.show_requested")
@dataclass(frozen=True)
class ShowRequested(Event):
    """During the hand, a player asked to show his hand at the showdown even if it loses."""

    table: int
    hand_id: str
    player: str
    at: float


@event("tournament.cards_shown")
@dataclass(frozen=True)
class CardsShown(Event):
    """Shown after the hand (show one, show all when `requested_by` is set)."""

    table: int
    hand_id: str
    player: str
    cards: tuple[str, ...]
    requested_by: str | None
    at: float


@event("tournament.finished")
@dataclass(frozen=True)
class Finished(Event):
    winner: str
    prize_pool: int
    prizes: dict[str, int]
    at: float
    rule_id: str = "payouts"

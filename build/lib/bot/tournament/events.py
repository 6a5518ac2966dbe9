"""Tournament events (`tournament.*`), kept apart from the hand's own events; hands are named
by their hand id. A tournament is exactly this list: `Tournament.replay` rebuilds it.

Names: an event class's stored name is `tournament.` plus the class name in snake case, with no
exception (`TournamentRuling` is `tournament.tournament_ruling`), as the hand's are `hand.` plus
theirs; `tests/engine/test_event_names.py` checks both. Stored names are the log's format:
earlier names stay readable through `LEGACY_NAMES` (old name -> current): renamed classes decode
through their `aliases`, and `upgraded(event)` turns an old `tournament.hand_started` into a
`HandDealt`.

Times (`at`) are absolute seconds as the caller gave them. Events that apply a rule a player
could dispute carry its `rule_id` (data/rules/). Fixed vocabularies are `Literal`s, so the
checker sees them.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.engine.events import Event, event, event_aliases
from bot.engine.hand_events import Seat
from bot.engine.profile import ClockExpiry, SeatDraw
from bot.tournament.level_events import BreakCalled as BreakCalled  # the director's clock
from bot.tournament.level_events import BreakEnded as BreakEnded
from bot.tournament.level_events import LevelSet as LevelSet
from bot.tournament.level_events import LevelTimeSet as LevelTimeSet
from bot.tournament.ruling_cases import (  # noqa: F401  (RULING_CASES: for readers)
    RULING_CASES,
    RulingCase,
    case_from_stored_words,
)

# What a player asks for (rule `betting-actions`): `check_or_call` is the one-click "check, or
# call if there is a bet"; `raise_by` is Tavern's "raise it X"; `make_it` is chips put out
# without a declaration (TREPS "Raising"; Tavern "Verbal Declarations").
Action = Literal["fold", "check", "call", "check_or_call", "all_in", "bet", "raise_to",
                 "raise_by", "make_it"]
ACTIONS: tuple[Action, ...] = typing.get_args(Action)
ACTIONS_WITH_AMOUNT: frozenset[Action] = frozenset({"bet", "raise_to", "raise_by", "make_it"})
# How the away rule acted for a player (TREPS "Table Presence", Tavern rule 3, TDA 30).
AwayHow = Literal["fold", "check_or_fold", "kill"]
AwayReason = Literal["timed_out", "left"]
# How a button was drawn (TREPS "The Button"; Tavern "The Shuffle and Deal").
DrawMethod = Literal["by_card", "high_card", "first_ace"]
MoveReason = Literal["balance", "break"]
# What a player got in a chip race (rule chip-race): nothing, the chip given to a player
# left without chips, a chip won by his card, the half-chip-or-more leftover.
RaceWin = Literal["", "no_chips", "card", "half"]
# `online`: the bot deals every hand. `live`: cards and chips are real; the bot is the clock,
# the seat draw and the bust-out desk.
Mode = Literal["online", "live"]
MODES: tuple[Mode, ...] = typing.get_args(Mode)


@dataclass(frozen=True)
class DrawnCard:
    """One card of a seat or button draw, or of a chip race, and whom it went to."""

    seat: int
    player: str
    card: str


@dataclass(frozen=True)
class RaceLine:
    """One player's part of a chip race. Online: his stack before and after. Live (nobody
    counts stacks): the value of the odd chips he raced, and the new chip he won or 0."""

    table: int
    seat: int
    player: str
    stack_before: int
    cards: tuple[str, ...]
    won: RaceWin
    stack_after: int


@event("tournament.created")
@dataclass(frozen=True)
class Created(Event):
    tournament_id: int  # stored as text by earlier versions; read as a number
    config: dict[str, Any]  # TournamentConfig.to_dict(), the mode included
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


@event("tournament.guest_added")
@dataclass(frozen=True)
class GuestAdded(Event):
    """The director entered a player who is not on Discord (live mode). He is
    registered (or, once running, late-registered) by the events that follow."""

    player: str  # the guest's id in this tournament: "guest-1", "guest-2" ...
    name: str
    by: str
    at: float


@event("tournament.guest_linked")
@dataclass(frozen=True)
class GuestLinked(Event):
    """A guest turns out to be a server member: his results count for the member."""

    player: str
    member: str
    by: str
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
    seats: tuple[Seat, ...]


@event("tournament.seats_drawn")
@dataclass(frozen=True)
class SeatsDrawn(Event):
    """A table's seats drawn afresh (the final table, a broken table's players in live mode);
    the `ButtonDrawn` that follows a final table's draw holds every card dealt."""

    table: int
    seats: tuple[Seat, ...]
    method: SeatDraw
    rule_id: str = "final-table"


@event("tournament.button_drawn")
@dataclass(frozen=True)
class ButtonDrawn(Event):
    """Every card of the draw, in the order dealt; `method` by_card also chose the seats."""

    table: int
    method: DrawMethod
    cards: tuple[DrawnCard, ...]
    button: int
    rule_id: str = "button-draw"


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
class Rebuy(Event):
    player: str
    table: int
    seat: int
    chips: int
    cost: int
    at: float
    rule_id: str = "rebuys"


@event("tournament.add_on")
@dataclass(frozen=True)
class AddOn(Event):
    player: str
    chips: int
    cost: int
    at: float
    rule_id: str = "rebuys"


@event("tournament.level_started", aliases=("tournament.level",))
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


@event("tournament.hand_dealt")
@dataclass(frozen=True)
class HandDealt(Event):
    """The director dealt a hand at a table: who is in, where the button and blinds are, what
    they cost, and the deck's seed (never published before the hand is over)."""

    table: int
    hand_id: str
    seed: str
    seats: tuple[Seat, ...]
    button: int
    small_blind_seat: int  # the small blind's place, whether or not one is posted
    small_blind_posted: bool
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    level: int
    at: float
    # The smallest chip in play at this level: pots split and amounts round in whole units of
    # it (rules chip-unit, odd-chip; TREPS "Odd-Chips"). Hands stored before it existed were
    # played in 1s.
    chip_unit: int = 1


@event("tournament.tournament_ruling", aliases=("tournament.ruling",))
@dataclass(frozen=True)
class TournamentRuling(Event):
    """A rule the director applied by itself (blinds after eliminations, heads-up, a late entry
    sitting out ...), shown to the table: its rule id, which case of it, the players it names.
    No words: the presenter words it (bot/discord_ui/presenter/rulings.py), as it words the
    engine's `Ruling`.

    `text` is only in events stored before rulings were kept as a rule id and a case: those
    kept the ruling's English words in the log, and `upgraded` reads the case from them and
    drops them; it is never written."""

    rule_id: str
    table: int | None = None
    hand_id: str | None = None
    players: tuple[str, ...] = ()
    case: RulingCase = ""
    text: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.text is None:
            del out["text"]
        return out


@event("tournament.player_acted", aliases=("tournament.action",))
@dataclass(frozen=True)
class PlayerActed(Event):
    table: int
    hand_id: str
    seat: int
    player: str
    action: Action
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


@event("tournament.marked_away", aliases=("tournament.away",))
@dataclass(frozen=True)
class MarkedAway(Event):
    player: str
    at: float
    reason: AwayReason
    rule_id: str = "away"


@event("tournament.came_back", aliases=("tournament.back",))
@dataclass(frozen=True)
class CameBack(Event):
    player: str
    at: float


@event("tournament.away_acted", aliases=("tournament.away_action",))
@dataclass(frozen=True)
class AwayActed(Event):
    """The away rule acted for a player: folded, checked, or his hand killed."""

    table: int
    hand_id: str
    seat: int
    player: str
    how: AwayHow
    at: float
    rule_id: str = "away"


@event("tournament.clock_called")
@dataclass(frozen=True)
class ClockCalled(Event):
    """Countdown moments are absolute times the bot arms (and re-arms after a restart). In
    live mode there is no hand (`hand_id` None): the clock runs on a player at a real table."""

    table: int
    hand_id: str | None
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
    hand_id: str | None
    seat: int
    player: str
    at: float
    expires_at: float
    rule_id: str = "clock"


@event("tournament.clock_expired")
@dataclass(frozen=True)
class ClockExpired(Event):
    """Time is up: online, the bot folds (or checks) his hand; live, the table must."""

    table: int
    hand_id: str | None
    seat: int
    player: str
    expiry: ClockExpiry
    at: float
    rule_id: str = "clock"


@event("tournament.clock_cancelled")
@dataclass(frozen=True)
class ClockCancelled(Event):
    """Live mode: the player acted before time was up (or the clock was called in error)."""

    table: int
    seat: int
    player: str
    by: str
    at: float
    rule_id: str = "clock"


@event("tournament.hand_declared_dead", aliases=("tournament.hand_killed",))
@dataclass(frozen=True)
class HandDeclaredDead(Event):
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
    hand_id: str | None  # None in live mode: a bust the director (or the player) recorded
    start_stack: int
    at: float
    rule_id: str | None = None  # "same-hand-eliminations" when several went out together
    knocked_out_by: str | None = None  # live mode: for knockout and bounty points
    recorded_by: str | None = None  # live mode: who entered the bust
    seat: int | None = None  # the seat he leaves (None in logs written before it)


@event("tournament.bust_undone")
@dataclass(frozen=True)
class BustUndone(Event):
    """Live mode: the last bust was a mistake; the player is back in, at `table`/`seat`."""

    player: str
    place: int  # the place he had been given
    table: int
    seat: int
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.player_moved")
@dataclass(frozen=True)
class PlayerMoved(Event):
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason
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


@event("tournament.chip_raced", aliases=("tournament.chip_race",))
@dataclass(frozen=True)
class ChipRaced(Event):
    old_chip: int
    new_chip: int
    method: str
    seed: str
    lines: tuple[RaceLine, ...]
    at: float
    rule_id: str = "chip-race"


@event("tournament.penalty_given", aliases=("tournament.penalty",))
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


@event("tournament.time_given")
@dataclass(frozen=True)
class TimeGiven(Event):
    """Online: the director gives the player to act more time for this decision (a called
    clock, if any, runs that much longer too)."""

    table: int
    hand_id: str
    seat: int
    player: str
    seconds: int
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.time_bank_used")
@dataclass(frozen=True)
class TimeBankUsed(Event):
    """Online: the player to act spends his time bank on this decision: `seconds`
    (his whole bank) are added to his action time. `auto`: his action time had run out, so the
    bank was spent for him; else he pressed **Time**. What he leaves unused is his again once
    he acts (bot/tournament/clock.py)."""

    table: int
    hand_id: str
    seat: int
    player: str
    seconds: float
    auto: bool
    at: float
    rule_id: str = "action-time"


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


@event("tournament.rabbit_hunted", aliases=("tournament.rabbit_hunt",))
@dataclass(frozen=True)
class RabbitHunted(Event):
    table: int
    hand_id: str
    cards: tuple[str, ...]
    at: float
    rule_id: str = "rabbit-hunt"


@event("tournament.asked_to_show", aliases=("tournament.show_requested",))
@dataclass(frozen=True)
class AskedToShow(Event):
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


@event("tournament.offline_pause")
@dataclass(frozen=True)
class OfflinePause(Event):
    """Online: the bot was down from `stopped_at` (its last sign of life) to `at`. Nobody
    could play meanwhile, so the downtime is a pause: the play clock resumes at `at`
    where it stood at `stopped_at`, and every timer on it (action time, a called clock, the
    level or break) with the time it had left. The player to act has at least `min_seconds`.
    The rest is the clock as it resumes, for the one post the channel hears."""

    stopped_at: float
    at: float
    min_seconds: float
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    seconds_left: float | None  # of the level or break (None: the last level)


@event("tournament.clock_caught_up")
@dataclass(frozen=True)
class ClockCaughtUp(Event):
    """Live: the bot was down from `stopped_at` to `at`, but the room's clock ran.
    The clock is where it is now: the levels that passed are not announced one by one
    (`period` is the one announced), and a clock called on a player that ran out meanwhile is
    over (`clocks_expired`: those players)."""

    stopped_at: float
    at: float
    period: int
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    seconds_left: float | None
    ends_at: float | None  # when the level or break ends (None: the last level)
    clocks_expired: tuple[str, ...] = ()


# ---------------------------------------------------------------------- deals

# How a deal splits the money left (bot/tournament/deal.py).
DealMethod = Literal["icm", "chip_chop", "chip_chop_min"]
DEAL_METHODS: tuple[DealMethod, ...] = typing.get_args(DealMethod)
# Why a proposed deal ended without one: a player refused, or the table changed under it
# (a stack, or who is still in) before everyone had accepted.
DealEnd = Literal["refused", "stacks-changed", "players-changed"]


@event("tournament.deal_proposed")
@dataclass(frozen=True)
class DealProposed(Event):
    """The director proposed a deal at the final table: the stacks it was computed from (in
    seat order), the prizes still to be decided (1st first), what is kept to play for, each
    player's share under each method, and the method proposed. Open until `expires_at`."""

    number: int  # the proposal's number in this tournament (1, 2 ...)
    by: str
    method: DealMethod
    keep: int
    players: tuple[str, ...]  # in seat order, as the proposal shows them (a stored dict
    stacks: dict[str, int]  # keeps no order: the log writes its keys sorted)
    payouts: tuple[int, ...]
    icm: dict[str, int]
    chip_chop: dict[str, int]
    expires_at: float
    at: float
    rule_id: str = "payouts"
    # Proposals stored before the method existed have none (it could not be proposed).
    chip_chop_min: dict[str, int] = field(default_factory=dict)


@event("tournament.deal_answered")
@dataclass(frozen=True)
class DealAnswered(Event):
    """A player accepted or refused a proposed deal (live: the director says so for him)."""

    number: int
    player: str
    accepted: bool
    by: str
    at: float


@event("tournament.deal_ended")
@dataclass(frozen=True)
class DealEnded(Event):
    """A proposed deal ended without a deal: nothing changed."""

    number: int
    reason: DealEnd
    at: float


@event("tournament.deal_made")
@dataclass(frozen=True)
class DealMade(Event):
    """Every player still in accepted: each one's prize is fixed at his share (`amounts`), and
    the winner of the play that goes on takes `keep` on top of his."""

    number: int
    method: DealMethod
    amounts: dict[str, int]
    keep: int
    at: float
    rule_id: str = "payouts"


# ---------------------------------------------------------------------- earlier stored names

# Renamed events decode to their current class through their `aliases`. `HandDealt` also renamed
# its fields, so its old form is a class of its own that `upgraded` turns into the current one.


@event("tournament.hand_started", replaced_by="tournament.hand_dealt")
@dataclass(frozen=True)
class _HandStartedStored(Event):
    """`HandDealt` as stored before its fields were named: `big_blind` was the big blind's
    seat, the amounts were `*_amount`, the small blind's place `small_blind_pos`."""

    table: int
    hand_id: str
    seed: str
    seats: tuple[Seat, ...]
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
    chip_unit: int = 1


# Stored name of an earlier version -> the current one. Databases keep what was written.
LEGACY_NAMES: dict[str, str] = {
    old: new for old, new in event_aliases().items() if old.startswith("tournament.")}


def upgraded(e: Event) -> Event:
    """The current form of an event decoded from an earlier stored form (others unchanged)."""
    if isinstance(e, TournamentRuling) and e.text is not None:
        return TournamentRuling(e.rule_id, e.table, e.hand_id, e.players,
                                case_from_stored_words(e.rule_id, e.text))
    if isinstance(e, _HandStartedStored):
        return HandDealt(
            table=e.table, hand_id=e.hand_id, seed=e.seed, seats=e.seats, button=e.button,
            small_blind_seat=e.small_blind_pos, small_blind_posted=e.small_blind_posted,
            big_blind_seat=e.big_blind, small_blind=e.small_blind_amount,
            big_blind=e.big_blind_amount, ante=e.ante, big_blind_ante=e.big_blind_ante,
            level=e.level, at=e.at, chip_unit=e.chip_unit)
    return e

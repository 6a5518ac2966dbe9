"""The events of one hand. A hand is exactly this list; its state is a pure function of it.

Names: an event class's stored name is `hand.` plus the class name in snake case
(`HoleCardsDealt` is `hand.hole_cards_dealt`); tests/engine/test_event_names.py checks it. Stored
names are the event log's format: the names hands were stored under before (`hand.dealt` ...)
stay `aliases`, so every database written before reads back and replays the same. A reader of
raw stored dicts compares `current_type(data["type"])` (bot/engine/events.py) with a class's
`type`, never a name literal. The fixed vocabularies below are `Literal`s, so the checker sees
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.engine.events import Event, event

# What a player did (rule `betting-actions`); all-ins are bets, raises or calls.
ActionName = Literal["fold", "check", "call", "bet", "raise"]
# Forced bets, posted before the cards (TREPS "Forced Bets"; TDA for the big-blind ante).
PostKind = Literal["ante", "small_blind", "big_blind"]
StreetName = Literal["preflop", "flop", "turn", "river"]
BoardStreet = Literal["flop", "turn", "river"]
# Why cards were turned up: at the showdown, face up in an all-in (TREPS "Face up"), shown
# after the hand by choice, or the rest of a hand after show one, show all.
ShowReason = Literal["showdown", "face_up", "after_hand", "show_all"]
# The rules (ids of data/rules) that the engine applies by itself in a hand, in its rulings and
# its refusals. `Ruling.rule_id` is wider: the director's rulings (clock, away, penalty ...) use
# the same event.
HandRuleId = Literal[
    "all-in-over-stack", "below-call", "chip-unit", "declared-raise", "face-up",
    "fifty-percent", "incomplete-all-in", "make-it", "minimum-bet", "minimum-raise", "muck",
    "not-reopened", "odd-chip", "out-of-turn", "raise-it", "show-one-show-all", "uncalled-bet",
]


@dataclass(frozen=True)
class Seat:
    """A player in a seat with his stack: as a hand is dealt (`HandConfig`, `HandStarted`) and as
    the director seats a table (tournament events)."""

    seat: int
    player: str
    stack: int


@event("hand.hand_started", aliases=("hand.started",))
@dataclass(frozen=True)
class HandStarted(Event):
    hand_id: str
    seats: tuple[Seat, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    profile: dict[str, Any]
    table_size: int
    # SHA-256 over seed and deck, published at the deal; None for a recorded hand (no deck).
    commitment: str | None = None
    # Never published: the store keeps it so a restarted bot deals the same cards.
    deck_seed: str | None = None
    # Pot-building detail of hand histories (PHH `ante_trimming_status`). False in live play:
    # antes are dead money in the main pot (TDA); PHH files may say true.
    ante_trimming: bool = False
    # The smallest chip in play (HandConfig.chip_unit); 1 in hands stored before it existed.
    chip_unit: int = 1


@event("hand.posted")
@dataclass(frozen=True)
class Posted(Event):
    seat: int
    kind: PostKind
    amount: int
    all_in: bool = False


@event("hand.hole_cards_dealt", aliases=("hand.dealt",))
@dataclass(frozen=True)
class HoleCardsDealt(Event):
    seat: int
    cards: tuple[str, ...] | None  # None: unknown (a recorded hand that did not show them)


@event("hand.acted")
@dataclass(frozen=True)
class Acted(Event):
    seat: int
    action: ActionName
    added: int  # chips moved from the stack by this action
    to: int  # the player's total bet this street after the action
    all_in: bool = False
    full: bool = True  # for bet/raise: a full bet or raise (reopens the betting)


@event("hand.street_dealt", aliases=("hand.street",))
@dataclass(frozen=True)
class StreetDealt(Event):
    street: BoardStreet
    cards: tuple[str, ...]
    burn: str | None = None


@event("hand.ruling")
@dataclass(frozen=True)
class Ruling(Event):
    """A rule changed or limited what a player asked for, or decided something disputable."""

    rule_id: str
    seat: int | None
    amounts: dict[str, int] = field(default_factory=dict)
    seats: tuple[int, ...] = ()


@event("hand.uncalled_returned", aliases=("hand.uncalled",))
@dataclass(frozen=True)
class UncalledReturned(Event):
    seat: int
    amount: int


@event("hand.bets_collected", aliases=("hand.collected",))
@dataclass(frozen=True)
class BetsCollected(Event):
    """The end of a betting round: the street's bets go into the pot."""

    street: StreetName


@event("hand.showdown_started", aliases=("hand.showdown",))
@dataclass(frozen=True)
class ShowdownStarted(Event):
    order: tuple[int, ...]  # who shows first, then clockwise


@event("hand.hand_killed", aliases=("hand.killed",))
@dataclass(frozen=True)
class HandKilled(Event):
    """A hand made dead out of turn (away at the hand's end, dead at the deal, penalty)."""

    seat: int
    rule_id: str


@event("hand.shown")
@dataclass(frozen=True)
class Shown(Event):
    seat: int
    cards: tuple[str, ...]
    reason: ShowReason


@event("hand.show_requested")
@dataclass(frozen=True)
class ShowRequested(Event):
    """The player asked to show his hand at the showdown even if it cannot win."""

    seat: int


@event("hand.mucked")
@dataclass(frozen=True)
class Mucked(Event):
    seat: int


@event("hand.pot_awarded", aliases=("hand.awarded",))
@dataclass(frozen=True)
class PotAwarded(Event):
    pot: int  # 0 = main pot, 1.. = side pots
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    hand_name: str | None = None


@event("hand.hand_ended", aliases=("hand.ended",))
@dataclass(frozen=True)
class HandEnded(Event):
    final_stacks: dict[int, int]
    # Openings of the cards shown in the hand against the deck fingerprint (cards.deck_proof);
    # the seed itself stays private, since it would reveal mucked hands.
    deck_proof: dict[str, Any] | None = None

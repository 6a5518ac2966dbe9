"""The events of one hand. A hand is exactly this list; its state is a pure function of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine.events import Event, event


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player: str
    stack: int


@event("hand.started")
@dataclass(frozen=True)
class HandStarted(Event):
    hand_id: str
    seats: tuple[SeatInfo, ...]
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
    kind: str  # "ante" | "small_blind" | "big_blind"
    amount: int
    all_in: bool = False


@event("hand.dealt")
@dataclass(frozen=True)
class HoleCardsDealt(Event):
    seat: int
    cards: tuple[str, ...] | None  # None: unknown (a recorded hand that did not show them)


@event("hand.acted")
@dataclass(frozen=True)
class Acted(Event):
    seat: int
    action: str  # "fold" | "check" | "call" | "bet" | "raise"
    added: int  # chips moved from the stack by this action
    to: int  # the player's total bet this street after the action
    all_in: bool = False
    full: bool = True  # for bet/raise: a full bet or raise (reopens the betting)


@event("hand.street")
@dataclass(frozen=True)
class StreetDealt(Event):
    street: str  # "flop" | "turn" | "river"
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


@event("hand.uncalled")
@dataclass(frozen=True)
class UncalledReturned(Event):
    seat: int
    amount: int


@event("hand.collected")
@dataclass(frozen=True)
class BetsCollected(Event):
    """The end of a betting round: the street's bets go into the pot."""

    street: str


@event("hand.showdown")
@dataclass(frozen=True)
class ShowdownStarted(Event):
    order: tuple[int, ...]  # who shows first, then clockwise


@event("hand.killed")
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
    reason: str  # "showdown" | "face_up" | "after_hand" | "show_all"


@event("hand.show_requested")
@dataclass(frozen=True)
class ShowRequested(Event):
    """The player asked to show his hand at the showdown even if it cannot win."""

    seat: int


@event("hand.mucked")
@dataclass(frozen=True)
class Mucked(Event):
    seat: int


@event("hand.awarded")
@dataclass(frozen=True)
class PotAwarded(Event):
    pot: int  # 0 = main pot, 1.. = side pots
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    hand_name: str | None = None


@event("hand.ended")
@dataclass(frozen=True)
class HandEnded(Event):
    final_stacks: dict[int, int]
    # Openings of the cards shown in the hand against the deck fingerprint (cards.deck_proof);
    # the seed itself stays private, since it would reveal mucked hands.
    deck_proof: dict[str, Any] | None = None

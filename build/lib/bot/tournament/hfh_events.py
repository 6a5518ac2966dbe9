"""Hand-for-hand on the bubble: tournament events like those of events.py (which
re-exports them: `tev.HandForHandStarted` ...), kept in a module of their own.

Online the tournament starts and ends hand-for-hand by itself (`by` None): it starts when the
next elimination is the bubble (players left = places paid + 1) and more than one table plays,
and ends when the bubble bursts or the final table forms. At a live night the director turns it
on and off (`/td handforhand`, `by` his id). Rule `hand-for-hand` (data/rules/tournament.toml)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.events import Event, event


@event("tournament.hand_for_hand_started")
@dataclass(frozen=True)
class HandForHandStarted(Event):
    """Tables play hand for hand from now: each deals its next hand only when every table has
    finished the current one (`tables`: the tables playing)."""

    players_left: int
    places_paid: int
    tables: tuple[int, ...]
    at: float
    by: str | None = None  # the director at a live night; None: the bot, online
    rule_id: str = "hand-for-hand"


@event("tournament.hand_for_hand_ended")
@dataclass(frozen=True)
class HandForHandEnded(Event):
    """Hand-for-hand is over: `reason` "bubble" (the bubble burst), "final-table" (one table
    is left), "field" (more players than the bubble again, e.g. a re-entry) or "director"."""

    players_left: int
    places_paid: int
    reason: str
    at: float
    by: str | None = None
    rule_id: str = "hand-for-hand"


@event("tournament.hand_for_hand_placed")
@dataclass(frozen=True)
class HandForHandPlaced(Event):
    """A player out in a hand-for-hand round is placed again with the others out in the same
    round, by their stacks at the start of their hands (the larger, the better place; equal
    stacks share it): his place becomes `place` (was `before`), shared with `tied_with`.
    `round_players`: everyone out in the round, best place first."""

    player: str
    place: int
    before: int
    tied_with: tuple[str, ...]
    start_stack: int
    round_players: tuple[str, ...]
    at: float
    rule_id: str = "hand-for-hand"

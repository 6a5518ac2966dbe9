"""The director's hand on the tournament clock: time added or taken in the level,
a move to another level, a break called now or ended. Tournament events like those of
events.py (which re-exports them: `tev.LevelTimeSet` ...), kept in a module of their own.

Each names the period it acts on and the result, so the applier needs nothing but the state:
the level clock is play time moved by the director (`TournamentCore.level_time`). A change takes
effect at once on the clock and from the next hand at a table, as a level change does."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.events import Event, event


@event("tournament.level_time_set")
@dataclass(frozen=True)
class LevelTimeSet(Event):
    """`/td time`: the time left in the current level (or break) is now `seconds_left`
    (`before`: what it was; `change`: the seconds added or taken, None when set outright).
    `level`, `on_break` and `ends_at` (None while paused) are for the words."""

    period: int
    before: float
    seconds_left: float
    change: int | None
    level: int
    on_break: bool
    ends_at: float | None
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.level_set")
@dataclass(frozen=True)
class LevelSet(Event):
    """`/td level`: the clock moves to the start of period `period` (a level or a break), with
    its full time; `from_period` was running. A `LevelStarted` follows."""

    period: int
    from_period: int
    level: int  # the level number it moves to (a break: the level after it)
    is_break: bool
    from_level: int
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.break_called")
@dataclass(frozen=True)
class BreakCalled(Event):
    """`/td break`: a break of `seconds` starts now; the level of `period` stops with
    `level_seconds_left` and resumes with them after it (`level`: its number; `ends_at`: the
    break's end, None while paused)."""

    period: int
    seconds: int
    level_seconds_left: float | None  # None: the last level, which has no end
    level: int
    ends_at: float | None
    by: str
    at: float
    rule_id: str = "director-decision"


@event("tournament.break_ended")
@dataclass(frozen=True)
class BreakEnded(Event):
    """`/td break` on a break: it ends now and `period` runs (the level a called break held,
    with the time it had; after a break of the structure, the next level from its start). A
    `LevelStarted` follows."""

    period: int
    by: str
    at: float
    rule_id: str = "director-decision"

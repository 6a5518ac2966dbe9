"""The director in control of the level clock: time added to or taken from the
level (or break) in play, or its time left set; a move to the next or previous period or to a
level by number; a break called now, or the one running ended.

The clock is the structure's own (`TournamentCore.level_time`): play time moved by these
changes, so a pause, the bot's downtime and a restart keep them (the state is a function of the
events). The timers of a player's decision are play time too, and none of this touches them.
Online, a change of level takes effect from the next hand, as the clock's own level changes
do: the hand in play keeps its blinds."""

from __future__ import annotations

from typing import Literal

from bot.engine.events import Event
from bot.tournament import events as ev
from bot.tournament.errors import NotAllowed, Span
from bot.tournament.flow import Flow
from bot.tournament.structure import Break, Level

# The time left in a level or a break may be set up to this (6 hours).
MAX_LEVEL_SECONDS = 6 * 3600
# A break the director calls: 1 minute to 2 hours; without a length, the structure's first
# break's, or this.
MAX_BREAK_SECONDS = 2 * 3600
DEFAULT_BREAK_SECONDS = 600

Step = Literal["next", "previous"]


class LevelClockPowers(Flow):
    """`/td time` (the level clock), `/td level`, `/td break`."""

    def _require_clock(self) -> None:
        if self.status in ("new", "registering"):
            raise NotAllowed("the tournament has not started: its clock starts with it",
                             code="not-started")
        if self.status != "running":
            raise NotAllowed("the tournament is over: its clock has stopped", code="over")

    def level_time_left(self, now: float) -> float | None:
        """Seconds left in the level or break running at `now` (None: the last level, which
        never ends)."""
        index = self.period_index(now)
        if self.in_called_break(now):
            assert self.break_until is not None
            return self.break_until - self.play_time(now)
        if index + 1 >= len(self.structure.periods):
            return None
        return self.play_until_period(index + 1, now)

    def set_level_time(self, by: str, now: float, *, change: int | None = None,
                       seconds_left: int | None = None) -> list[Event]:
        """Add `change` seconds to the level or break in play (negative: take them), or set
        its time left to `seconds_left`. Refused on the last level (it has no end), below no
        time left, above 6 hours."""
        self._require_clock()
        if (change is None) == (seconds_left is None):
            raise NotAllowed("give either the time to add or take, or the time left",
                             code="time-form")
        before = self.level_time_left(now)
        index = self.period_index(now)
        if before is None:
            raise NotAllowed("level {level} is the last: it runs to the end and has no time "
                             "to change", code="last-level", level=self.level_number(now))
        after = float(seconds_left) if seconds_left is not None else before + (change or 0)
        if after < 0:
            raise NotAllowed("only {left} are left: the time left cannot go below none "
                             "(to move on now, go to the next level)", code="time-negative",
                             left=Span(round(before)))
        if after > MAX_LEVEL_SECONDS:
            raise NotAllowed("the time left may be at most {hours} hours", code="time-too-long",
                             hours=MAX_LEVEL_SECONDS // 3600)
        start = len(self.events)
        if self._timers_ran(now):
            ends = None if self.paused else now + after
            self._emit(ev.LevelTimeSet(index, before, after, change, self.level_number(now),
                                       self.clock_view(now).on_break, ends, by, now))
            self.tick(now)  # no time left: the next level starts now
        return self.events[start:]

    def set_level(self, by: str, now: float, *, step: Step | None = None,
                  level: int | None = None) -> list[Event]:
        """Move to the next or previous period (a break counts as one) or to level `level`
        (by number, from 1), from its start with its full time. A level whose blinds need
        chips raced off already is refused."""
        self._require_clock()
        s = self.structure
        current = self.period_index(now)
        last_level = max(i for i, p in enumerate(s.periods) if isinstance(p, Level))
        if (step is None) == (level is None):
            raise NotAllowed("say next, previous, or a level's number", code="level-form")
        if step == "next":
            if current >= last_level:
                raise NotAllowed("level {level} is the last of the structure: there is no "
                                 "next one", code="no-next-level", level=len(s.levels))
            target = current + 1
        elif step == "previous":
            if current == 0:
                raise NotAllowed("this is level 1: there is no level before it",
                                 code="no-previous-level")
            target = current - 1
        else:
            assert level is not None
            if level < 1 or level > len(s.levels):
                raise NotAllowed("there is no level {level}: the structure's levels are 1 to "
                                 "{count}", code="no-such-level", level=level,
                                 count=len(s.levels))
            target = [i for i, p in enumerate(s.periods) if isinstance(p, Level)][level - 1]
        blinds = s.level_for_hand(target)
        chip = self.smallest_chip
        if chip and any(x % chip for x in (blinds.small_blind, blinds.big_blind, blinds.ante)):
            raise NotAllowed("level {level} needs chips smaller than the {chip} chips now in "
                             "play (the smaller ones were raced off)", code="level-chips",
                             level=s.level_number(target), chip=chip)
        start = len(self.events)
        if self._timers_ran(now):
            self._emit(ev.LevelSet(target, current, s.level_number(target),
                                   isinstance(s.periods[target], Break),
                                   s.level_number(current), by, now))
            self._announce(now)
        return self.events[start:]

    def toggle_break(self, by: str, now: float, *, seconds: int | None = None) -> list[Event]:
        """On a level: a break of `seconds` (default: the structure's break length, else 10
        minutes) starts now, and the level resumes after it with the time it had. On a break
        (the structure's or a called one): it ends now."""
        self._require_clock()
        s = self.structure
        index = self.period_index(now)
        start = len(self.events)
        if self.in_called_break(now) or isinstance(s.periods[index], Break):
            if seconds is not None:
                raise NotAllowed("a break is running: a break alone ends it, and more time "
                                 "is added to it as to a level", code="break-running")
            if self._timers_ran(now):
                self._emit(ev.BreakEnded(index if self.in_called_break(now) else index + 1,
                                         by, now))
                self._announce(now)
            return self.events[start:]
        if seconds is None:
            seconds = next((p.seconds for p in s.periods if isinstance(p, Break)),
                           DEFAULT_BREAK_SECONDS)
        if isinstance(seconds, bool) or not 60 <= seconds <= MAX_BREAK_SECONDS:
            raise NotAllowed("a break lasts 1 to {minutes} minutes", code="break-length",
                             minutes=MAX_BREAK_SECONDS // 60)
        left = self.level_time_left(now)
        if self._timers_ran(now):
            self._emit(ev.BreakCalled(index, seconds, left,
                                      self.level_number(now),
                                      None if self.paused else now + seconds, by, now))
        return self.events[start:]

    def _timers_ran(self, now: float) -> bool:
        """The timers due by `now` run first (a level that ended is announced, a player out of
        time is acted for), once the command is known to be allowed; False if that ended the
        tournament (nothing is left to change)."""
        self.tick(now)
        return self.status == "running"

"""Action time and the clock, on *play time* (seconds the tournament clock has run, director
pauses excluded), so a pause freezes every timer.

Where the rules come from:
- Action time (TREPS "Table Presence", Tavern rule 3, TDA 30): a player who has not acted
  `action_seconds` after the action reached him is marked away, and the away rule acts for him.
- The clock (TREPS "Calling the Clock", TDA 29; rule clock in data/rules): once
  `clock_after_seconds` of the decision have passed, anyone seated and present at the table may
  call the clock on the player to act. TREPS gives him a minute with the last 10 seconds counted
  down; TDA 29 gives him 25 seconds and THEN a 5-second countdown, 30 seconds in all from the
  call (`clock_timing`). When time is up his hand is folded (tda: dead if he faces a bet,
  checked if he does not). One clock per decision.
- One deadline at a time: once the clock is called it replaces the action-time
  deadline of that decision; `Decision.deadline` is the only place that says which applies.
- The time bank: each player has seconds of his own (`TournamentConfig.
  time_bank_seconds`, refilled by `time_bank_refill_seconds` at each new level, never above
  the starting bank). He spends it with the **Time** button, or it is spent for him when his
  action time runs out: the whole bank is added to this decision's action time, and what he
  did not use is his again once he acts. A player is marked away only once his action time
  and his bank have run out. The bank never extends a called clock: the clock rules
  (TREPS a minute, TDA 25 + 5 s) give him that time and no more, so the Time button is
  refused while the clock runs and a clock's end is never put off by the bank.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.profile import AwayRule, ClockExpiry, Profile


@dataclass
class Decision:
    """The player to act at a table and the timers on his decision (play time)."""

    seat: int
    started: float  # play time when the action reached him
    clock_by: str | None = None
    clock_expires: float | None = None  # play time
    clock_countdown: float | None = None  # play time the countdown is posted
    countdown_posted: bool = False
    # Seconds added to his action time after the bot was down, so that he has at least
    # RESUME_MINIMUM left; 0 otherwise.
    grace: float = 0.0
    # Seconds of his time bank added to this decision (also counted in `grace`): what he does
    # not use goes back to his bank when the decision ends.
    bank: float = 0.0

    def deadline(self, action_seconds: float) -> float:
        """When he must have acted: the clock's end once it is called, else his action time."""
        if self.clock_expires is not None:
            return self.clock_expires
        return self.started + action_seconds + self.grace

    def give_at_least(self, seconds: float, play_now: float, action_seconds: float) -> None:
        """After a restart: at least `seconds` left to act from `play_now` (play time). A
        called clock is moved whole (its countdown with it, unless already posted)."""
        short = seconds - (self.deadline(action_seconds) - play_now)
        if short <= 0:
            return
        if self.clock_expires is None:
            self.grace += short
            return
        self.clock_expires += short
        if self.clock_countdown is not None and not self.countdown_posted:
            self.clock_countdown += short

    def unused_bank(self, action_seconds: float, play_now: float) -> float:
        """The part of the bank added to this decision that is still unused at `play_now`."""
        if self.bank <= 0:
            return 0.0
        left = self.started + action_seconds + self.grace - play_now
        return min(self.bank, max(0.0, left))

    def may_call_clock_at(self, clock_after_seconds: float) -> float:
        return self.started + clock_after_seconds


@dataclass(frozen=True)
class TurnBank:
    """The time bank of the player to act, as the table shows it."""

    player: str
    left: float  # seconds still in his bank
    in_use: float  # seconds of it added to this decision (0: not spent on it)
    clock_called: bool  # the clock runs on him: the bank cannot be spent


@dataclass(frozen=True)
class ClockTiming:
    """Seconds after the call: when the countdown is posted and when time is up."""

    countdown_after: int
    expires_after: int


def clock_timing(profile: Profile) -> ClockTiming:
    """The profile's clock, in seconds from the call.

    `clock_countdown_after` (profile knob) says whether the countdown follows `clock_seconds`
    (TDA 29: 25 + 5 = 30 s) or is the last part of them (TREPS: 60 s, the last 10 counted).
    bot/rulebook/loader.py reads the same knob for the texts.
    """
    if profile.clock_countdown_after:
        return ClockTiming(profile.clock_seconds,
                           profile.clock_seconds + profile.clock_countdown_seconds)
    return ClockTiming(profile.clock_seconds - profile.clock_countdown_seconds,
                       profile.clock_seconds)


def countdown_moments(called_at: float, timing: ClockTiming,
                      countdown_seconds: int) -> tuple[float, float, tuple[float, ...]]:
    """(countdown start, expiry, one moment per counted second) as absolute times."""
    expires = called_at + timing.expires_after
    countdown_at = called_at + timing.countdown_after
    return countdown_at, expires, tuple(expires - k for k in range(countdown_seconds, 0, -1))


def in_turn_away_expiry(away_rule: AwayRule) -> ClockExpiry:
    """What the away rule does when the action reaches an away player.

    treps "fold" (Table Presence); tavern "check_or_fold" (rule 3: checked when no bet faces
    him); tda "dead_at_deal" covers players away at the deal; one who goes away during a hand
    is treated as if the clock ran out on him (TDA 29/30): checked if he can, else folded.
    """
    return "fold" if away_rule == "fold" else "check_or_fold"


# After the bot was down, the player to act has at least this many seconds: the
# downtime is a pause, but one who had 2 s left when the bot stopped could not act in them.
RESUME_MINIMUM = 15.0

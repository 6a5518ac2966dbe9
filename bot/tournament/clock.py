"""Action time and the clock, on *play time* (seconds the tournament clock has run, director
pauses excluded), so a pause freezes every timer.

- Action time (TREPS "Table Presence", Tavern rule 3, TDA 30): a player who has not acted
  `action_seconds` after the action reached him is marked away, and the away rule acts for him.
- The clock (TREPS "Calling the Clock", TDA 29): once `clock_after_seconds` of the decision have
  passed, anyone seated and present at the table may call the clock on the player to act. He
  then has `clock_seconds`, the last `clock_countdown_seconds` counted down; at the end his hand
  is folded (tda: checked if he faces no bet). One clock per decision. Once the clock is called
  it governs the decision: the action-time limit no longer applies to it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Decision:
    seat: int
    started: float  # play time when the action reached him
    clock_by: str | None = None
    clock_expires: float | None = None  # play time
    countdown_posted: bool = False

    def deadline(self, action_seconds: float) -> float:
        if self.clock_expires is not None:
            return self.clock_expires
        return self.started + action_seconds

    def may_call_clock_at(self, clock_after_seconds: float) -> float:
        return self.started + clock_after_seconds


def countdown_moments(called_at: float, clock_seconds: int,
                      countdown_seconds: int) -> tuple[float, float, tuple[float, ...]]:
    """(countdown start, expiry, one moment per counted second) as absolute times."""
    expires = called_at + clock_seconds
    countdown_at = expires - countdown_seconds
    return countdown_at, expires, tuple(expires - k for k in range(countdown_seconds, 0, -1))


def in_turn_away_expiry(away_rule: str) -> str:
    """What the away rule does when the action reaches an away player.

    treps "fold" (Table Presence); tavern "check_or_fold" (rule 3: checked when no bet faces
    him); tda "dead_at_deal" covers players away at the deal; one who goes away during a hand
    is treated as if the clock ran out on him (TDA 29/30): checked if he can, else folded.
    """
    return "fold" if away_rule == "fold" else "check_or_fold"

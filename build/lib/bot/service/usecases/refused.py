"""The one refusal: "refused, nothing changed, and why", for the use cases and the Discord side.

A use case that refuses raises `Refused` with a code and fields, never a sentence, and nothing
changed (the session rebuilds what a refused command may have begun). The Discord side refuses
bad input with the same type, carrying the presenter's sentence (`Refused.saying`). The presenter
finishes every refusal in one place (bot/discord_ui/presenter/answers.py `refused_text`), for a
slash command, a button and a modal alike. `names` are the display names known when it was
refused (members and tonight's guests), attached once where a use case runs on its session
(running.py), so the words can name players without asking anyone again.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from bot.engine.errors import IllegalAction
from bot.tournament.errors import TournamentError


class Why(StrEnum):
    # ---- the one "still current" check (bot/service/usecases/current.py)
    STALE = "stale"  # drawn for a moment of a hand that has passed
    NOT_YOUR_TURN = "not_your_turn"  # fields: to_act (player id or None), seat (or None)
    # ---- where the player is
    NOT_STARTED = "not_started"
    OVER = "over"
    NOT_PLAYING = "not_playing"  # not registered in this tournament
    OUT = "out"
    NO_HAND = "no_hand"  # none in progress at his table
    LIVE_NIGHT = "live_night"  # real cards and chips: the bot deals no hand to act on
    NOT_DEALT_IN = "not_dealt_in"
    NOT_SEATED = "not_seated"  # after a hand: he has no table
    NO_LAST_HAND = "no_last_hand"  # a rabbit hunt asked when no hand has ended
    NOT_AT_TABLE = "not_at_table"  # show one, show all: only players at the table ask
    # ---- the game's own rules: fields: error (the engine's or director's typed refusal)
    RULES = "rules"
    # ---- two senders at once: the one who waited is told what happened meanwhile
    BUST_MOVED_ON = "bust_moved_on"  # fields: player, place, newer (player, place) or None
    ALREADY_BOUGHT = "already_bought"  # fields: player, kind ("rebuy"/"addon"), own (bool)
    PENALTY_MEANWHILE = "penalty_meanwhile"  # fields: player, hands, reason
    STACK_CHANGED = "stack_changed"  # fields: player, stack
    # ---- input the Discord side refused before any use case ran: fields: text (the
    # presenter's sentence, finished by `refused_text`)
    SAID = "said"


class Refused(Exception):
    """A use case refused; nothing changed. `why` and `fields` say why; `desk` marks a live
    desk command (its answers end in "Nothing was changed.")."""

    def __init__(self, why: Why, *, names: Mapping[str, str] | None = None,
                 desk: bool = False, **fields: Any) -> None:
        super().__init__(why.value)
        self.why = why
        self.fields = fields
        self.names: Mapping[str, str] = dict(names or {})
        self.desk = desk

    @classmethod
    def saying(cls, text: str) -> Refused:
        """Refused with a sentence the presenter worded (bad input, a missing right)."""
        return cls(Why.SAID, text=text)

    def __str__(self) -> str:
        """For logs and tests: the sentence of a SAID refusal, else the code and fields (a
        user reads `refused_text`)."""
        if self.why is Why.SAID:
            return str(self.fields["text"])
        return f"{self.why.value} {self.fields}" if self.fields else self.why.value

    def naming(self, names: Mapping[str, str], *, desk: bool = False) -> Refused:
        """This refusal with the names it may need (those it had win) and the desk mark."""
        self.names = {**names, **self.names}
        self.desk = self.desk or desk
        return self


# The tournament's own guards against a click that is no longer current (`Tournament.act`'s
# `expect`, an after-hand request's `hand_id`): `still_current` refuses first, so these fire only
# for a caller that skipped it; either way the player reads the one STALE answer.
_STALE_CODES = frozenset({"moved-on", "hand-over"})


def from_game(exc: IllegalAction | TournamentError) -> Refused:
    """A refusal of the hand engine or the tournament director: the error itself (its code and
    fields) is the reason; `text` is its plain sentence, for logs."""
    if isinstance(exc, TournamentError) and exc.code in _STALE_CODES:
        return Refused(Why.STALE)
    return Refused(Why.RULES, error=exc, text=str(exc))

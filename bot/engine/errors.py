"""Typed refusals. Each message says what is allowed; a refused action changes nothing.

No rules live here: the hand raises these, naming in `rule_id` the rule of data/rules that
refused the action (`out-of-turn`, `below-call`, `minimum-raise`, `not-reopened` ...).
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """The action is not allowed now; `str(err)` tells the player what is."""

    rule_id: str | None = None

    def __init__(self, message: str, rule_id: str | None = None) -> None:
        super().__init__(message)
        self.rule_id = rule_id


class NotYourTurn(IllegalAction):
    pass


class BadAmount(IllegalAction):
    pass


class BelowCall(IllegalAction):
    """'Make it X' below the call: the player must choose to call or fold; nothing is put in."""


class NotReopened(IllegalAction):
    pass


class HandOver(IllegalAction):
    pass


def chips(n: int) -> str:
    return f"{n:,}"

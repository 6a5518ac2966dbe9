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
    """An amount of chips as players read it: 1,250 (the presenter words amounts with it too)."""
    return f"{n:,}"


def below_call_text(asked: int, bet: int, *, call: int, call_all_in: bool,
                    raise_to: int | None, all_in: int | None) -> str:
    """The refusal of an amount that does not go past the bet, naming the amount as asked
    (before any rounding: the player never typed a rounded amount) and what is allowed:
    "1 is less than the bet of 50: raise to at least 100; you can also call 50, go all-in for
    1,500 or fold." An amount equal to the bet is refused only when it was named a raise (an
    amount put out without the word raise is taken as a call), so it is said to be only a call.
    `raise_to` is the smallest raise short of the all-in (None: only the all-in raises),
    `all_in` the all-in raise (None: no raise is possible)."""
    if asked < bet:
        head = f"{chips(asked)} is less than the bet of {chips(bet)}"
    else:
        head = f"{chips(asked)} is the bet itself, only a call, not a raise"
    call_word = f"call all-in for {chips(call)}" if call_all_in else f"call {chips(call)}"
    if all_in is None:
        return f"{head}: you can {call_word} or fold."
    others = [call_word]
    if raise_to is not None:
        first = f"raise to at least {chips(raise_to)}"
        others.append(f"go all-in for {chips(all_in)}")
    else:
        first = f"go all-in for {chips(all_in)}"
    return f"{head}: {first}; you can also {', '.join(others)} or fold."

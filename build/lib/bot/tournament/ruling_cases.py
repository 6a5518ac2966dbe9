"""The cases of the director's own rulings (`TournamentRuling.case`), and how a ruling stored
with its English words (as older versions of the bot stored it) tells its case.

A ruling is a rule id, a case and the players it names; the presenter words it
(bot/discord_ui/presenter/rulings.py). Kept apart from events.py, which imports it."""

from __future__ import annotations

import typing
from typing import Literal

# Which case of its rule a `TournamentRuling` applied, when the rule has several:
# - same-hand-eliminations: "places" (players out in one hand placed by their starting stacks),
#   or both blinds out and the button then stays ("button-stays") or moves ("button-moves");
# - sb-eliminated: the button stays or moves;
# - dead-button: the button is on an empty seat, there is no small blind, or both.
RulingCase = Literal["", "places", "button-stays", "button-moves", "empty-button",
                     "no-small-blind", "empty-button-no-small-blind"]
RULING_CASES: tuple[RulingCase, ...] = typing.get_args(RulingCase)


# The words an older bot's stored `TournamentRuling` used for each case of its rule (the
# director's own fixed sentences of that time, so a phrase tells the case).
_STORED_RULING_WORDS: dict[str, tuple[tuple[str, RulingCase], ...]] = {
    "same-hand-eliminations": (("placed by their stacks", "places"),
                               ("stays where it was", "button-stays"),
                               ("nearest player on the big blind's right", "button-moves")),
    "sb-eliminated": (("does not move", "button-stays"),
                      ("nearest player on the small blind's right", "button-moves")),
    "dead-button": (("empty seat and there is no small blind", "empty-button-no-small-blind"),
                    ("empty seat", "empty-button"), ("no small blind", "no-small-blind")),
}


def case_from_stored_words(rule_id: str, text: str) -> RulingCase:
    """The case a ruling stored with its words stands for ("" when its rule has one case)."""
    for phrase, case in _STORED_RULING_WORDS.get(rule_id, ()):
        if phrase in text:
            return case
    return ""

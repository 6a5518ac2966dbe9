"""Which reader a question about pots, forced bets or chips goes to (bot/rulebook/amounts.py asks
here first): the chip race (colour_up.py), antes, blinds and heads-up postings (forced_bets.py),
a call for less, a story of all-ins and the pots it makes (pot_story.py), a split pot and a bet
given back (pot_sums.py). Each is read only from its own kind of question."""

from __future__ import annotations

import re

from bot.engine.profile import Profile
from bot.rulebook.amount_words import Text, blinds_of
from bot.rulebook.colour_up import RACE, race_question
from bot.rulebook.forced_bets import (
    blind_completes,
    blind_for_min_bet,
    blind_pair,
    blind_posted,
    blinds_after_bust,
    blinds_pot,
    forced_bets,
    heads_up_posts,
)
from bot.rulebook.pot_asked import ASK_MOST, ASK_WON
from bot.rulebook.pot_story import pot_story
from bot.rulebook.pot_sums import ASK_BACK, call_for_less, split_pot, uncalled
from bot.rulebook.worked import Worked

# a question about the pots themselves ("the side pot", "main pot")
POTS_ASKED = re.compile(r"\b(side ?pots?|main ?pots?|each pot|every pot)\b")
# a pot shared among winners
SHARED = re.compile(r"\b(split|chop\w*|divid\w*|share|tie|tied|ties|winners)\b")
# chips all in, told: "A jams", "both got it in"
ALL_IN_TOLD = re.compile(r"\b(allin|shove\w*|jam\w*|(?:got|get|gets) it (?:allin|in))\b")


def pot_question(query: str, t: Text, profile: Profile) -> tuple[bool, Worked | None]:
    """(True, the answer) when the question is one of these kinds, the answer None where it is
    not read for sure; (False, None) when it is none of them and the betting is to be read."""
    shape = t.shape
    if RACE.search(shape) and (raced := race_question(query, profile)):
        return True, raced
    if re.search(r"\bantes?\b|\bbba\b", shape) and (posted := forced_bets(t, profile)):
        return True, posted
    if (posted := blinds_after_bust(t, profile) or heads_up_posts(t, profile) or
            blind_pair(t, profile) or blinds_pot(t, profile) or blind_posted(t, profile) or
            blind_completes(t, profile) or blind_for_min_bet(t, profile)) is not None:
        return True, posted
    if (called := call_for_less(t, profile)) is not None:
        return True, called
    if POTS_ASKED.search(shape) or (re.search(r"\bpots?\b", shape) or ASK_WON.search(shape) or (
            ASK_MOST.search(shape))) and ALL_IN_TOLD.search(shape) or ASK_BACK.search(shape):
        if (told := pot_story(query, profile)) is not None:
            return True, told
        if POTS_ASKED.search(shape):
            # a question about pots, not about the least raise: a main or side pot split, or none
            return True, split_pot(t, profile) if SHARED.search(shape) else None
    if SHARED.search(shape):
        return True, split_pot(t, profile)
    if blinds_of(t) is None and (back := uncalled(t, profile)) is not None:
        return True, back
    return False, None

"""Every rule text is true of the rulebook it names: a sentence that comes from another rulebook,
or from the league's own practice, says so.

`/rule` answers a TREPS league under TREPS's name and a Tavern league under the Tavern rules'
(the embed's "Follows" and footer). The seeds (the TREPS rulebook and the Tavern league rules)
each say things the other does not; the phrases below are such things, each with the rulebooks
that say it. Under a profile whose rulebook does not say it, the sentence carrying it must name
where it comes from, or the whole text must open by saying the rulebook is silent.
"""

from __future__ import annotations

import re

import pytest

from bot.engine.profile import make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.loader import silent_note

# A phrase of a rule text (lower case) -> the rulebooks whose rule it is.
OWNED: dict[str, frozenset[str]] = {
    # Tavern "String Bets" 1 and "Verbal Declarations"
    "call your 500 and raise": frozenset({"tavern"}),
    "only players in the hand may": frozenset({"tavern"}),
    "as many trips": frozenset({"tavern"}),
    "without waiting to see whether you add": frozenset({"tavern"}),
    # Tavern "Final Betting and The Winner"
    "every player still in the hand reveals": frozenset({"tavern"}),
    # Tavern "Procedures" 3 and "Dead Hands"
    "no other player may turn your cards": frozenset({"tavern"}),
    # Tavern "Betting and Raising"
    "bad manners": frozenset({"tavern"}),
    "poor form": frozenset({"tavern"}),
    # Tavern "What constitutes a RAISE?" (and the TDA)
    "does not reopen the betting": frozenset({"tavern", "tda"}),
    "is not a raise": frozenset({"tavern", "tda"}),
    # TREPS "Forced Bets"
    "the same size as the small one": frozenset({"treps"}),
    # TREPS "Face up"
    "still in is turned face up": frozenset({"treps", "tda"}),
    "still in play is turned face up": frozenset({"treps", "tda"}),
    # TREPS "Foreign chips", "Cell Phone", "Smoking", "Discussing strategy"
    "single card cap per player": frozenset({"treps"}),
    "step away from the table": frozenset({"treps"}),
    "outdoor area": frozenset({"treps"}),
    "no talking strategy": frozenset({"treps"}),
    # TREPS "Calling the Clock" / "Table Presence"
    "to call the clock on someone": frozenset({"treps"}),
    # The TDA only
    "made-up phrase": frozenset({"tda"}),
    "cannot be lent": frozenset({"tda"}),
    "a bet of its full value": frozenset({"tda"}),
    "at most one chip": frozenset({"tda"}),
}

# Words by which a sentence names its source.
NAMED = re.compile(r"\b(TREPS|Tavern|TDA|league)\b")
PROFILES = ("treps", "tavern")


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;:])\s+", text) if s]


@pytest.mark.parametrize("name", PROFILES)
def test_a_sentence_of_another_rulebook_names_its_source(book: Rulebook, name: str) -> None:
    profile = make_profile(name)
    unmarked = []
    for rule in book.all():
        text = rule.table_for(profile)
        if text.startswith(silent_note(name)):
            continue  # the whole text says the league's rulebook is silent on it
        sentences = _sentences(text)
        for i, sentence in enumerate(sentences):
            low = sentence.casefold()
            for phrase, owners in OWNED.items():
                if phrase in low and name not in owners:
                    # the source is named in the sentence or a clause next to it
                    near = " ".join(sentences[max(0, i - 1):i + 2])
                    if not NAMED.search(near):
                        unmarked.append(f"{rule.id}: {sentence!r}")
    assert unmarked == [], "\n".join(unmarked)


def test_the_phrases_are_found(book: Rulebook) -> None:
    """The check above reads real texts: every phrase is in some rule text."""
    every = " ".join(rule.table_for(make_profile(n)).casefold()
                     for rule in book.all() for n in ("treps", "tavern", "tda"))
    assert [p for p in OWNED if p not in every] == []


def test_tavern_showdown_every_player_still_in_reveals(book: Rulebook) -> None:
    """Tavern "Final Betting and The Winner": all players who remain reveal their hands."""
    tavern = book.get("showdown-order").table_for(make_profile("tavern"))
    assert "every player still in the hand reveals his hand" in tavern
    assert "shows only if" not in tavern and "claims" not in tavern
    treps = book.get("showdown-order").table_for(make_profile("treps"))
    assert "only if they claim their hand beats the one shown" in treps
    # online the bot's private muck is the league's practice, and says so under Tavern
    bot = book.get("showdown-order").bot_for(make_profile("tavern"))
    assert "does not turn every hand over as the Tavern rules do" in bot
    assert "league's practice" in bot


def test_treps_string_bet_and_declarations_carry_no_other_rulebook_unmarked(
        book: Rulebook) -> None:
    treps = make_profile("treps")
    string = book.get("string-bet").table_for(treps)
    assert "first motion" in string
    assert 'TREPS says nothing of "I call your 500 and raise 1,000"; the Tavern rules' in string
    declaration = book.get("verbal-declaration").table_for(treps)
    assert "only players in the hand" not in declaration.casefold()
    assert "The TDA adds: use the standard words" in declaration
    tavern = book.get("verbal-declaration").table_for(make_profile("tavern"))
    assert "Only players in the hand may object" in tavern


def test_treps_chip_race_says_one_chip_a_player_is_the_leagues_reading(book: Rulebook) -> None:
    text = book.get("chip-race").table_for(make_profile("treps"))
    assert "nobody wins two" not in text
    assert "Two readings are the league's own: a player wins at most one chip" in text


@pytest.mark.parametrize(("rule_id", "name"), [
    ("face-up", "tavern"), ("winning-hand-shown", "tavern"), ("random-seats", "tavern"),
    ("penalty", "tavern"), ("cheating", "tavern"), ("phones", "tavern"),
    ("raise-it", "treps"), ("incomplete-all-in", "treps"), ("house-rules", "treps"),
])
def test_a_rule_the_rulebook_does_not_have_says_so(book: Rulebook, rule_id: str,
                                                   name: str) -> None:
    rule = book.get(rule_id)
    profile = make_profile(name)
    assert rule.table_for(profile).startswith(silent_note(name))
    # and the rulebook is not cited for it
    assert not any(c.casefold().startswith(name) for c in rule.follows_for(profile))

"""`/rule` understands questions as a floor person would.

The set in lookup_set.py is what players and directors type, written from the seeds' words and
table talk, never from data/rules. The lookup must be right on at least 95% of it, as
tests/rulebook/scoring.py counts right (sure of the rule meant, or unsure and offering it
first), and a sure answer must be right at least 98% of the time; a topic no rulebook here
covers must get no rule (a wrong rule is worse than none) and three useful suggestions. Every
miss left is listed here by name, so a new miss or a fixed one both show up as a failure to
look at.
"""

from __future__ import annotations

import pytest

from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.lookup import Answer
from bot.rulebook.search import MAX_QUERY_CHARS

from .lookup_set import NO_RULE_SUGGESTS, QUERIES
from .scoring import Case, judge, meant

# The misses left: query -> what the lookup answers instead, sure or first offered (None: an
# honest no-match).
KNOWN_MISSES: dict[str, str | None] = {
    # "is that a full raise" about 150 into a 200 raise is the 50% rule; the words name
    # the minimum raise, and the lookup cannot weigh the two amounts against each other.
    "raised 150 into a 200 raise, is that a full raise": "minimum-raise",
    # folding when a check is free: the betting actions' rule (another writer's label for the
    # same question) comes before the rule on folding out of turn
    "can i fold when i could just check": "betting-actions",
    # a bare amount "typed" says nothing of a stack: an honest no-match, with no suggestion.
    "i typed 99999": None,
}
# Chips put in silently facing a bet: the set names make-it, and when the amounts are given
# the engine's answer under the league's profile is the 50% rule, the part of make-it that
# settles them (under the tda profile the set is scored with).
ALSO_RIGHT = {"make-it": ("fifty-percent",)}

# The kinds of miss players ran into, each of which must now be found.
REPORTED_MISSES = {
    "how long do I have to act": "action-time",
    "what if I'm in the bathroom when it's my turn": "away",
    "what if the dealer flips a card": "exposed-card",
    "let's make it 800": "make-it",
    "call your bet and raise you": "string-bet",
    "misdeal on button": "misdeal",
    "hand for hand": "hand-for-hand",  # a rule of its own
    "deal making": "deal",  # the league's procedure, a rule of its own
    "angle shoot": None,
    "bubble": "hand-for-hand",
}

SUGGESTIONS = 3


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _case(query: str, expected: str | None) -> Case:
    expect = ("uncovered",) if expected is None else (expected, *ALSO_RIGHT.get(expected, ()))
    return Case(query, "lookup", expect)


def _right(book: Rulebook, query: str, expected: str | None) -> bool:
    if expected is not None:
        return judge(book, _case(query, expected)).right
    return _honest(book.answer(query, SUGGESTIONS), NO_RULE_SUGGESTS[query])


def _honest(answer: Answer, useful: set[str]) -> bool:
    offered = {r.id for r in answer.suggestions}
    return answer.rule is None and len(offered) == SUGGESTIONS and bool(offered & useful)


def test_the_set_is_large_and_has_the_reported_misses() -> None:
    assert len(QUERIES) >= 150
    assert sum(v is None for v in QUERIES.values()) >= 10
    for query, expected in REPORTED_MISSES.items():
        assert QUERIES[query] == expected, query
    assert set(NO_RULE_SUGGESTS) == {q for q, v in QUERIES.items() if v is None}


def test_the_lookup_finds_at_least_95_percent(book: Rulebook) -> None:
    misses = {}
    sure = sure_right = 0
    for query, expected in QUERIES.items():
        outcome = judge(book, _case(query, expected))
        sure += outcome.confident
        sure_right += outcome.confident and outcome.right
        if not _right(book, query, expected):
            found = meant(book.answer(query))
            misses[query] = found.id if found is not None else None
    score = 1 - len(misses) / len(QUERIES)
    assert score >= 0.95, f"{score:.1%}: {misses}"
    assert sure_right >= 0.98 * sure, f"{sure_right} of {sure} sure answers right"
    assert misses == KNOWN_MISSES, "the misses changed: update KNOWN_MISSES (and the report)"


@pytest.mark.parametrize("query", sorted(REPORTED_MISSES))
def test_the_reported_misses(book: Rulebook, query: str) -> None:
    assert _right(book, query, REPORTED_MISSES[query])


@pytest.mark.parametrize("query", sorted(q for q, v in QUERIES.items() if v is None))
def test_an_uncovered_topic_gets_no_rule_and_three_useful_suggestions(
        book: Rulebook, query: str) -> None:
    answer = book.answer(query, SUGGESTIONS)
    assert answer.rule is None, f"{query!r} answered with {answer.rule}"
    assert answer.not_covered, query  # it says which topic no rulebook covers
    assert _honest(answer, NO_RULE_SUGGESTS[query]), [r.id for r in answer.suggestions]


def test_a_wrong_rule_never_beats_an_honest_no_match(book: Rulebook) -> None:
    """Words that name no rule's idea find nothing, rather than the rule sharing a letter."""
    for query in ["what's for dinner", "pineapple", "is the bar open late", "parking",
                  "my cat", "quantum chromodynamics", "where do I park", "who won last week",
                  "how many players per table", "is there food", "cards and chips"]:
        assert book.lookup(query) is None, query


def test_numbers_hyphens_plurals_and_typos_do_not_break_a_phrase(book: Rulebook) -> None:
    for query in ["make it 800", "make it 1,250", "make it $5k", "lets make it 2.5k"]:
        assert book.lookup(query).id == "make-it", query
    for query in ["re-buy", "rebuy", "re buy", "rebuys", "re-buys"]:
        assert book.lookup(query).id == "rebuys", query
    for query in ["colour up", "color-up", "colouring up", "colr up"]:
        assert book.lookup(query).id == "chip-race", query
    for query in ["string raise", "string raises", "stringbet", "strng bet"]:
        assert book.lookup(query).id == "string-bet", query


def test_words_run_together_ordinals_and_a_letter_left_out(book: Rulebook) -> None:
    """"bigblind" is two words, "1st" is first, "muk" is muck (the only word it fits), "fone"
    is phone."""
    assert book.lookup("bigblind smallblind who goes where").id == "blinds"
    assert meant(book.answer("how do we decide who deals 1st")).id == "first-dealer"
    assert meant(book.answer("muk after all in is that alowed")).id == "muck"
    assert book.lookup("can i be on my fone during a hand").id == "phones"
    # a word with a verb's ending stays one word: "shortstacked" is no short "stacked"
    assert meant(book.answer("he's shortstacked and shoves")).id == "all-in"


def test_an_uncovered_word_beside_a_rules_phrase_is_unsure_of_the_rule(book: Rulebook) -> None:
    """A drink is no rule's topic, but chips hidden behind it are chip visibility: the rule
    is offered first, never as a sure answer; the drink alone is not covered."""
    answer = book.answer("guy keeps his big chips hidden behind his drink")
    assert answer.kind == "unsure" and answer.suggestions[0].id == "chip-visibility"
    assert book.answer("can i drink beer at the table").kind == "uncovered"


def test_seated_when_dealt_and_a_hidden_hand(book: Rulebook) -> None:
    """Being seated when the cards are dealt is table presence, not the seat draw; a hand
    hidden from view is card visibility even when the player calls it an angle."""
    assert meant(book.answer("must i be seated when my cards are dealt?")).id == "table-presence"
    hidden = book.answer("angle: guy hid his hand under his arm so i thought he folded")
    assert hidden.kind == "unsure" and meant(hidden).id == "card-visibility"


def test_a_phrase_inside_a_question_about_more_is_not_sure(book: Rulebook) -> None:
    """"Tanked" means the time to act, but a question saying two more things no word of that
    rule explains (a parking meter expiring) is about something else as well: offered, not
    sure; the phrase alone stays sure."""
    answer = book.answer("he tanked so long the parking meter expired")
    assert answer.kind == "unsure" and meant(answer).id == "action-time"
    assert book.answer("he's tanking every hand").kind == "confident"


def test_table_talk_for_tabling_on_an_all_in_and_a_blind_skipped_by_a_move(
        book: Rulebook) -> None:
    assert meant(book.answer("jammed and got called, do we table hands now")).id == "face-up"
    assert meant(book.answer("skipped my bb when i moved tables, i owe it?")).id == (
        "table-balancing")


def test_the_query_is_read_only_up_to_its_bound(book: Rulebook) -> None:
    """What lies past MAX_QUERY_CHARS is never read (no input may block the loop)."""
    head = "string bet "
    long = head + "pineapple " * 600
    assert book.answer(long).rule == book.answer(long[:MAX_QUERY_CHARS]).rule
    assert meant(book.answer("misdeal " + "x" * 6000)).id == "misdeal"
    tail_only = "x" * MAX_QUERY_CHARS + " string bet"
    assert book.lookup(tail_only) is None  # the rule named past the bound is not read
    assert book.search("show " * 1200) == book.search(("show " * 1200)[:MAX_QUERY_CHARS])

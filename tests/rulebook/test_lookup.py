"""`/rule` finds the rule a player means: every section title of both seed rulebooks, the
common poker words, and rough spellings ("call" once gave phones, "tie" the clock)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.loader import MAX_SEARCH_RESULTS, MAX_TITLE_CHARS
from tests.outside import TAVERN_SEED, TREPS_SEED

TREPS_FILE = TREPS_SEED
TAVERN_FILE = TAVERN_SEED

# Every section title of the TREPS rulebook, and the rule that answers it.
TREPS_SECTIONS = {
    "Event Directors": "director-decision",
    "The Dealer": "shuffle-and-deal",
    "The Button": "button-draw",
    'Forced Bets ("Blinds")': "blinds",
    "Raising": "minimum-raise",
    "String Bets": "string-bet",
    "Verbal Declarations": "verbal-declaration",
    "Showing Hands": "showdown-order",
    "Odd-Chips": "odd-chip",
    "Face up": "face-up",
    "One player": "one-player-to-a-hand",
    "Show one show all": "show-one-show-all",
    "Discussing strategy": "strategy-talk",
    "Misdeal": "misdeal",
    "Rabbit Hunting": "rabbit-hunt",
    "Table Presence": "table-presence",
    "Card Visibility": "card-visibility",
    "Chip Visibility": "chip-visibility",
    "Unprotected Hands": "unprotected-hands",
    "Killing Winning Hand": "winning-hand-shown",
    "Random Seats": "random-seats",
    "Foreign chips": "foreign-objects",
    "Deck Changes": "deck-changes",
    "Calling the Clock": "clock",
    "Small Blind is Eliminated": "sb-eliminated",
    "Big Blind is Eliminated": "bb-eliminated",
    "Chip-Race": "chip-race",
    "Moving Players": "table-balancing",
    "Cheating": "cheating",
    "Cussing": "language",
    "Cell Phone": "phones",
    "Smoking": "smoking",
    "Discussing a Folded Hand": "discussing-hands",
    "Penalties": "penalty",
}

# Every section title of the Tavern league's rules (headings end with a colon, some not).
TAVERN_SECTIONS = {
    "Conduct": "house-rules",
    "Poker Etiquette": "house-rules",
    "House Policies": "house-rules",
    "The General Method of Play for Texas Hold'em": "streets",
    "The Blinds": "blinds",
    "Hole Cards": "streets",
    "The Flop": "streets",
    "The Turn or Fourth Street": "streets",
    "The River or Fifth Street": "streets",
    "Final Betting and The Winner": "showdown-order",
    "Procedures": "rulebooks",
    "The Shuffle and Deal": "shuffle-and-deal",
    "Misdeals": "misdeal",
    "Dead Hands": "dead-hand",
    "Showing Hands": "showdown-order",
    "General Poker Rules": "rulebooks",
    "Betting and Raising": "betting-actions",
    "String Bets": "string-bet",
    "What constitutes a RAISE?": "minimum-raise",
    "Verbal Declarations": "verbal-declaration",
}

# What players type at a real table or online, and the rule they mean.
COMMON = {
    "call": "betting-actions",
    "calls": "betting-actions",
    "check": "betting-actions",
    "fold": "betting-actions",
    "folding": "betting-actions",
    "bet": "betting-actions",
    "raise": "minimum-raise",
    "min raise": "minimum-raise",
    "all-in": "all-in",
    "all in": "all-in",
    "tie": "split-pot",
    "split pot": "split-pot",
    "chop": "split-pot",
    "kicker": "hand-rankings",
    "hand rankings": "hand-rankings",
    "turn": "streets",
    "the turn": "streets",
    "river": "streets",
    "the river": "streets",
    "flop": "streets",
    "hole cards": "streets",
    "dead hand": "dead-hand",
    "misdeal": "misdeal",
    "exposed card": "exposed-card",
    "string bet": "string-bet",
    "what is a string bet?": "string-bet",
    "clock": "clock",
    "time": "clock",
    "tank": "action-time",
    "button": "button-draw",
    "dealer": "shuffle-and-deal",
    "first dealer": "first-dealer",
    "blinds": "blinds",
    "ante": "antes",
    "bba": "big-blind-ante",
    "side pot": "side-pots",
    "Side pots": "side-pots",
    "odd chip": "odd-chip",
    "muck": "muck",
    "show": "showdown-order",
    "who shows first": "showdown-order",
    "show one show all": "show-one-show-all",
    "rabbit": "rabbit-hunt",
    "chip race": "chip-race",
    "color up": "chip-race",
    "cut": "the-cut",
    "cut card": "the-cut",
    "shuffle": "shuffle-and-deal",
    "burn": "burn-cards",
    "heads up": "heads-up",
    "final table": "final-table",
    "late reg": "late-registration",
    "rebuy": "rebuys",
    "add-on": "rebuys",
    "away": "away",
    "out of turn": "out-of-turn",
    "50%": "fifty-percent",
    "make it": "make-it",
    "raise it": "raise-it",
    "short all-in": "incomplete-all-in",
    "reopen": "not-reopened",
    "uncalled bet": "uncalled-bet",
    "smallest chip": "chip-unit",
    "deck fingerprint": "deck-commitment",
    "proof": "deck-commitment",
    "seed": "deck-commitment",
    "penalty": "penalty",
    "dq": "disqualification",
    "appeal": "appeals",
    "phone": "phones",
    "swearing": "language",
    "protect your hand": "unprotected-hands",
    "card cap": "unprotected-hands",
    "one player to a hand": "one-player-to-a-hand",
    "balancing": "table-balancing",
    "seat draw": "random-seats",
    "dead button": "dead-button",
    "collusion": "cheating",
    "betting begins": "streets",
    "big blind knocked out": "bb-eliminated",
    # rough spellings
    "String Bet": "string-bet",
    "string_bet": "string-bet",
    "  string   bet! ": "string-bet",
    "strng bet": "string-bet",
    "string bets": "string-bet",
    "clok": "clock",
    "rabbit huntin": "rabbit-hunt",
    "dead butn": "dead-button",
    "odd": "odd-chip",
}

QUERIES = {**TREPS_SECTIONS, **TAVERN_SECTIONS, **COMMON}


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def test_the_table_is_large_enough() -> None:
    assert len(QUERIES) >= 60


@pytest.mark.parametrize(("query", "rule_id"), sorted(QUERIES.items()))
def test_lookup_finds_the_rule_meant(book: Rulebook, query: str, rule_id: str) -> None:
    """Sure of it, or (a word that names two rules: "odd" chip or amount) offering it first."""
    answer = book.answer(query)
    found = answer.rule if answer.kind == "confident" else (
        answer.suggestions[0] if answer.kind == "unsure" else None)
    assert found is not None, f"{query!r} finds nothing"
    assert found.id == rule_id, f"{query!r} finds {found.id}, not {rule_id}"


@pytest.mark.parametrize(("query", "rule_id"), sorted(QUERIES.items()))
def test_autocomplete_offers_it_first(book: Rulebook, query: str, rule_id: str) -> None:
    found = book.search(query)
    assert found and found[0].id == rule_id


@pytest.mark.parametrize(
    ("book_name", "path", "sections"),
    [("TREPS", TREPS_FILE, TREPS_SECTIONS), ("Tavern", TAVERN_FILE, TAVERN_SECTIONS)],
)
def test_section_titles_are_the_seeds_own(
    book: Rulebook, book_name: str, path: Path, sections: dict[str, str]
) -> None:
    """Each title listed is a heading line of the seed, and the rule it finds cites it."""
    if not path.exists():
        pytest.skip("seed rulebooks not present next to the repo")
    lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()]
    for title, rule_id in sections.items():
        # a heading opens its line (one Tavern heading runs on: "... Hold'em is as follows:")
        assert any(ln.startswith(title) for ln in lines), f"{title!r} is not in {path.name}"
        assert f"{book_name}: {title}" in book.get(rule_id).follows, (title, rule_id)


def test_every_citation_names_a_real_section(book: Rulebook) -> None:
    """A rule's `follows` may cite only sections the seeds have (a typo cites nothing)."""
    known = {f"TREPS: {t}" for t in TREPS_SECTIONS} | {f"Tavern: {t}" for t in TAVERN_SECTIONS}
    for rule in book.all():
        for citation in rule.follows:
            if citation.startswith(("TREPS:", "Tavern:")):
                assert citation in known, f"{rule.id}: {citation!r}"


@pytest.mark.parametrize(
    "query", ["", "   ", "pineapple", "quantum chromodynamics", "xyz", "the", "what is the"]
)
def test_lookup_unknown_topic_is_none(book: Rulebook, query: str) -> None:
    assert book.lookup(query) is None


def test_get_by_id_wins_over_every_name(book: Rulebook) -> None:
    for rule in book.all():
        assert book.lookup(rule.id) is rule
        assert book.lookup(rule.title) is rule


def test_search_is_capped_and_fits_autocomplete(book: Rulebook) -> None:
    assert len(book) > MAX_SEARCH_RESULTS
    assert len(book.search("")) == MAX_SEARCH_RESULTS
    titles = [r.title.casefold() for r in book.search("")]
    assert titles == sorted(titles)
    for query in ["", "a", "raise", "blind", "e", "call"]:
        assert len(book.search(query)) <= MAX_SEARCH_RESULTS
        assert len(book.search(query, limit=100)) <= MAX_SEARCH_RESULTS
    assert all(len(r.title) <= MAX_TITLE_CHARS for r in book.all())
    assert book.search("quantum chromodynamics") == []
    # a game no rulebook here covers lists the rules closest to it
    assert [r.id for r in book.search("pineapple")][:1] == ["minimum-bet"]
    assert len(book.search("blind", limit=3)) == 3
    # a partial word still lists the rules it starts
    assert "string-bet" in [r.id for r in book.search("stri")]

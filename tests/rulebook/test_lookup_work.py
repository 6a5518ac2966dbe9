"""The work one `/rule` query costs is bounded, whatever is typed (the time it takes is measured
in bench/rule_lookup.py, not here: these count the work, which no busy machine changes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.engine.hand import Hand
from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import Rulebook, load_rulebook, search
from bot.rulebook.lookup import WARM_UP
from bot.rulebook.search import MAX_CORRECTIONS, MAX_QUERY_CHARS, Index

# Questions at the bound that make the lookup work hardest: many deeds to play on the engine,
# many words to correct, many phrases to match.
HARD = [
    ("A bets 1000 B all in 1200 C calls D all in 2100 E raises to 5000 F calls, can A raise? "
     "min 3bet")[:MAX_QUERY_CHARS],
    "zqxv wplk mrtz qqfn bvcx lkjh ytre wqas dfgh jklm nbvc xzaq wert yuio pasd fghj klzx cvbn "
    "qwop zzzz",
    "string bet call and raise all in face up show one show all misdeal burn card clock away "
    "odd chip",
]


@pytest.fixture()
def book() -> Rulebook:
    rulebook = load_rulebook()
    rulebook.forget()
    return rulebook


def _counting(target: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original: Callable[..., Any] = getattr(target, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(target, name, counted)
    return calls


@pytest.mark.parametrize("query", HARD)
def test_a_question_plays_at_most_two_hands_on_the_engine(
        book: Rulebook, query: str, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Hand] = []
    start = Hand.start

    def recorded(config: Any) -> Hand:
        hand = start(config)
        started.append(hand)
        return hand

    monkeypatch.setattr(Hand, "start", staticmethod(recorded))
    for name in ("treps", "tavern", "tda"):
        started.clear()
        book.forget()
        book.answer(query, profile=make_profile(name))
        # one hand for each reading of a betting round: by its phrases and by its deeds
        assert len(started) <= 2
        # a hand of at most a table of players, each acting a few times
        assert all(len(hand.events) <= 60 for hand in started)
    # and the first question does play one: the count is not vacuous
    started.clear()
    book.forget()
    book.answer(HARD[0], profile=make_profile("tda"))
    assert len(started) >= 1


def test_typos_are_corrected_only_up_to_the_budget(
        book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(search, "_closest", monkeypatch)
    book.answer(HARD[1])
    assert 0 < calls[0] <= MAX_CORRECTIONS


@pytest.mark.parametrize("query", HARD)
def test_an_answer_and_its_autocomplete_work_the_words_out_once(
        book: Rulebook, query: str, monkeypatch: pytest.MonkeyPatch) -> None:
    phrases = _counting(Index, "_find_intents", monkeypatch)
    scores = _counting(Index, "_compute_word_scores", monkeypatch)
    book.answer(query)
    book.search(query)
    assert phrases[0] == 1 and scores[0] == 1


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_the_warm_up_reaches_every_amount_reader(profile: str) -> None:
    """The start answers these once so that each reader's patterns are compiled then: each must
    be read and worked out by the engine, or it warms nothing."""
    book = load_rulebook()
    kinds = set()
    for question in WARM_UP:
        worked = book.answer(question, profile=make_profile(profile)).worked
        assert worked is not None, question
        kinds.add(worked.kind)
    assert kinds >= {"min-raise", "side-pots", "split", "chip-race", "clock", "blinds-after-bust"}

"""What a blind posts, and what the small blind (heads-up, the button) adds to call the big
blind when nobody raised: the number `/rule` states is the engine's at a table laid out its
own way; a raise told, an amount beside the blinds, or a posting nobody is named for gets no
number."""

from __future__ import annotations

import pytest

from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Posted
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.tournament.structure import load_structure, structure_names

PROFILES = [make_profile(name) for name in PROFILE_NAMES]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _hand(profile: Profile, players: int, button: int, blinds: tuple[int, int]) -> Hand:
    seats = tuple(Seat(s, f"s{s}", 90_000) for s in range(1, players + 1))
    return Hand.start(HandConfig("t", seats, button, *blinds, profile=profile, deck_seed="posts"))


def _answer(book: Rulebook, query: str, profile: Profile) -> tuple[str, tuple[int, ...]]:
    answer = book.answer(query, profile=profile)
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.worked is not None, query
    return answer.rule.id, answer.worked.figures


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_what_each_blind_posts(book: Rulebook, profile: Profile) -> None:
    hand = _hand(profile, 6, 4, (1500, 3000))
    posted = {e.kind: e.amount for e in hand.events if isinstance(e, Posted)}
    for query, kind in (("level went up to 1500/3000, how much does the small blind post",
                         "small_blind"),
                        ("1.5k/3k now. what does the bb have to post", "big_blind"),
                        ("blinds 1500/3000, sb posts how much?", "small_blind"),
                        ("whats the big blind at 1500/3000", "big_blind"),
                        ("blinds 1500/3000, folds to me in the bb. how much did i post",
                         "big_blind"),
                        ("1500/3000 and im in the sb, what do i have to post", "small_blind")):
        assert _answer(book, query, profile) == ("blinds", (posted[kind],)), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_small_blind_completes(book: Rulebook, profile: Profile) -> None:
    hand = _hand(profile, 5, 2, (250, 500))
    sb = 3
    while hand.to_act != sb:
        assert hand.to_act is not None
        hand.fold(hand.to_act)
    legal = hand.legal()
    assert legal is not None
    for query in ("250/500, folded to me in the sb, how much more to complete",
                  "blinds 250/500 im sb and everyone folds. what do i add to just call",
                  "250/500, two limpers, im in the small blind. how much more to limp",
                  "blinds 250/500, how much does the sb add to complete"):
        assert _answer(book, query, profile) == ("blinds", (legal.call_amount,)), query
    assert legal.call_amount == 250


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_button_limps_heads_up(book: Rulebook, profile: Profile) -> None:
    hand = _hand(profile, 2, 1, (600, 1200))
    assert hand.to_act == 1  # heads-up the button posts the small blind and acts first
    legal = hand.legal()
    assert legal is not None
    for query in ("heads up at 600/1200, the button limps. how much more does he put in",
                  "hu 600/1200, dealer wants to just call, how much to add"):
        assert _answer(book, query, profile) == ("heads-up", (legal.call_amount,)), query
    posted = {e.seat: e.amount for e in hand.events if isinstance(e, Posted)}
    for query, seat in (("heads up at 600/1200, how much does the non-button post", 2),
                        ("down to 2 players at 600/1200, the button posts how much", 1)):
        assert _answer(book, query, profile) == ("heads-up", (posted[seat],)), query
    more = legal.call_amount
    hand.call(1)
    total = hand.player(1).bet
    # all he has put in once he limps, asked: the total first
    assert _answer(book, "heads up 600/1200, im on the button and limp. how much did i put in "
                         "total", profile) == ("heads-up", (total, more)) == ("heads-up",
                                                                             (1200, 600))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_blinds_and_antes_in_all_before_the_deal(book: Rulebook, profile: Profile) -> None:
    seats = tuple(Seat(s, f"s{s}", 90_000) for s in range(1, 7))
    hand = Hand.start(HandConfig("t", seats, 2, 500, 1000, ante=100, profile=profile,
                                 deck_seed="antes"))
    total = sum(e.amount for e in hand.events if isinstance(e, Posted))
    assert _answer(book, "six handed 500/1000 ante 100. blinds and antes total before the deal?",
                   profile) == ("antes", (total,)) == ("antes", (2100,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_small_blind_of_a_level_told_by_its_smallest_bet(book: Rulebook,
                                                              profile: Profile) -> None:
    """The smallest bet after the flop is the big blind (the engine's); the league's structures
    pair that big blind with one small blind."""
    for least in (200, 1000):
        levels = {(lv.small_blind, lv.big_blind) for name in structure_names()
                  for lv in load_structure(name).levels}
        found = set()
        for small, big in levels:
            hand = _hand(profile, 3, 3, (small, big))
            while hand.street == "preflop":
                assert hand.to_act is not None
                hand.check_or_call(hand.to_act)
            legal = hand.legal()
            assert legal is not None
            if legal.min_raise_to == least:
                found.add(small)
        assert len(found) == 1
        query = f"our minimum bet is {least} this level, what should the small blind be"
        assert _answer(book, query, profile) == ("blinds", (found.pop(),)), query


@pytest.mark.parametrize("query", [
    "min bet is 700, whats the sb",
    "min bet is 1000 after he raised to 3000, whats the sb",
    "blinds 250/500, utg raises to 1500, folds to me in the sb. how much to call",
    "250/500, folded to me in the sb, how much to min raise",
    "250/500, im in the sb facing 1200, how much more to call",
    "blinds 250/500 ante 50, im sb, how much more to complete",
    "heads up 600/1200, button raises, how much more does the bb add",
    "level is 400/800, how much do the blinds post",
    "folded to me in the sb, how much more to complete",
    "250/500, im in the big blind and the sb completes, how much more do i add",
    "blinds 250/500, whats the big blind option",
    "250/500, im in the sb and theres a straddle, how much more to complete",
    "blinds went from 250/500 to 300/600, how much does the sb post now",
    "250/500, im sb and just complete, how much is in the pot in total",
    "250/500, im sb and i complete, how much do i put in",
    "bb is 500, how much does the small blind post",
    "bb is 500, im in the sb, folded to me, how much more to complete",
])
@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_no_number_where_the_posting_is_not_read(book: Rulebook, query: str,
                                                 profile: Profile) -> None:
    answer = book.answer(query, profile=profile)
    assert answer.worked is None or answer.worked.kind != "blind-posts", query

"""Blinds of the hand after a blind is knocked out: the number `/rule` states is what the
director's next positions (bot/tournament/blinds.py) post on the engine under each profile,
at a table laid out its own way (another button, size and number of players than the lookup
plays); a question that does not say whose posting, or where the table goes heads-up, gets
no number."""

from __future__ import annotations

import pytest

from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Posted
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.tournament.blinds import first_positions, next_positions

PROFILES = [make_profile(name) for name in PROFILE_NAMES]
TABLE = 9


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _next_hand(profile: Profile, out: str, blinds: tuple[int, int]) -> tuple[dict[int, int],
                                                                              int, int]:
    """Seven players at a table of nine, the button on seat 4: the blinds posted the hand after
    the small blind, the big blind or both are knocked out, by seat; and last hand's small and
    big blind seats."""
    seated = (1, 2, 4, 5, 7, 8, 9)
    before = first_positions(4, seated, TABLE)
    gone = {"sb": {before.small_blind_seat}, "bb": {before.big_blind_seat},
            "both": {before.small_blind_seat, before.big_blind_seat}}[out]
    live = [s for s in seated if s not in gone]
    after, _ = next_positions(before, live, TABLE, profile.blinds_after_elimination)
    hand = Hand.start(HandConfig("t", tuple(Seat(s, f"s{s}", 50_000) for s in live), after.button,
                                 *blinds, small_blind_seat=after.posted_small_blind_seat,
                                 big_blind_seat=after.big_blind_seat, profile=profile,
                                 deck_seed="bust", table_size=TABLE))
    posted = {e.seat: e.amount for e in hand.events if isinstance(e, Posted)}
    return posted, before.small_blind_seat, before.big_blind_seat


def _answer(book: Rulebook, query: str, profile: Profile) -> tuple[str, tuple[int, ...]]:
    answer = book.answer(query, profile=profile)
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.worked is not None, query
    return answer.rule.id, answer.worked.figures


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_last_hands_big_blind_after_the_small_blind_busts(book: Rulebook,
                                                          profile: Profile) -> None:
    posted, _, bb = _next_hand(profile, "sb", (300, 600))
    for query in ("300/600, the small blind busted last hand. what does the old bb post now",
                  "blinds 300/600, sb got knocked out. i was the big blind, what do i post "
                  "this hand",
                  "at 300/600 the sb is out. how much does the player who was bb post next hand"):
        assert _answer(book, query, profile) == ("sb-eliminated", (posted[bb],)), query
    assert posted[bb] == 300


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_blinds_in_all_after_a_bust(book: Rulebook, profile: Profile) -> None:
    for out, rule, said in (("bb", "bb-eliminated", "the big blind got knocked out"),
                            ("sb", "sb-eliminated", "small blind busted"),
                            ("both", "same-hand-eliminations",
                             "sb and bb both busted in one hand")):
        posted, _, _ = _next_hand(profile, out, (1000, 2000))
        for query in (f"1k/2k, {said}. how much goes in from the blinds next hand",
                      f"blinds 1000/2000, {said}. what do the blinds add up to next hand",
                      f"1k/2k, {said}. how much blind money goes in now"):
            assert _answer(book, query, profile) == (rule, (sum(posted.values()),)), query
    posted, sb, _ = _next_hand(profile, "bb", (1000, 2000))
    assert sum(posted.values()) == 2000 and sb not in posted
    query = "blinds 1000/2000, bb busted last hand. what does the old sb post this hand"
    assert _answer(book, query, profile) == ("bb-eliminated", (0,))


@pytest.mark.parametrize("query", [
    "blinds 200/400, small blind busted, who posts what now",
    "blinds 200/400, small blind busted. what does the old sb post now",
    "blinds 200/400, 3 handed and the sb busted. what does the old bb post now",
    "blinds 200/400 ante 50, the sb busted. how much goes in from the blinds next hand",
    "blinds 200/400, the bb busted after he raised to 1200. what does the old sb post now",
    "the small blind busted last hand. what does the old bb post now",
    # the bust was hands ago, or two levels are told
    "blinds 200/400, the sb busted 2 hands ago. what does the old bb post now",
    "blinds went up from 100/200 to 200/400 and the sb busted. what does the old bb post now",
])
@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_no_number_where_the_bust_is_not_read(book: Rulebook, query: str,
                                              profile: Profile) -> None:
    """Whose posting is not said, the player asked about is the one out, the table goes
    heads-up, an ante or a deed is told, or the blinds are not given."""
    answer = book.answer(query, profile=profile)
    assert answer.worked is None or answer.worked.kind != "blinds-after-bust", query

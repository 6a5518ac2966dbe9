"""Betting rounds told as stories (bot/rulebook/betting_story.py): chains of opens, limps, calls,
squeezes and min raises by named players or positions, sizes said as multiples or shares of the
pot, blinds said many ways. Each question states the rule and the number the engine plays; a
story that cannot be read for sure gives no number.

The phrasings are our own, written for the kinds of story, not copied from the query sets.
"""

from __future__ import annotations

import pytest

from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.betting_story import read_story

PROFILES = [make_profile(name) for name in PROFILE_NAMES]
DEEP = 10**7


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


# (question, rule, the number stated)
READ = [
    # chains before the flop, by position
    ("blinds 100/200, utg min raises, mp 3x's it, whats the least the cutoff can 4bet",
     "minimum-raise", 2000),
    ("at 250/500 lj opens 1250, hj calls, btn 3bets to 4000, smallest 4bet for the sb",
     "minimum-raise", 6750),
    ("1k/2k: utg opens 5k, co calls, button squeezes, how much min", "minimum-raise", 8000),
    ("300/600 ante 100, hijack limps, cutoff raises to 2400, min reraise?", "minimum-raise",
     4200),
    ("blinds 400/800 ante 100, utg opens to 2,000, whats the min 3b", "minimum-raise", 3200),
    ("blinds 200/400, utg opens to 1000, mp 3bets to 2600, co calls, smallest 4-bet",
     "minimum-raise", 4200),
    ("preflop at 500/1000: utg 2k, hj calls, co calls, button min clicks, min reraise for the sb",
     "minimum-raise", 4000),
    ("ok so 200/400, utg limps, mp limps, co raises to 1600, btn cold calls, whats the least sb "
     "can 3bet", "minimum-raise", 2800),
    ("at 1k/2k pre, utg 3x, everybody folds to the bb, smallest 3bet", "minimum-raise", 10000),
    ("no one opened at 600/1200, im on the button, smallest open", "minimum-raise", 2400),
    # players by name, coming back to raise again
    ("Mo opens to 1,200 at 200/400, Ty 3-bets to 3,600, Kit folds, Mo 4-bets min, to what",
     "minimum-raise", 6000),
    ("he limps 300 at 150/300 and I make it 1200, what's the least he can come back with",
     "minimum-raise", 2100),
    # heads-up: the button is the small blind
    ("heads up 500/1000, button raises to 2500, bb 3bets min, whats that come to",
     "minimum-raise", 4000),
    ("hu at 300/600, sb min raises, bb 3bets, least he can make it", "minimum-raise", 1800),
    # sizes as shares of the pot or in big blinds
    ("he leads 30% pot into 10k, least raise?", "minimum-raise", 6000),
    ("villain bets a third of the 6k pot, min raise", "minimum-raise", 4000),
    ("she bets half the 3,000 pot, whats the min reraise", "minimum-raise", 3000),
    ("dude bets 3 bigs at 200/400 on the flop, min raise", "minimum-raise", 2400),
    # after the flop: checks, the first to act, the asked raise without its size
    ("turn at 500/1000, first to act bets, what is the least he can bet", "minimum-bet", 1000),
    ("on the river: check, he bets 1,500, i raise, min?", "minimum-raise", 3000),
    # short all-ins that do or do not make a full raise
    ("bet 800, all in 1000, can the next guy raise to 1600? min?", "incomplete-all-in", 1800),
    ("flop: bet 600, call, shove 900 total, whats the min raise now", "incomplete-all-in", 1500),
    ("blinds 100/200 utg to 700, mp shoves 900 total, co min raise to?", "incomplete-all-in",
     1400),
    ("i bet 500 with 5k behind, he jams 1,400, whats my min reraise", "minimum-raise", 2300),
    # a player who acted, raised again: by a full raise, or by a short all-in
    ("utg raises to 600 at 100/200, he 3bets to 1800, can utg raise?", "minimum-raise", 3000),
    ("blinds 100/200, i raise to 600, sb shoves 700, bb calls, can i reraise", "not-reopened",
     100),
    ("blinds 100/200, utg opens 600, co shoves 700, btn calls, can utg reraise", "not-reopened",
     100),
    ("he bets 100, she raises to 300, he reraises to 900, can she raise again", "minimum-raise",
     1500),
    ("he shoves 700 over my 500 bet and she calls, can i reraise", "not-reopened", 200),
    # limps counted, new rounds opened by a street, checks, sizes of the bet faced
    ("limp, limp, raise to 800 at 100/200, min 3bet", "minimum-raise", 1400),
    ("2 limpers at 100/200, co raises to 1000, min 3bet", "minimum-raise", 1800),
    ("bb is 200, utg makes it 600, mp makes it 1400, whats the least co can make it",
     "minimum-raise", 2200),
    ("he bets 100 on the flop at 50/100, min bet on the turn?", "minimum-bet", 100),
    ("on the flop he bets 300 and I raise to 900; on the turn he bets 500, min raise?",
     "minimum-raise", 1000),
    ("heads up 100/200: sb limps, bb checks, flop bb bets 400, sb raises to 1200, min 3bet",
     "minimum-raise", 2000),
    ("turn: checked to me, i bet 2000, he check raises to 5000, min reraise", "minimum-raise",
     8000),
    # a min raise told as a deed, its size the engine's
    ("dude leads 500 on flop, i min raise, he 3bets to 4000, min 4bet for me", "minimum-raise",
     7000),
    ("blinds 2k/4k, utg min-raises to 8k, hj min-3bets, what does the hj 3bet come to",
     "minimum-raise", 12000),
    ("1k/2k: hj 3x, co 3x's it, btn calls, sb min 4bets, what's the 4bet total", "minimum-raise",
     30000),
    ("first guy bets 150 at 25/50 on the flop, second guy min raises, whats the min 3bet",
     "minimum-raise", 450),
    ("he bets 1000, i raise 3x, min reraise", "minimum-raise", 5000),
    ("she opens 3x at 200/400, i 3bet 3x, min 4bet", "minimum-raise", 6000),
    ("min raise if he bets 2x the bb at 500/1000 on the flop", "minimum-raise", 4000),
    ("river he bets 75% of a 4k pot, how much do i have to raise to at least", "minimum-raise",
     6000),
    ("A bets 1000, B raises to 2500, C goes all in for 3500, whats the min raise for D",
     "incomplete-all-in", 5000),
    # the deed named after "over", "vs", "after" came first; antes said with the blinds
    ("100/200/25, utg opens 500, hj 3bets him to 1500, min 4bet", "minimum-raise", 2500),
    ("i raise to 1500 vs a 500 bet, whats his min reraise", "minimum-raise", 2500),
    ("he repops to 2400 over my 800 open at 200/400, least i can 4bet", "minimum-raise", 4000),
    ("$1/$2, he opens $10, i 3bet to $30, min 4bet?", "minimum-raise", 50),
    ("how much do i need to raise after a 400 bet", "minimum-raise", 800),
    # raise-it: a raise by an amount, its total and the chips added from a blind
    ("she raises my 600 bet by 900, whats the total", "raise-it", 1500),
    ("utg raised to 600 at 100/200, I'm in the sb (100 in), i say raise 500, total?", "raise-it",
     1100),
    ("blinds 150/300, utg to 900, folds to bb who says raise it 1200. chips he adds?", "raise-it",
     1800),
]


@pytest.mark.parametrize(("query", "rule", "number"), READ, ids=[q for q, _, _ in READ])
def test_a_betting_round_told_is_worked_out(book: Rulebook, query: str, rule: str,
                                           number: int) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.kind == "confident" and answer.rule is not None, (query, profile.name)
        assert answer.worked is not None, (query, profile.name)
        assert (answer.rule.id, answer.worked.amount) == (rule, number), (query, profile.name)


# Stories not read for sure: a deed without its size (other than the one asked about), a size
# whose base is not said, a raise asked by number that is not the deed told, a new round with no
# street named
UNREAD = [
    "blinds 100/200, utg raises, mp 3bets to 1800, min 4bet?",
    "utg opens 3x, mp 3bets, whats the min 4bet",
    "he bets half pot, min raise?",
    "bet 400, raise, reraise to 2000, min",
    "utg opens to 600, i 3bet, whats his min 4bet",
    "he bets 500, i call, he bets 1000, min raise?",
    "sb 100 bb 200, utg 600, i 3bet, min 4bet?",
    "Sam opens 900 at 150/300, Lee calls, Sam bets min, whats the total",
    "utg opens 2.5x, co 3x's it, min 4bet",
    "at 100/200 utg limps, someone raises, min 3bet?",
    "he bets 40% pot, min raise?",
    "he raises to 1000 at 100/200, i make it, he shoves, min?",
    "he bets 137 chips, is that legal",
    "he raises to 1000, i reraise to 2500, can he reraise?",
    "at 100/200 utg opens to 300, min 3bet",
    "blinds 100/200, utg opens 600, co 3bets, whats the total",
    "he bets 100 on the flop, min bet on the turn?",
    "he bets 500 and i raise 1000, total?",
    "MP re-raises to 900 after a 300 open at 100/200, min 4bet?",
    # what an open said as a multiple comes to is not the next raise
    "co opens 3x at 200/400, how much is the open",
    "utg opens 2.5bb at 400/800 = how much",
    # the level told, not a bet made (a level the structures have is answered by them:
    # tests/rulebook/test_blind_posts.py)
    "our minimum bet is 700 this level, whats the small blind",
    # the big blind against a lone all-in may only call: no least raise, no reopening
    "300/600, folds to the cutoff who shoves 900, bb wants to raise, min?",
    "400/800 blinds, sb shoves 1000, can the bb reraise and whats the min",
    # a raise told after the deed it came before ("after an open to 2000")
    "a short stack jams 700 after an open to 1500 at 300/600, min 3bet?",
    "blinds 400/800, someone is all in for 900 after an open to 2000, min 3bet",
]


@pytest.mark.parametrize("query", UNREAD)
def test_a_story_not_read_for_sure_gives_no_number(book: Rulebook, query: str) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.worked is None, (query, profile.name, answer.worked)


def test_the_story_names_who_did_what(book: Rulebook) -> None:
    story = read_story("Jo opens to 1,500 at 250/500, Al 3-bets to 3,000, Bea calls, "
                       "Jo 4-bets min, to what")
    assert story is not None
    assert [(d.actor, d.verb) for d in story.deeds] == [
        ("jo", "raise"), ("al", "raise"), ("bea", "call"), ("jo", "minraise")]
    assert story.blinds == (250, 500) and story.ask == "total"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_squeeze_asked_is_the_engines_least_raise(book: Rulebook, profile: Profile) -> None:
    # the engine's own way: at 300/600 the button raises to 1800, the small blind calls; the
    # big blind's least raise is what the engine offers him
    seats = tuple(Seat(i, f"s{i}", DEEP) for i in range(1, 7))
    hand = Hand.start(HandConfig("t", seats, 6, 300, 600, profile=profile, deck_seed="s"))
    for seat in (3, 4, 5):
        hand.fold(seat)
    hand.raise_to(6, 1800)
    hand.call(1)
    legal = hand.legal()
    assert legal is not None and hand.to_act == 2
    answer = book.answer("300/600, button opens 1800, sb flats, bb squeezes, whats the least",
                         profile=profile)
    assert answer.worked is not None and answer.worked.amount == legal.min_raise_to == 3000


# A declaration against the chips or the stack: the word binds (all in said, the stack; a raise
# said past the stack, the stack; "raise" said then chips short of a raise, the league's reading)
DECLARED = [
    ("turn, I bet 1200, he says raise to 6000 but only has 4,100 in front of him",
     "all-in-over-stack", {"tda": 4100, "treps": 4100, "tavern": 4100}),
    ("she said raise to 5k but her entire stack was 3,500", "all-in-over-stack",
     {"tda": 3500, "treps": 3500, "tavern": 3500}),
    ("he bets 500, i say raise to 3000 but i only have 2200 behind", "all-in-over-stack",
     {"tda": 2200, "treps": 2200, "tavern": 2200}),
    ("he said all in but only put out 3k of his 8k", "verbal-declaration",
     {"tda": 8000, "treps": 8000, "tavern": 8000}),
    ("river bet 800, he says raise and pushes 1,000", "declared-raise",
     {"tda": 1600, "treps": 1600, "tavern": 800}),
]


@pytest.mark.parametrize(("query", "rule", "numbers"), DECLARED, ids=[q for q, _, _ in DECLARED])
def test_a_declaration_binds_against_chips_and_stack(book: Rulebook, query: str, rule: str,
                                                     numbers: dict[str, int]) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.kind == "confident" and answer.rule is not None, (query, profile.name)
        assert answer.worked is not None, (query, profile.name)
        assert (answer.rule.id, answer.worked.amount) == (rule, numbers[profile.name]), (
            query, profile.name)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_full_raise_all_in_reopens_for_the_opener(book: Rulebook, profile: Profile) -> None:
    # the engine's own way: at 100/200 the opener raises to 600, a shove to 1100 is a full
    # raise (500 over 600, the last raise 400): back to the opener, his least raise
    seats = tuple(Seat(i, f"s{i}", 1100 if i == 5 else DEEP) for i in range(1, 7))
    hand = Hand.start(HandConfig("t", seats, 6, 100, 200, profile=profile, deck_seed="r"))
    hand.raise_to(3, 600)
    hand.fold(4)
    hand.all_in(5)
    hand.call(6)
    hand.fold(1)
    hand.fold(2)
    legal = hand.legal()
    assert legal is not None and hand.to_act == 3 and legal.can_raise
    answer = book.answer("blinds 100/200, utg opens 600, co shoves 1100, btn calls, can utg "
                         "reraise", profile=profile)
    assert answer.worked is not None and answer.worked.kind == "reopened"
    assert answer.worked.amount == legal.min_raise_to == 1600

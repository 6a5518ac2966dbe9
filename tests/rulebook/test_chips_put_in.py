"""Chips put in facing a bet, told with amounts (bot/rulebook/amount_words.py, amounts.py):
chips without a word (the 50% rule or a call, by profile), one oversized chip, chips short of
a call put in by mistake, a spoken amount against the chips, "raise" said with only the call,
"call and raise" said and called out as a string bet, a bet below the big blind, the least
lead of the first to act. Each question states the rule and the number the engine plays under
each profile; a spot not read for sure gives no number.

The phrasings are our own, written for the kinds of sentence, not copied from the query sets.
"""

from __future__ import annotations

import pytest

from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook

PROFILES = [make_profile(name) for name in PROFILE_NAMES]
DEEP = 10**7


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _all(number: int) -> dict[str, int]:
    return {name: number for name in PROFILE_NAMES}


def _fifty(raised: int, called: int) -> dict[str, int]:
    """The 50% rule's reading (TREPS, TDA) and the Tavern's (a call)."""
    return {"treps": raised, "tda": raised, "tavern": called}


# (question, rule, the number stated under each profile)
READ = [
    # chips put in without a word facing a bet or raise: 50% of the last raise, or a call
    ("blinds 100/200, utg to 600, i put 800 in no word", "fifty-percent", _fifty(1000, 600)),
    ("BLINDS 100/200 UTG RAISES TO 600 I SLIDE OUT 800 WITHOUT SAYING ANYTHING",
     "fifty-percent", _fifty(1000, 600)),
    ("at 100/200 co opens 600 and i silently toss in 850", "fifty-percent", _fifty(1000, 600)),
    ("he bets 400, i throw 500 in w/o saying anything", "fifty-percent", _all(400)),
    ("villain bets 1000 and I fling 1600 into the pot silently", "fifty-percent",
     _fifty(2000, 1000)),
    ("lol he bets 300 n i just drop 400 out w/o a word, whats that", "fifty-percent", _all(300)),
    ("guy leads 500, i slid 800 out quietly, what is it", "fifty-percent", _fifty(1000, 500)),
    ("ok so hj to 1500 at 250/500 and i chuck in 2200 no words, what is that", "fifty-percent",
     _fifty(2500, 1500)),
    ("he bets 2k and i just throw 3k out there, didnt say anything", "fifty-percent",
     _fifty(4000, 2000)),
    ("200/400 mp 1200 and dude slings 1900 silently", "fifty-percent", _fifty(2000, 1200)),
    ("seat 3 bets 500 and seat 5 silently puts in 800", "fifty-percent", _fifty(1000, 500)),
    # chips of one worth counted: what they come to, read by the 50% rule
    ("guy bets 800 and i drop two 500 chips no words", "fifty-percent", _all(800)),
    ("he bets 600, i put in two 500 chips silently", "fifty-percent", _fifty(1200, 600)),
    ("he bets 400, i put in two 500 chips silently", "make-it", _all(1000)),
    ("Player A bets 500. Player B, without saying anything, puts 800 in the pot. What is B's "
     "action?", "fifty-percent", _fifty(1000, 500)),
    ("villian bets 1000, i thru 1600 in silently", "fifty-percent", _fifty(2000, 1000)),
    ("river: villain bets 2,000. I toss 2,900 into the middle without announcing",
     "fifty-percent", _all(2000)),
    ("he bets 500 i put 700 in w/o sayin anything", "fifty-percent", _all(500)),
    ("utg makes it 500 at 100/200, i toss in 700 no declaration", "fifty-percent",
     _fifty(800, 500)),
    # chips added to a blind in: the chips in all are read
    ("bb with 200 in, button makes it 600, i silently add 600 more", "fifty-percent",
     _fifty(1000, 600)),
    ("at 100/200, btn raises to 600, im in the bb and add 600 without a word", "fifty-percent",
     _fifty(1000, 600)),
    ("he bets 600, i throw 900 silently, what does the 50 percent rule make it",
     "fifty-percent", _fifty(1200, 600)),
    ("bruh villain bets 1k n i slide 1.4k w/o sayin nothin", "fifty-percent", _all(1000)),
    # chips in two trips, no word: the first trip is the action
    ("he bets 400, i put 400 out then reach back for 600 more", "string-bet", _all(400)),
    ("he bets 300, she slid 300 out and then grabbed another 600", "string-bet", _all(300)),
    ("bet 300, villain slides 300 and then goes back for another 900", "string-bet", _all(300)),
    ("facing 500 he puts out 500, then goes back to his stack for 1000 more without saying "
     "raise", "string-bet", _all(500)),
    # one oversized chip with nothing said: a call, whatever the blinds
    ("button opens 900, I drop a single 5000 chip from the bb with nothing said", "single-chip",
     _all(900)),
    ("co opens 1100, sb flings one 5000 chip in without a word", "single-chip", _all(1100)),
    ("he bets 300, i toss a lone 1000 chip in silently", "single-chip", _all(300)),
    ("utg raises to 600 at 100/200, i throw one 5k chip w/o saying anything", "single-chip",
     _all(600)),
    ("bet 250, she slides a single 1000 chip forward, no words", "single-chip", _all(250)),
    ("he bets 350 and i drop one black 1000 chip", "single-chip", _all(350)),
    ("SHE TOSSES ONE 5000 CHIP VS MY 1200 BET", "single-chip", _all(1200)),
    ("bb 200, utg opens 500, i flick in a single 1k chip", "single-chip", _all(500)),
    ("he bets 500 and i call with a 1000 chip", "single-chip", _all(500)),
    ("he bets 400, i put in 1000 with one chip", "single-chip", _all(400)),
    ("he bets 400, i put 1000 out in a single chip, no words", "single-chip", _all(400)),
    ("he bets 400, i toss in one 1000 chip and say raise", "single-chip", _all(400)),
    ("utg to 800 at 200/400, i just call it with one 5k chip", "single-chip", _all(800)),
    ("he bets 1000, I put out a single 5000 chip without saying anything, call or raise?",
     "single-chip", _all(1000)),
    # the teller corrects the chip: the last one told
    ("bet 200, he tosses one green 25 chip... no wait a 1000 chip, no words", "single-chip",
     _all(200)),
    ("he bets 300 and drops a 100 chip, sorry, a 1000 chip", "single-chip", _all(300)),
    # chips short of a call, put in by mistake: he must make it the call
    ("he bets 600, i put out 500 thinking it was 500", "below-call", _all(600)),
    ("he bets 800, i toss in 500 thinking the bet was 500", "below-call", _all(800)),
    ("she bets 1000, i sling 700 out, misread it as 700", "below-call", _all(1000)),
    ("HE BETS 600 I PUT IN 400 BY MISTAKE", "below-call", _all(600)),
    ("he bets 1500, i put out 1000 cuz i thought it was 1000", "below-call", _all(1500)),
    ("she raised to 900, i thought it was 600 and put in 600", "below-call", _all(900)),
    ("facing 900 i put in 600 by accident", "below-call", _all(900)),
    ("he bets 600, i tosed in 500 thinkin it was 500", "below-call", _all(600)),
    ("he bets 600, i throw in 500 thinking it was 500, can i take it back", "below-call",
     _all(600)),
    ("she bets 800, he slides 500 out, says thats all he has, but he has more behind",
     "below-call", _all(800)),
    ("LOL HE BETS 600 AND I TOSS 500 THINKING IT WAS 500 WTF", "below-call", _all(600)),
    # the amount said binds, not the chips
    ("he bets 500, i say raise to 1500 and put out 1000", "verbal-declaration", _all(1500)),
    ("bet 400, i said 1200 but threw 800", "verbal-declaration", _all(1200)),
    ("he said raise to 2000 but only slid out 1500 vs my 800 bet", "verbal-declaration",
     _all(2000)),
    ("he bets 1000, i say 2500 and toss out 3000", "verbal-declaration", _all(2500)),
    ("he bets 1000, i say 2500 and only toss out 2000", "verbal-declaration", _all(2500)),
    # "call" said (or a call told) before chips past it: the call binds
    ("he says call and tosses 800 vs my 500 bet", "verbal-declaration", _all(500)),
    ("bet 500, he calls and tosses 800 in", "verbal-declaration", _all(500)),
    # "raise" said, then only the chips to call: the least raise, or the Tavern's call
    ("he bets 600, i say raise but only put in 600", "declared-raise", _fifty(1200, 600)),
    ("bet 500, she says raise and slides out 500", "declared-raise", _fifty(1000, 500)),
    ("SAYS RAISE AND ONLY PUTS OUT THE CALL vs a 700 bet", "declared-raise", _fifty(1400, 700)),
    ("HE SAYS RAISE THEN DROPS 1500 OVER MY 1000 BET", "declared-raise", _fifty(2000, 1000)),
    ("villain bets 1000 and i say raise n toss 1500", "declared-raise", _fifty(2000, 1000)),
    ("she said raise but just tossed in enough to call 800", "declared-raise",
     _fifty(1600, 800)),
    # "call and raise" said, the string bet called out: held to the call
    ("he said call 500 and raise 1000 more, string bet called. what is his bet", "string-bet",
     _all(500)),
    ("she says i call your 400 and raise 800, i object, whats her bet", "string-bet", _all(400)),
    ("he bets 400, she goes call 400 raise 800, someone yelled string, what now", "string-bet",
     _all(400)),
    ("i call your 500 and raise you 1500, someone objected, what is it", "string-bet",
     _all(500)),
    # a bet below the big blind, the least lead of the first to act
    ("bet 100 when the bb is 200 on the river - allowed?", "minimum-bet", _all(200)),
    ("can he lead for 150 on the turn at 100/200?", "minimum-bet", _all(200)),
    ("On the turn, with blinds of 200/400, can the first player bet 300?", "minimum-bet",
     _all(400)),
    ("can player B bet 150 on the river at 100/200", "minimum-bet", _all(200)),
    ("he led 150 into me at 100/200 on the flop, allowed?", "minimum-bet", _all(200)),
    ("FIRST TO ACT LEADS AT 2K/4K, WHATS THE SMALLEST HE CAN BET", "minimum-bet", _all(4000)),
    ("at 100/200 the first player leads out, what is the least he can lead", "minimum-bet",
     _all(200)),
    ("at 1k/2k the first player to act on the river wants to bet, min?", "minimum-bet",
     _all(2000)),
    ("first to act leads, smallest he can bet at 100/200", "minimum-bet", _all(200)),
    ("blinds 1k/2k, first player to act leads, whats the smallest lead", "minimum-bet",
     _all(2000)),
    ("at 250/500 on the flop, first to act leads out, min bet?", "minimum-bet", _all(500)),
    ("first to act on the turn at 500/1000, whats the least he can lead for", "minimum-bet",
     _all(1000)),
    ("flop at 200/400 he leads 250, legal?", "minimum-bet", _all(400)),
    # the blind the action folds to, saying raise it: the chips he adds
    ("sb 200 bb 400, utg to 1000, folds to sb who says raise it 2000. chips he adds?",
     "raise-it", _all(2800)),
]


@pytest.mark.parametrize(("query", "rule", "numbers"), READ, ids=[q for q, _, _ in READ])
def test_chips_put_in_are_worked_out(book: Rulebook, query: str, rule: str,
                                     numbers: dict[str, int]) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.kind == "confident" and answer.rule is not None, (query, profile.name)
        assert answer.worked is not None, (query, profile.name)
        assert (answer.rule.id, answer.worked.amount) == (rule, numbers[profile.name]), (
            query, profile.name, answer.rule.id, answer.worked.amount)


# Not read for sure: a bet believed that is not the chips put in, chips past the bet "by
# mistake", a size untold, a chip short of the call, a blind after the flop, a string bet nobody
# called out, a call said that is not the bet told, a raise over a lead of untold size, a chip
# corrected to one no less odd, chips put out by a player not named as acting, last chips
UNREAD = [
    "he bets 600, i put out 500 thinking it was 400",
    "he bets 600, i put out 800 thinking it was 800",
    "button opens, I drop a single 5000 chip from the bb with nothing said",
    "button opens 900, I drop a single 500 chip from the bb with nothing said",
    "he bets 900 on the flop, I drop a single 5000 chip from the bb",
    "she says i call your 400 and raise 800",
    "he bets 300, she says call 400 and raise 800, string bet called",
    "he said call and raise 1000, string bet called, what is his bet",
    "blinds 100/200, someone raises, i put 800 in silently",
    "he bets 500 and she raises, i throw in 1500 silently",
    "i put 800 in no word",
    "he bets 600, she tosses a single 500 chip in",
    "utg+1 opens 600 at 100/200, i put 800 in no word",
    "first to act leads at 100/200, min raise?",
    "first to act leads, smallest he can bet",
    "he shoves 2000, i jam 1500 thinking it was 1500",
    "he bets 600, i put out 500 thinking it was 500 then he raised to 2000",
    "he bets 300 and drops a 100 chip no a 200 chip",
    "he bets 500 and i call with a 100 chip",
    # a call, then chips past it: a string bet or a raise, the words do not say
    "he bets 500 and she calls and then puts in 800 more",
    "he bets 500, i call and add 500",
    "he bets 500, i put in 500 and add 500 more",
    "he bets 600 and i put 500 more in",
    # a position and a stack, not a raise
    "mp 1500 stack, utg opens 600 at 100/200, i put in 800 silently",
    # chips of two worths told one by one: what they come to is not read
    "he bets 400, i put in a 1000 chip and a 500 chip silently",
    # his last chips short of the call: an all-in, no short call to make good
    "he bets 600 and i put out 500 all in",
    "he bets 600, i put in my last 500",
    "i put 500 in facing 600 with my last chips",
    "he bets 600, i put out 500, thats all i have",
    "he bets 600 and i put 500 in, all i had left",
    # chips behind the player who put them in, not the bettor's stack
    "he bets 600 and i put in 500 with 500 behind",
    "can a bet of 150 stand on the river",
    "bettor puts out 1000, next guy silently pushes out 1800, what is it?",
]


@pytest.mark.parametrize("query", UNREAD)
def test_chips_not_read_for_sure_give_no_number(book: Rulebook, query: str) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.worked is None, (query, profile.name, answer.worked)


def _seats(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(i, f"s{i}", DEEP) for i in range(1, count + 1))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_silent_chips_after_a_position_to_a_size(book: Rulebook, profile: Profile) -> None:
    # the engine's own way: at 100/200 utg raises to 600, the next player puts in 800 silently
    hand = Hand.start(HandConfig("t", _seats(6), 6, 100, 200, profile=profile, deck_seed="c"))
    hand.raise_to(3, 600)
    acted = next(e for e in hand.make_it(4, 800) if isinstance(e, Acted))
    answer = book.answer("blinds 100/200, utg to 600, i put 800 in no word", profile=profile)
    assert answer.worked is not None and answer.worked.amount == acted.to
    assert acted.to == (1000 if profile.make_it == "fifty_percent" else 600)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_one_chip_from_the_big_blind_calls_the_raise(book: Rulebook, profile: Profile) -> None:
    # whatever the blinds, the big blind's call of an open to 900 comes to 900; the change is
    # not stated when the blind he had in is not said
    for small, big in ((25, 50), (100, 200), (200, 400)):
        hand = Hand.start(HandConfig("t", _seats(6), 6, small, big, profile=profile,
                                     deck_seed="c"))
        for seat in (3, 4, 5):
            hand.fold(seat)
        hand.raise_to(6, 900)
        hand.fold(1)
        acted = next(e for e in hand.call(2) if isinstance(e, Acted))
        assert acted.to == 900
    answer = book.answer("button opens 900, I drop a single 5000 chip from the bb with nothing "
                         "said", profile=profile)
    assert answer.worked is not None and answer.worked.figures == (900,)
    assert answer.worked.facts["returned"] == 0

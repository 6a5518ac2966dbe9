"""Questions with amounts: the number `/rule` states is the number the engine plays in that spot.

Each test drives the engine to the spot the question tells, its own way (other seats, blinds
and streets than bot/rulebook/amounts.py uses), and checks that the answer's number is what
the engine did there, under each profile where the profiles differ.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import BelowCall
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted, Posted, Ruling, UncalledReturned
from bot.engine.pots import build_pots, split
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.amounts import work_out
from bot.tournament import events as tev

from .test_truth import CLOCK_AFTER_SECONDS, T0, _tournament

DEEP = 100_000
PROFILES = [make_profile(name) for name in PROFILE_NAMES]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _hand(profile: Profile, stacks: list[int], blinds: tuple[int, int] = (25, 50),
          button: int | None = None) -> Hand:
    seats = tuple(Seat(i, f"s{i}", stack) for i, stack in enumerate(stacks, start=1))
    return Hand.start(HandConfig("t", seats, button or len(stacks), *blinds, profile=profile,
                                 deck_seed="amounts"))


def _to_flop(hand: Hand) -> Hand:
    """Everyone calls the big blind and the big blind checks: the flop is dealt."""
    while hand.street == "preflop":
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    return hand


def _act(hand: Hand) -> int:
    assert hand.to_act is not None
    return hand.to_act


def _answer(book: Rulebook, query: str, profile: Profile) -> tuple[str, tuple[int, ...]]:
    answer = book.answer(query, profile=profile)
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.worked is not None, query
    return answer.rule.id, answer.worked.figures


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_minimum_reraise_after_a_raise(book: Rulebook, profile: Profile) -> None:
    # blinds 25/50, the first player raises to 100: the next minimum raise is to 150
    hand = _hand(profile, [DEEP] * 4)
    hand.raise_to(_act(hand), 100)
    legal = hand.legal()
    assert legal is not None
    expected = legal.min_raise_to
    rule, figures = _answer(book, "he raised 50 to 100, whats the least i can reraise to",
                            profile)
    assert (rule, figures) == ("minimum-raise", (expected,)) and expected == 150
    rule, figures = _answer(book, "blinds 25/50, he raises to 100, min reraise?", profile)
    assert (rule, figures) == ("minimum-raise", (expected,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_short_all_in_after_a_bet(book: Rulebook, profile: Profile) -> None:
    """Tavern example 1: A bets 1,000, B is all-in for 1,200; C's raise is to 2,200 at
    least, and after C calls, A may only call or fold."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, 1250, DEEP], blinds=(25, 50), button=1))
    a = _act(hand)
    hand.bet(a, 1000)
    hand.all_in(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "1000 bet then a 1200 all-in, min raise?", profile)
    assert (rule, figures) == ("incomplete-all-in", (legal.min_raise_to,))
    assert legal.min_raise_to == 2200
    c = _act(hand)
    hand.call(c)
    while hand.to_act != a:
        hand.fold(_act(hand))
    back = hand.legal()
    assert back is not None and not back.can_raise
    rule, figures = _answer(book, "A bets 1000, B all in 1200, C calls, can A raise?", profile)
    assert (rule, figures) == ("not-reopened", (back.call_amount,)) and back.call_amount == 200


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_short_all_ins_that_add_up(book: Rulebook, profile: Profile) -> None:
    """Tavern example 2: then D is all-in for 2,100; A may raise under TREPS and the TDA (the
    all-ins add up to a full raise), not under the Tavern rules."""
    hand = _to_flop(_hand(profile, [DEEP, 1250, DEEP, 2150], blinds=(25, 50), button=4))
    a = _act(hand)
    hand.bet(a, 1000)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    hand.all_in(_act(hand))
    assert hand.to_act == a
    legal = hand.legal()
    assert legal is not None
    assert legal.can_raise == profile.cumulative_short_all_ins_reopen
    expected = legal.min_raise_to if legal.can_raise else legal.call_amount
    rule, figures = _answer(
        book, "A bets 1000, B all in 1200, C calls, D all in 2100, can A raise?", profile)
    assert (rule, figures) == ("cumulative-all-ins", (expected,))
    assert expected == (3100 if legal.can_raise else 1100)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chips_without_a_word_facing_a_raise(book: Rulebook, profile: Profile) -> None:
    """100/200, a raise to 600, then 850 put in silently: the 50% rule makes it a raise to
    1,000 (TREPS, TDA); the Tavern rules make it a call of 600. Either way the rule is the
    one on chips put in without a word (its Tavern text says the league does not play 50%)."""
    hand = _hand(profile, [DEEP] * 5, blinds=(100, 200))
    hand.raise_to(_act(hand), 600)
    seat = _act(hand)
    events = hand.make_it(seat, 850)
    acted = next(e for e in events if isinstance(e, Acted))
    rulings = {e.rule_id for e in events if isinstance(e, Ruling)}
    rule, figures = _answer(book, "facing a raise to 600 at 100/200 he silently puts in 850",
                            profile)
    assert figures == (acted.to,)
    assert acted.to == (1000 if profile.make_it == "fifty_percent" else 600)
    assert ("fifty-percent" in rulings) == (profile.make_it == "fifty_percent")
    assert rule == "fifty-percent"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_declared_raise_too_small(book: Rulebook, profile: Profile) -> None:
    hand = _hand(profile, [DEEP] * 5, blinds=(100, 200))
    hand.raise_to(_act(hand), 600)
    events = hand.raise_to(_act(hand), 800)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "he said raise to 800 facing 600 at blinds 100/200", profile)
    assert (rule, figures) == ("declared-raise", (acted.to,))
    assert acted.to == (1000 if profile.short_declared_raise == "minimum" else 600)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_it_from_the_small_blind(book: Rulebook, profile: Profile) -> None:
    """Tavern declaration 3: 100/200, C raises to 400, the small blind "raises it 1000": he
    makes it 1,400 and puts in 1,300."""
    hand = _hand(profile, [DEEP] * 3, blinds=(100, 200), button=3)
    hand.raise_to(_act(hand), 400)  # the button, first to act three-handed
    sb = _act(hand)
    assert sb == 1
    events = hand.raise_by(sb, 1000)
    acted = next(e for e in events if isinstance(e, Acted))
    for asked in ("i raise it 1000 from the small blind, blinds 100/200, C raised to 400, how "
                  "much do i put in",
                  "sb 100 bb 200 raise to 400, sb says raise it 1000, how much goes in",
                  "facing 400 i said raise it 1000 from the sb with 100 in, how much do i put in"):
        rule, figures = _answer(book, asked, profile)
        assert rule == "raise-it", asked
        assert figures == (acted.added, acted.to) == (1300, 1400), asked


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_one_amount_threw_another(book: Rulebook, profile: Profile) -> None:
    """The spoken amount binds: "said 300 and threw 500" is a bet of 300."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    events = hand.bet(_act(hand), 300)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "he said 300 and threw 500", profile)
    assert (rule, figures) == ("verbal-declaration", (acted.to,)) and acted.to == 300


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_raise_then_only_the_chips_to_call(book: Rulebook, profile: Profile) -> None:
    """TREPS and the TDA hold a declared raise to the minimum raise; the Tavern rules read the
    chips in as "make it": a call."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 400)
    seat = _act(hand)
    legal = hand.legal()
    assert legal is not None
    minimum = legal.min_raise_to
    if profile.short_declared_raise == "minimum":
        expected = minimum
    else:
        events = hand.make_it(seat, 400)
        expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "said raise and put in just enough to call the 400 bet",
                            profile)
    assert (rule, figures) == ("declared-raise", (expected,))
    assert expected == (800 if profile.short_declared_raise == "minimum" else 400)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_raise_then_chips_short_of_a_raise(book: Rulebook, profile: Profile) -> None:
    """"Raise" said, then chips above the call and short of a full raise: the minimum raise
    where a short declaration is made the minimum, else the chips read as "make it"."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 800)
    seat = _act(hand)
    legal = hand.legal()
    assert legal is not None
    if profile.short_declared_raise == "minimum":
        expected = legal.min_raise_to
    else:
        events = hand.make_it(seat, 1000)
        expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "i said raise and put in 1000 facing 800", profile)
    assert (rule, figures) == ("declared-raise", (expected,))
    assert expected == (1600 if profile.short_declared_raise == "minimum" else 800)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_raise_then_a_full_raise_of_chips(book: Rulebook, profile: Profile) -> None:
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 800)
    events = hand.raise_to(_act(hand), 2000)
    expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "he said raise and threw out 2000 facing 800", profile)
    assert (rule, figures) == ("declared-raise", (expected,)) and expected == 2000


@pytest.mark.parametrize("query", [
    "i bet 2000 he calls all in for 700, how much comes back to me",
    "i shove 2000, only caller has 700, how much do i get back",
    "bet 2000 he calls 700 because thats all he has, what happens to my extra 1300",
    # "bb" before a deed is the player in the big blind, not its size
    "shoved 2000, bb calls off his 700, how much gets returned",
])
def test_the_part_of_a_bet_nobody_called(book: Rulebook, query: str) -> None:
    """A bet of 2,000 called all-in for 700: the engine hands back the 1,300 nobody matched."""
    profile = make_profile("tda")
    # the caller has 700 left after calling the big blind before the flop
    hand = _to_flop(_hand(profile, [DEEP, 750, DEEP], button=3))
    hand.bet(_act(hand), 2000)
    hand.all_in(_act(hand))  # seat 2 calls all-in for the 700 he has left
    hand.fold(_act(hand))
    returned = [e.amount for e in hand.events if isinstance(e, UncalledReturned)]
    rule, figures = _answer(book, query, profile)
    assert (rule, figures) == ("uncalled-bet", (returned[0],)) and returned == [1300]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_one_big_chip_without_a_word(book: Rulebook, profile: Profile) -> None:
    """Facing a bet of 400, one 5,000 chip tossed in with no word is a call: what the engine's
    call puts in."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 400)
    events = hand.call(_act(hand))
    expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "he bet 400, i tossed one 5k chip no word, how much is in",
                            profile)
    assert (rule, figures) == ("single-chip", (expected,)) and expected == 400


def test_a_declared_raise_past_the_stack(book: Rulebook) -> None:
    profile = make_profile("tavern")
    hand = _to_flop(_hand(profile, [DEEP, 4100 + 50, DEEP], blinds=(25, 50), button=1))
    events = hand.bet(_act(hand), 6000)  # naming more than the stack
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "he said raise to 6000 but only has 4100 left", profile)
    assert (rule, figures) == ("all-in-over-stack", (acted.to,)) and acted.to == 4100


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_call_and_threw_more(book: Rulebook, profile: Profile) -> None:
    """"Call" said facing 400, and 1,000 thrown in: the word binds, a call of 400."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 400)
    events = hand.call(_act(hand))
    expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "said call on a 400 bet and threw in 1000", profile)
    assert (rule, figures) == ("verbal-declaration", (expected,)) and expected == 400


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_trip_back_for_more_chips(book: Rulebook, profile: Profile) -> None:
    """Facing 500, 600 put in and then a trip back for 800 more, "raise" never said: only the
    first chips count, as the engine reads them (the 50% rule or the league's call)."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 500)
    events = hand.make_it(_act(hand), 600)
    expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "facing 500 he put in 600 and then went back for 800 more",
                            profile)
    assert (rule, figures) == ("string-bet", (expected,)) and expected == 500


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_told_then_the_next_minimum(book: Rulebook, profile: Profile) -> None:
    """"He bets 500 then I raise to 1,200": the raise is told, the question is his re-raise."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 500)
    hand.raise_to(_act(hand), 1200)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "he bets 500 then i raise to 1200, whats his min reraise",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == (
        "minimum-raise", (1900,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_minimum_open_before_the_flop(book: Rulebook, profile: Profile) -> None:
    """"Min open" at 50/100 with no street named: the first raise before the flop, to 200;
    an "opening bet" after it is one big blind."""
    hand = _hand(profile, [DEEP] * 4, blinds=(50, 100))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "blinds 50/100 what's the min open", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) and figures == (200,)
    rule, figures = _answer(book, "whats the smallest opening bet at 50/100", profile)
    assert (rule, figures) == ("minimum-bet", (100,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_counts_and_guesses_are_not_chips(book: Rulebook, profile: Profile) -> None:
    """"3 limpers", "level 4" count; "is 1600 the smallest", "can I lead for 200?" are the
    player's guesses: the answer is the engine's minimum, whatever the guess."""
    hand = _hand(profile, [DEEP] * 6, blinds=(100, 200))
    for _ in range(3):
        hand.call(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "3 limpers at 200 bb, min raise is to what", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) and figures == (400,)
    hand = _to_flop(_hand(profile, [DEEP] * 4, blinds=(25, 50), button=1))
    hand.bet(_act(hand), 400)
    hand.raise_to(_act(hand), 1000)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 400 raise to 1000, is 1200 the smallest legal reraise",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) and figures == (1600,)
    hand = _to_flop(_hand(profile, [DEEP] * 4, blinds=(200, 400), button=1))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "level 4 is 200/400, can i lead the flop for 200? whats the min",
                            profile)
    assert (rule, figures) == ("minimum-bet", (legal.min_raise_to,)) and figures == (400,)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_deeds_before_the_flop_answer_the_big_blind(book: Rulebook, profile: Profile) -> None:
    """Before the flop the big blind is the bet a deed answers: "raise" said with 150 put in,
    "make it 150" facing the 100 big blind, one 500 chip dropped in silently."""
    hand = _hand(profile, [DEEP] * 4, blinds=(50, 100))
    legal = hand.legal()
    assert legal is not None
    declared = (legal.min_raise_to if profile.short_declared_raise == "minimum"
                else next(e for e in hand.make_it(_act(hand), 150) if isinstance(e, Acted)).to)
    rule, figures = _answer(book, "blinds 50/100, he says raise and puts 150 in. what's the raise",
                            profile)
    assert figures == (declared,)
    hand = _hand(profile, [DEEP] * 4, blinds=(50, 100))
    made = next(e for e in hand.make_it(_act(hand), 150) if isinstance(e, Acted))
    rule, figures = _answer(book, "50/100 im facing 100 and say make it 150", profile)
    assert (rule, figures) == ("make-it", (made.to,))
    assert made.to == (200 if profile.make_it == "fifty_percent" else 100)
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    chip = next(e for e in hand.make_it(_act(hand), 200) if isinstance(e, Acted))
    rule, figures = _answer(book, "blinds 100/200 utg drops a single 500 chip silently whats his "
                                  "action", profile)
    assert (rule, figures) == ("single-chip", (chip.to,)) and chip.to == 200


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_made_then_raise_it_from_the_big_blind(book: Rulebook, profile: Profile) -> None:
    """"hj makes 500" is a raise to 500; the big blind "raises it 1000" to 1,500, adding 1,300
    to the 200 he has in."""
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200), button=4)
    hand.raise_to(_act(hand), 500)  # seat 3
    hand.fold(_act(hand))  # the button
    hand.fold(_act(hand))  # the small blind
    events = hand.raise_by(_act(hand), 1000)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "sb 100 bb 200 hj makes 500, i say raise it 1000 from the bb, "
                                  "how many more chips do i put in", profile)
    assert (rule, figures) == ("raise-it", (acted.added, acted.to)) == ("raise-it", (1300, 1500))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_how_much_more_after_a_short_all_in(book: Rulebook, profile: Profile) -> None:
    """A bet of 600 called, then an all-in for 750: the caller owes what the engine asks of
    him, 150 more."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, 800, DEEP], blinds=(25, 50), button=1))
    first = _act(hand)
    hand.bet(first, 600)
    hand.all_in(_act(hand))
    while hand.to_act != first:
        hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 600, shortie all in 750, i already called 600? how much "
                                  "more", profile)
    assert figures == (legal.call_amount,) == (150,)


def test_an_uneven_split_with_no_chip_named_gives_no_number() -> None:
    """Odd chips go by the smallest chip in play: unnamed, the shares are not worked out."""
    assert work_out("chop a 2600 pot three ways, who gets what", make_profile("tda")) is None
    worked = work_out("chop a 2700 pot three ways, who gets what", make_profile("tda"))
    assert worked is not None and worked.figures == (900,)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_ruling_asked_on_the_raise_told(book: Rulebook, profile: Profile) -> None:
    """"Raise to 1500 vs a 1000 bet, floor says?": the raise told last is the declaration
    asked about, played as the engine plays a declared raise; a full raise is answered with
    the minimum it meets."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 1000)
    events = hand.raise_to(_act(hand), 1500)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "raise to 1500 vs a 1000 bet, floor says?", profile)
    assert (rule, figures) == ("declared-raise", (acted.to,))
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 300)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 300 raise to 600 is that legal", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (600,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_make_it_told_after_the_bet_and_the_last_raise(book: Rulebook, profile: Profile) -> None:
    """"The bet was 400 and the last raise 200": a bet of 200 raised to 400; "make it 450"
    is 50 over the call, under half a raise: a call of 400 wherever the 50% rule or the
    Tavern reading applies (the engine's)."""
    hand = _to_flop(_hand(profile, [DEEP] * 4, button=1))
    hand.bet(_act(hand), 200)
    hand.raise_to(_act(hand), 400)
    events = hand.make_it(_act(hand), 450)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "make it 450 when the bet was 400 and last raise 200?", profile)
    assert (rule, figures) == ("make-it", (acted.to,)) and acted.to == 400


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_how_much_does_the_opener_call(book: Rulebook, profile: Profile) -> None:
    """A bets 1,000, B and D all-in for 1,200 and 2,100: "how much does A call" is the call
    the engine asks of A, 1,100."""
    hand = _to_flop(_hand(profile, [DEEP, 1250, DEEP, 2150, DEEP], button=5))
    a = _act(hand)
    hand.bet(a, 1000)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    hand.all_in(_act(hand))
    while hand.to_act != a:
        hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "a bets 1000 b jams 1200 d jams 2100, how much does a call",
                            profile)
    assert rule == "cumulative-all-ins"
    # the call asked comes first; where the all-ins add up, the raise he may make after it
    expected = ((legal.call_amount, legal.min_raise_to) if legal.can_raise
                else (legal.call_amount,))
    assert figures == expected
    assert legal.call_amount == 1100


def test_an_amount_below_the_call(book: Rulebook) -> None:
    profile = make_profile("tda")
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 800)
    with pytest.raises(BelowCall):
        hand.make_it(_act(hand), 500)
    for asked in ("i bet 500 into his bet of 800, what now", "800 to call, i only put 500 in"):
        rule, figures = _answer(book, asked, profile)
        # the call in all, and what must be added to the 500 put in to make it
        assert (rule, figures) == ("below-call", (hand.current_bet, hand.current_bet - 500))


def test_more_than_the_stack(book: Rulebook) -> None:
    profile = make_profile("tda")
    hand = _to_flop(_hand(profile, [DEEP, 2250, DEEP], button=1))
    events = hand.bet(_act(hand), 5000)
    acted = next(e for e in events if isinstance(e, Acted))
    for asked in ("i have 2200 left and typed bet 5000", "i typed bet 5000 but only have 2200"):
        rule, figures = _answer(book, asked, profile)
        assert (rule, figures) == ("all-in-over-stack", (acted.to,)) and acted.to == 2200


def test_an_odd_chip(book: Rulebook) -> None:
    shares = split(1025, [4, 7], button=2, table_size=9, unit=25)
    rule, figures = _answer(book, "split pot of 1025 two ways with 25 chips, who gets what",
                            make_profile("treps"))
    assert rule == "odd-chip"
    assert figures == tuple(sorted(set(shares.values()), reverse=True)) == (525, 500)


def test_the_smallest_chip_said_as_a_sentence(book: Rulebook) -> None:
    """"100 is the smallest chip" names the unit the shares are whole multiples of."""
    shares = split(2600, [2, 5, 8], button=1, table_size=9, unit=100)
    rule, figures = _answer(book, "3 way chop of 2600, 100 is the smallest chip, who gets what",
                            make_profile("tavern"))
    assert rule == "odd-chip"
    assert figures == tuple(sorted(set(shares.values()), reverse=True)) == (900, 800)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_how_much_to_call_when_it_comes_back(book: Rulebook, profile: Profile) -> None:
    """A bets 600, B is all-in for 900, C calls: back to A, what he owes is the call the
    engine offers, and the short all-in leaves him no raise; "back to me" is the action
    coming back, not chips returned."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, 900 + 50, DEEP], blinds=(25, 50), button=1))
    a = _act(hand)
    hand.bet(a, 600)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    while hand.to_act != a:
        hand.fold(_act(hand))
    back = hand.legal()
    assert back is not None and not back.can_raise
    for query in ("bet 600, shortie allin 900, guy calls, back to me. how much to call",
                  "i bet 600, b allins 900, c calls. back to me, how much to call, can i raise?"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("not-reopened", (back.call_amount,)), query
    assert back.call_amount == 300


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_make_it_said_is_the_make_it_rule(book: Rulebook, profile: Profile) -> None:
    """"Make it 1,600" said facing a bet of 1,000 is the make-it rule, whatever the engine
    makes of the amount (the 50% rule's raise to 2,000, or a call of 1,000)."""
    hand = _to_flop(_hand(profile, [DEEP] * 4, blinds=(25, 50), button=1))
    hand.bet(_act(hand), 1000)
    events = hand.make_it(_act(hand), 1600)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "bet 1000, guy says make it 1600", profile)
    assert (rule, figures) == ("make-it", (acted.to,))
    assert acted.to == (2000 if profile.make_it == "fifty_percent" else 1000)


@pytest.mark.parametrize("query", [
    "what is the ante at 200/400", "race off the 25 chips", "he's been thinking for 3 minutes",
    "blinds 100/200", "i typed 99999", "side pot with three players all in",
])
def test_other_questions_with_numbers_fall_back_to_the_rule(query: str) -> None:
    for profile in PROFILES:
        assert work_out(query, profile) is None, (query, profile.name)


def test_a_spot_the_engine_refuses_is_not_answered_with_a_number() -> None:
    """A raise from 100 to 120 is below the minimum raise: no such spot, so no number."""
    assert work_out("he raised 100 to 120, min reraise?", make_profile("tda")) is None


def test_side_pots(book: Rulebook) -> None:
    """A all-in for 300, B for 700, C calls: the pots the engine builds when it plays it (the
    blinds are part of what each put in: the hand is dealt with blinds of 25/50)."""
    hand = _hand(make_profile("tda"), [300, 700, DEEP], blinds=(25, 50), button=3)
    while hand.street == "preflop" and not hand.is_over and hand.to_act is not None:
        seat = _act(hand)
        if hand.player(seat).stack + hand.player(seat).bet <= 700:
            hand.all_in(seat)
        else:
            hand.call(seat)
    pots = [p.amount for p in hand.pots() if len(p.eligible) > 1]
    rule, figures = _answer(book, "A is all in for 300, B all in for 700, C calls, how big are "
                                  "the side pots", make_profile("tda"))
    assert rule == "side-pots"
    assert figures == tuple(pots) == (900, 800)


def test_side_pots_when_two_players_call(book: Rulebook) -> None:
    """A all-in for 500, B and C both put in 2,000: a main pot of 1,500 among the three and a
    side pot of 3,000 between B and C, as the engine builds them (the small blind is A, all-in
    for 500 with his blind; the big blind calls 2,000 with his)."""
    hand = _hand(make_profile("treps"), [500, DEEP, DEEP, DEEP], blinds=(25, 50), button=4)
    hand.raise_to(_act(hand), 2000)  # seat 3
    hand.fold(_act(hand))  # the button
    hand.all_in(_act(hand))  # the small blind, 500 in all
    hand.call(_act(hand))  # the big blind, 2,000 in all
    pots = [p.amount for p in hand.pots() if len(p.eligible) > 1]
    rule, figures = _answer(book, "ignoring blinds: a allin 500, b and c both call 2000. main "
                                  "pot size?", make_profile("treps"))
    assert rule == "side-pots" and figures == tuple(pots) == (1500, 3000)


def test_side_pots_when_two_players_call_without_both(book: Rulebook) -> None:
    """"B and C call" is two calls, with or without the amount: A all-in for 500 and two
    callers make a main pot of 1,500; a second all-in for 2,000 called by two more makes a
    side pot between the three who put in 2,000."""
    three = [p.amount for p in build_pots({1: 500, 2: 500, 3: 500}, [1, 2, 3])]
    rule, figures = _answer(book, "3 way, a all in 500, b and c call. main pot (no blinds)?",
                            make_profile("treps"))
    assert rule == "side-pots" and figures == tuple(three) == (1500,)
    four = [p.amount for p in build_pots({1: 200, 2: 500, 3: 500, 4: 500}, [1, 2, 3, 4])]
    rule, figures = _answer(book, "a all in 200, b all in 500, c and d call 500. side pot size",
                            make_profile("treps"))
    # the side pot asked about first, then the main pot
    assert rule == "side-pots" and figures == tuple(four)[::-1] == (900, 800)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_said_a_raise_to_and_pushed_less(book: Rulebook, profile: Profile) -> None:
    """"Said raise to 1,200 but only pushed 900" facing 500: the spoken raise binds, as the
    engine plays the declaration."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 500)
    events = hand.raise_to(_act(hand), 1200)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "facing 500 i said raise to 1200 but only pushed 900. what do "
                                  "i owe total", profile)
    assert (rule, figures) == ("verbal-declaration", (acted.to,)) and acted.to == 1200


def test_going_back_for_more_is_no_chips_returned() -> None:
    """"Went back for 600 more" is a trip back for chips, not a bet handed back."""
    worked = work_out("said raise, put 200 to call then went back for 600 more. total?",
                      make_profile("treps"))
    assert worked is None or worked.rule_id != "uncalled-bet"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_short_all_ins_back_to_the_opener(book: Rulebook, profile: Profile) -> None:
    """A bets 200, B is all-in for 300 and C for 450 (each short of a full raise), D calls:
    the opener may raise again only where short all-ins add up (TREPS, TDA), to 650."""
    hand = _to_flop(_hand(profile, [DEEP, 350, 500, DEEP], blinds=(25, 50), button=4))
    hand.bet(_act(hand), 200)
    hand.all_in(_act(hand))
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    legal = hand.legal()
    assert legal is not None and hand.to_act == 1
    assert legal.can_raise == profile.cumulative_short_all_ins_reopen
    expected = legal.min_raise_to if legal.can_raise else legal.call_amount
    rule, figures = _answer(book, "bet 200, allin 300, allin 450 back to the opener. min raise?",
                            profile)
    assert (rule, figures) == ("cumulative-all-ins", (expected,))
    assert expected == (650 if legal.can_raise else 250)


@pytest.mark.parametrize("profile", [*PROFILES, make_profile("treps", clock_seconds=90)],
                         ids=lambda p: repr(p.overrides or p.name))
def test_the_clock(book: Rulebook, profile: Profile) -> None:
    """The seconds stated are those the director gives once the clock is called."""
    t = _tournament(profile)
    hand = t.start_hand(1, "deal", T0)
    legal = hand.legal()
    assert legal is not None
    caller = next(p for s, p in t.tables[1].seats.items() if s != legal.seat)
    (called,) = [e for e in t.call_clock(1, caller, T0 + CLOCK_AFTER_SECONDS)
                 if isinstance(e, tev.ClockCalled)]
    rule, figures = _answer(book, "how long do I have once the clock is called", profile)
    assert (rule, figures) == ("clock", (round(called.expires_at - called.at),))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_sizes_said_as_multiples(book: Rulebook, profile: Profile) -> None:
    """"Opens 3x" before the flop is three big blinds; "3bb" likewise; "raises to 3x" after a
    bet is three times that bet. The next minimum raise is the engine's after that raise."""
    hand = _hand(profile, [DEEP] * 5, blinds=(100, 200))
    hand.raise_to(_act(hand), 600)
    legal = hand.legal()
    assert legal is not None
    for query in ("100/200, utg opens 3x, whats the min 3bet",
                  "100/200 he opens to 3bb, min reraise"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == (
            "minimum-raise", (1000,)), query
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 400)
    hand.raise_to(_act(hand), 1200)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 400 and he raises to 3x, min reraise", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (2000,))


@pytest.mark.parametrize("query", ["raise to 3x, min reraise", "can we run it 2x",
                                   "he raises it 3x his bet of 400, min reraise"])
def test_a_multiple_of_nothing_said_gives_no_number(book: Rulebook, query: str) -> None:
    """A multiple whose base is not said (or not after a word that bets) is no amount: no
    number is worked out rather than a guessed one."""
    answer = book.answer(query, profile=make_profile("tda"))
    assert answer.worked is None


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raises_told_by_an_amount_or_as_the_minimum(book: Rulebook, profile: Profile) -> None:
    """"He raises by 3k" over a 2k bet is a raise to 5k; "min raises" is the least raise; the
    next minimum raise is the engine's after them, and "what's that to" is the raise's total."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(500, 1000)))
    hand.bet(_act(hand), 2000)
    hand.wager_to(_act(hand), 5000)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "2k bet on the flop, he raises by 3k, whats the min re-raise",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (8000,))
    hand = _hand(profile, [DEEP] * 4, blinds=(400, 800))
    seat = _act(hand)
    first = hand.legal()
    assert first is not None
    hand.wager_to(seat, first.min_raise_to)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "blinds 400/800 button min raises, sb wants to 3bet, minimum?",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (2400,))
    hand = _hand(profile, [DEEP] * 4, blinds=(300, 600))
    events = hand.raise_by(_act(hand), 600)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "blinds 300/600 utg raises by 600, whats that to", profile)
    assert rule == "raise-it" and figures[0] == to == 1200


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_pot_sized_bet(book: Rulebook, profile: Profile) -> None:
    """"Bets pot" where the pot is said is a bet of the pot; the pot's size is no bet faced."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 900)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "pot is 900 and he bets pot on the flop, min raise?", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (1800,))
    answer = book.answer("he bets pot, min raise?", profile=profile)
    assert answer.worked is None and answer.kind != "confident"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_makes_it_told_last(book: Rulebook, profile: Profile) -> None:
    """"Bet 500, he makes it 900": the engine's reading of those chips under the profile (the
    50% rule's full raise to 1,000, or Tavern's call)."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 500)
    events = hand.make_it(_act(hand), 900)
    expected = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "bet 500 he makes it 900", profile)
    assert rule in ("make-it", "fifty-percent") and figures == (expected,)
    assert expected == (1000 if profile.make_it == "fifty_percent" else 500)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_can_i_raise_again_after_my_own_raise(book: Rulebook, profile: Profile) -> None:
    """"He bets 1200, I raise to 2400, he shoves": the question is the raiser's, not the
    bettor's. Short of a full raise, he may only call; a full raise reopens it for him."""
    for shove, reopened in ((3000, False), (4000, True)):
        hand = _to_flop(_hand(profile, [DEEP, DEEP, shove + 50, DEEP], button=4))
        hand.bet(_act(hand), 1200)
        me = _act(hand)
        hand.raise_to(me, 2400)
        hand.all_in(_act(hand))
        hand.call(_act(hand))
        hand.fold(_act(hand))
        assert hand.to_act == me
        legal = hand.legal()
        assert legal is not None and legal.can_raise == reopened
        rule, figures = _answer(
            book, f"flop he bets 1200, i raise to 2400, he shoves {shove}, can i reraise",
            profile)
        assert rule == "not-reopened"
        assert figures == ((legal.min_raise_to,) if reopened else (legal.call_amount,))


def test_ties_and_antes_said_beside_the_amounts(book: Rulebook) -> None:
    """A tie splits like a chop; an ante said beside the blinds is no bet."""
    shares = split(1350, [3, 6], button=2, table_size=9, unit=50)
    rule, figures = _answer(book, "2 players tie, 1,350 pot, 50 chips smallest",
                            make_profile("tavern"))
    assert rule == "odd-chip"
    assert figures == tuple(sorted(set(shares.values()), reverse=True)) == (700, 650)
    hand = _to_flop(_hand(make_profile("tda"), [DEEP] * 3, blinds=(2000, 4000)))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "whats the min bet at 2k/4k with a 4k ante",
                            make_profile("tda"))
    assert (rule, figures) == ("minimum-bet", (legal.min_raise_to,)) == ("minimum-bet", (4000,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_told_after_the_bet_it_followed(book: Rulebook, profile: Profile) -> None:
    """"He raised by 400 after a 400 bet": the bet came first, whatever order it is told in;
    "and again to 2700" is one more raise."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 400)
    hand.wager_to(_act(hand), 800)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "he raised by 400 after a 400 bet, min 3bet?", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (1200,))
    hand = _to_flop(_hand(profile, [DEEP] * 5))
    for to in (100, 300, 900, 2700):
        hand.wager_to(_act(hand), to)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(
        book, "bet 100, raise to 300, reraise to 900, and again to 2700: min raise now", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (4500,))


def test_a_stack_said_with_got_and_a_chip_that_comes_in(book: Rulebook) -> None:
    """"I got 650 and say bet 1000" is all-in for 650; a single chip that "comes in" without
    a word is a call."""
    rule, figures = _answer(book, "i got 650 in my stack and say bet 1000", make_profile("treps"))
    assert (rule, figures) == ("all-in-over-stack", (650,))
    profile = make_profile("tda")
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 300)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "he bets 300 and a single 1k chip comes in from the next guy "
                                  "without a word", profile)
    assert (rule, figures) == ("single-chip", (legal.call_amount,)) == ("single-chip", (300,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_of_so_much_more_and_coming_back_over_the_top(book: Rulebook,
                                                             profile: Profile) -> None:
    """"Raises 1.8k more" over a 900 bet is a raise to 2,700; "can the bettor come back over
    the top" asks whether the betting is reopened for him, not for chips coming back."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 900)
    hand.wager_to(_act(hand), 2700)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 900 turn, he raises 1.8k more, min re-raise", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (4500,))
    hand = _to_flop(_hand(profile, [DEEP, 1350, DEEP], button=3))
    bettor = _act(hand)
    hand.bet(bettor, 600)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    legal = hand.legal()
    assert legal is not None and hand.to_act == bettor and legal.can_raise
    rule, figures = _answer(
        book, "600 bet and a 1300 shove, can the bettor come back over the top after a call",
        profile)
    assert (rule, figures) == ("not-reopened", (legal.min_raise_to,)) == ("not-reopened",
                                                                          (2000,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_share_of_the_pot_and_a_bet_into_a_pot(book: Rulebook, profile: Profile) -> None:
    """"A 1/2 pot bet into 3000" is a bet of 1,500; "bet 1000 into 3000" is a bet of 1,000
    into a pot of 3,000 (no bet of 3,000 faced): the engine's next minimum raise after each."""
    for query, bet in (("flop: 1/2 pot bet into 3000, min raise", 1500),
                       ("he fires 2/3 pot into 4500 on the turn, whats my min raise", 3000),
                       ("bet 1000 into 3000, min raise", 1000)):
        hand = _to_flop(_hand(profile, [DEEP] * 3))
        hand.bet(_act(hand), bet)
        legal = hand.legal()
        assert legal is not None
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == (
            "minimum-raise", (2 * bet,)), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_bet_told_first_is_not_chips_put_in(book: Rulebook, profile: Profile) -> None:
    """"Bet 400, raise to 1200, all-in 1500 over that": three deeds told in order; the
    next raise is the all-in plus the last full raise (800)."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, 1550, DEEP], button=4))
    hand.bet(_act(hand), 400)
    hand.raise_to(_act(hand), 1200)
    hand.all_in(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(
        book, "bet 400, raise to 1200, allin 1500 over that, what's the min reraise now", profile)
    assert (rule, figures) == ("incomplete-all-in", (legal.min_raise_to,)) == (
        "incomplete-all-in", (2300,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_player_named_in_can_he_raise(book: Rulebook, profile: Profile) -> None:
    """A bets 300, B raises to 800, C is all-in for 1,000, D calls: A faces a full raise and may
    raise again; B faces only C's 200 more and may not. The answer is for the player named."""
    for who in ("A", "B"):
        hand = _to_flop(_hand(profile, [DEEP, DEEP, 1050, DEEP, DEEP], button=5))
        a = _act(hand)
        hand.bet(a, 300)
        b = _act(hand)
        hand.raise_to(b, 800)
        hand.all_in(_act(hand))
        hand.call(_act(hand))
        asked = a if who == "A" else b
        while hand.to_act != asked:  # the others fold back to him
            hand.fold(_act(hand))
        legal = hand.legal()
        assert legal is not None and legal.can_raise == (who == "A")
        rule, figures = _answer(book, f"A bets 300, B raises to 800, C goes all in for 1000, D "
                                      f"calls. Can {who} re-raise?", profile)
        assert rule == "not-reopened"
        assert figures == ((legal.min_raise_to,) if who == "A" else (legal.call_amount,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_min_raise_told_then_what_it_is(book: Rulebook, profile: Profile) -> None:
    """"Bets 400, the next player min-raises, what is that amount": the least raise the
    engine offers him, not the one after it."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 400)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "Player bets 400 on the turn, next player min-raises. What is "
                                  "that amount?", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (800,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_it_said_by_a_player_in_the_small_blind(book: Rulebook, profile: Profile) -> None:
    """"im sb": the player asking has his small blind in, so "raise it 1500" over a raise to
    500 makes 2,000 and puts in 1,900 more, as the engine plays it."""
    hand = _hand(profile, [DEEP] * 3, blinds=(100, 200), button=3)
    hand.raise_to(_act(hand), 500)
    events = hand.raise_by(_act(hand), 1500)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "blinds 100/200, cutoff raises to 500, im sb and say i raise "
                                  "it 1500, how much do i put in", profile)
    assert rule == "raise-it" and figures == (acted.added, acted.to) == (1900, 2000)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_min_reraise_from_the_big_blind_said_as_im_in_the_bb(book: Rulebook,
                                                             profile: Profile) -> None:
    hand = _hand(profile, [DEEP] * 3, blinds=(200, 400), button=3)
    hand.raise_to(_act(hand), 1100)  # the button
    hand.fold(_act(hand))  # the small blind
    legal = hand.legal()
    assert legal is not None and _act(hand) == 2
    rule, figures = _answer(book, "so im in the bb at 200/400, button raises to 1100, sb folds, "
                                  "whats my min 3bet", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (1800,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_limped_pot_to_the_big_blind(book: Rulebook, profile: Profile) -> None:
    """The small blind completes and the big blind may raise: to two big blinds at least."""
    hand = _hand(profile, [DEEP] * 3, blinds=(100, 200), button=3)
    hand.fold(_act(hand))
    hand.call(_act(hand))
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "limped pot 100/200, sb completes, bb wants to raise, how "
                                  "much min", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (400,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_one_chip_with_raise_said_first(book: Rulebook, profile: Profile) -> None:
    """"Raise" said before one 5,000 chip goes in against a bet of 200: a raise to 5,000."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 200)
    events = hand.raise_to(_act(hand), 5000)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, "facing 200 I drop one 5k chip and say raise first", profile)
    assert (rule, figures) == ("single-chip", (acted.to,)) and acted.to == 5000


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_call_then_a_trip_back_and_raise_said_then_a_trip_back(book: Rulebook,
                                                                 profile: Profile) -> None:
    """Without raise said, a call then more chips is the call; with raise said first, the call
    and the trip back together are the raise."""
    called = _to_flop(_hand(profile, [DEEP] * 3))
    called.bet(_act(called), 300)
    call = next(e for e in called.call(_act(called)) if isinstance(e, Acted))
    rule, figures = _answer(book, "he called 300 then reached back and added 600 more, no raise "
                                  "said", profile)
    assert (rule, figures) == ("string-bet", (call.to,)) and call.to == 300
    raised = _to_flop(_hand(profile, [DEEP] * 3))
    raised.bet(_act(raised), 400)
    raise_ = next(e for e in raised.raise_to(_act(raised), 1200) if isinstance(e, Acted))
    rule, figures = _answer(book, "i said raise, put in 400 to call, then went back for 800 "
                                  "more, is that ok", profile)
    assert (rule, figures) == ("string-bet", (raise_.to,)) and raise_.to == 1200


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_check_raise_then_the_next_minimum(book: Rulebook, profile: Profile) -> None:
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(100, 200)))
    hand.bet(_act(hand), 2500)
    hand.raise_to(_act(hand), 7000)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "cbet 2.5k, x/r to 7k, smallest 3bet?", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,))
    assert legal.min_raise_to == 11500


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_min_three_bet_told_then_the_four_bet(book: Rulebook, profile: Profile) -> None:
    """"utg 3x, mp min 3bets": an open to 1,800 and the least raise over it, then the least
    four-bet, as the engine offers them; a deed told without its size is no spot at all."""
    hand = _hand(profile, [DEEP] * 4, blinds=(300, 600), button=4)
    hand.raise_to(_act(hand), 1800)
    legal = hand.legal()
    assert legal is not None
    hand.raise_to(_act(hand), legal.min_raise_to)
    four = hand.legal()
    assert four is not None
    rule, figures = _answer(book, "utg 3x at 300/600, mp min 3bets, whats the min 4bet", profile)
    assert (rule, figures) == ("minimum-raise", (four.min_raise_to,)) == ("minimum-raise", (4200,))
    assert work_out("blinds 300/600, utg raises, mp 3bets to 3000, min 4bet?", profile) is None


def test_side_pots_when_each_of_two_players_calls(book: Rulebook) -> None:
    pots = [p.amount for p in build_pots({1: 300, 2: 1000, 3: 1000}, [1, 2, 3])]
    for asked in ("A all in 300, B and C each call 1000, how big is the main pot",
                  "three players: one all in for 300, two call 1000. main pot?"):
        rule, figures = _answer(book, asked, make_profile("tda"))
        assert rule == "side-pots" and figures == tuple(pots) == (900, 1400), asked


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_big_blind_ante_posted_after_the_blind(book: Rulebook, profile: Profile) -> None:
    """TDA 2024: a big blind of 3,000 chips facing a 2,000 blind and a 2,000 ante posts the
    blind first and 1,000 to the ante; deep, he posts both in full."""
    seats = (Seat(1, "a", DEEP), Seat(2, "b", 3000), Seat(3, "c", DEEP))
    hand = Hand.start(HandConfig("t", seats, 3, 1000, 2000, ante=2000, big_blind_ante=True,
                                 profile=profile, deck_seed="amounts"))
    posted = {e.kind: e.amount for e in hand.events if isinstance(e, Posted) and e.seat == 2}
    rule, figures = _answer(book, "bb ante 2000 at 1000/2000, bb only has 3000, what does he "
                                  "post", profile)
    assert rule == "big-blind-ante"
    assert figures == (posted["big_blind"] + posted["ante"], posted["big_blind"], posted["ante"])
    assert figures == (3000, 2000, 1000)
    rule, figures = _answer(book, "big blind ante of 2k at 1k/2k, how much does the bb post "
                                  "total", profile)
    assert (rule, figures[0]) == ("big-blind-ante", 4000)
    # the ante's size not said, at blinds no structure of the league plays: no number
    assert work_out("big blind ante at 1.1k/2.2k, how much does the bb post total",
                    profile) is None


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_pot_before_the_cards_with_antes(book: Rulebook, profile: Profile) -> None:
    """Nine players, blinds 100/200 and an ante of 25 each: 525 posted before the cards."""
    seats = tuple(Seat(i, f"s{i}", DEEP) for i in range(1, 10))
    hand = Hand.start(HandConfig("t", seats, 9, 100, 200, ante=25, profile=profile,
                                 deck_seed="amounts"))
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    rule, figures = _answer(book, "blinds 100/200 ante 25, 9 handed, whats in the pot before "
                                  "cards", profile)
    assert (rule, figures) == ("antes", (pot,)) and pot == 525


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_short_all_in_from_the_small_blind_then_the_big_blind(book: Rulebook,
                                                                profile: Profile) -> None:
    """"1400 bb wants": the big blind acting, not a blind of 1,400. An open to 1,000 at 200/400
    and a jam to 1,400 from the small blind: the big blind's least raise is 2,000."""
    hand = _hand(profile, [1400, DEEP, DEEP], blinds=(200, 400), button=3)
    hand.raise_to(_act(hand), 1000)  # the button, first to act three-handed
    hand.all_in(_act(hand))  # the small blind, 1,400 in all
    legal = hand.legal()
    assert legal is not None and _act(hand) == 2
    rule, figures = _answer(book, "btn opens 1000 at 200/400, sb jams 1400, bb wants to "
                                  "re-raise, least amount?", profile)
    assert rule == "incomplete-all-in" and figures == (legal.min_raise_to,) == (2000,)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_more_than_the_stack_said_with_chips_left(book: Rulebook, profile: Profile) -> None:
    """A player with 2,300 left who names 5,000 is all-in for 2,300."""
    hand = _to_flop(_hand(profile, [2300 + 50, DEEP, DEEP]))
    assert _act(hand) == 1 and hand.player(1).stack == 2300
    acted = next(e for e in hand.raise_to(1, 5000) if isinstance(e, Acted))
    rule, figures = _answer(book, "villain with 2,300 left types raise to 5000", profile)
    assert (rule, figures) == ("all-in-over-stack", (acted.to,)) and acted.to == 2300


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_it_from_the_small_blind_said_with_his_chips_in(book: Rulebook,
                                                              profile: Profile) -> None:
    hand = _hand(profile, [DEEP] * 3, blinds=(50, 100), button=3)
    hand.raise_to(_act(hand), 250)
    acted = next(e for e in hand.raise_by(_act(hand), 500) if isinstance(e, Acted))
    rule, figures = _answer(book, "sb with 50 in at 50/100, button raises to 250, i say raise it "
                                  "500, total chips from me?", profile)
    assert rule == "raise-it" and figures == (acted.to, acted.added) == (750, 700)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chips_told_after_a_bet_said_amount_first(book: Rulebook, profile: Profile) -> None:
    """"600 bet, he slides 800 out": 200 more is short of half the bet, a call where the 50%
    rule applies, and a call too where the excess goes back."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 600)
    acted = next(e for e in hand.make_it(_act(hand), 800) if isinstance(e, Acted))
    rule, figures = _answer(book, "600 bet, he slides 800 out", profile)
    assert rule in ("fifty-percent", "make-it") and figures == (acted.to,) == (600,)


def test_pots_asked_as_each_pot_and_chips_back_asked_as_how_much_back(book: Rulebook) -> None:
    pots = [p.amount for p in build_pots({1: 1500, 2: 4000, 3: 4000}, [1, 2, 3])]
    rule, figures = _answer(book, "A all in for 1500, B all in for 4000, C has more and calls. "
                                  "how much is each pot?", make_profile("tda"))
    assert rule == "side-pots" and figures == tuple(pots) == (4500, 5000)
    back = build_pots({1: 2000, 2: 900}, [1, 2])
    returned = sum(p.amount for p in back if len(p.eligible) == 1)
    rule, figures = _answer(book, "i bet 2k, he calls all-in for 900, how much back",
                            make_profile("tavern"))
    assert (rule, figures) == ("uncalled-bet", (returned,)) and returned == 1100


def test_antes_with_the_blinds_named_sb_and_bb(book: Rulebook) -> None:
    seats = tuple(Seat(i, f"s{i}", DEEP) for i in range(1, 10))
    hand = Hand.start(HandConfig("t", seats, 9, 200, 400, ante=100, profile=make_profile("treps"),
                                 deck_seed="amounts"))
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    rule, figures = _answer(book, "ante 100 everyone, sb 200 bb 400, 9 players, starting pot",
                            make_profile("treps"))
    assert (rule, figures) == ("antes", (pot,)) and pot == 1500


@pytest.mark.parametrize("query", [
    "he bets, i raise to 600, min reraise?",
    "he donks, i raise to 800, min reraise",
    "bet 300, raise, reraise to 2000, min?",
    "blinds 300/600, utg raises, mp 3bets to 3000, min 4bet?",
])
def test_a_deed_told_without_its_size_gives_no_number(book: Rulebook, query: str) -> None:
    """The minimum raise hangs on every bet and raise before it: one whose size is not said
    leaves the rule, offered unsure, and no number."""
    answer = book.answer(query, profile=make_profile("tda"))
    assert answer.worked is None and answer.kind == "unsure"
    assert answer.suggestions[0].id == "minimum-raise"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_list_of_deeds_then_whether_the_bettor_may_raise(book: Rulebook,
                                                           profile: Profile) -> None:
    """"bet 5k, call, call, shove 7k": the all-in adds 2,000, short of the 5,000 bet, so the
    bettor may only call 2,000 more or fold (no bet faced is read from "call shove")."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, DEEP, 7000 + 50, DEEP]))
    hand.bet(_act(hand), 5000)
    hand.call(_act(hand))
    hand.call(_act(hand))
    hand.all_in(_act(hand))
    hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None and _act(hand) == 1 and not legal.can_raise
    rule, figures = _answer(book, "bet 5k, call, call, shove 7k, can the first guy raise", profile)
    assert (rule, figures) == ("not-reopened", (legal.call_amount,)) == ("not-reopened", (2000,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_proposed_short_of_the_minimum(book: Rulebook, profile: Profile) -> None:
    """"Can I reraise to 700" after a raise to 450 at 75/150: the least is 750."""
    hand = _hand(profile, [DEEP] * 3, blinds=(75, 150), button=3)
    hand.raise_to(_act(hand), 450)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "blinds 75/150, raise to 450, can i reraise to 700", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (750,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_said_then_chips_tossed_and_min_rr(book: Rulebook, profile: Profile) -> None:
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 1000)
    acted = next(e for e in hand.raise_to(_act(hand), 2200) if isinstance(e, Acted))
    rule, figures = _answer(book, "he says raise then tosses out 2200 over my 1000 bet", profile)
    assert (rule, figures) == ("declared-raise", (acted.to,)) and acted.to == 2200
    pre = _hand(profile, [DEEP] * 4, blinds=(100, 200), button=4)
    pre.call(_act(pre))  # the limper
    pre.raise_to(_act(pre), 700)
    pre.fold(_act(pre))
    pre.fold(_act(pre))
    legal = pre.legal()
    assert legal is not None
    rule, figures = _answer(book, "limper at 100/200 then i raise to 700, min rr for the limper",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (1200,))


def test_the_smallest_chip_said_last(book: Rulebook) -> None:
    shares = split(1500, [1, 2], 2, 10, 100)
    rule, figures = _answer(book, "pot 1,500 split between two, 100 smallest chip",
                            make_profile("tavern"))
    assert rule == "odd-chip" and figures == tuple(sorted(shares.values(), reverse=True))
    assert figures == (800, 700)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chips_counted_by_their_worth(book: Rulebook, profile: Profile) -> None:
    """"2 chips of 500" facing a 600 bet is 1,000 put in without a word: 400 more, at least
    half the bet, a full raise where the 50% rule applies, else a call."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 600)
    acted = next(e for e in hand.make_it(_act(hand), 1000) if isinstance(e, Acted))
    rule, figures = _answer(book, "he put in 2 chips of 500 facing my 600 bet, no words", profile)
    assert rule in ("fifty-percent", "make-it") and figures == (acted.to,)
    assert acted.to == (1200 if profile.make_it == "fifty_percent" else 600)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_raise_to_a_multiple_of_the_bet_and_the_next_after_a_min_raise(
        book: Rulebook, profile: Profile) -> None:
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 500)
    hand.raise_to(_act(hand), 1500)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "villain 3x's my 500 bet, min 3bet back?", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise", (2500,))
    turn = _to_flop(_hand(profile, [DEEP] * 3))
    turn.bet(_act(turn), 700)
    first = turn.legal()
    assert first is not None
    turn.raise_to(_act(turn), first.min_raise_to)
    after = turn.legal()
    assert after is not None
    rule, figures = _answer(book, "turn bet 700 and someone min-raises, whats the next min",
                            profile)
    assert (rule, figures) == ("minimum-raise", (after.min_raise_to,)) == ("minimum-raise", (2100,))


def test_two_winners_and_ten_players(book: Rulebook) -> None:
    shares = split(2700, [1, 2], 2, 10, 100)
    rule, figures = _answer(book, "2,700 pot, two winners, 100 chips", make_profile("tda"))
    assert rule == "odd-chip" and figures == tuple(sorted(shares.values(), reverse=True))
    assert figures == (1400, 1300)
    seats = tuple(Seat(i, f"s{i}", DEEP) for i in range(1, 11))
    hand = Hand.start(HandConfig("t", seats, 10, 100, 200, ante=25, profile=make_profile("tda"),
                                 deck_seed="amounts"))
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    rule, figures = _answer(book, "ante 25 at 100/200, 10 players, how much is in the pot pre",
                            make_profile("tda"))
    assert (rule, figures) == ("antes", (pot,)) and pot == 550


def test_more_than_the_stack_said_as_my_stack_is(book: Rulebook) -> None:
    hand = _to_flop(_hand(make_profile("tda"), [31000 + 50, DEEP, DEEP]))
    acted = next(e for e in hand.raise_to(1, 50000) if isinstance(e, Acted))
    rule, figures = _answer(book, "typed 50000 but my stack is 31k", make_profile("tda"))
    assert (rule, figures) == ("all-in-over-stack", (acted.to,)) and acted.to == 31000
    # a spoken amount against the chips is a declaration, not a stack
    assert _answer(book, "he said 500 but his chips were 800", make_profile("treps"))[0] == (
        "verbal-declaration")


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chips_to_add_for_the_least_raise_from_a_blind(book: Rulebook, profile: Profile) -> None:
    """"How much more do I add to min-raise" from the big blind: the least raise the engine
    offers, and that less the big blind already in; without "add", only the least raise."""
    hand = _hand(profile, [DEEP] * 4, blinds=(200, 400))  # seat 3 opens, 4 and 1 fold
    hand.wager_to(_act(hand), 1000)
    hand.fold(_act(hand))
    hand.fold(_act(hand))
    bb = _act(hand)
    legal = hand.legal()
    assert legal is not None and hand.player(bb).bet == 400
    rule, figures = _answer(
        book, "in the bb at 200/400, utg raises to 1000, how much more do i add to min raise",
        profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to, legal.min_raise_to - 400))
    assert figures == (1600, 1200)
    rule, figures = _answer(book, "in the bb at 200/400, utg raises to 1000, whats my min raise",
                            profile)
    assert figures == (1600,)


def _unsure_without_number(book: Rulebook, query: str, profile: Profile) -> None:
    answer = book.answer(query, profile=profile)
    assert answer.kind != "confident" or answer.worked is None, (query, profile.name)
    assert answer.worked is None, (query, profile.name)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_call_and_whether_he_may_raise_asked_together(book: Rulebook,
                                                         profile: Profile) -> None:
    """"How much to call and can A raise": the call comes first, then, where the all-ins
    reopened the betting, the least raise; "how much is it for him", "what does it cost him"
    ask the call too."""
    hand = _to_flop(_hand(profile, [DEEP, 750, DEEP, 1150, DEEP], button=5))
    a = _act(hand)
    hand.bet(a, 500)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    hand.all_in(_act(hand))
    while hand.to_act != a:
        hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None and legal.call_amount == 600
    expected = (600, legal.min_raise_to) if legal.can_raise else (600,)
    assert legal.can_raise == profile.cumulative_short_all_ins_reopen
    for query in ("A leads 500, B all in 700, C calls, D all in 1100, folds back to A, how much "
                  "to call and can A raise",
                  "A bets 500, B jams 700, C calls, D jams 1100, back to A. how much is it for "
                  "him and can A raise"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("cumulative-all-ins", expected), (query, profile.name)
    # one short all-in over an open before the flop: never reopened, the call is owed
    hand = _hand(profile, [DEEP, DEEP, DEEP, 800, DEEP], blinds=(100, 200))
    opener = _act(hand)
    hand.raise_to(opener, 600)
    hand.all_in(_act(hand))
    while hand.to_act != opener:
        hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None and not legal.can_raise and legal.call_amount == 200
    for query in ("100/200, utg opens to 600, next guy jams 800, folds back to utg. how much is "
                  "it for him, can he 4bet",
                  "100/200 utg raises to 600, mp shoves 800, everyone folds back to utg. whats "
                  "it cost him and can he reraise"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("not-reopened", (200,)), (query, profile.name)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_least_raise_after_one_full_all_in(book: Rulebook, profile: Profile) -> None:
    """Back to the bettor after one all-in that was a full raise: asked only the least raise,
    the least raise (and its rule); asked whether he may raise, whether it is reopened."""
    hand = _to_flop(_hand(profile, [DEEP, 1250, DEEP], button=3))
    a = _act(hand)
    hand.bet(a, 600)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    legal = hand.legal()
    assert legal is not None and hand.to_act == a and legal.can_raise
    rule, figures = _answer(book, "A bets 600, B jams 1200, C calls, back to A. A wants to "
                                  "raise, whats the least", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (1800,))
    rule, figures = _answer(book, "A bets 600, B jams 1200, C calls. can A raise?", profile)
    assert (rule, figures) == ("not-reopened", (1800,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_blind_said_first(book: Rulebook, profile: Profile) -> None:
    """"In bb at 100/200" said first: the player sits in the big blind, so the chips to add to
    reach the least reraise count the 200 he has in."""
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.fold(_act(hand))
    hand.raise_to(_act(hand), 500)
    hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None and hand.to_act == 2
    more = legal.min_raise_to - hand.player(2).bet
    for query in ("in bb at 100/200, button raises to 500, how much more do i put in to min "
                  "reraise",
                  "im in the bb at 100/200, co opens 500, how much more to put in for the min "
                  "3bet"):
        rule, figures = _answer(book, query, profile)
        assert rule == "minimum-raise" and figures == (legal.min_raise_to, more) == (800, 600)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_said_with_go(book: Rulebook, profile: Profile) -> None:
    """"I go raise 700" is "raise 700" said: 700 on top of the bet faced, read by the profile
    (a full raise here, so the same under each)."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 700)
    events = hand.raise_by(_act(hand), 700)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "turn he fires 700, i go raise 700, what total is that",
                            profile)
    assert rule == "raise-it" and figures[0] == to == 1400
    rule, figures = _answer(book, "river she bets 400 and he goes raise 1000. whats the total",
                            profile)
    assert rule == "raise-it" and figures[0] == 1400


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_trip_back_for_more_its_size_untold(book: Rulebook, profile: Profile) -> None:
    """Chips put in, then a trip back for more: the first chips are the deed. Where they make a
    raise and chips past a call are a call (Tavern), a string bet called out is held to a call
    and one not called out stands: which, the question may not say, so no number."""
    query = "he bets 200, she puts 400 in then went back for more. what is her bet"
    if profile.make_it == "call":
        _unsure_without_number(book, query, profile)
        _unsure_without_number(book, "someone called string bet on him, he put 400 in facing "
                                     "200 then went back for more. what is he limited to",
                               profile)
    else:
        hand = _to_flop(_hand(profile, [DEEP] * 3))
        hand.bet(_act(hand), 200)
        events = hand.make_it(_act(hand), 400)
        to = next(e for e in events if isinstance(e, Acted)).to
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("string-bet", (to,)) == ("string-bet", (400,))
    # the first chips only the call: the call under every profile
    rule, figures = _answer(book, "he bets 300, she put 300 in and then reached back for more, "
                                  "what stands", profile)
    assert (rule, figures) == ("string-bet", (300,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_claims_beside_the_story(book: Rulebook, profile: Profile) -> None:
    """Claims about the answer ("he says 1600 i say 1300 who's right", "dealer says", "mike says
    i can only call") are not deeds: the story is read without them."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 300)
    hand.raise_to(_act(hand), 800)
    legal = hand.legal()
    assert legal is not None
    for query in ("bet 300, raise to 800. min reraise? he says 1600 i say 1300 who's right",
                  "bet 300 then a raise to 800, jim says min reraise is 1600. whats the min"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == (
            "minimum-raise", (1300,)), query
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 1500)
    events = hand.raise_by(_act(hand), 2000)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "he bet 1500 and i said raise 2000, dealer says im in for "
                                  "2000 total?? whats right", profile)
    assert rule == "raise-it" and figures[0] == to == 3500
    # a short all-in before the player acts: he may raise, whatever a claim says
    hand = _to_flop(_hand(profile, [DEEP, 950, DEEP], button=3))
    hand.bet(_act(hand), 600)
    hand.all_in(_act(hand))
    legal = hand.legal()
    assert legal is not None and legal.can_raise
    rule, figures = _answer(book, "mike says i can only call his shove. bet 600, he jams 900. "
                                  "my min raise?", profile)
    assert figures == (legal.min_raise_to,) == (1500,)
    # a declaration said stays a deed: "he said 800 and threw 500" is no claim
    rule, figures = _answer(book, "he bets 300, she said 800 and threw 500, whos right", profile)
    assert rule == "verbal-declaration" and figures[0] == 800


def test_claims_set_aside_never_make_a_number(book: Rulebook) -> None:
    """With the claims set aside, a story that tells no bet gives no number."""
    profile = make_profile("tda")
    for query in ("he says the min raise is 1600, i say 1300, whos right",
                  "dealer says im in for 2000 total, whats right",
                  "floor says its 1200 and i say 900. which is it"):
        _unsure_without_number(book, query, profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_bet_said_as_its_n_to_me(book: Rulebook, profile: Profile) -> None:
    """"It's 400 to me" at 100/200 is a raise to 400 faced before the flop; "make it 500"
    there is read by the profile's "make it" rule (the 50% rule's 600, or Tavern's call)."""
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.raise_to(_act(hand), 400)
    events = hand.make_it(_act(hand), 500)
    to = next(e for e in events if isinstance(e, Acted)).to
    assert to == (600 if profile.make_it == "fifty_percent" else 400)
    rule, figures = _answer(book, "100/200, it's 400 to me and i said make it 500. whats my "
                                  "bet?", profile)
    assert (rule, figures) == ("make-it", (to,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_said_the_call_then_a_trip_back(book: Rulebook, profile: Profile) -> None:
    """"Raise" said, the call put in, then a trip back for more: a raise of all of it (the call
    says the bet where none is told); a call that is not the bet told gives no number."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 200)
    events = hand.raise_to(_act(hand), 600)
    to = next(e for e in events if isinstance(e, Acted)).to
    for query in ("i said raise, put in the 200 call, then went back for 400 more. legit? total?",
                  "she said raise first, put 200 out to match the bet, then went back and added "
                  "400. whats the bet"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("string-bet", (to,)) == ("string-bet", (600,)), query
    _unsure_without_number(book, "he bets 300, i said raise, put in the 200 call, then went "
                                 "back for 400 more", profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chat_misspellings(book: Rulebook, profile: Profile) -> None:
    """Misspelt words read as meant: "minimun", "leest", "beted", "wanna", "thru in a"."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 750)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "he beted 750 i wanna raise whats the leest i can make it",
                            profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (1500,))
    rule, figures = _answer(book, "he beted 300 i thru in a 1000 chip no word wats my bet",
                            profile)
    assert (rule, figures) == ("single-chip", (300,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_stack_told_before_the_bet_typed(book: Rulebook, profile: Profile) -> None:
    """"Only had 2350 behind and hit bet 3000": a bet past the stack is all-in for the stack."""
    hand = _to_flop(_hand(profile, [2350 + 50, DEEP, DEEP], button=3))
    events = hand.bet(_act(hand), 3000)  # more than the stack
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "only had 2350 behind and hit bet 3000 in the bot, what am i "
                                  "actually betting", profile)
    assert (rule, figures) == ("all-in-over-stack", (to,)) == ("all-in-over-stack", (2350,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_blind_says_the_chips_he_has_in(book: Rulebook, profile: Profile) -> None:
    """"sb (100 in) says raise it 600", "sb has 100 in", "bb here w 200 in": the player sits in
    that blind; the chips he puts in count the blind he has in."""
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.raise_to(_act(hand), 400)
    hand.fold(_act(hand))
    events = hand.raise_by(_act(hand), 600)
    acted = next(e for e in events if isinstance(e, Acted))
    assert acted.seat == 1 and (acted.to, acted.added) == (1000, 900)
    for query in ("100/200, co raises to 400, sb (100 in) says raise 'it' 600. how much more does "
                  "he put in",
                  "bb 200, hj raises to 400, sb has 100 in and says raise it 600. how much more "
                  "goes in"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("raise-it", (900, 1000)), query
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.call(_act(hand))
    hand.fold(_act(hand))
    hand.call(_act(hand))
    events = hand.raise_by(_act(hand), 600)
    acted = next(e for e in events if isinstance(e, Acted))
    assert acted.seat == 2 and acted.to == 800
    rule, figures = _answer(book, "bb here w 200 in at 100/200, utg limps, i say raise 600. "
                                  "total?", profile)
    assert rule == "raise-it" and figures[0] == 800


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_two_readings_offered_by_the_asker(book: Rulebook, profile: Profile) -> None:
    """"Does that mean to 2k or 5k total": the asker's own readings, not deeds; the engine's
    reading of "raise 2k" facing 3k (short of a full raise: the minimum raise, or a call)."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 3000)
    events = hand.raise_by(_act(hand), 2000)
    to = next(e for e in events if isinstance(e, Acted)).to
    assert to == (6000 if profile.short_declared_raise == "minimum" else 3000)
    rule, figures = _answer(book, "he bets 3k and i say 'raise 2k'. does that mean to 2k or 5k "
                                  "total?", profile)
    assert rule == "declared-raise" and figures[0] == to
    _unsure_without_number(book, "does raise 2k mean to 2k or 5k total", profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_declared_with_went_and_the_bet_on_a_street(book: Rulebook,
                                                          profile: Profile) -> None:
    """"I went raise to 900" is a raise to 900 declared; "the bet on the flop is 600" the bet
    faced. Short of a full raise: the minimum raise, or (Tavern) a call."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 600)
    events = hand.raise_to(_act(hand), 900)
    to = next(e for e in events if isinstance(e, Acted)).to
    assert to == (1200 if profile.short_declared_raise == "minimum" else 600)
    for query in ("flop bet 600, i went raise to 900, whats my bet actually",
                  "the bet on the turn is 600, she says raise to 900. whats she in for"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("declared-raise", (to,)), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_short_of_a_call_and_said_not_all_in(book: Rulebook, profile: Profile) -> None:
    """Chips short of a call from a player who is "not all in": he owes the call (the rest to
    add is stated too); his last chips would be an all-in, which is not read here."""
    for query, call, short in (
            ("facing 2000 guy puts in 1500 and hes not all in. how much more is he on the hook "
             "for", 2000, 500),
            ("somebody bet 600 and the lady put in only 400, not all in. now what", 600, 200)):
        hand = _to_flop(_hand(profile, [DEEP] * 3))
        hand.bet(_act(hand), call)
        with pytest.raises(BelowCall):
            hand.make_it(_act(hand), call - short)
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("below-call", (call, short)), query
    _unsure_without_number(book, "facing 2000 guy puts in 1500 and hes all in. what now", profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_raise_said_with_the_call_of_an_amount(book: Rulebook, profile: Profile) -> None:
    """"Says raise and puts out exactly the call of 500": the call says the bet; raise said
    binds to the minimum raise, or (Tavern) the chips are read as "make it": a call."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 500)
    legal = hand.legal()
    assert legal is not None
    expected = legal.min_raise_to if profile.short_declared_raise == "minimum" else 500
    rule, figures = _answer(book, "guy just says 'raise' and puts out exactly the call of 500, "
                                  "then walks away. hes forced to what", profile)
    assert (rule, figures) == ("declared-raise", (expected,)) and expected in (1000, 500)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_all_in_said_and_fewer_chips_pushed(book: Rulebook, profile: Profile) -> None:
    """"All in" said binds to the whole stack, whatever chips went forward; "all in for 10k"
    past the stack is all-in for the stack."""
    hand = _to_flop(_hand(profile, [DEEP, 7400 + 50, DEEP]))
    hand.check(_act(hand))
    events = hand.all_in(_act(hand))
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "he clearly said 'all in' but only pushed 2k, he's got 7,400 "
                                  "total", profile)
    assert (rule, figures) == ("verbal-declaration", (to,)) == ("verbal-declaration", (7400,))
    rule, figures = _answer(book, "said all in (4500 stack) but only slid 2000 forward, what's "
                                  "my bet", profile)
    assert (rule, figures) == ("verbal-declaration", (4500,))
    rule, figures = _answer(book, "I said all in for 10k lol but i had 6,750. what did i bet",
                            profile)
    assert (rule, figures) == ("all-in-over-stack", (6750,))
    # the stack said is less than the chips pushed: not read
    _unsure_without_number(book, "he said all in but only pushed 2000, he has 1500", profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_least_bet_asked_of_anyone(book: Rulebook, profile: Profile) -> None:
    """"Can someone bet 1,500 on the flop" at 1k-2k, "whats the littlest bet": the least bet
    after the flop is the big blind."""
    hand = _to_flop(_hand(profile, [DEEP] * 3, blinds=(1000, 2000)))
    legal = hand.legal()
    assert legal is not None and legal.min_raise_to == 2000
    rule, figures = _answer(book, "blinds 1k-2k, can someone bet 1,500 on the flop", profile)
    assert (rule, figures) == ("minimum-bet", (2000,))
    rule, figures = _answer(book, "blinds 25/50, on the turn. whats the littlest bet", profile)
    assert (rule, figures) == ("minimum-bet", (50,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_make_it_after_a_limper(book: Rulebook, profile: Profile) -> None:
    """"bb 400, limper, i say make it 700": a limp is a call of the big blind; "make it" is read
    by the profile (700 is half a raise past 400: the 50% rule's 800, or Tavern's call)."""
    for said in (700, 550):
        hand = _hand(profile, [DEEP] * 4, blinds=(200, 400))
        hand.call(_act(hand))
        events = hand.make_it(_act(hand), said)
        to = next(e for e in events if isinstance(e, Acted)).to
        rule, figures = _answer(book, f"bb 400, limper, i say 'make it {said}'. what do I owe",
                                profile)
        assert (rule, figures) == ("make-it", (to,)), said
        assert to == (800 if said == 700 and profile.make_it == "fifty_percent" else 400)
    # more limpers change nothing of the raise faced
    rule, figures = _answer(book, "bb 400, two limpers, i say make it 700", profile)
    assert (rule, figures) == ("make-it", (800 if profile.make_it == "fifty_percent" else 400,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_trip_back_told_in_other_words(book: Rulebook, profile: Profile) -> None:
    """"Puts exactly 500 out then goes back to his stack for another 1000", "pushes 400 in one
    motion then reaches back", "called string bet on him": the first chips are the deed."""
    rule, figures = _answer(book, "bet of 500. he puts exactly 500 out then goes back to his "
                                  "stack for another 1000, never said raise", profile)
    assert (rule, figures) == ("string-bet", (500,))
    rule, figures = _answer(book, "called STRING BET on her, bet was 500 she put 500 then went "
                                  "back for 1000 more. what is it", profile)
    assert (rule, figures) == ("string-bet", (500,))
    query = ("facing 200 he pushes 400 in one motion then reaches back and adds another 400, "
             "what stands")
    if profile.make_it == "call":
        _unsure_without_number(book, query, profile)  # a raise of first chips, or held to a call
    else:
        hand = _to_flop(_hand(profile, [DEEP] * 3))
        hand.bet(_act(hand), 200)
        events = hand.make_it(_act(hand), 400)
        to = next(e for e in events if isinstance(e, Acted)).to
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("string-bet", (to,)) == ("string-bet", (400,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_bet_to_and_shoves_not_all_in(book: Rulebook, profile: Profile) -> None:
    """"Bet to 600" at 100/200 is a raise to 600 before the flop; "shoves 3600 out, not all
    in" is chips pushed; both read by the profile's "make it" rule."""
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.raise_to(_act(hand), 600)
    events = hand.make_it(_act(hand), 800)
    to = next(e for e in events if isinstance(e, Acted)).to
    assert to == (1000 if profile.make_it == "fifty_percent" else 600)
    rule, figures = _answer(book, "100/200, bet to 600, i pushed 800 out silently. bet or call?",
                            profile)
    assert (rule, figures) == ("fifty-percent", (to,))
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 2500)
    events = hand.make_it(_act(hand), 3600)
    to = next(e for e in events if isinstance(e, Acted)).to
    assert to == 2500
    rule, figures = _answer(book, "turn bet 2500, he silently shoves 3600 out front, not all in. "
                                  "raise?", profile)
    assert (rule, figures) == ("fifty-percent", (to,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_words_quoted_first_and_no_raise_said(book: Rulebook, profile: Profile) -> None:
    """"'raise 2000' he says" quoted before the bet it answers; "(no raises yet)" tells no deed;
    "100/200 blinds, 400 to me" the raise faced."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 1500)
    events = hand.raise_by(_act(hand), 2000)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "'raise 2000' he says, bet in front of him is 1500. how much "
                                  "is the total", profile)
    assert rule == "raise-it" and figures[0] == to == 3500
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 2000)
    events = hand.make_it(_act(hand), 2500)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "'make it 2,500' facing a 2,000 bet (no raises yet)", profile)
    assert (rule, figures) == ("make-it", (to,)) == ("make-it", (2000,))
    hand = _hand(profile, [DEEP] * 4, blinds=(100, 200))
    hand.raise_to(_act(hand), 400)
    events = hand.make_it(_act(hand), 500)
    to = next(e for e in events if isinstance(e, Acted)).to
    rule, figures = _answer(book, "100/200 blinds, 400 to me, i said lets make it 500. what "
                                  "happens to my chips", profile)
    assert (rule, figures) == ("make-it", (to,))


def test_declarations_are_no_claims() -> None:
    """What a player declares ("he said hes all in", "she says im calling", "says raise 2000")
    is a deed, kept; what others say the answer is, set aside."""
    from bot.rulebook.amount_words import without_claims
    for query in ("he bets 500, she said shes all in for 2000, but only has 1500",
                  "bet 400, he said im calling and threw 1000",
                  "he says the bet is 600 and i put in 900",
                  "bet 1500, she says raise 2000, whats the total"):
        assert without_claims(query) == (query, ""), query
    rest, claims = without_claims("floor says min raise is 1600. bet 300 raise to 800, min "
                                  "reraise?")
    assert "1600" not in rest and "bet 300 raise to 800" in rest and "1600" in claims


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_back_to_the_player_named(book: Rulebook, profile: Profile) -> None:
    """"Back to B": the call is the one B faces; B all-in has nothing to decide (no number)."""
    hand = _to_flop(_hand(profile, [DEEP, DEEP, 1250, DEEP], button=4))
    hand.bet(_act(hand), 500)
    b = _act(hand)
    hand.raise_to(b, 1000)
    hand.all_in(_act(hand))
    hand.call(_act(hand))
    while hand.to_act != b:
        hand.fold(_act(hand))
    legal = hand.legal()
    assert legal is not None and not legal.can_raise
    rule, figures = _answer(book, "A bets 500, B raises to 1000, C all in 1200, D calls, back to "
                                  "B, how much to call", profile)
    assert (rule, figures) == ("not-reopened", (legal.call_amount,)) == ("not-reopened", (200,))
    _unsure_without_number(book, "A bets 500, B all in 700, C calls, D all in 1100, back to B, "
                                 "how much to call", profile)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_claim_that_names_the_question(book: Rulebook, profile: Profile) -> None:
    """"Mike says min reraise is 3000, i say 2400": the claims go, what they are about (the least
    reraise) stays the question; "whats his call" asks the call."""
    hand = _to_flop(_hand(profile, [DEEP] * 3))
    hand.bet(_act(hand), 600)
    hand.raise_to(_act(hand), 1500)
    legal = hand.legal()
    assert legal is not None
    rule, figures = _answer(book, "bet 600, raise to 1500, mike says min reraise is 3000, i say "
                                  "2400. whos right", profile)
    assert (rule, figures) == ("minimum-raise", (legal.min_raise_to,)) == ("minimum-raise",
                                                                           (2400,))
    rule, figures = _answer(book, "A bets 600, B shoves 900, C calls, folds back to A. whats his "
                                  "call", profile)
    assert (rule, figures) == ("not-reopened", (300,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_not_all_in_said_of_another_player(book: Rulebook, profile: Profile) -> None:
    """"Not all in" said of another player than the one who shoved leaves the shove an all-in:
    a short one here, so the bettor owes the call and may not raise."""
    for query in ("A bets 500, B shoves 700, C calls, A is not all in, can A raise",
                  "i bet 500, he shoves 700, another player calls, im not all in, can i reraise"):
        rule, figures = _answer(book, query, profile)
        assert (rule, figures) == ("not-reopened", (200,)), query


def test_the_action_going_back_is_no_trip_to_the_stack(book: Rulebook) -> None:
    """"Then action went back to him" tells the turn, not a trip back for more chips."""
    answer = book.answer("i put 400 in facing 200, then action went back to him and he shoves",
                         profile=make_profile("treps"))
    assert answer.worked is None or answer.worked.rule_id != "string-bet"

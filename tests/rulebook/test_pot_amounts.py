"""Questions about pots, forced bets and chips: the number `/rule` states is what the engine (or
the director's chip race) does in the spot told.

Each test works the spot out its own way: the pots from what each player put in in all
(bot/engine/pots.py), a hand dealt with other seats and blinds than the lookup uses, a race at a
table of several players; and questions told with any doubt give no number.
"""

from __future__ import annotations

import re

import pytest

from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted, Posted, UncalledReturned
from bot.engine.pots import build_pots, split
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.rulebook.amounts import work_out
from bot.tournament.chip_race import chip_race
from bot.tournament.structure import load_structure, structure_names

DEEP = 100_000
PROFILES = [make_profile(name) for name in PROFILE_NAMES]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _answer(book: Rulebook, query: str, profile: Profile) -> tuple[str, tuple[int, ...]]:
    answer = book.answer(query, profile=profile)
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.worked is not None, query
    return answer.rule.id, answer.worked.figures


def _pots(*totals: int, folded: tuple[int, ...] = ()) -> tuple[tuple[int, ...], int]:
    """The contested pots and the chips nobody matched, of players who put in `totals`."""
    seats = {i + 1: total for i, total in enumerate(totals)}
    pots = build_pots(seats, [s for s in seats if s not in folded])
    return (tuple(p.amount for p in pots if len(p.eligible) > 1),
            sum(p.amount for p in pots if len(p.eligible) == 1))


def _hand(profile: Profile, stacks: list[int], blinds: tuple[int, int], button: int,
          ante: int = 0, big_blind_ante: bool = False) -> Hand:
    seats = tuple(Seat(i, f"s{i}", stack) for i, stack in enumerate(stacks, start=1))
    return Hand.start(HandConfig("t", seats, button, *blinds, ante=ante,
                                 big_blind_ante=big_blind_ante, profile=profile,
                                 deck_seed="pots"))


# --- side pots ----------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "totals"), [
    # a later street's bets go into the side pot of those still betting
    ("Bo shoves 1,200, Cy and Di both call, on the turn Cy bets 3000 and Di calls, side pot?",
     (1200, 4200, 4200)),
    ("short stack all in for 700, two others call, flop one bets 2k the other calls, whats the "
     "side pot", (700, 2700, 2700)),
    ("me 400 all in, two guys call, turn they check, river one bets 1000 other calls. main pot?",
     (400, 1400, 1400)),
    # a list of all-ins, by name or bare
    ("four of us all in: 150, 600, 600 and 2,000. main pot?", (150, 600, 600, 2000)),
    ("all in for 200, 450 and 900, three players, how big are the side pots", (200, 450, 900)),
    ("Kim all in 900, Lee and Max call 900, how big is the pot", (900, 900, 900)),
    ("sidepot if one player shoves 3k and two others call 7k", (3000, 7000, 7000)),
    ("all in for 2k called by three players with more, main pot?", (2000, 2000, 2000, 2000)),
    ("A shoves 500, B and C each call, flop they check it down, main pot?", (500, 500, 500)),
    # a call for less than the bet is all the caller has
    ("A all in 500, B calls 500, C calls 300 all in, main pot?", (500, 500, 300)),
    ("i go all in for 800, two callers, what's the main pot", (800, 800, 800)),
    ("shortie all in 2k, the other two put in 6k each, side pot?", (2000, 6000, 6000)),
    ("player A bets 500, player B shoves 1500, player A calls, how much is the pot",
     (1500, 1500)),
    ("ignoring blinds: Al jams 900, Bo and Cy call 2500, side pot?", (900, 2500, 2500)),
    ("side pot calc: p1 all in 1k, p2 all in 3k, p3 calls 3k", (1000, 3000, 3000)),
    ("3 players: one shoves 1,000, one calls 1,000, one calls all in for 600. side pot?",
     (1000, 1000, 600)),
    ("two all ins 500 and 1500 and a caller, main pot?", (500, 1500, 1500)),
    ("Short stack all in for 1,500 preflop, two callers, flop bet 3,000 and call, main pot?",
     (1500, 4500, 4500)),
    # players named by their number or seat
    ("Player 1 shoves 4k, player 2 and 3 call. Flop: p2 bets 6k, p3 calls. side pot?",
     (4000, 10000, 10000)),
    ("seat 3 all in 1200, seat 5 calls, seat 7 calls, main pot", (1200, 1200, 1200)),
    ("joe shoves 400, bob calls, ann raises to 1500, bob calls, side pot?", (400, 1500, 1500)),
    ("A all in 500, B and C call, flop B bets 1000, C calls, turn B checks, C checks, main pot?",
     (500, 1500, 1500)),
    ("whats the main pot if A is all in 300 and B and C call 900", (300, 900, 900)),
    ("my 4k bet got called by a 1500 all-in, whats the main pot", (4000, 1500)),
])
def test_side_pots_of_a_story(book: Rulebook, query: str, totals: tuple[int, ...]) -> None:
    pots, _ = _pots(*totals)
    rule, figures = _answer(book, query, make_profile("tda"))
    assert rule == "side-pots" and sorted(figures) == sorted(pots), query
    # the side pot first where one is asked about, else the main pot
    side = re.search(r"\bside ?pot\b", query) is not None and "main" not in query
    assert figures[0] == (pots[1] if side else pots[0]), query


@pytest.mark.parametrize(("asked", "index"), [("the side pot", 0), ("the last side pot", 1),
                                               ("the 2nd side pot", 1), ("the main pot", None)])
def test_the_pot_asked_comes_first(book: Rulebook, asked: str, index: int | None) -> None:
    """All-ins for 100, 400 and 900 called by a bigger stack: a main pot and two side pots; the
    one asked about is the answer's main number; a third side pot does not exist."""
    pots, _ = _pots(100, 400, 900, 900)
    _, figures = _answer(book, f"4 way: 100, 400, 900 all in and a big stack calls 900, how big "
                               f"is {asked}", make_profile("tda"))
    assert figures[0] == (pots[0] if index is None else pots[1:][index])
    assert sorted(figures) == sorted(pots)
    assert work_out("4 way: 100, 400, 900 all in and a big stack calls 900, how big is the "
                    "third side pot", make_profile("tda")) is None


def test_a_multi_street_side_pot_is_the_engines() -> None:
    """Played on the engine with real blinds: the short stack's all-in before the flop and a
    flop bet called by the two deep stacks make the pots the story's totals give."""
    hand = _hand(make_profile("treps"), [DEEP, DEEP, 2000 + 0], (50, 100), button=3)
    hand.raise_to(3, 2000)  # the button shoves his 2,000
    assert hand.player(3).stack == 0
    hand.call(1)
    hand.call(2)
    assert hand.street == "flop" and hand.to_act == 1
    hand.bet(1, 5000)
    hand.call(2)
    played = tuple(p.amount for p in hand.pots() if len(p.eligible) > 1)
    worked = work_out("short stack shoves 2k, 2 bigger stacks call, flop one bets 5k other calls,"
                      " side pot?", make_profile("treps"))
    assert worked is not None and worked.figures == played[::-1] == (10000, 6000)


@pytest.mark.parametrize("query", [
    # a raise nobody answered: B's 500 is short of it and he is not all-in
    "A all in 500, B calls, C raises to 2000, side pot?",
    # a turn bet nobody answered yet
    "one all in 300, two call, turn one bets 500, main pot?",
    "side pot with three players all in",
    # more players named than the story plays
    "Ann all in 400, Bob calls, four players, main pot?",
    # the blinds are chips too: not read for sure
    "at 100/200 A all in 500, B and C call, main pot?",
    "UTG shoves 5k, button calls, BB calls, main pot?",
    # stacks said beside the story: who put in what is not told
    "one guy is all in for 1000, i have 3000, other guy has 5000, we both call, main pot?",
    # one of the callers told again: not another player
    "i shove 3k, 2 players call, 1 of them is all in for 1k, main pot?",
    "i shove 3k, two players call, one is all in for 1k, main pot?",
    # an all-in without its size, told after the last amount or before another's deed
    "A all in 300, B calls and C is all in too, main pot",
    "A bets 500, B allin, C calls 500, main pot?",
    # words of the sentence are no players: "his" shove "got" called by two more
    "his 2k shove got called by me and another player, main pot",
    # "calls 1000 (more)" with chips in already: what he adds or all he has in is not said
    "A bets 500, B raises to 1500, A calls 1000 more, C all in 700, main pot?",
    "A bets 500, B raises to 1500, A calls 1000, C all in 700, main pot?",
])
def test_a_story_told_with_doubt_gives_no_pot(query: str) -> None:
    for profile in PROFILES:
        worked = work_out(query, profile)
        assert worked is None or worked.rule_id not in ("side-pots", "uncalled-bet"), query


def _contested(totals: dict[str, int], folded: tuple[str, ...] = (),
               dead: int = 0) -> tuple[list[tuple[int, tuple[str, ...]]], dict[str, int]]:
    """The engine's contested pots (amount, who may win it) of players named by what they put
    in, and what goes back to whom."""
    names = list(totals)
    seats = {i + 1: totals[n] for i, n in enumerate(names)}
    pots = build_pots(seats, [i + 1 for i, n in enumerate(names) if n not in folded], dead)
    return ([(p.amount, tuple(names[s - 1] for s in p.eligible)) for p in pots
             if len(p.eligible) > 1],
            {names[p.eligible[0] - 1]: p.amount for p in pots if len(p.eligible) == 1})


@pytest.mark.parametrize(("query", "totals", "folded", "dead", "asked"), [
    # the pot before the street is in the main pot
    ("turn, pot is 2,000. Ann shoves 700, Ben shoves 1500, Cal calls. main pot?",
     {"ann": 700, "ben": 1500, "cal": 1500}, (), 2000, "main"),
    ("river pot 900. A all in 250, B all in 600, C calls. whats the side pot",
     {"a": 250, "b": 600, "c": 600}, (), 900, "side"),
    # both blinds told: a folded blind leaves his blind in the pot
    ("at 50/100, utg shoves 900, sb folds, bb calls, main pot?",
     {"utg": 900, "sb": 50, "bb": 900}, ("sb",), 0, "main"),
    ("blinds 200/400, SB jams 2500 total, BB calls, I call too, main pot?",
     {"sb": 2500, "bb": 2500, "i": 2500}, (), 0, "main"),
    ("100/200. utg jams 900, button jams 2000, sb folds, bb calls. main pot?",
     {"utg": 900, "button": 2000, "sb": 100, "bb": 2000}, ("sb",), 0, "main"),
    # a limp is a call of the big blind, left in the pot when he folds later
    ("100/200, utg limps, sb shoves 1000, bb calls, utg folds. main pot",
     {"utg": 200, "sb": 1000, "bb": 1000}, ("utg",), 0, "main"),
    # stacks listed, each all in
    ("4 way: stacks 150 / 600 / 1200 / 3000 all in, how big is the main pot",
     {"a": 150, "b": 600, "c": 1200, "d": 3000}, (), 0, "main"),
    ("3 way allin: a 250, b and c 900 each. side pot?", {"a": 250, "b": 900, "c": 900}, (), 0,
     "side"),
    ("Al all in for 800, Bo and Cy both have 3000 and get it all in. main pot",
     {"al": 800, "bo": 3000, "cy": 3000}, (), 0, "main"),
    ("A all in 600, B all in 2000, C has 9k and calls. main pot?",
     {"a": 600, "b": 2000, "c": 2000}, (), 0, "main"),
    ("i was all in for 400 and two guys put in 1100 each, side pot?",
     {"i": 400, "x": 1100, "y": 1100}, (), 0, "side"),
    ("all ins of 100, 350, 800, a big stack calls 800. the last side pot?",
     {"a": 100, "b": 350, "c": 800, "d": 800}, (), 0, "last"),
    ("3 way: A all-in 200, B all-in 700, C covers & calls. side pot 1 size?",
     {"a": 200, "b": 700, "c": 700}, (), 0, "side"),
    ("Al all in 300, Bo all in 800, Cy all in 1500, Di calls. side pot 2?",
     {"al": 300, "bo": 800, "cy": 1500, "di": 1500}, (), 0, "second"),
    # stacks told by name, then all in
    ("A has 800, B has 2000, C has 5000, all in. main pot?", {"a": 800, "b": 2000, "c": 5000},
     (), 0, "main"),
    ("me 700, bob 1500, sue 1500 all in, side pot?", {"i": 700, "bob": 1500, "sue": 1500}, (),
     0, "side"),
    ("three way all in 400/900/900 main pot?", {"a": 400, "b": 900, "c": 900}, (), 0, "main"),
    # players who put nothing in; the pot before told another way
    ("all in for 200, 600 and 1500, everyone else folds. main pot?",
     {"a": 200, "b": 600, "c": 1500}, (), 0, "main"),
    ("there's 3000 in the pot. on the turn A shoves 1000, B shoves 2500, C calls. main pot?",
     {"a": 1000, "b": 2500, "c": 2500}, (), 3000, "main"),
    # "calls with 3000": all he has, not what he puts in; "has 3000 and shoves": all in for it
    ("A all in 1000, B calls with 3000, C calls. main pot?", {"a": 1000, "b": 1000, "c": 1000},
     (), 0, "main"),
    ("A all in 1000, B calls with 800. main pot?", {"a": 1000, "b": 800}, (), 0, "main"),
    ("A all in 1000, B has 3000 and shoves, C calls. side pot?",
     {"a": 1000, "b": 3000, "c": 3000}, (), 0, "side"),
    # "3 all ins" counts them; "side pot one"; a stack told beside the call
    ("4 all ins 200 600 1400 and big stack calls 1400. how much is the 2nd side pot",
     {"a": 200, "b": 600, "c": 1400, "d": 1400}, (), 0, "second"),
    ("A allin 800, B allin 2000, C and D both have 5000 and call 3000. how big is side pot one",
     {"a": 800, "b": 2000, "c": 3000, "d": 3000}, (), 0, "side"),
    # a stack told beside the story; "covers both and calls"
    ("A jams 2000, B calls, C raises to 6000, B calls (B has 10k). size of the side pot?",
     {"a": 2000, "b": 6000, "c": 6000}, (), 0, "side"),
    ("3 way: A all-in 300, B all-in 800, C covers both and calls. side pot?",
     {"a": 300, "b": 800, "c": 800}, (), 0, "side"),
    # both asked: the main pot first
    ("3 handed all in preflop: 1200, 3400 and 5000. main and side pot?",
     {"a": 1200, "b": 3400, "c": 5000}, (), 0, "main"),
    # the pots counted from the main pot
    ("a allin 300, b allin 700, c calls 700. what's in the second pot",
     {"a": 300, "b": 700, "c": 700}, (), 0, "pot2"),
    ("a allin 200, b allin 500, c allin 900, d calls. whats the last pot",
     {"a": 200, "b": 500, "c": 900, "d": 900}, (), 0, "last"),
])
def test_the_pot_asked_of_a_story(book: Rulebook, query: str, totals: dict[str, int],
                                  folded: tuple[str, ...], dead: int, asked: str) -> None:
    pots, _ = _contested(totals, folded, dead)
    amounts = [a for a, _ in pots]
    want = {"main": amounts[0], "side": amounts[1:2], "last": amounts[-1:],
            "second": amounts[2:3], "pot2": amounts[1:2]}[asked]
    rule, figures = _answer(book, query, make_profile("tda"))
    assert rule == "side-pots" and sorted(figures) == sorted(amounts), query
    assert figures[0] == (want if isinstance(want, int) else want[0]), query


def test_a_side_pot_of_a_later_street_without_the_pot_before(book: Rulebook) -> None:
    """The story starts on the river and does not say what was in the pot: the side pot is
    known, the main pot is not."""
    pots, _ = _contested({"s": 400, "x": 1000, "y": 1000})
    rule, figures = _answer(book, "shorty all in for 400 on the river, other two each put in "
                                  "1000. side pot?", make_profile("treps"))
    assert (rule, figures) == ("side-pots", (pots[1][0],))
    assert work_out("shorty all in for 400 on the river, other two each put in 1000. main pot?",
                    make_profile("treps")) is None


@pytest.mark.parametrize(("query", "totals", "sides"), [
    ("5 way all in: 100, 300, 600, 1000 and a big stack calls 1000. how many pots",
     {"a": 100, "b": 300, "c": 600, "d": 1000, "e": 1000}, False),
    ("5 way all in: 100, 300, 600, 1000 and a big stack calls 1000. how many side pots",
     {"a": 100, "b": 300, "c": 600, "d": 1000, "e": 1000}, True),
    ("three all ins: 500, 500 and 2000, how many pots are there",
     {"a": 500, "b": 500, "c": 2000}, False),
])
def test_how_many_pots(book: Rulebook, query: str, totals: dict[str, int], sides: bool) -> None:
    pots, _ = _contested(totals)
    rule, figures = _answer(book, query, make_profile("tda"))
    assert rule == "side-pots" and figures[0] == len(pots) - int(sides), query


@pytest.mark.parametrize(("query", "totals", "who"), [
    ("three all ins: 1500, 1500 and 4000. how much of the 4000 comes back",
     {"a": 1500, "b": 1500, "c": 4000}, "c"),
    ("stacks 300 / 900 / 2000 all in, what does the 2000 stack get back",
     {"a": 300, "b": 900, "c": 2000}, "c"),
    ("A all in 500, B all in 1500, C all in 3000. how much does C get back",
     {"a": 500, "b": 1500, "c": 3000}, "c"),
    ("i shove 3000, A all in 500, B all in 1500. how much do i get back",
     {"i": 3000, "a": 500, "b": 1500}, "i"),
])
def test_what_comes_back_to_a_stack_named(book: Rulebook, query: str, totals: dict[str, int],
                                          who: str) -> None:
    _, back = _contested(totals)
    assert _answer(book, query, make_profile("tda")) == ("uncalled-bet", (back[who],))


def _taken(totals: dict[str, int], ranking: list[str], who: str, dead: int = 0) -> int:
    """What `who` takes when each pot goes to its strongest player, strongest first in
    `ranking` (as the engine awards a showdown)."""
    pots, _ = _contested(totals, dead=dead)
    return sum(amount for amount, eligible in pots
               if min(eligible, key=ranking.index) == who)


@pytest.mark.parametrize(("query", "totals", "ranking", "who"), [
    ("A jams 1k, B jams 4k, C calls. ignore blinds. A wins main, B beats C. what does B take",
     {"a": 1000, "b": 4000, "c": 4000}, ["a", "b", "c"], "b"),
    ("i had 400, two 1500 stacks both got it in with me and i win with the best hand. how much "
     "do i win", {"i": 400, "x": 1500, "y": 1500}, ["i", "x", "y"], "i"),
    ("A shoves 1500, B shoves 4000, C calls, B has the best hand. what does B take",
     {"a": 1500, "b": 4000, "c": 4000}, ["b", "a", "c"], "b"),
    ("A all in 500, B all in 1500, C calls. A wins with the best hand, B beats C. what does C "
     "get", {"a": 500, "b": 1500, "c": 1500}, ["a", "b", "c"], "c"),
    ("A all in 300, B all in 900, C calls. B wins. how much does B win",
     {"a": 300, "b": 900, "c": 900}, ["b", "a", "c"], "b"),
])
def test_what_a_player_takes(book: Rulebook, query: str, totals: dict[str, int],
                             ranking: list[str], who: str) -> None:
    rule, figures = _answer(book, query, make_profile("tda"))
    assert rule == "side-pots" and figures[0] == _taken(totals, ranking, who), query


def test_every_pot_together(book: Rulebook) -> None:
    pots, _ = _contested({"a": 500, "b": 1500, "c": 1500})
    rule, figures = _answer(book, "A all in 500, B all in 1500, C calls. total pot?",
                            make_profile("tda"))
    assert (rule, figures[0]) == ("side-pots", sum(a for a, _ in pots))


def test_the_most_an_all_in_player_can_win(book: Rulebook) -> None:
    """He can win the pots he is in: the main pot with what was in it before, whatever the
    others bet later."""
    pots, _ = _contested({"i": 300, "x": 300, "y": 300}, dead=800)
    rule, figures = _answer(book, "pot had 800, im all in for 300, two guys call and keep "
                                  "betting. most i can win?", make_profile("treps"))
    assert (rule, figures[0]) == ("side-pots", pots[0][0])
    rule, figures = _answer(book, "A all in 700, B all in 1500, C calls. how much can the short "
                                  "stack win", make_profile("treps"))
    main = _contested({"a": 700, "b": 1500, "c": 1500})[0][0][0]
    assert (rule, figures[0]) == ("side-pots", main)
    # two with the most: "the big stack" is neither for sure
    assert work_out("A all in 700, B all in 1500, C calls. how much can the big stack win",
                    make_profile("treps")) is None
    rule, figures = _answer(book, "i have 500, two 2000 stacks both got it in with me. most i "
                                  "can win", make_profile("treps"))
    main = _contested({"i": 500, "x": 2000, "y": 2000})[0][0][0]  # he is in the main pot
    assert (rule, figures[0]) == ("side-pots", main)


@pytest.mark.parametrize("query", [
    # "the pot" where there are several: which, or all of them, is not said
    "A all in 500, B all in 1500, C calls. how big is the pot",
    "a allin 300, b allin 700, c calls 700. what's in the third pot",
    # "with 3000 behind": left after the call, or all he had
    "A all in 1000, B calls with 3000 behind, C calls. side pot?",
    # a deed the story does not read the chips of
    "100/200, utg opens 600, sb shoves 2000, bb folds, utg calls. main pot",
    "100/200, utg min raises, sb shoves 2000, bb folds, utg calls. main pot",
    # a raise with no bet told before it: the chips it raised are not told
    "i raise to 600, A shoves 1500, B calls, i call. how big is the main pot",
    # who wins is not told
    "A jams 2k, B jams 5k, C calls. what does B take",
    "i had 300, two 1000 stacks both got it in with me. how much do i win",
    # a blind whose deed is not told
    "blinds 100/200, utg shoves 1000, bb calls, main pot?",
    # the pot before the turn is not told
    "turn: A all in 300, B and C call. main pot?",
    "on the flop A shoves 500, B calls, C calls. how big is the main pot",
    # a call whose caller is not said ("B all in and C all in call": another player, or them)
    "A shoves 3000, B all in 1800 and C all in 900 call. biggest side pot?",
    # a stack told beside the story that is less than he put in
    "A jams 2000, B calls, C raises to 6000, B calls (B has 5k). size of the side pot?",
    # the extra chip of a split, not chips coming back
    "A all in 500, B all in 1500, C all in 3000. A and B chop, who gets the extra chip",
    # a count of players, not of chips; the pot told after the deeds
    "A all in 500, B all in 1500, C calls 1500, D calls 1500. how many players in the side pot",
    "the pot is 3000 after A all in 1000 B calls C calls. side pot?",
    # a later street after the all-in: what the others put in before it is not told
    "A all in 300, on the turn B bets 500, C calls. side pot?",
    "A all in 500 pre, on the flop B bets 1000, C calls. side pot?",
    # a stack no player has, a covering stack that is not the biggest
    "three all ins: 2000, 2000 and 5000. how much of the 4000 comes back",
    # the player asked about gets nothing back, or is none of those told
    "A all in 500, B all in 1500, C all in 3000. how much does B get back",
    "A all in 500, B all in 1500, C all in 3000. how much do i get back",
    "stacks 400 / 1000 / 2500 all in and the 1000 guy covers, main pot?",
    # six players told where five are said
    "5 way all in: 100, 300, 600, 1000 and a caller with more calls 1000. how many side pots",
    # a second side pot the story does not make
    "A all in 200, B all in 700, C covers and calls. side pot 2 size?",
    # the bets after the all-in are not told
    "pot had 600, im all in for 500, two guys call and keep betting. how big is the side pot",
    "pot had 600, im all in for 500, two guys call and keep betting. most they can win?",
    # who takes which pot: a split of the main pot is not read; the question cut short
    "A all in 500 B all in 1500 C calls 1500. A and B split the main pot, C wins side. how much "
    "does C get",
    "A all in 500 B all in 1500 C calls 1500, how much does C",
])
def test_a_pot_question_told_with_doubt_gives_no_number(query: str) -> None:
    for profile in PROFILES:
        worked = work_out(query, profile)
        assert worked is None or worked.rule_id not in ("side-pots", "uncalled-bet"), query


# --- the part of a bet nobody called --------------------------------------------------------


@pytest.mark.parametrize(("query", "bet", "called"), [
    ("i bet 5000, villain calls all in for 3,200, how much do i get back", 5000, 3200),
    ("he shoves 4k and i call all in 2,500, how much does he get back", 4000, 2500),
    ("bet 800, he calls allin for 350, what comes back to me", 800, 350),
    ("he bets 3k, im all in calling for 1,150, how much does he take back", 3000, 1150),
    ("all in for 5k, one caller with 3k, how much goes back", 5000, 3000),
    ("whats the uncalled portion if i bet 5k and he calls all in for 2k", 5000, 2000),
    ("my 4k bet got called by a 1500 all-in, how much do i get back", 4000, 1500),
])
def test_the_bet_nobody_matched_goes_back(book: Rulebook, query: str, bet: int,
                                          called: int) -> None:
    """The engine hands back what the all-in caller could not match, after the flop."""
    profile = make_profile("tda")
    hand = _hand(profile, [DEEP, called + 100, DEEP], (50, 100), button=3)
    while hand.street == "preflop":
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    hand.bet(1, bet)
    hand.call(2)  # all he has
    hand.fold(3)
    back = sum(e.amount for e in hand.events if isinstance(e, UncalledReturned))
    rule, figures = _answer(book, query, profile)
    assert (rule, figures) == ("uncalled-bet", (back,)) and back == bet - called


def test_a_bet_called_in_full_gives_nothing_back() -> None:
    worked = work_out("i bet 2000 he calls, how much do i get back", make_profile("tda"))
    assert worked is None or worked.rule_id != "uncalled-bet"
    # chips back asked after a raise and a fold: no least raise given for it
    for profile in PROFILES:
        worked = work_out("i raise to 1000 he shoves 5000 i fold how much does he get back",
                          profile)
        assert worked is None or worked.kind not in ("min-raise", "short-all-in")


# --- a call for less --------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize(("query", "stack", "bet"), [
    ("i have 1,200 behind and he shoves 4000, how much is my all in call", 1200, 4000),
    ("he bets 900 and i only have 600 left, can i call", 600, 900),
    ("What's the effective all-in call? I have 3,500, villain bets 6,000", 3500, 6000),
])
def test_a_call_for_less_is_the_whole_stack(book: Rulebook, profile: Profile, query: str,
                                            stack: int, bet: int) -> None:
    hand = _hand(profile, [DEEP, DEEP, stack + 100], (50, 100), button=3)
    while hand.street == "preflop":
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    hand.bet(1, bet)
    hand.fold(2)
    events = hand.call(3)
    acted = next(e for e in events if isinstance(e, Acted))
    rule, figures = _answer(book, query, profile)
    assert (rule, figures) == ("all-in", (acted.to,)) and acted.all_in and acted.to == stack


def test_a_stack_that_covers_the_bet_is_no_call_for_less() -> None:
    worked = work_out("he bets 1000, i have 2500 behind, how much is my call", make_profile("tda"))
    assert worked is None or worked.rule_id != "all-in"


# --- forced bets ----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_heads_up_postings(book: Rulebook, profile: Profile) -> None:
    """Two players: the button posts the small blind, the other player the big blind."""
    hand = _hand(profile, [DEEP, DEEP], (200, 400), button=1)
    posted = {e.seat: e.amount for e in hand.events if isinstance(e, Posted)}
    assert _answer(book, "heads up at 200/400, what does the button post", profile) == (
        "heads-up", (posted[1],)) == ("heads-up", (200,))
    assert _answer(book, "heads up 200/400, what does the other player post", profile) == (
        "heads-up", (posted[2],))
    assert work_out("heads up 500/1000 who posts what", profile) is None
    # with an ante from each: the button's blind and ante, and the pot of both
    antes = _hand(profile, [DEEP, DEEP], (100, 200), button=2, ante=25)
    button = sum(e.amount for e in antes.events if isinstance(e, Posted) and e.seat == 2)
    pot = sum(e.amount for e in antes.events if isinstance(e, Posted))
    assert _answer(book, "heads up 100/200 ante 25, what does the button post", profile) == (
        "heads-up", (button,)) == ("heads-up", (125,))
    assert _answer(book, "heads up 100/200 ante 25, pot before the deal", profile) == (
        "antes", (pot,)) == ("antes", (350,))


@pytest.mark.parametrize(("query", "pair", "asked"), [
    ("sb is 300 whats the bb", (300, 600), 600), ("bb is 1,000 whats the sb", (500, 1000), 500),
])
def test_the_other_blind_is_the_structures(book: Rulebook, query: str, pair: tuple[int, int],
                                           asked: int) -> None:
    """Every structure the league can pick that has the blind given pairs it with the same
    other blind."""
    levels = [(lv.small_blind, lv.big_blind) for name in structure_names()
              for lv in load_structure(name).levels]
    side = 0 if asked == pair[1] else 1  # which blind the question gives
    assert {p for p in levels if p[side] == pair[side]} == {pair}
    for profile in PROFILES:
        assert _answer(book, query, profile) == ("blinds", (asked,))


def test_a_blind_no_structure_has_gives_no_number() -> None:
    assert work_out("bb is 700 whats the sb", make_profile("tda")) is None


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_pot_before_the_cards(book: Rulebook, profile: Profile) -> None:
    """A big blind ante (one for the table) and an ante from each of eight players, posted by
    the engine at a full table."""
    bba = _hand(profile, [DEEP] * 6, (400, 800), button=6, ante=800, big_blind_ante=True)
    bba_pot = sum(e.amount for e in bba.events if isinstance(e, Posted))
    rule, figures = _answer(book, "bba 800 at 400/800, how big is the pot before anyone acts",
                            profile)
    assert (rule, figures) == ("big-blind-ante", (bba_pot,)) == ("big-blind-ante", (2000,))
    antes = _hand(profile, [DEEP] * 8, (100, 200), button=8, ante=25)
    pot = sum(e.amount for e in antes.events if isinstance(e, Posted))
    rule, figures = _answer(book, "ante 25 at 100/200 eight players, whats in the pot before "
                                  "the cards", profile)
    assert (rule, figures) == ("antes", (pot,)) == ("antes", (500,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_pot_of_the_blinds_alone(book: Rulebook, profile: Profile) -> None:
    hand = _hand(profile, [DEEP] * 6, (100, 200), button=6)
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    assert _answer(book, "at 100/200, 6 players, what's in the pot before anyone acts",
                   profile) == ("blinds", (pot,)) == ("blinds", (300,))
    # a raise told: the pot is no longer the blinds'
    worked = work_out("at 100/200 utg raises to 600, pot before the flop", profile)
    assert worked is None or worked.rule_id != "blinds"


def test_a_big_blind_ante_the_question_does_not_give() -> None:
    """The ante of the structures with a big blind ante at these blinds; blinds no structure
    has give no number."""
    worked = work_out("big blind ante at 500/1000, what does the bb post", make_profile("tda"))
    assert worked is not None and worked.figures[0] == 2000
    assert work_out("big blind ante at 1200/2500, what does the bb post",
                    make_profile("tda")) is None
    # the ante itself asked: the structures' ante, as the engine takes it after the blind
    hand = _hand(make_profile("tda"), [DEEP] * 3, (200, 400), button=3, ante=400,
                 big_blind_ante=True)
    ante = next(e.amount for e in hand.events if isinstance(e, Posted) and e.kind == "ante")
    worked = work_out("what's the big blind ante at 200/400", make_profile("tda"))
    assert worked is not None and worked.figures[0] == ante == 400


# --- split pots -----------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "pot", "ways", "unit"), [
    ("3 of us chop a 1000 pot, 25 chips smallest, who gets what", 1000, 3, 25),
    ("we split a 1,700 pot three ways, the smallest chip is 100, who gets the odd 100s",
     1700, 3, 100),
])
def test_a_split_with_the_chip_named(book: Rulebook, query: str, pot: int, ways: int,
                                     unit: int) -> None:
    shares = split(pot, [3, 5, 7][:ways], button=2, table_size=9, unit=unit)
    rule, figures = _answer(book, query, make_profile("tda"))
    assert rule == "odd-chip" and figures == tuple(sorted(set(shares.values()), reverse=True))


@pytest.mark.parametrize(("place", "seat"), [("first left of the button", 0),
                                            ("second left of the button", 1),
                                            ("on the button", 1)])
def test_my_share_of_a_split(book: Rulebook, place: str, seat: int) -> None:
    """Two winners, the button one of them: the odd chip goes to the one on his left."""
    shares = split(3150, [9, 4], button=9, table_size=9, unit=50)
    mine = shares[[4, 9][seat]]
    rule, figures = _answer(book, f"two of us chop a 3,150 pot, 50s smallest, how much do I get "
                                  f"if im {place}", make_profile("tda"))
    assert rule == "odd-chip" and figures[0] == mine == (1600, 1550)[seat]


@pytest.mark.parametrize(("query", "pot", "ways", "unit", "place"), [
    # a chop with no count is between two
    ("chopped a 650 pot, 25s are the smallest, how much goes to the player closest left of "
     "the button", 650, 2, 25, 0),
    ("smallest chip in play is 100 now. 1600 pot chopped between three, winner left of the "
     "button gets how much", 1600, 3, 100, 0),
    ("3 way chop of 1300, smallest chip left is the 100. i'm the first seat after the button, "
     "what do i get", 1300, 3, 100, 0),
    ("chopped pot of 425, two of us, smallest chip is a 25. I'm second seat left of the button. "
     "what do i get", 425, 2, 25, 1),
    # a side pot split by name
    ("side pot of 325 split 2 ways w 25 chips, how much does the winner closest left of button "
     "get", 325, 2, 25, 0),
    ("3 way tie pot 2000 smallest 100, second player left of button gets?", 2000, 3, 100, 1),
    # the winners named, counted
    ("1250 pot split among a, b and c, 25 chips smallest, what does the player left of the "
     "button get", 1250, 3, 25, 0),
])
def test_a_share_by_the_winners_place(book: Rulebook, query: str, pot: int, ways: int,
                                      unit: int, place: int) -> None:
    """Winners in seats 2, 4, 6 with the button on seat 1: the first left of the button is
    seat 2."""
    winners = [2, 4, 6][:ways]
    shares = split(pot, winners, button=1, table_size=9, unit=unit)
    rule, figures = _answer(book, query, make_profile("tavern"))
    assert rule in ("odd-chip", "split-pot") and figures[0] == shares[winners[place]], query


@pytest.mark.parametrize("guess", [2500, 2400])
def test_a_share_guessed_is_checked(book: Rulebook, guess: int) -> None:
    """The asker's guess at a share is no amount of the spot: the answer is the engine's."""
    shares = split(5000, [3, 5], button=9, table_size=9)
    rule, figures = _answer(book, f"pot is 2 way chopped and it's 5,000 even. each get {guess} "
                                  "right", make_profile("tda"))
    assert (rule, figures) == ("split-pot", (shares[3],)) == ("split-pot", (2500,))


def test_my_share_and_a_pot_won_alone(book: Rulebook) -> None:
    shares = split(1100, [3, 5], button=9, table_size=9, unit=100)
    rule, figures = _answer(book, "main pot 1100 chopped 2 ways + 500 side pot i won alone, 100s "
                                  "smallest, im first left of btn. my total?", make_profile("tda"))
    assert rule == "odd-chip" and figures[0] == shares[3] + 500 == 1100
    # an even split: my share whatever my seat
    rule, figures = _answer(book, "main pot 900 chopped between me and one other, side pot 600 i "
                                  "win alone. total i collect?", make_profile("tda"))
    assert (rule, figures[0]) == ("split-pot", split(900, [3, 5], 9, 9)[3] + 600)
    shares = split(1300, [3, 5], button=9, table_size=9, unit=100)
    rule, figures = _answer(book, "side pot 1300 split between two, main pot 900 i won. 100 "
                                  "chips. im 2nd left of button. total?", make_profile("tda"))
    assert rule == "odd-chip" and figures[0] == shares[5] + 900
    for query in ["main pot 900 chopped 2 ways + 700 side pot, 100s smallest, im 2nd left of "
                  "btn. my total?",  # who won the side pot is not told
                  "the 550 pot got chopped by everyone still in, 25s smallest, how much do i "
                  "get"]:  # how many of us
        assert work_out(query, make_profile("tda")) is None, query


def test_an_odd_split_without_the_chip_gives_no_number() -> None:
    assert work_out("chop a 1,000 pot three ways, who gets the odd chip",
                    make_profile("tda")) is None


# --- the chip race --------------------------------------------------------------------------


def _raced(profile: Profile, mine: int, old: int = 25, new: int = 100,
           others: int = 3) -> tuple[int, int, int]:
    """A race at a table of `others` + 1, my stack `mine`, the others with odd chips and more:
    my cards, my chips changed up before the cards, my stack after."""
    stacks = {1: mine, **{s: 5 * new + old * (s % 3 + 1) for s in range(2, others + 2)}}
    result = chip_race(1, stacks, {s: f"p{s}" for s in stacks}, old, new, "test",
                       profile.chip_race)
    line = result.lines[0]
    return len(line.cards), mine - mine % new, line.stack_after


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_race_for_one_player(book: Rulebook, profile: Profile) -> None:
    cards, _, _ = _raced(profile, 5 * 100 + 3 * 25)
    assert _answer(book, "chip race: i have 3 odd 25s, how many cards do i get", profile) == (
        "chip-race", (cards,)) == ("chip-race", (3,))
    cards, _, _ = _raced(profile, 6 * 25 + 1000)
    assert _answer(book, "colour up the 25s to 100s, i have 6 twentyfives, how many cards in "
                         "the race", profile) == ("chip-race", (cards,)) == ("chip-race", (2,))
    _, changed, _ = _raced(profile, 13 * 100, old=100, new=500)
    assert _answer(book, "race off 100s to 500s, i have 13 of them, how much do i keep in 500s "
                         "before the cards", profile) == ("chip-race", (changed,))
    _, changed, _ = _raced(profile, 11 * 25)
    assert _answer(book, "race: 25s leave, i have 11, how much do i get in 100s", profile) == (
        "chip-race", (changed,)) == ("chip-race", (200,))
    _, _, after = _raced(profile, 25)
    assert _answer(book, "i had only one 25 chip at the race, do i get knocked out, what do i "
                         "end up with", profile) == ("chip-race", (after,)) == ("chip-race",
                                                                                (100,))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_odd_chips_left_and_the_most_a_player_wins(book: Rulebook,
                                                       profile: Profile) -> None:
    """Odd chips worth half a new chip or more bring the highest remaining card one; less are
    removed; nobody wins two chips."""
    three = chip_race(1, {1: 525, 2: 550}, {1: "a", 2: "b"}, 25, 100, "t", profile.chip_race)
    won = sum(1 for line in three.lines if line.won)
    assert _answer(book, "race: 75 left over in 25s, does the highest card get a 100",
                   profile) == ("chip-race", (100 * won,)) == ("chip-race", (100,))
    one = chip_race(1, {1: 525, 2: 500}, {1: "a", 2: "b"}, 25, 100, "t", profile.chip_race)
    assert not any(line.won for line in one.lines)
    assert _answer(book, "race: 25 left over in 25s, new chip is 100, highest card gets how "
                         "much", profile) == ("chip-race", (0,))
    table = chip_race(1, {s: 575 for s in range(1, 10)}, {s: f"p{s}" for s in range(1, 10)}, 25,
                      100, "t", profile.chip_race)
    most = max(int(bool(line.won)) for line in table.lines)
    assert _answer(book, "how many 100 chips can one player win in the chip race",
                   profile) == ("chip-race", (most,)) == ("chip-race", (1,))


@pytest.mark.parametrize("query", [
    "race off the 25 chips",
    "i have 75 left in 25s at the race, how much do i get",
    "chip race with 3 25s left over, who gets the 100",
    # two new chips named for one race
    "color up 25s to 100s, i have 3 odd 25s, 500 is the new chip, how many cards",
    # after the race: the chip won is not known
    "race: 25s leave, i have 11, how much do i get in 100s after the race",
])
def test_a_race_told_with_doubt_gives_no_number(query: str) -> None:
    for profile in PROFILES:
        assert work_out(query, profile) is None, (query, profile.name)

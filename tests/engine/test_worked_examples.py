"""The seed rulebooks' own worked examples, under each profile where they
differ (the knobs of bot/engine/profile.py)."""

from __future__ import annotations

import pytest

from bot.engine.errors import BelowCall, NotReopened
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted, PotAwarded, Ruling, StreetDealt, UncalledReturned
from bot.engine.profile import make_profile


def start(profile: str, stacks: list[int], sb: int = 50, bb: int = 100, button: int | None = None,
          seed: str | None = "worked-example", **knobs: object) -> Hand:
    """Seats 1..n; by default seat 1 is the small blind, 2 the big blind, n the button."""
    n = len(stacks)
    return Hand.start(HandConfig(
        hand_id="ex",
        seats=tuple(Seat(i + 1, "ABCDEFGHIJ"[i], st) for i, st in enumerate(stacks)),
        button=button or n,
        small_blind=sb,
        big_blind=bb,
        profile=make_profile(profile, **knobs),
        deck_seed=seed,
        table_size=max(n, 2),
    ))


def limp_to_flop(hand: Hand) -> None:
    while hand.street == "preflop":
        legal = hand.legal()
        assert legal is not None
        if legal.can_check:
            hand.check(legal.seat)
        else:
            hand.call(legal.seat)


def rulings(hand: Hand, rule_id: str) -> list[Ruling]:
    return [r for r in hand.rulings if r.rule_id == rule_id]


def last_action(hand: Hand, seat: int) -> Acted:
    return [e for e in hand.events if isinstance(e, Acted) and e.seat == seat][-1]


# Tavern, "What constitutes a RAISE?" example 1: A bets 1,000, B all-in for 1,200, C calls.
# A seat 1, B seat 2, C seat 3, D seat 4 (button); blinds 50/100 limped, so on the flop
# A acts first.


def tavern_example_1(profile: str) -> Hand:
    hand = start(profile, [5000, 1300, 5000, 5000])
    limp_to_flop(hand)
    assert hand.to_act == 1
    hand.bet(1, 1000)
    hand.all_in(2)
    legal_c = hand.legal()
    assert legal_c is not None and legal_c.seat == 3
    assert legal_c.can_raise and legal_c.min_raise_to == 2200  # 1,200 plus the last full 1,000
    assert legal_c.call_amount == 1200
    hand.call(3)
    return hand


@pytest.mark.parametrize("profile", ["treps", "tavern", "tda"])
def test_tavern_example_1_short_all_in_does_not_reopen(profile: str) -> None:
    hand = tavern_example_1(profile)
    hand.fold(4)
    legal_a = hand.legal()
    assert legal_a is not None and legal_a.seat == 1
    assert not legal_a.can_raise
    assert legal_a.call_amount == 200
    with pytest.raises(NotReopened, match="call 200 or fold"):
        hand.raise_to(1, 3000)
    incomplete = rulings(hand, "incomplete-all-in")
    assert incomplete and incomplete[0].seat == 2 and incomplete[0].amounts["raise"] == 200
    noted = rulings(hand, "not-reopened")
    assert noted and noted[-1].seat == 1 and noted[-1].amounts["call"] == 200
    hand.call(1)
    assert hand.street == "turn"


@pytest.mark.parametrize(("profile", "a_may_raise"), [
    ("tavern", False),  # never reopened by short all-ins, not even adding up (example 2)
    ("treps", True),  # 1,100 more since A acted is at least the full 1,000 (TDA 47-A)
    ("tda", True),
])
def test_tavern_example_2_cumulative_short_all_ins(profile: str, a_may_raise: bool) -> None:
    hand = start(profile, [8000, 1300, 8000, 2200])
    limp_to_flop(hand)
    hand.bet(1, 1000)
    hand.all_in(2)
    hand.call(3)
    hand.all_in(4)  # D all-in for 2,100
    legal_a = hand.legal()
    assert legal_a is not None and legal_a.seat == 1
    assert legal_a.can_raise is a_may_raise
    assert legal_a.call_amount == 1100
    if a_may_raise:
        hand.raise_to(1, 4000)
        assert hand.current_bet == 4000
    else:
        with pytest.raises(NotReopened):
            hand.raise_to(1, 4000)
        assert hand.current_bet == 2100


def test_cumulative_knob_can_be_overridden() -> None:
    hand = start("treps", [8000, 1300, 8000, 2200], cumulative_short_all_ins_reopen=False)
    limp_to_flop(hand)
    hand.bet(1, 1000)
    hand.all_in(2)
    hand.call(3)
    hand.all_in(4)
    legal = hand.legal()
    assert legal is not None and not legal.can_raise


def test_player_who_acted_facing_less_than_full_raise_since_cannot_raise() -> None:
    # After D's all-in, C (who called 1,200) faces only 900 more: not a full raise for him.
    hand = start("treps", [8000, 1300, 8000, 2200])
    limp_to_flop(hand)
    hand.bet(1, 1000)
    hand.all_in(2)
    hand.call(3)
    hand.all_in(4)
    hand.call(1)
    legal_c = hand.legal()
    assert legal_c is not None and legal_c.seat == 3
    assert not legal_c.can_raise and legal_c.call_amount == 900


# Tavern, verbal declaration 3: blinds 100/200, C raises to 400, SB "raises it 1000".


@pytest.mark.parametrize("profile", ["treps", "tavern", "tda"])
def test_raise_it_1000_adds_to_the_bet_facing_the_player(profile: str) -> None:
    hand = start(profile, [10000] * 4, sb=100, bb=200)
    hand.raise_to(3, 400)
    hand.fold(4)
    before = hand.stacks[1]
    hand.raise_by(1, 1000)
    act = last_action(hand, 1)
    assert act.to == 1400
    assert before - hand.stacks[1] == 1300
    assert rulings(hand, "raise-it")[0].amounts == {"by": 1000, "to": 1400, "facing": 400}


# Tavern, verbal declaration 1: "Let's make it 800" facing a bet of 500.


def facing_500(profile: str, **knobs: object) -> Hand:
    hand = start(profile, [10000] * 3, **knobs)
    limp_to_flop(hand)
    hand.bet(1, 500)
    return hand


def test_make_it_800_tavern_is_a_call_and_the_excess_goes_back() -> None:
    hand = facing_500("tavern")
    before = hand.stacks[2]
    hand.make_it(2, 800)
    act = last_action(hand, 2)
    assert act.action == "call" and act.to == 500
    assert before - hand.stacks[2] == 500
    assert rulings(hand, "make-it")[-1].amounts["returned"] == 300
    assert hand.current_bet == 500


@pytest.mark.parametrize("profile", ["treps", "tda"])
def test_make_it_800_treps_is_a_full_raise_by_the_50_percent_rule(profile: str) -> None:
    hand = facing_500(profile)
    hand.make_it(2, 800)  # 300 more is at least half of the 500 bet
    act = last_action(hand, 2)
    assert act.action == "raise" and act.to == 1000
    r = rulings(hand, "fifty-percent")[-1]
    assert r.amounts["asked"] == 800 and r.amounts["to"] == 1000


@pytest.mark.parametrize("profile", ["treps", "tavern", "tda"])
def test_make_it_under_half_a_raise_is_a_call(profile: str) -> None:
    hand = facing_500(profile)
    hand.make_it(2, 700)  # 200 more is under half of 500
    act = last_action(hand, 2)
    assert act.action == "call" and act.to == 500


def test_make_it_knob_override_follows_the_league() -> None:
    hand = facing_500("tavern", make_it="fifty_percent")
    hand.make_it(2, 800)
    assert last_action(hand, 2).to == 1000


@pytest.mark.parametrize("profile", ["treps", "tavern", "tda"])
def test_make_it_below_the_call_puts_nothing_in(profile: str) -> None:
    hand = facing_500(profile)
    events_before = list(hand.events)
    with pytest.raises(BelowCall, match="call 500"):
        hand.make_it(2, 400)
    assert hand.events == events_before
    assert hand.to_act == 2


# TREPS "Raising": from 50 to 100, the next minimum raise is 50 more (150 to go); the 50% rule.


def treps_50_100(profile: str) -> Hand:
    hand = start(profile, [5000] * 4, sb=25, bb=50)
    hand.raise_to(3, 100)
    return hand


@pytest.mark.parametrize("profile", ["treps", "tavern", "tda"])
def test_treps_minimum_raise_50_100_150(profile: str) -> None:
    hand = treps_50_100(profile)
    legal = hand.legal()
    assert legal is not None and legal.min_raise_to == 150


@pytest.mark.parametrize(("profile", "expected_to", "rule"), [
    ("treps", 150, "declared-raise"),  # a declared raise is made as the minimum
    ("tda", 150, "declared-raise"),
    ("tavern", 100, "make-it"),  # read as "make it 140": a call, 40 back
])
def test_declared_raise_short_of_the_minimum(profile: str, expected_to: int, rule: str) -> None:
    hand = treps_50_100(profile)
    hand.raise_to(4, 140)
    assert last_action(hand, 4).to == expected_to
    assert rulings(hand, rule)[-1].amounts["asked"] == 140


@pytest.mark.parametrize(("amount", "expected_to"), [(125, 150), (120, 100)])
def test_treps_fifty_percent_rule(amount: int, expected_to: int) -> None:
    hand = treps_50_100("treps")
    hand.make_it(4, amount)  # 25 more is half of the last raise of 50: a full raise
    assert last_action(hand, 4).to == expected_to


# Odd chips and side pots.


def recorded(stacks: list[int], holes: dict[int, str], profile: str = "treps",
             button: int | None = None) -> Hand:
    hand = start(profile, stacks, seed=None, button=button)
    for seat in sorted(holes, key=lambda s: hand.order.index(s)):
        hand.deal_hole(seat, [holes[seat][:2], holes[seat][2:]])
    return hand


def test_even_split_pot_between_two_best_hands() -> None:
    # Three players, blinds 50/100; seat 3 is the button. Seat 3 folds, the blinds split 200
    # evenly... so make an odd pot: small blind completes, big blind bets 75 on the flop.
    hand = recorded([1000, 1000, 1000], {1: "AhKd", 2: "AsKc", 3: "2c3d"}, button=3)
    hand.fold(3)
    hand.call(1)
    hand.check(2)
    hand.deal_board(["Qs", "Jd", "7c"])
    hand.check(1)
    hand.check(2)
    hand.deal_board(["4h"])
    hand.check(1)
    hand.check(2)
    hand.deal_board(["9s"])
    hand.check(1)
    hand.check(2)
    hand.show(1)
    hand.show(2)
    # 250 in the pot (the button folded nothing in); split 125 each: no odd chip.
    assert hand.final_stacks == {1: 1000, 2: 1000, 3: 1000}


def test_odd_chip_split_pot_three_ways() -> None:
    # 4 players, button seat 4; seat 4 folds, three players put 100 each and an ante-less
    # dead 50... use a small blind that folds: pot 100+100+100+50 = 350 split three ways.
    hand = recorded([1000] * 5, {1: "2c3c", 2: "AhKd", 3: "AsKc", 4: "AdKh", 5: "7h2d"},
                    button=5)
    # seat 1 small blind, 2 big blind; order preflop 3, 4, 5, 1, 2
    hand.call(3)
    hand.call(4)
    hand.fold(5)
    hand.fold(1)  # 50 dead
    hand.check(2)
    for card in (["Qs", "Jd", "Tc"], ["4h"], ["4s"]):
        hand.deal_board(card)
        hand.check(2)
        hand.check(3)
        hand.check(4)
    for s in hand.showdown_order():
        hand.show(s)
    # 350 / 3 = 116 each and 2 odd chips: first two winners left of the button (2 then 3).
    assert hand.final_stacks[2] == 900 + 117
    assert hand.final_stacks[3] == 900 + 117
    assert hand.final_stacks[4] == 900 + 116
    odd = rulings(hand, "odd-chip")[-1]
    assert odd.amounts["odd_chips"] == 2 and odd.seats == (2, 3)
    assert sum(hand.final_stacks.values()) == 5000


def test_side_pots_each_settled_separately() -> None:
    # A (300) and B (700) all-in, C covers. C has the worst hand, A the best, B the middle.
    hand = recorded([300, 700, 5000], {1: "AsAh", 2: "KsKh", 3: "7c2d"}, button=3)
    # heads-up rule does not apply (3 players): seat 1 small blind, 2 big blind, 3 button.
    hand.raise_to(3, 1000)
    hand.all_in(1)
    hand.all_in(2)
    for card in (["Qs", "Jd", "4c"], ["5h"], ["9d"]):
        hand.deal_board(card)
    for s in hand.showdown_order():
        hand.show(s)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.amount, a.winners) for a in awards] == [(900, (1,)), (800, (2,))]
    returned = [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert returned and returned[0].seat == 3 and returned[0].amount == 300
    assert hand.final_stacks == {1: 900, 2: 800, 3: 4300}


def test_all_in_for_more_than_the_stack_is_all_in_with_a_ruling() -> None:
    hand = start("tda", [1000, 1000, 1000])
    hand.raise_to(3, 5000)
    act = last_action(hand, 3)
    assert act.all_in and act.to == 1000
    assert rulings(hand, "all-in-over-stack")[-1].amounts == {"asked": 5000, "to": 1000}


def test_face_up_when_all_in_and_no_betting_left() -> None:
    hand = start("treps", [1000, 1000, 1000])
    hand.all_in(3)
    hand.call(1)
    hand.fold(2)
    face_up = rulings(hand, "face-up")
    assert face_up and set(face_up[0].seats) == {1, 3}
    idx_face = hand.events.index(face_up[0])
    first_street = next(i for i, e in enumerate(hand.events) if isinstance(e, StreetDealt))
    assert idx_face < first_street  # cards face up before the board is dealt
    assert hand.is_over and len(hand.board) == 5

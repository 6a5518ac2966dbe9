"""Single-hand rules of the rulebook (data/rules) that the worked examples do not cover."""

from __future__ import annotations

import json

import pytest

from bot.engine.cards import (
    FULL_DECK,
    commitment,
    deck_from_seed,
    verify_commitment,
    verify_proof,
)
from bot.engine.errors import BadAmount, HandOver, IllegalAction, NotYourTurn
from bot.engine.events import event_from_dict
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import (
    Acted,
    HandEnded,
    HandStarted,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
)
from bot.engine.phh import to_phh
from bot.engine.profile import ProfileError, make_profile


def hand_of(stacks: list[int], *, button: int | None = None, sb: int = 50, bb: int = 100,
            ante: int = 0, bb_ante: bool = False, seed: str | None = "rules",
            profile: str = "tda") -> Hand:
    n = len(stacks)
    return Hand.start(HandConfig(
        hand_id="r",
        seats=tuple(Seat(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks)),
        button=button or n,
        small_blind=sb, big_blind=bb, ante=ante, big_blind_ante=bb_ante,
        profile=make_profile(profile), deck_seed=seed, table_size=max(n, 2),
    ))


def snapshot(hand: Hand) -> tuple[object, ...]:
    return ([e.to_dict() for e in hand.events], hand.stacks, hand.to_act, hand.current_bet)


# Blinds, antes, order of action


def test_blinds_left_of_button_and_action_starts_left_of_big_blind() -> None:
    hand = hand_of([1000] * 4, button=4)
    posts = [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posts == [(1, "small_blind", 50), (2, "big_blind", 100)]
    assert hand.to_act == 3


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = hand_of([1000, 1000], button=1)
    posts = {e.kind: e.seat for e in hand.events if isinstance(e, Posted)}
    assert posts == {"small_blind": 1, "big_blind": 2}
    assert hand.to_act == 1
    hand.call(1)
    hand.check(2)
    assert hand.street == "flop"
    assert hand.to_act == 2  # big blind first after the flop; button last


def test_antes_from_everyone_and_big_blind_ante() -> None:
    hand = hand_of([1000] * 3, ante=10)
    antes = [e.seat for e in hand.events if isinstance(e, Posted) and e.kind == "ante"]
    assert sorted(antes) == [1, 2, 3]
    bba = hand_of([1000] * 3, ante=100, bb_ante=True)
    antes = [(e.seat, e.amount) for e in bba.events if isinstance(e, Posted) and e.kind == "ante"]
    assert antes == [(2, 100)]
    assert bba.pot_total == 250


def test_big_blind_is_posted_before_the_big_blind_ante_when_short() -> None:
    hand = hand_of([1000, 150, 1000], ante=100, bb_ante=True)
    posts = [(e.kind, e.amount) for e in hand.events if isinstance(e, Posted) and e.seat == 2]
    assert posts == [("big_blind", 100), ("ante", 50)]


def test_short_big_blind_still_calls_the_full_big_blind() -> None:
    hand = hand_of([1000, 60, 1000])
    legal = hand.legal()
    assert legal is not None and legal.call_amount == 100


def test_big_blind_has_the_option_after_limps() -> None:
    hand = hand_of([1000] * 3)
    hand.call(3)
    hand.call(1)
    legal = hand.legal()
    assert legal is not None and legal.seat == 2 and legal.can_check and legal.can_raise


# Refusals change nothing and say what is allowed


@pytest.mark.parametrize("bad", [0, -100, 2.5, "abc", True, None])
def test_bad_amounts_are_refused_and_change_nothing(bad: object) -> None:
    hand = hand_of([1000] * 3)
    before = snapshot(hand)
    with pytest.raises(BadAmount, match="whole number"):
        hand.raise_to(3, bad)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_out_of_turn_is_refused() -> None:
    hand = hand_of([1000] * 3)
    before = snapshot(hand)
    with pytest.raises(NotYourTurn, match="seat 3 is to act"):
        hand.fold(1)
    with pytest.raises(NotYourTurn):
        hand.call(7)
    assert snapshot(hand) == before


def test_refusal_message_lists_the_options() -> None:
    hand = hand_of([5000] * 3)
    with pytest.raises(IllegalAction) as err:
        hand.check(3)
    assert "call 100, raise to 200 to 5,000 (all-in) or fold" in str(err.value)


def test_minimum_bet_postflop_is_the_big_blind() -> None:
    hand = hand_of([1000] * 3, profile="tavern")
    hand.call(3)
    hand.call(1)
    hand.check(2)
    with pytest.raises(BadAmount, match="minimum bet is 100"):
        hand.bet(1, 60)
    tda = hand_of([1000] * 3, profile="tda")
    tda.call(3)
    tda.call(1)
    tda.check(2)
    tda.bet(1, 60)  # a declared bet is made as the minimum
    act = [e for e in tda.events if isinstance(e, Acted)][-1]
    assert act.to == 100
    assert tda.rulings[-1].rule_id == "minimum-bet"


def test_exact_wager_below_the_minimum_is_refused_not_corrected() -> None:
    hand = hand_of([1000] * 3)
    before = snapshot(hand)
    with pytest.raises(BadAmount, match="minimum raise is to 200"):
        hand.wager_to(3, 150)
    assert snapshot(hand) == before


def test_after_the_hand_actions_are_refused() -> None:
    hand = hand_of([1000] * 3)
    hand.fold(3)
    hand.fold(1)
    assert hand.is_over
    with pytest.raises(HandOver):
        hand.call(2)


# Uncalled bets, showdown


def test_uncalled_bet_returned_and_uncontested_pot_not_shown() -> None:
    hand = hand_of([1000] * 3)
    hand.raise_to(3, 300)
    hand.fold(1)
    hand.fold(2)
    assert hand.final_stacks == {1: 950, 2: 900, 3: 1150}
    assert not [e for e in hand.events if isinstance(e, Shown)]
    assert any(r.rule_id == "uncalled-bet" and r.amounts["amount"] == 200 for r in hand.rulings)


def recorded(holes: dict[int, str], stacks: list[int] | None = None) -> Hand:
    hand = hand_of(stacks or [1000] * len(holes), seed=None)
    for s in hand.order:
        hand.deal_hole(s, [holes[s][:2], holes[s][2:]])
    return hand


def test_showdown_order_last_aggressor_first_else_left_of_button() -> None:
    hand = recorded({1: "AsAh", 2: "KsKh", 3: "QsQh"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    for cards in (["2c", "7d", "9h"], ["Jc"]):
        hand.deal_board(cards)
        hand.check(1)
        hand.check(2)
        hand.check(3)
    hand.deal_board(["3d"])
    hand.check(1)
    hand.bet(2, 100)
    hand.call(3)
    hand.call(1)
    assert hand.showdown_order() == [2, 3, 1]
    nobody_bet = recorded({1: "AsAh", 2: "KsKh", 3: "QsQh"})
    nobody_bet.call(3)
    nobody_bet.call(1)
    nobody_bet.check(2)
    for cards in (["2c", "7d", "9h"], ["Jc"], ["3d"]):
        nobody_bet.deal_board(cards)
        for s in (1, 2, 3):
            nobody_bet.check(s)
    assert nobody_bet.showdown_order() == [1, 2, 3]


def test_live_showdown_mucks_hands_that_cannot_win_and_never_shows_them() -> None:
    # Find a seed where the first to show wins, so the second hand is mucked.
    for i in range(200):
        hand = hand_of([1000, 1000, 1000], seed=f"muck-{i}")
        hand.call(3)
        hand.call(1)
        hand.check(2)
        while not hand.is_over:
            hand.check(hand.to_act)  # type: ignore[arg-type]
        mucked = [e.seat for e in hand.events if isinstance(e, Mucked)]
        if mucked:
            shown = {e.seat for e in hand.events if isinstance(e, Shown)}
            assert not set(mucked) & shown
            text = to_phh(hand)  # a public history shows mucked cards as ????
            for seat in mucked:
                for card in hand.hole_cards(seat) or ():
                    assert card not in text
            return
    pytest.fail("no seed gave a muck")


def test_show_one_show_all_after_the_hand() -> None:
    hand = hand_of([1000] * 3)
    hand.fold(3)
    hand.fold(1)
    hole = hand.hole_cards(2)
    assert hole is not None
    hand.show(2, [hole[0]])
    hand.request_show_all(3, 2)
    shown = [c for e in hand.events if isinstance(e, Shown) and e.seat == 2 for c in e.cards]
    assert sorted(shown) == sorted(hole)
    assert hand.rulings[-1].rule_id == "show-one-show-all"
    with pytest.raises(IllegalAction, match="already face up"):
        hand.request_show_all(1, 2)


# Deck, commitment, events


def test_deck_is_a_permutation_fixed_by_the_seed_and_committed() -> None:
    deck = deck_from_seed("abc")
    assert sorted(deck) == sorted(FULL_DECK)
    assert deck == deck_from_seed("abc") != deck_from_seed("abd")
    hand = hand_of([1000] * 3, seed="abc")
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.commitment is not None
    assert started.commitment == commitment("abc", deck)
    assert verify_commitment("abc", started.commitment)
    hand.fold(3)
    hand.call(1)
    hand.check(2)
    while not hand.is_over:
        hand.check(hand.to_act)  # type: ignore[arg-type]
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded) and ended.deck_proof is not None
    assert '"abc"' not in ended.to_json()  # the seed is never published
    opened = verify_proof(started.commitment, ended.deck_proof)
    shown = {c for e in hand.events if isinstance(e, Shown) for c in e.cards}
    assert set(opened.values()) == set(hand.board) | shown
    folded = hand.hole_cards(3)
    assert folded is not None and not set(folded) & set(opened.values())
    # A tampered card does not verify.
    pos, (card, salt) = next(iter(ended.deck_proof["openings"].items()))
    other = next(c for c in FULL_DECK if c != card)
    bad = {**ended.deck_proof, "openings": {pos: [other, salt]}}
    with pytest.raises(ValueError, match="does not match"):
        verify_proof(started.commitment, bad)


def test_burn_cards_before_each_street() -> None:
    hand = hand_of([1000] * 2, seed="burn")
    deck = deck_from_seed("burn")
    hand.call(2)
    hand.check(1)
    # 4 hole cards, burn, flop 3
    assert hand.board == deck[5:8]
    assert hand.burns == [deck[4]]
    assert hand.rabbit_cards() == [deck[9], deck[11]]


def test_events_round_trip_and_replay_rebuilds_the_hand() -> None:
    hand = hand_of([1000, 700, 300], ante=10)
    hand.all_in(3)
    hand.all_in(1)
    hand.call(2)
    texts = [e.to_json() for e in hand.events]
    revived = [event_from_dict(json.loads(t)) for t in texts]
    assert revived == hand.events
    again = Hand.replay(revived)
    assert again.final_stacks == hand.final_stacks
    assert again.board == hand.board
    assert sum(hand.final_stacks.values()) == 2000


def test_timeout_checks_when_free_and_folds_facing_a_bet() -> None:
    hand = hand_of([1000] * 3)
    hand.timeout(3, "clock", "check_or_fold")
    assert hand.players[3].folded  # facing the big blind: folded
    hand.call(1)
    hand.timeout(2, "clock", "check_or_fold")
    assert not hand.players[2].folded and hand.street == "flop"
    assert [r.rule_id for r in hand.rulings if r.rule_id == "clock"] == ["clock", "clock"]


def test_kill_makes_a_hand_dead_out_of_turn() -> None:
    hand = hand_of([1000] * 3)
    hand.kill(1, "away")
    assert hand.players[1].folded
    hand.call(3)
    hand.check(2)
    assert hand.street == "flop" and hand.to_act == 2


def test_profiles_and_knob_overrides() -> None:
    assert make_profile("tavern", clock_seconds=90).clock_seconds == 90
    with pytest.raises(ProfileError, match="choose one of treps, tavern, tda"):
        make_profile("wsop")
    with pytest.raises(ProfileError, match="unknown rule knob"):
        make_profile("tda", colour="red")


def test_a_player_who_asked_to_show_is_shown_even_when_he_cannot_win() -> None:
    for i in range(200):
        plain = hand_of([1000, 1000, 1000], seed=f"ask-{i}")
        asked = hand_of([1000, 1000, 1000], seed=f"ask-{i}")
        for hand in (plain, asked):
            hand.call(3)
            hand.call(1)
            hand.check(2)
            if hand is asked:
                for seat in (1, 2, 3):
                    hand.ask_to_show(seat)
            while not hand.is_over:
                hand.check(hand.to_act)  # type: ignore[arg-type]
        mucked = [e.seat for e in plain.events if isinstance(e, Mucked)]
        if not mucked:
            continue
        shown = {e.seat for e in asked.events if isinstance(e, Shown)}
        assert set(mucked) <= shown
        assert not [e for e in asked.events if isinstance(e, Mucked)]
        assert asked.final_stacks == plain.final_stacks
        with pytest.raises(IllegalAction):
            asked.ask_to_show(1)  # the hand is over
        return
    pytest.fail("no seed gave a muck")


def test_pot_awarded_names_the_kicker_that_decided_and_a_split_plainly() -> None:
    def play(holes: dict[int, str]) -> Hand:
        hand = recorded(holes)
        hand.call(3)
        hand.call(1)
        hand.check(2)
        for cards in (["5s", "5d", "9c"], ["7h"], ["2s"]):
            hand.deal_board(cards)
            for s in (1, 2, 3):
                hand.check(s)
        for s in hand.showdown_order():
            hand.show(s)
        return hand

    kicker = play({1: "Ah3c", 2: "Jh3d", 3: "Kd4c"})
    award = [e for e in kicker.events if isinstance(e, PotAwarded)][-1]
    assert award.winners == (1,) and award.hand_name == "pair of fives, ace kicker"
    assert kicker.showdown_names()[2].name == "pair of fives, jack kicker"
    # Seats 1 and 2 tie; their ace still names why they beat seat 3's king.
    split = play({1: "Ah3c", 2: "Ad3d", 3: "Kd4c"})
    award = [e for e in split.events if isinstance(e, PotAwarded)][-1]
    assert award.winners == (1, 2) and award.hand_name == "pair of fives, ace kicker"
    assert split.showdown_names()[1].ties_with == (2,)
    # Against a hand of another name, no kicker is needed.
    plain = play({1: "Ah3c", 2: "Ad3d", 3: "Kd9d"})
    award = [e for e in plain.events if isinstance(e, PotAwarded)][-1]
    assert award.winners == (3,) and award.hand_name == "two pair, nines and fives"

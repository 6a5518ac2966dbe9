"""A board run out after an all-in, step by step (runout.py), and each pot's chances when side
pots exist (equity.pot_equities)."""

from __future__ import annotations

import pytest

from bot.engine.equity import main_pot_equity, pot_equities
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import make_profile
from bot.engine.runout import runout_frames, runout_streets
from tests.engine.test_equity import brute_force, cards


def _hand(stacks: tuple[int, ...], seed: str = "ro") -> Hand:
    return Hand.start(HandConfig(
        seed, tuple(Seat(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks)), button=3,
        small_blind=50, big_blind=100, profile=make_profile("treps"), deck_seed=seed,
        table_size=len(stacks)))


def test_a_preflop_all_in_runs_out_three_streets_each_step_a_street_more() -> None:
    hand = _hand((1000, 1000, 1000))
    hand.all_in(3)
    hand.call(1)
    hand.fold(2)
    assert hand.is_over
    frames = runout_frames(hand.events)
    assert len(frames) == 4 and frames[-1] == len(hand.events)
    assert runout_streets(hand.events) == 3
    steps = [Hand.replay(hand.events[:n]) for n in frames]
    assert [len(h.board) for h in steps] == [0, 3, 4, 5]
    assert [h.is_over for h in steps] == [False, False, False, True]
    # Face up from the first step (the rule), and nothing else: the folded hand never.
    assert {s for s, p in steps[0].players.items() if p.shown} == {1, 3}
    assert not steps[-1].players[2].shown


def test_a_hand_with_nothing_to_run_out_has_no_steps() -> None:
    quiet = _hand((1000, 1000, 1000))
    quiet.fold(3)
    quiet.fold(1)
    assert runout_frames(quiet.events) == [] and runout_streets(quiet.events) == 0
    # An all-in called on the river: turned face up with the board complete.
    late = _hand((1000, 1000, 1000), "late")
    late.fold(3)
    while len(late.board) < 5:
        assert late.to_act is not None
        late.check_or_call(late.to_act)
    assert late.to_act is not None
    late.all_in(late.to_act)
    assert late.to_act is not None
    late.call(late.to_act)
    assert late.is_over and runout_frames(late.events) == []


def test_each_pot_is_counted_among_its_own_contenders_with_the_others_cards_dead() -> None:
    hands = {1: cards("As Ah"), 2: cards("Kd Kc"), 3: cards("7c 2d")}
    board = cards("Qs 8h 3c")
    main, side, lone = pot_equities([(1, 2, 3), (2, 3), (3,)], hands, board)
    assert main is not None and side is not None and lone is not None
    assert main.win == pytest.approx(brute_force(hands, board), abs=1e-12)
    # The side pot: kings against seven-deuce, the aces out of the deck.
    expected = main_pot_equity({2: hands[2], 3: hands[3]}, board, dead=hands[1]).win
    assert side.win == expected and side.win != main_pot_equity(
        {2: hands[2], 3: hands[3]}, board).win
    assert lone.win == {3: 1.0}
    # A pot whose contenders are not all face up gets no figures.
    assert pot_equities([(1, 4)], hands, board) == [None]

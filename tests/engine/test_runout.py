"""A board run out after an all-in, step by step (runout.py), and each pot's chances when side
pots exist (equity.pot_equities)."""

from __future__ import annotations

import pytest

from bot.engine import equity
from bot.engine.equity import SAMPLES, kept_only, main_pot_equity, pot_equities
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


# Four hands all in before the flop for four amounts: a main pot and two contested side pots
# (the fourth, the biggest stack's own excess, goes back to him).
FOUR_WAYS = {1: cards("As Ah"), 2: cards("Kd Kc"), 3: cards("7c 2d"), 4: cards("9s 8s")}
FOUR_POTS = [(1, 2, 3, 4), (2, 3, 4), (3, 4)]


@pytest.mark.parametrize("board", ["", "Qs 8h 3c", "Qs 8h 3c 5d"],
                         ids=["before the flop", "the flop", "the turn"])
def test_every_pot_counted_at_once_gets_the_figures_of_each_pot_counted_alone(
        board: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())
    together = pot_equities(FOUR_POTS, FOUR_WAYS, cards(board))
    for pot, found in zip(FOUR_POTS, together, strict=True):
        monkeypatch.setattr(equity, "_counts", type(equity._counts)())  # counted afresh
        dead = [c for k, hand in FOUR_WAYS.items() if k not in pot for c in hand]
        alone = main_pot_equity({k: FOUR_WAYS[k] for k in pot}, cards(board), dead)
        assert found == alone


def test_every_pot_counted_at_once_evaluates_each_hand_once_a_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())
    evaluated = 0
    evaluate = equity._evaluate

    def counting(hand: object) -> int:
        nonlocal evaluated
        evaluated += 1
        return evaluate(hand)

    monkeypatch.setattr(equity, "_evaluate", counting)
    pot_equities(FOUR_POTS, FOUR_WAYS)
    # Four hands on each of 10,000 boards, not 4 + 3 + 2 of them.
    assert evaluated == 4 * SAMPLES


def test_a_count_asked_with_the_hands_listed_another_way_is_found_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())
    first = main_pot_equity({1: FOUR_WAYS[1], 2: FOUR_WAYS[2], 3: FOUR_WAYS[3]})
    with kept_only():  # counting anything here would raise NotKept
        again = main_pot_equity({3: FOUR_WAYS[3], 1: FOUR_WAYS[1], 2: FOUR_WAYS[2]})
    assert again.win == first.win

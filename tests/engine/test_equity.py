"""The chance to win the main pot when hands are face up before the board is complete."""

from __future__ import annotations

import sys
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from bot.engine.cards import FULL_DECK
from bot.engine.equity import SAMPLES, main_pot_equity
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import make_profile


def cards(text: str) -> list[str]:
    return text.split()


def brute_force(hands: dict[int, list[str]], board: list[str]) -> dict[int, float]:
    """Every remaining board, scored by phevaluator (another evaluator: lower is better)."""
    known = {c for h in hands.values() for c in h} | set(board)
    rest = [c for c in FULL_DECK if c not in known]
    share = {k: 0.0 for k in hands}
    total = 0
    for extra in combinations(rest, 5 - len(board)):
        full = board + list(extra)
        ranks = {k: evaluate_cards(*h, *full) for k, h in hands.items()}
        best = min(ranks.values())
        winners = [k for k, r in ranks.items() if r == best]
        for k in winners:
            share[k] += 1 / len(winners)
        total += 1
    return {k: v / total for k, v in share.items()}


def test_aces_against_kings_before_the_flop_is_about_82_percent_and_approximate() -> None:
    eq = main_pot_equity({"ann": cards("Ac Ad"), "ben": cards("Ks Kh")})
    assert not eq.exact and eq.boards == SAMPLES
    assert 0.80 <= eq.win["ann"] <= 0.83  # exactly 81.26% over all 1,712,304 boards
    assert eq.win["ann"] + eq.win["ben"] == pytest.approx(1)


def test_the_estimate_is_the_same_for_the_same_cards() -> None:
    first = main_pot_equity({1: cards("Ac Ad"), 2: cards("7s 6s"), 3: cards("Qh Jh")})
    # Other seats, other order: the same boards are drawn, so the same figures per hand.
    again = main_pot_equity({9: cards("Jh Qh"), 4: cards("Ad Ac"), 5: cards("6s 7s")})
    assert first.win[1] == again.win[4]
    assert first.win[2] == again.win[5]
    assert first.win[3] == again.win[9]


# Two hands before the flop, counted once over all 1,712,304 boards (eval7, board by board):
# the first hand's share, a split counted as half.
HEADS_UP_EXACT = [
    ("As Kd", "Qh Qc", 1_466_936 / 3_424_608),  # 42.84%
    ("7h 2c", "Ad Ac", 404_320 / 3_424_608),  # 11.81%
    ("Jh Th", "9c 9d", 1_673_442 / 3_424_608),  # 48.87%
]


@pytest.mark.parametrize(("first", "second", "exact"), HEADS_UP_EXACT)
def test_two_hands_before_the_flop_are_estimated_within_the_draws_error(
    first: str, second: str, exact: float
) -> None:
    eq = main_pot_equity({"ann": cards(first), "ben": cards(second)})
    assert not eq.exact and eq.boards == SAMPLES
    # One standard error of 10,000 boards is at most 0.5 point: four of them is 2 points.
    assert eq.win["ann"] == pytest.approx(exact, abs=0.02)
    assert eq.win["ann"] + eq.win["ben"] == pytest.approx(1)
    # Whoever is listed first, the same boards are drawn: the same figure for the same cards.
    swapped = main_pot_equity({"ben": cards(second), "ann": cards(first)})
    assert swapped.win == eq.win


def test_two_hands_counted_on_many_threads_at_once_give_the_figures_of_one_thread() -> None:
    # The drawing's generator is one for the process: each count seeds it and draws under a
    # lock, so a count on another thread cannot change which boards this one draws. Each case
    # asks a number of boards of its own, so that none is answered from the counts kept.
    from concurrent.futures import ThreadPoolExecutor

    from bot.engine import equity

    cases = [(cards(a), cards(b), SAMPLES + 100 * i + j)
             for i in range(20) for j, (a, b, _) in enumerate(HEADS_UP_EXACT)]

    def count(case: tuple[list[str], list[str], int]) -> dict[int, float]:
        return main_pot_equity({1: case[0], 2: case[1]}, samples=case[2]).win

    together = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads taking turns as often as they can
    try:
        with ThreadPoolExecutor(max_workers=6) as pool:
            together = list(pool.map(count, cases))
    finally:
        sys.setswitchinterval(interval)
    equity._counts.clear()  # count them again, one at a time, not from the counts kept
    assert [count(case) for case in cases] == together


def test_two_hands_with_cards_known_out_of_the_deck_leave_them_out_before_the_flop() -> None:
    # Aces against kings with both other aces and both other kings out: neither can make a set,
    # so the kings need a straight or a flush; the shares still add up to one.
    hands = {1: cards("Ac Ad"), 2: cards("Ks Kh")}
    with_dead = main_pot_equity(hands, dead=cards("As Ah Kc Kd"))
    assert not with_dead.exact and with_dead.boards == SAMPLES
    assert with_dead.win[1] + with_dead.win[2] == pytest.approx(1)
    assert with_dead.win[1] > main_pot_equity(hands).win[1]


@pytest.mark.parametrize(("hands", "board"), [
    ({1: "As Ah", 2: "Ks Kh"}, "2c 7d 9h"),
    ({1: "Ah Kh", 2: "Qs Qd", 3: "9c 8c"}, "Th 7h 2c"),  # draws on both sides
    ({1: "5d 5c", 2: "Ad Kc", 3: "Js Ts", 4: "2h 2s"}, "5s Qc 9d 3h"),  # the turn
])
def test_from_the_flop_on_every_board_is_counted_exactly(
    hands: dict[int, str], board: str
) -> None:
    parsed = {k: cards(v) for k, v in hands.items()}
    eq = main_pot_equity(parsed, cards(board))
    assert eq.exact
    expected = brute_force(parsed, cards(board))
    assert eq.win == pytest.approx(expected, abs=1e-12)


def test_a_split_counts_as_a_share() -> None:
    # Ace-king against ace-king with no flush or straight possible: every river splits.
    eq = main_pot_equity({1: cards("Ah Kd"), 2: cards("Ad Kc")}, cards("2s 7h 9c Jd"))
    assert eq.exact and eq.boards == 44
    assert eq.win == {1: 0.5, 2: 0.5}
    # Three ways, a royal flush on the board: a third each.
    board = cards("As Ks Qs Js Ts")
    eq3 = main_pot_equity({1: cards("2c 3c"), 2: cards("4d 5d"), 3: cards("6h 7h")}, board)
    assert eq3.win == pytest.approx({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})


def test_dead_cards_are_left_out_of_the_boards() -> None:
    hands = {1: cards("As Ah"), 2: cards("Ks Kh")}
    board = cards("2c 7d 9h Qc")
    # Kings win only on one of the two kings left: 42 rivers of 44 for the aces.
    assert main_pot_equity(hands, board).win[1] == pytest.approx(42 / 44)
    # With both known to be out of the deck, the aces cannot lose.
    assert main_pot_equity(hands, board, dead=["Kd", "Kc"]).win[1] == 1.0


@pytest.mark.parametrize(("hands", "board", "dead", "message"), [
    ({1: "As Ah"}, "", "", "at least two hands"),
    ({1: "As Ah Ad", 2: "Ks Kh"}, "", "", "two hole cards"),
    ({1: "As Ah", 2: "As Kh"}, "", "", "appears twice"),
    ({1: "As Ah", 2: "Ks Kh"}, "2c 3c 4c 5c 6c 7c", "", "at most five"),
    ({1: "As Ah", 2: "Ks Xh"}, "", "", "not cards"),
    ({1: "As Ah", 2: "Ks Kh"}, "2c", "2c", "appears twice"),
])
def test_bad_input_is_refused(hands: dict[int, str], board: str, dead: str,
                              message: str) -> None:
    with pytest.raises(ValueError, match=message):
        main_pot_equity({k: cards(v) for k, v in hands.items()}, cards(board), cards(dead))


def test_a_hand_gives_the_equity_at_each_street_after_the_hands_go_face_up() -> None:
    hand = Hand.start(HandConfig(
        "eq", tuple(Seat(i + 1, f"p{i + 1}", 1000) for i in range(3)), button=3,
        small_blind=50, big_blind=100, profile=make_profile("treps"), deck_seed="eq",
        table_size=3))
    hand.all_in(3)
    hand.call(1)
    hand.fold(2)
    assert hand.is_over
    states = hand.face_up_equities()
    boards = [board for board, _ in states]
    assert boards == [(), tuple(hand.board[:3]), tuple(hand.board[:4])]
    assert [eq.exact for _, eq in states] == [False, True, True]
    for board, eq in states:
        assert set(eq.win) == {1, 3}  # the folded big blind is not in it
        hole = {s: list(hand.players[s].hole or ()) for s in (1, 3)}
        if board:
            assert eq.win == pytest.approx(brute_force(hole, list(board)), abs=1e-12)
    # A hand that never went face up has none.
    quiet = Hand.start(HandConfig(
        "q", tuple(Seat(i + 1, f"p{i + 1}", 1000) for i in range(3)), button=3,
        small_blind=50, big_blind=100, deck_seed="eq", table_size=3))
    quiet.fold(3)
    quiet.fold(1)
    assert quiet.face_up_equities() == []

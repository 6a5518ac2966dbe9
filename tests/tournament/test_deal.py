"""Deals (bot/tournament/deal.py): ICM against a brute force over every finishing order and
worked examples, chip chop, the amount kept to play for, and rounding that never creates or
loses a unit."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.deal import DealError, chip_chop_equities, icm_equities, propose


def brute_force_icm(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Malmuth-Harville written the long way: every finishing order, its probability the
    product of each finisher's share of the chips of those not yet placed."""
    n = len(stacks)
    prize = [Fraction(payouts[k]) if k < len(payouts) else Fraction(0) for k in range(n)]
    out = [Fraction(0)] * n
    for order in permutations(range(n)):
        chance = Fraction(1)
        left = sum(stacks)
        for i in order:
            chance *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += chance * prize[place]
    return out


def test_the_classic_three_player_example() -> None:
    # Stacks 5,000 / 3,000 / 2,000, prizes 50 / 30 / 20. By hand: the leader is 1st with
    # 1/2, 2nd with 0.3*5/7 + 0.2*5/8 = 0.3393, 3rd with the rest: 25 + 10.18 + 3.21 = 38.39.
    icm = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert [round(float(x), 2) for x in icm] == [38.39, 32.75, 28.86]
    assert sum(icm) == 100


def test_equal_stacks_share_equally_and_heads_up_is_linear() -> None:
    assert icm_equities([1000] * 4, [50, 30, 20]) == [Fraction(25)] * 4
    # Heads-up, ICM is the second prize each plus the difference split by chips.
    assert icm_equities([3000, 1000], [70, 30]) == [30 + Fraction(40 * 3, 4), 30 + 10]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 100_000), min_size=2, max_size=6),
       st.lists(st.integers(0, 10_000), min_size=1, max_size=6))
def test_icm_equals_the_brute_force_over_every_finishing_order(stacks: list[int],
                                                               payouts: list[int]) -> None:
    assert icm_equities(stacks, payouts) == brute_force_icm(stacks, payouts)


def paid_orders_icm(stacks: list[int], payouts: list[int]) -> list[float]:
    """The same sum in floats over every order of the paid places only (the unpaid ones add
    nothing): ten players with seven paid are 604,800 orders, not 3,628,800 exact ones."""
    out = [0.0] * len(stacks)

    def walk(place: int, chance: float, left: int, rest: list[int]) -> None:
        for i in rest:
            p = chance * stacks[i] / left
            out[i] += p * payouts[place]
            if place + 1 < len(payouts):
                walk(place + 1, p, left - stacks[i], [j for j in rest if j != i])

    walk(0, 1.0, sum(stacks), list(range(len(stacks))))
    return out


def test_icm_on_eight_players_equals_the_brute_force() -> None:
    stacks = [12_000, 9_500, 8_000, 7_700, 5_000, 3_000, 1_200, 700]
    payouts = [4000, 2500, 1500, 1000, 700]
    assert icm_equities(stacks, payouts) == brute_force_icm(stacks, payouts)


def test_icm_on_ten_players_agrees_with_every_paid_finishing_order() -> None:
    # A full final table: exact against the brute force to a part in 10^12 (its floats).
    stacks = [12_000, 9_500, 8_000, 7_700, 5_000, 4_400, 3_000, 2_500, 1_200, 700]
    payouts = [4000, 2500, 1500, 1000, 700, 500, 300]
    exact = icm_equities(stacks, payouts)
    assert sum(exact) == sum(payouts)
    assert exact == sorted(exact, reverse=True)  # more chips, more equity
    for mine, theirs in zip(exact, paid_orders_icm(stacks, payouts), strict=True):
        assert float(mine) == pytest.approx(theirs, rel=1e-12)


def test_chip_chop_is_proportional() -> None:
    assert chip_chop_equities([6000, 3000, 1000], 1000) == [600, 300, 100]


def test_a_proposal_with_an_amount_kept_to_play_for() -> None:
    # 100 left, 10 kept for the winner: the 90 split, ICM on prizes 40/30/20.
    p = propose({"ann": 5000, "bob": 3000, "cy": 2000}, [50, 30, 20], keep=10)
    assert p.money_left == 100 and p.split == 90
    assert sum(p.icm.as_dict().values()) == 90
    assert p.chip_chop.as_dict() == {"ann": 45, "bob": 27, "cy": 18}
    exact = icm_equities([5000, 3000, 2000], [40, 30, 20])
    assert all(abs(a - x) < 1 for a, x in zip(p.icm.as_dict().values(), exact, strict=True))


def test_rounding_to_the_unit_and_the_remainder_rule() -> None:
    # Chip chop of 1,001 among three equal stacks, paid in 5s: 330 each rounded down to 330,
    # 11 left: two units of 5 to the first two (equal remainders: the order given), the odd 1
    # to the chip leader (the first of equal stacks).
    p = propose([("a", 100), ("b", 100), ("c", 100)], [1001], unit=5)
    assert p.chip_chop.shares == (("a", 336), ("b", 335), ("c", 330))
    assert sum(v for _, v in p.chip_chop.shares) == 1001


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 10**7), min_size=2, max_size=8),
       st.lists(st.integers(0, 10**6), min_size=1, max_size=8),
       st.integers(1, 500), st.data())
def test_the_shares_always_add_up_to_the_money_split(stacks: list[int], payouts: list[int],
                                                     unit: int, data: st.DataObject) -> None:
    payouts = sorted(payouts, reverse=True)
    if sum(payouts[:len(stacks)]) == 0:
        return
    keep = data.draw(st.integers(0, payouts[0]))
    p = propose([(f"p{i}", s) for i, s in enumerate(stacks)], payouts, keep=keep, unit=unit)
    for split in (p.icm, p.chip_chop):
        amounts = [v for _, v in split.shares]
        assert sum(amounts) == p.split == sum(payouts[:len(stacks)]) - keep
        assert all(v >= 0 for v in amounts)


@pytest.mark.parametrize(("stacks", "payouts", "keep", "code"), [
    ({"a": 100}, [10], 0, "too-few"),
    ({"a": 100, "b": 0}, [10], 0, "stack"),
    ({"a": 100, "b": 50}, [0, 0], 0, "no-money"),
    ({"a": 100, "b": 50}, [10, 5], 11, "keep"),
])
def test_what_cannot_be_dealt(stacks: dict[str, int], payouts: list[int], keep: int,
                              code: str) -> None:
    with pytest.raises(DealError) as err:
        propose(stacks, payouts, keep=keep)
    assert err.value.code == code


def test_icm_refuses_more_than_ten_players() -> None:
    with pytest.raises(DealError):
        icm_equities([100] * 11, [1])


def test_chip_chop_min_pays_the_locked_up_prize_first_then_chops_the_rest() -> None:
    # Four left, the 4th prize 55: chip chop gives the 20k stack 41, less than he is sure of.
    stacks = {"ann": 20_000, "bob": 100_000, "cat": 120_000, "dan": 160_000}
    p = propose(stacks, [400, 220, 145, 55])
    assert p.locked == 55
    assert p.chip_chop.as_dict()["ann"] == 41
    # 55 each first (220), the other 600 by chips: 30, 150, 180, 240.
    assert p.chip_chop_min.as_dict() == {"ann": 85, "bob": 205, "cat": 235, "dan": 295}
    assert p.by("chip_chop_min") is p.chip_chop_min


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 100_000), min_size=2, max_size=9),
       st.lists(st.integers(0, 5_000), min_size=1, max_size=9), st.integers(1, 25),
       st.integers(0, 100))
def test_chip_chop_min_adds_up_exactly_and_never_pays_below_the_locked_up_prize(
        stacks: list[int], prizes: list[int], unit: int, keep_percent: int) -> None:
    prizes = sorted((x // unit * unit for x in prizes), reverse=True)
    if not sum(prizes):
        return
    named = [(f"p{i}", s) for i, s in enumerate(stacks)]
    places = (prizes + [0] * len(stacks))[:len(stacks)]
    keep = (places[0] - places[-1]) * keep_percent // 100 // unit * unit
    p = propose(named, prizes, keep=keep, unit=unit)
    shares = p.chip_chop_min.as_dict()
    assert sum(shares.values()) == p.split
    assert all(s >= p.locked for s in shares.values())
    assert all(s % unit == 0 for s in shares.values()) or p.split % unit

"""Settle-up: balances to zero, never more than players − 1 transfers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.league.model import HOUSE, Night, PlayerNight
from bot.league.settle import UnbalancedError, settle


def apply(balances, transfers):
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


@st.composite
def balanced(draw):
    values = draw(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=14))
    values.append(-sum(values))
    return {i + 1: v for i, v in enumerate(values)}


@settings(max_examples=400, deadline=None)
@given(balanced())
def test_transfers_balance_to_zero_and_are_at_most_players_minus_one(balances):
    transfers = settle(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    players = sum(1 for v in balances.values() if v)
    assert len(transfers) <= max(players - 1, 0)
    # nobody both pays and is paid
    payers = {t.payer for t in transfers}
    assert not payers & {t.payee for t in transfers}


def test_worked_example():
    # alice won 60 (net +40), bob 2nd: +0, carol -20, dana -20: two transfers to alice
    transfers = settle({"alice": 40, "bob": 0, "carol": -20, "dana": -20})
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [
        ("carol", "alice", 20), ("dana", "alice", 20)]


def test_exact_pairs_are_settled_first():
    # greedy alone: a(-50)->x(60) 50, b(-30)->x 10, b->y(20) 20: 3 transfers; exact pairs: 2+...
    transfers = settle({"a": -50, "b": -30, "x": 30, "y": 50})
    assert sorted((t.payer, t.payee, t.amount) for t in transfers) == [
        ("a", "y", 50), ("b", "x", 30)]


def test_unbalanced_is_refused():
    with pytest.raises(UnbalancedError):
        settle({1: 10, 2: -5})
    assert settle({}) == [] and settle({1: 0}) == []


def test_a_night_with_rake_settles_with_the_house():
    # 3 x 20 paid in, prizes 50: the house kept 10
    night = Night(1, "n", 0.0, 20, (
        PlayerNight(1, "a", 1, prize=50, buy_ins=20),
        PlayerNight(2, "b", 2, buy_ins=20),
        PlayerNight(3, "c", 3, buy_ins=20),
    ))
    balances = night.balances()
    assert balances == {1: 30, 2: -20, 3: -20, HOUSE: 10}
    assert all(v == 0 for v in apply(balances, settle(balances)).values())

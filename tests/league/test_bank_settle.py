"""Settle-up through a bank: when the money was collected at the door, the banker
pays each winner, one transfer each, instead of the players paying one another; and a deal's
method read from the night's log."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.league.model import HOUSE, Night, PlayerNight
from bot.league.nightlog import read_log
from bot.league.points import SeasonOptions
from bot.league.settle import settle, settle_through_bank
from bot.tournament import events as tev

BANKER = 999


def fourteen_player_night() -> Night:
    """A league's night: 14 players at 20 each (280), paid by the standard table for 14:
    113 / 70 / 42 / 33 / 22."""
    prizes = {1: 113, 2: 70, 3: 42, 4: 33, 5: 22}
    players = tuple(PlayerNight(user_id=100 + place, name=f"p{place}", place=place,
                                prize=prizes.get(place, 0), buy_ins=20)
                    for place in range(1, 15))
    return Night(7, "Friday", None, 20, players)


def test_the_fourteen_player_night_through_the_bank_is_one_transfer_per_winner() -> None:
    night = fourteen_player_night()
    pairwise = settle(night.balances())
    assert len(pairwise) == 13  # what /settle listed before, for money paid at the door
    owed = {p.user_id: p.prize + p.bounty_won - p.bounty_paid for p in night.players}
    bank = settle_through_bank(owed, BANKER)
    assert [(t.payer, t.payee, t.amount) for t in bank] == [
        (BANKER, 101, 113), (BANKER, 102, 70), (BANKER, 103, 42), (BANKER, 104, 33),
        (BANKER, 105, 22)]


def test_a_banker_who_plays_keeps_his_own_prize_and_a_bounty_debt_is_paid_to_the_bank() -> None:
    owed = {1: 100, 2: 0, 3: -5, 4: 30}
    transfers = settle_through_bank(owed, 4)
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [(4, 1, 100), (3, 4, 5)]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(1, 40), st.integers(-500, 5000), max_size=14))
def test_the_bank_leaves_every_player_with_what_he_is_owed(owed: dict[int, int]) -> None:
    got = dict.fromkeys(owed, 0)
    for t in settle_through_bank(owed, HOUSE):
        assert t.amount > 0 and HOUSE in (t.payer, t.payee)
        if t.payee in got:
            got[t.payee] += t.amount
        if t.payer in got:
            got[t.payer] -= t.amount
    assert got == owed
    assert sum(1 for v in owed.values() if v) == len(settle_through_bank(owed, HOUSE))


def test_the_money_mode_is_a_league_option() -> None:
    assert SeasonOptions().money_mode == "pairwise"
    opts = SeasonOptions.from_dict({"money_mode": "bank", "banker": 5, "banker_name": "Ann"})
    assert (opts.money_mode, opts.banker) == ("bank", 5)
    assert SeasonOptions.from_dict(opts.to_dict()) == opts


def test_the_nights_log_says_a_deal_was_made() -> None:
    log = read_log([tev.DealMade(1, "icm", {"1": 30, "2": 10}, 5, 100.0)])
    assert log.deal is not None and log.deal.method == "icm"
    assert dict(log.deal.amounts) == {"1": 30, "2": 10} and log.deal.keep == 5
    assert read_log([]).deal is None

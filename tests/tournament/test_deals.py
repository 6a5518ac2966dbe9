"""Deals as tournament commands (bot/tournament/deals.py): proposed from the table's stacks
(online) or the director's count (live), accepted by every player still in, the prizes fixed
by the deal at the end; refusals, run-out proposals and bad input change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine.events import event_from_dict
from bot.tournament import events as ev
from bot.tournament.deal import icm_equities
from bot.tournament.deals import locked_up
from bot.tournament.errors import NotAllowed
from bot.tournament.live import bust_report
from bot.tournament.structure import AddOnTerms, Break, Level
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, make, play_all_in_hand, structure
from tests.tournament.test_live import live_night

TD = "900"


def _unchanged(t: Tournament, attempt: Any, code: str) -> None:
    before = (t.event_count, json.dumps(t.snapshot()))
    with pytest.raises(NotAllowed) as err:
        attempt()
    assert err.value.code == code, err.value
    assert (t.event_count, json.dumps(t.snapshot())) == before


def _rebuilt(t: Tournament) -> list[Tournament]:
    stored = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in t.events]
    snap = json.loads(json.dumps(t.snapshot()))
    return [Tournament.replay(stored), Tournament.from_snapshot(t.cfg, snap)]


def _online_seven(keep: int = 0) -> Tournament:
    """Seven players at one table (pool 700: 350 / 210 / 140), one hand folded round so the
    stacks differ, paused."""
    t = make("tda", n=7, buy_in=100)
    hand = t.start_hand(1, "deal-hand", T0)
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(1, legal.seat, "fold", now=T0)
    t.pause(TD, "deal talk", T0 + 1)
    return t


def _play_to_the_end(t: Tournament, now: float) -> None:
    i = 0
    while t.status == "running":
        play_all_in_hand(t, 1, f"end-{i}", set(), now)
        i += 1


def test_an_online_deal_fixes_every_prize_and_play_goes_on_for_the_amount_kept() -> None:
    t = _online_seven()
    stacks = {p: t.players[p].stack for _, p in sorted(t.tables[1].seats.items())}
    assert len(set(stacks.values())) > 1
    (proposed,) = t.propose_deal(TD, "icm", T0 + 2, keep=50)
    assert isinstance(proposed, ev.DealProposed)
    assert proposed.stacks == stacks and proposed.payouts == (350, 210, 140, 0, 0, 0, 0)
    assert sum(proposed.icm.values()) == sum(proposed.chip_chop.values()) == 650
    exact = icm_equities(list(stacks.values()), [300, 210, 140])
    for (player, share), x in zip(proposed.icm.items(), exact, strict=True):
        assert abs(share - x) < 1, player
    players = list(stacks)
    _unchanged(t, lambda: t.answer_deal(1, players[0], True, players[1], T0 + 3),
               "deal-not-yours")
    for p in players[:-1]:
        assert [type(e) for e in t.answer_deal(1, p, True, p, T0 + 3)] == [ev.DealAnswered]
    _unchanged(t, lambda: t.answer_deal(1, players[0], True, players[0], T0 + 3),
               "deal-answered")
    made = t.answer_deal(1, players[-1], True, players[-1], T0 + 4)
    assert [type(e) for e in made] == [ev.DealAnswered, ev.DealMade]
    assert t.deal is not None and t.deal.amounts == proposed.icm
    for other in _rebuilt(t):
        assert other.deal == t.deal and other.deal_offer is None
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 5), "deal-made")
    t.resume(TD, T0 + 6)
    _play_to_the_end(t, T0 + 7)
    assert t.winner is not None
    expected = {p: a + (50 if p == t.winner else 0) for p, a in proposed.icm.items()}
    assert t.prizes == expected
    assert sum(t.prizes.values()) == 700
    assert {r.player: r.prize for r in t.results()} == expected


def test_one_refusal_ends_the_proposal_and_nothing_changes() -> None:
    t = _online_seven()
    t.propose_deal(TD, "chip_chop", T0 + 2)
    a, b = list(t.deal_offer.players)[:2] if t.deal_offer else ("", "")
    t.answer_deal(1, a, True, a, T0 + 3)
    out = t.answer_deal(1, b, False, b, T0 + 4)
    assert [type(e) for e in out] == [ev.DealAnswered, ev.DealEnded]
    assert t.deal is None and t.deal_offer is None
    _unchanged(t, lambda: t.answer_deal(1, a, True, a, T0 + 5), "deal-closed")
    # Another proposal may follow; with no deal the prizes are the payout table's.
    (again,) = t.propose_deal(TD, "icm", T0 + 6)
    assert isinstance(again, ev.DealProposed) and again.number == 2


def test_a_proposal_runs_out_after_five_minutes() -> None:
    t = _online_seven()
    t.propose_deal(TD, "icm", T0 + 2)
    assert t.open_deal(T0 + 301) is not None and t.open_deal(T0 + 302) is None
    p = t.deal_offer.players[0] if t.deal_offer else ""
    _unchanged(t, lambda: t.answer_deal(1, p, True, p, T0 + 302), "deal-expired")
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 100), "deal-open")
    assert t.propose_deal(TD, "icm", T0 + 303)


def test_what_an_online_deal_refuses() -> None:
    t = make("tda", n=12, buy_in=100)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 1), "deal-not-final-table")
    t = make("tda", n=7, buy_in=100)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 1), "deal-not-paused")
    t.start_hand(1, "h", T0)
    t.pause(TD, "talk", T0 + 1)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 2), "deal-hand-in-play")
    t = _online_seven()
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 2, keep=351), "deal-keep")
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 2, stacks={"p0": 1}),
               "deal-stacks-online")


def test_a_stack_changed_before_everyone_accepted_ends_the_proposal() -> None:
    t = _online_seven()
    t.propose_deal(TD, "icm", T0 + 2)
    players = t.deal_offer.players if t.deal_offer else ()
    t.adjust_stack(players[0], 5000, TD, "miscount", T0 + 3)
    out = t.answer_deal(1, players[1], True, players[1], T0 + 4)
    assert out == [ev.DealEnded(1, "stacks-changed", T0 + 4)]
    assert t.deal is None


def _live_final(keep: int = 0) -> tuple[Tournament, dict[str, int]]:
    """A live night of six members down to three, past the re-buys and late entries."""
    t = live_night(members=6, guests=0)
    t.start("live-deal", T0)
    late = T0 + 3100  # level 3: re-buys and late registration closed
    for n in range(3):
        t.bust(t.playing[0], late + n, recorded_by=TD)
    left = sorted(t.playing, key=lambda p: (t.players[p].table or 0, t.players[p].seat or 0))
    chips = t.expected_chips()
    return t, {left[0]: chips // 2, left[1]: chips // 3, left[2]: chips - chips // 2
               - chips // 3}


def test_a_live_deal_from_the_directors_count_confirmed_name_by_name() -> None:
    t, stacks = _live_final()
    now = T0 + 3200
    wrong = dict(stacks)
    wrong[next(iter(wrong))] += 25
    _unchanged(t, lambda: t.propose_deal(TD, "chip_chop", now, stacks=wrong), "deal-chips")
    _unchanged(t, lambda: t.propose_deal(TD, "chip_chop", now,
                                         stacks={**stacks, "nobody": 1}), "deal-not-in")
    short = dict(list(stacks.items())[:2])
    _unchanged(t, lambda: t.propose_deal(TD, "chip_chop", now, stacks=short), "deal-missing")
    _unchanged(t, lambda: t.propose_deal(TD, "chip_chop", now), "deal-no-stacks")
    (p,) = t.propose_deal(TD, "chip_chop", now, stacks=stacks)
    assert isinstance(p, ev.DealProposed)
    pool = t.pool  # 6 x 20 = 120: 70 / 30 under the standard table
    assert p.payouts == (84, 36, 0) and pool == 120
    for player in stacks:
        t.answer_deal(1, player, True, TD, now + 1)
    assert t.deal is not None
    shares = p.chip_chop
    order = sorted(stacks, key=lambda q: stacks[q])
    report = bust_report(t, t.bust(order[0], now + 2, recorded_by=TD))
    assert report.prize == shares[order[0]] and report.place == 3
    report = bust_report(t, t.bust(order[1], now + 3, recorded_by=TD))
    assert report.finished and report.prize == shares[order[1]]
    assert t.prizes[order[2]] == shares[order[2]]
    assert sum(t.prizes.values()) == pool
    for other in _rebuilt(t):
        assert other.prizes == t.prizes


def test_a_live_bust_while_the_players_decide_ends_the_proposal() -> None:
    t, stacks = _live_final()
    now = T0 + 3200
    t.propose_deal(TD, "icm", now, stacks=stacks)
    t.bust(next(iter(stacks)), now + 1, recorded_by=TD)
    out = t.answer_deal(1, list(stacks)[1], True, TD, now + 2)
    assert out == [ev.DealEnded(1, "players-changed", now + 2)]


def test_no_deal_while_rebuys_are_open() -> None:
    t = live_night(members=3, guests=0)
    t.start("early", T0)
    chips = t.expected_chips()
    stacks = dict.fromkeys(t.playing, chips // 3)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 10, stacks=stacks),
               "deal-rebuys-open")


def test_no_deal_while_the_add_on_or_late_registration_is_open() -> None:
    t = make("tda", n=4, struct=structure(add_on=AddOnTerms(cost=10, chips=1000,
                                                            until_level=1)))
    t.pause(TD, "talk", T0 + 1)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 2), "deal-add-on-open")
    t = make("tda", n=4, struct=structure(late_registration_level=1))
    t.pause(TD, "talk", T0 + 1)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 2), "deal-late-open")


def test_an_open_proposal_survives_a_replay_and_a_snapshot() -> None:
    t = _online_seven()
    t.propose_deal(TD, "icm", T0 + 2, keep=20)
    first = t.deal_offer.players[0] if t.deal_offer else ""
    t.answer_deal(1, first, True, first, T0 + 3)
    for other in _rebuilt(t):
        assert other.deal_offer == t.deal_offer and other.deal_count == 1
        assert other.deal_offer is not None
        assert other.deal_offer.players == t.deal_offer.players  # seat order kept


def test_a_chip_chop_min_deal_pays_each_his_locked_up_prize_first() -> None:
    t, stacks = _live_final()
    now = T0 + 3200
    pool = t.pool
    # Three left, two paid (84 / 36): nobody has a paid place locked up yet.
    (p,) = t.propose_deal(TD, "chip_chop_min", now, stacks=stacks)
    assert isinstance(p, ev.DealProposed) and p.method == "chip_chop_min"
    assert p.chip_chop_min == p.chip_chop  # nothing locked up: the same chop
    for player in stacks:
        t.answer_deal(1, player, True, TD, now + 1)
    assert t.deal is not None and t.deal.method == "chip_chop_min"
    assert t.deal.amounts == p.chip_chop_min
    _play_live_to_the_end(t, now + 2)
    assert sum(t.prizes.values()) == pool
    for other in _rebuilt(t):
        assert other.prizes == t.prizes and other.deal == t.deal


def test_chip_chop_min_with_a_locked_up_prize_and_what_it_refuses() -> None:
    t = live_night(members=7, guests=0)  # pool 140: 70 / 42 / 28
    t.start("live-deal", T0)
    now = T0 + 3200  # level 3: re-buys and late registration closed
    for n in range(4):
        t.bust(t.playing[0], now + n, recorded_by=TD)
    chips = t.expected_chips()
    small, mid = chips // 20, chips // 4
    stacks = dict(zip(t.playing, (small, mid, chips - small - mid), strict=True))
    _unchanged(t, lambda: t.propose_deal(TD, "chip_chop_min", now + 5, stacks=stacks,
                                         keep=70 - 28 + 1), "deal-keep")
    (p,) = t.propose_deal(TD, "chip_chop_min", now + 5, stacks=stacks, keep=70 - 28)
    assert isinstance(p, ev.DealProposed) and p.payouts == (70, 42, 28) and locked_up(p) == 28
    assert p.chip_chop[t.playing[0]] < 28 <= p.chip_chop_min[t.playing[0]]
    assert all(share >= 28 for share in p.chip_chop_min.values())
    assert sum(p.chip_chop_min.values()) == sum(p.payouts) - p.keep


def _play_live_to_the_end(t: Tournament, now: float) -> None:
    while t.status == "running":
        now += 1
        t.bust(min(t.playing, key=str), now, recorded_by=TD)


def test_no_deal_during_the_break_that_is_still_open_to_the_add_on() -> None:
    t = make("tda", n=4, struct=structure(
        periods=(Level(25, 50, 0, 600), Break(300), Level(50, 100, 0, 600)),
        add_on=AddOnTerms(cost=10, chips=1000, until_level=1, at_break=True)))
    t.tick(T0 + 601)
    t.pause(TD, "talk", T0 + 602)
    _unchanged(t, lambda: t.propose_deal(TD, "icm", T0 + 603), "deal-add-on-open")

"""Chips and rights: chips that moved wrongly, each checked against the seed rule it breaks,
under every profile the rule concerns (the rule ids of data/rules, which cite the seeds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine.errors import BadAmount, IllegalAction, NotReopened
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import (
    Acted,
    HandStarted,
    Mucked,
    PotAwarded,
    Ruling,
    Shown,
    UncalledReturned,
)
from bot.engine.phh import finishing_stacks, parse_phh, replay_phh, to_phh
from bot.engine.pots import Pot, split, table_pots
from bot.engine.profile import make_profile
from bot.replay import replay_file

PROFILES = ["treps", "tavern", "tda"]


def start(profile: str, stacks: list[int], *, sb: int = 50, bb: int = 100,
          seed: str | None = "chips", unit: int = 1, button: int | None = None) -> Hand:
    """Seats 1..n; seat 1 the small blind, 2 the big blind, n the button."""
    n = len(stacks)
    return Hand.start(HandConfig(
        hand_id="chips",
        seats=tuple(Seat(i + 1, "ABCDEFGHIJ"[i], st) for i, st in enumerate(stacks)),
        button=button or n, small_blind=sb, big_blind=bb, profile=make_profile(profile),
        deck_seed=seed, table_size=max(n, 2), chip_unit=unit,
    ))


def rulings(hand: Hand, rule_id: str) -> list[Ruling]:
    return [r for r in hand.rulings if r.rule_id == rule_id]


def last_action(hand: Hand, seat: int) -> Acted:
    return [e for e in hand.events if isinstance(e, Acted) and e.seat == seat][-1]


def limp_to_flop(hand: Hand) -> None:
    while hand.street == "preflop":
        legal = hand.legal()
        assert legal is not None
        (hand.check if legal.can_check else hand.call)(legal.seat)


# ---------------------------------------------------------------------- 1. dead big blind

# Rule `dead-hand` (TREPS "Unprotected Hands": only a live raiser gets chips back): no chips go
# back to a hand that is folded or dead; a blind in the pot stays there. The hand is dead by
# the profile's own way: tda kills an away player's
# hand at the deal (TDA 30), tavern folds an away player at the hand's end (Tavern rule 3),
# and any profile may kill a hand as a penalty (TREPS "Penalties").
DEAD_BY = {"tda": "away", "tavern": "away", "treps": "penalty"}


@pytest.mark.parametrize("profile", PROFILES)
def test_dead_big_blind_is_never_refunded_and_the_small_blind_left_wins(profile: str) -> None:
    hand = start(profile, [1000] * 4)
    hand.kill(2, DEAD_BY[profile])
    hand.fold(3)
    hand.fold(4)
    # The small blind is the only live hand: he takes the whole pot, blind included.
    assert hand.is_over
    assert hand.final_stacks == {1: 1100, 2: 900, 3: 1000, 4: 1000}
    assert not [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert not rulings(hand, "uncalled-bet")
    assert sum(hand.final_stacks.values()) == 4000


@pytest.mark.parametrize("profile", PROFILES)
def test_folding_small_blind_does_not_win_the_dead_blind(profile: str) -> None:
    hand = start(profile, [1000] * 4)
    hand.kill(2, DEAD_BY[profile])
    hand.fold(3)
    hand.raise_to(4, 300)
    hand.fold(1)
    # The button is left: his raise above the dead 100 comes back (it is his, and live), the
    # dead blind and the folded small blind stay in the pot he wins.
    returned = [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(4, 200)]
    assert hand.final_stacks == {1: 950, 2: 900, 3: 1000, 4: 1150}


# ---------------------------------------------------------------------- 2. short all-ins

# Tavern "What constitutes a RAISE?" 2 (an all-in short of a full raise "does not open the
# action") and TDA 47; rule `minimum-bet`: the smallest opening bet is the big blind, so 50 at
# 50/100 after the flop is not a full bet, under every profile.


def flop_check_short_all_in_call(profile: str, d_stack: int = 5000) -> Hand:
    # A (1) and C (3) deep, B (2) has 150: 100 preflop, 50 left for the flop.
    hand = start(profile, [5000, 150, 5000, d_stack])
    limp_to_flop(hand)
    assert hand.street == "flop" and hand.to_act == 1
    hand.check(1)
    hand.all_in(2)  # 50 at 50/100
    assert last_action(hand, 2).to == 50 and not last_action(hand, 2).full
    legal_c = hand.legal()
    # C had not acted: the betting is open to him, and a raise must be a full one over 50.
    assert legal_c is not None and legal_c.seat == 3
    assert legal_c.can_raise and legal_c.min_raise_to == 150
    hand.call(3)
    return hand


@pytest.mark.parametrize("profile", PROFILES)
def test_one_short_all_in_after_the_flop_never_reopens(profile: str) -> None:
    hand = flop_check_short_all_in_call(profile)
    hand.call(4)
    legal_a = hand.legal()
    assert legal_a is not None and legal_a.seat == 1
    assert not legal_a.can_raise and legal_a.call_amount == 50
    with pytest.raises(NotReopened, match="call 50 or fold"):
        hand.raise_to(1, 400)
    with pytest.raises(NotReopened):
        hand.bet(1, 400)
    assert rulings(hand, "not-reopened")[-1].seat == 1
    hand.call(1)
    assert hand.street == "turn"


@pytest.mark.parametrize("profile", PROFILES)
def test_caller_of_a_short_bet_facing_a_second_short_all_in_is_not_reopened(
    profile: str,
) -> None:
    # ... then D (4) goes all-in for 90 in all: C, who called 50, faces 40 more.
    hand = flop_check_short_all_in_call(profile, d_stack=190)
    hand.all_in(4)
    assert last_action(hand, 4).to == 90 and not last_action(hand, 4).full
    legal_a = hand.legal()
    assert legal_a is not None and legal_a.seat == 1 and not legal_a.can_raise
    hand.call(1)
    legal_c = hand.legal()
    assert legal_c is not None and legal_c.seat == 3
    assert not legal_c.can_raise and legal_c.call_amount == 40
    with pytest.raises(NotReopened):
        hand.raise_to(3, 500)


@pytest.mark.parametrize(("profile", "a_may_raise"), [
    ("tavern", False),  # Tavern example 2: short all-ins never add up to a raise
    ("treps", True),  # knob cumulative_short_all_ins_reopen: 100 since A checked (TDA 47-A)
    ("tda", True),
])
def test_short_all_ins_adding_up_to_a_full_bet_reopen_per_profile(
    profile: str, a_may_raise: bool,
) -> None:
    # D all-in for 100 in all after B's 50: A faces 100 since he checked, C only 50 more.
    hand = flop_check_short_all_in_call(profile, d_stack=200)
    hand.all_in(4)
    legal_a = hand.legal()
    assert legal_a is not None and legal_a.seat == 1
    assert legal_a.can_raise is a_may_raise and legal_a.call_amount == 100
    hand.call(1)
    legal_c = hand.legal()
    assert legal_c is not None and legal_c.seat == 3 and not legal_c.can_raise


# ---------------------------------------------------------------------- 3. face up

# TREPS "Face up": every hand is turned face up once a player is all-in and all action is
# complete, on the river too (rule `face-up`; TDA 16).


@pytest.mark.parametrize("profile", PROFILES)
def test_river_all_in_called_turns_every_live_hand_face_up(profile: str) -> None:
    hand = start(profile, [1000, 1000, 1000], seed="river-face-up")
    limp_to_flop(hand)
    while hand.street != "river":
        legal = hand.legal()
        assert legal is not None
        hand.check(legal.seat)
    hand.all_in(1)  # 900 on the river
    hand.fold(2)
    hand.call(3)
    assert hand.is_over
    face_up = rulings(hand, "face-up")
    assert face_up and set(face_up[0].seats) == {1, 3}
    shown = {e.seat: e.reason for e in hand.events if isinstance(e, Shown)}
    assert shown == {1: "face_up", 3: "face_up"}  # the loser too: nothing is mucked
    assert not [e for e in hand.events if isinstance(e, Mucked)]


@pytest.mark.parametrize("profile", PROFILES)
def test_all_in_with_side_pot_betting_every_hand_face_up_at_the_end(profile: str) -> None:
    # A all-in preflop; B and C keep betting a side pot to the river, then all is over.
    hand = start(profile, [300, 5000, 5000], seed="side-face-up", button=3)
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    assert not rulings(hand, "face-up")  # B and C can still bet
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        hand.check(legal.seat)
    face_up = rulings(hand, "face-up")
    assert face_up and set(face_up[0].seats) == {1, 2, 3}
    assert {e.seat for e in hand.events if isinstance(e, Shown)} == {1, 2, 3}
    assert not [e for e in hand.events if isinstance(e, Mucked)]


@pytest.mark.parametrize("profile", PROFILES)
def test_no_all_in_river_showdown_still_mucks_losing_hands(profile: str) -> None:
    # Without an all-in, the showdown order and mucking stand (`showdown-order`, `muck`).
    for i in range(100):
        hand = start(profile, [1000] * 3, seed=f"muck-{i}")
        limp_to_flop(hand)
        while not hand.is_over:
            legal = hand.legal()
            assert legal is not None
            hand.check(legal.seat)
        assert not rulings(hand, "face-up")
        if [e for e in hand.events if isinstance(e, Mucked)]:
            return
    pytest.fail("no seed gave a muck")


# ---------------------------------------------------------------------- 4. smallest chip

# Rules `odd-chip`, `chip-unit` and TREPS "Odd-Chips": a split pot gives whole units of the
# smallest chip in play; the odd units go one at a time from the button's left; each side pot
# is split separately. Same rule under every profile.


def test_split_in_whole_units_of_the_smallest_chip() -> None:
    assert split(125, [1, 2], button=2, table_size=3, unit=25) == {1: 75, 2: 50}
    assert split(125, [1, 2], button=2, table_size=3) == {1: 63, 2: 62}
    # Three winners, 7 units of 25: 3, 2, 2 from the button's left (button 3: 1, 2, then 3).
    assert split(175, [1, 2, 3], button=3, table_size=4, unit=25) == {1: 75, 2: 50, 3: 50}


def recorded(profile: str, stacks: list[int], holes: dict[int, str], unit: int,
             sb: int = 25, bb: int = 50) -> Hand:
    hand = start(profile, stacks, sb=sb, bb=bb, seed=None, unit=unit)
    for seat in hand.order:
        hand.deal_hole(seat, [holes[seat][:2], holes[seat][2:]])
    return hand


@pytest.mark.parametrize("profile", PROFILES)
def test_split_pot_of_125_with_25_chips_is_75_50_not_63_62(profile: str) -> None:
    # Blinds 25/50, seat 3 the button. Button calls, small blind folds (25 dead), big blind
    # checks: 125 split by two equal hands, the odd 25 to the first winner left of the button.
    hand = recorded(profile, [1000] * 3, {1: "2c3d", 2: "AhKd", 3: "AsKc"}, unit=25)
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    for cards in (["Qs", "Jd", "7c"], ["4h"], ["9s"]):
        hand.deal_board(cards)
        hand.check(2)
        hand.check(3)
    for s in hand.showdown_order():
        hand.show(s)
    award = [e for e in hand.events if isinstance(e, PotAwarded)][-1]
    assert dict(zip(award.winners, award.shares, strict=True)) == {2: 75, 3: 50}
    odd = rulings(hand, "odd-chip")[-1]
    assert odd.amounts == {"odd_chips": 1, "pot": 0, "unit": 25} and odd.seats == (2,)
    assert hand.final_stacks == {1: 975, 2: 1025, 3: 1000}


@pytest.mark.parametrize("profile", PROFILES)
def test_each_side_pot_split_separately_in_units(profile: str) -> None:
    # A (seat 1) all-in for 125 with the worst hand; B and C tie and split both pots.
    hand = recorded(profile, [125, 1000, 1000], {1: "2c3d", 2: "AhKd", 3: "AsKc"}, unit=25)
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    hand.deal_board(["Qs", "Jd", "7c"])
    hand.bet(2, 100)
    hand.call(3)
    for cards in (["4h"], ["9s"]):
        hand.deal_board(cards)
        hand.check(2)
        hand.check(3)
    for s in hand.showdown_order():
        if hand.players[s].live and not hand.players[s].shown:
            hand.show(s)
    awards = [(e.amount, dict(zip(e.winners, e.shares, strict=True)))
              for e in hand.events if isinstance(e, PotAwarded)]
    # Main pot 375 = 15 units: 8 to seat 2 (left of the button), 7 to seat 3; side pot 200.
    assert awards == [(375, {2: 200, 3: 175}), (200, {2: 100, 3: 100})]
    assert all(share % 25 == 0 for _, shares in awards for share in shares.values())


@pytest.mark.parametrize("profile", PROFILES)
def test_amounts_are_rounded_to_whole_units_with_a_ruling(profile: str) -> None:
    hand = start(profile, [5000] * 4, unit=25)
    legal = hand.legal()
    assert legal is not None and legal.chip_unit == 25
    hand.raise_to(3, 310)  # 310 is not a whole number of 25s: the nearest is 300
    assert last_action(hand, 3).to == 300
    assert rulings(hand, "chip-unit")[-1].amounts == {"asked": 310, "to": 300, "unit": 25}
    hand.raise_to(4, 512)  # nearest whole amount 500, a full raise (min 500)
    assert last_action(hand, 4).to == 500
    hand.raise_to(1, 713)  # 712.5 rounds up: 725
    assert last_action(hand, 1).to == 725


@pytest.mark.parametrize("profile", PROFILES)
def test_rounding_never_goes_below_the_minimum_raise(profile: str) -> None:
    # Seat 3 all-in for 215 (a full raise of 115): the minimum re-raise is to 330, not a
    # whole number of 25s. Asking 335 rounds to 325 < 330, so it is made 350.
    hand = start(profile, [5000, 5000, 215, 5000], unit=25)
    hand.all_in(3)
    legal = hand.legal()
    assert legal is not None and legal.min_raise_to == 330
    hand.raise_to(4, 335)
    assert last_action(hand, 4).to == 350
    assert rulings(hand, "chip-unit")[-1].amounts == {"asked": 335, "to": 350, "unit": 25}


def test_rounding_never_turns_a_bet_into_nothing_and_all_in_stays_exact() -> None:
    hand = start("tda", [5000, 5000, 5010], unit=25)
    hand.raise_to(3, 5010)  # the all-in is an odd amount, and is not rounded
    assert last_action(hand, 3).to == 5010 and not rulings(hand, "chip-unit")
    other = start("tavern", [5000] * 3, unit=25)
    limp_to_flop(other)
    with pytest.raises(BadAmount, match="minimum bet is 100"):
        other.bet(1, 10)  # rounds to 25 (never to 0), then the minimum bet applies


def test_chip_unit_is_recorded_and_replayed() -> None:
    hand = start("tda", [1000] * 3, unit=25)
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.chip_unit == 25
    assert Hand.replay(hand.events).chip_unit == 25
    with pytest.raises(IllegalAction, match="smallest chip"):
        start("tda", [1000] * 3, unit=0)


# ---------------------------------------------------------------------- 7. pot breakdown

# Rule `side-pots` (TREPS "Side pots"): one side pot per all-in level; with nobody all-in the
# chips in the middle are one pot, whoever has yet to complete.


def test_one_call_is_one_pot_not_a_side_pot() -> None:
    hand = start("tda", [1000] * 3, sb=25, bb=50)
    hand.call(3)
    assert hand.table_pots() == [Pot(125, (1, 2, 3))]


def test_side_pots_only_once_a_player_is_all_in() -> None:
    hand = start("tda", [1000, 1000, 100], sb=25, bb=50)
    hand.all_in(3)  # 100: everyone is still in for it
    assert hand.table_pots() == [Pot(175, (1, 2, 3))]
    hand.raise_to(1, 300)
    assert hand.table_pots() == [Pot(250, (1, 2, 3)), Pot(200, (1, 2))]
    hand.fold(2)
    # The 200 nobody can call goes back: the pot is 250, seat 3's all-in level.
    assert hand.table_pots() == [Pot(250, (1, 3))]


def test_table_pots_edge_cases() -> None:
    # A folded player's chips above every all-in level stay in the top pot.
    assert table_pots({1: 100, 2: 500, 3: 500}, live=[1, 2], all_in=[1]) == [
        Pot(300, (1, 2)), Pot(800, (2,))]
    # Dead antes with a player all-in for his ante alone are a pot of their own.
    assert table_pots({1: 0, 2: 100, 3: 100}, live=[1, 2, 3], all_in=[1], dead=30) == [
        Pot(30, (1, 2, 3)), Pot(200, (2, 3))]


# ---------------------------------------------------------------------- 8. heads-up PHH

# In a two-player PHH, p1 is the big blind and the blinds and antes are listed button first
# (pokerkit's reading): a big-blind ante is the second value of `antes`.

HEADS_UP_BB_ANTE = """variant = 'NT'
ante_trimming_status = false
antes = [0, 100]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [2000, 3000]
actions = ['d dh p1 AsKs', 'd dh p2 7h2c', 'p2 cbr 300', 'p1 cbr 900', 'p2 cc', 'd db Qs7d2s', \
'p1 cbr 1000', 'p2 cc', 'd db 3c', 'd db 9h', 'p1 sm AsKs', 'p2 sm 7h2c']
"""


def test_heads_up_big_blind_ante_phh_replays_like_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    expected = list(list(pokerkit.HandHistory.loads(HEADS_UP_BB_ANTE))[-1].stacks)
    assert expected == [0, 5000]
    hand = replay_phh(parse_phh(HEADS_UP_BB_ANTE))
    assert finishing_stacks(hand) == expected
    antes = [(e.seat, e.amount) for e in hand.events if e.type == "hand.posted"
             and getattr(e, "kind", "") == "ante"]
    assert antes == [(1, 100)]  # p1, the big blind
    written = to_phh(hand, reveal=set(hand.players))
    assert "antes = [0, 100]" in written
    assert list(list(pokerkit.HandHistory.loads(written))[-1].stacks) == expected
    assert finishing_stacks(replay_phh(parse_phh(written))) == expected


def test_replay_cli_reads_heads_up_big_blind_ante(tmp_path: Path) -> None:
    path = tmp_path / "hu.phh"
    path.write_text(HEADS_UP_BB_ANTE)
    assert replay_file(path) == {"file": str(path), "finishing_stacks": [0, 5000]}

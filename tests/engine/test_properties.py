"""Properties of live hands under every profile, on random configurations and actions.

Hypothesis draws the table (players, stacks, blinds, antes, profile) and then one choice per
step; each step is either a legal action from `hand.legal()` (any command: check/call, fold,
bet/raise_to/raise_by/make_it/all_in/wager_to with a random amount) or an attempt that may be
illegal (wrong seat, amounts below the minimum or above the stack, check facing a bet, ...).
After every step: chips are conserved, no stack is negative, a refused command changed nothing,
and replaying the events rebuilds the same hand. Every hand must end.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.errors import IllegalAction
from bot.engine.events import event_from_dict
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import PROFILE_NAMES, make_profile

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
MAX_STEPS = 400


@st.composite
def configs(draw: st.DrawFn, profile: str) -> HandConfig:
    n = draw(st.integers(2, 9))
    table_size = draw(st.integers(n, 10))
    seats = sorted(draw(st.permutations(range(1, table_size + 1)))[:n])
    bb = draw(st.sampled_from([2, 10, 20, 100, 200]))
    sb = draw(st.integers(0, bb))
    ante = draw(st.sampled_from([0, 0, 1, bb // 2, bb]))
    stacks = draw(st.lists(
        st.one_of(st.integers(1, 3 * bb + ante), st.integers(1, 200 * bb)),
        min_size=n, max_size=n,
    ))
    return HandConfig(
        hand_id="prop",
        seats=tuple(Seat(s, f"P{s}", stack) for s, stack in zip(seats, stacks, strict=True)),
        button=draw(st.sampled_from(seats)),
        small_blind=sb,
        big_blind=bb,
        ante=ante,
        big_blind_ante=ante > 0 and draw(st.booleans()),
        ante_trimming=draw(st.booleans()),
        profile=make_profile(profile),
        deck_seed=draw(st.text(min_size=1, max_size=8)),
        table_size=table_size,
    )


def state(hand: Hand) -> tuple[Any, ...]:
    """Everything a refused command must leave as it was."""
    return (
        [e.to_dict() for e in hand.events],
        hand.stacks,
        {s: (p.bet, p.committed, p.folded, p.all_in) for s, p in hand.players.items()},
        list(hand.board),
        hand.to_act,
        hand.current_bet,
        hand.is_over,
    )


def check_invariants(hand: Hand, start_total: int) -> None:
    stacks = hand.stacks
    assert all(v >= 0 for v in stacks.values()), stacks
    # pot_total is what is committed and not yet awarded: stacks plus pot are the start chips.
    assert sum(stacks.values()) + hand.pot_total == start_total
    if hand.is_over:
        assert hand.pot_total == 0
        assert sum(hand.final_stacks.values()) == start_total
        assert hand.final_stacks == stacks


def check_replay(hand: Hand) -> None:
    again = Hand.replay(hand.events)
    assert again.stacks == hand.stacks
    assert again.board == hand.board
    assert again.to_act == hand.to_act
    assert again.is_over == hand.is_over
    assert again.final_stacks == hand.final_stacks
    # The amounts on offer too: a rebuilt hand (bot restart) must charge what the live one does.
    assert again.legal() == hand.legal()
    assert {s: p.bet for s, p in again.players.items()} == {
        s: p.bet for s, p in hand.players.items()}
    revived = [event_from_dict(json.loads(e.to_json())) for e in hand.events]
    assert revived == hand.events
    assert Hand.replay(revived).stacks == hand.stacks


AMOUNT_KINDS = ("min", "max", "between", "below_min", "above_stack", "call", "tiny", "zero")


def pick_amount(data: st.DataObject, hand: Hand) -> int:
    legal = hand.legal()
    assert legal is not None
    kind = data.draw(st.sampled_from(AMOUNT_KINDS))
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if kind == "min":
        return lo
    if kind == "max":
        return hi
    if kind == "between":
        return data.draw(st.integers(min(lo, hi), max(lo, hi)))
    if kind == "below_min":
        return max(1, lo - data.draw(st.integers(1, max(1, lo))))
    if kind == "above_stack":
        return hi + data.draw(st.integers(1, 10_000))
    if kind == "call":
        return hand.current_bet
    if kind == "tiny":
        return data.draw(st.integers(1, 3))
    return data.draw(st.sampled_from([0, -5]))


def step(data: st.DataObject, hand: Hand) -> None:
    """One random command; a refusal must leave the hand exactly as it was."""
    legal = hand.legal()
    assert legal is not None
    seats = sorted(hand.players)
    # Mostly the player to act; sometimes someone else (must be refused).
    seat = legal.seat if data.draw(st.integers(0, 9)) else data.draw(st.sampled_from(seats))
    command = data.draw(st.sampled_from([
        "check_or_call", "check_or_call", "check", "call", "fold", "all_in",
        "bet", "raise_to", "raise_by", "make_it", "wager_to", "wager_to",
    ]))
    if command in ("bet", "raise_to", "make_it", "wager_to"):
        args: tuple[int, ...] = (pick_amount(data, hand),)
    elif command == "raise_by":
        args = (max(0, pick_amount(data, hand) - hand.current_bet) or 1,)
    else:
        args = ()
    before = state(hand)
    try:
        getattr(hand, command)(seat, *args)
    except IllegalAction:
        assert state(hand) == before, f"refused {command}{args} by seat {seat} changed the hand"
        if seat != legal.seat:
            return
        # The player to act must have a way on: a refusal is fine, the hand goes on below.
        return
    # Accepted: only the player to act may act.
    assert seat == legal.seat, f"seat {seat} acted out of turn ({command})"


def play(data: st.DataObject, config: HandConfig) -> Hand:
    hand = Hand.start(config)
    start_total = sum(s.stack for s in config.seats)
    check_invariants(hand, start_total)
    for _ in range(MAX_STEPS):
        if hand.is_over:
            break
        if hand.to_act is None:
            pytest.fail(f"live hand waits for nobody: {hand.events[-3:]}")
        n_events = len(hand.events)
        step(data, hand)
        if len(hand.events) == n_events and data.draw(st.integers(0, 3)) == 0:
            # Too many refusals in a row would never end: sometimes just check or call.
            assert hand.to_act is not None
            hand.check_or_call(hand.to_act)
        check_invariants(hand, start_total)
    # A hand ends: each accepted action moves it on, and MAX_STEPS dwarfs any real hand.
    while not hand.is_over:
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    check_invariants(hand, start_total)
    check_replay(hand)
    return hand


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_random_hands_keep_the_invariants(profile: str) -> None:
    @SETTINGS
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        config = data.draw(configs(profile))
        hand = play(data, config)
        assert hand.is_over

    run()


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_replay_after_every_event_prefix(profile: str) -> None:
    """Replay is a pure function of the events at every point, not only at the end."""

    @settings(max_examples=8, deadline=None)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        config = data.draw(configs(profile))
        hand = Hand.start(config)
        while not hand.is_over:
            step(data, hand)
            if not hand.is_over and data.draw(st.booleans()):
                assert hand.to_act is not None
                hand.check_or_call(hand.to_act)
            check_replay(hand)

    run()


def test_hands_end_with_only_check_or_call() -> None:
    """The least eventful policy ends every hand too (no betting loop without progress)."""
    for i in range(200):
        config = HandConfig(
            hand_id="cc", seats=tuple(Seat(s, f"P{s}", 50 + 37 * s * (i % 5)) for s in range(1, 7)),
            button=1 + i % 6, small_blind=5, big_blind=10, ante=i % 3,
            profile=make_profile(PROFILE_NAMES[i % 3]), deck_seed=str(i), table_size=6,
        )
        hand = Hand.start(config)
        for _ in range(100):
            if hand.is_over:
                break
            assert hand.to_act is not None
            hand.check_or_call(hand.to_act)
        assert hand.is_over
        assert sum(hand.final_stacks.values()) == sum(s.stack for s in config.seats)


# ---------------------------------------------------------------------- engine bugs found here
# (both failed before the engine fix that followed this suite; kept as regressions)


def test_big_blind_ante_is_dead_money_in_live_play() -> None:
    # Blinds 100/200, big-blind ante 200, button limps, small blind folds, big blind checks
    # it down; deck 's3' gives the button the best hand. Pot: 100 + 200 + 200 + 200 = 700.
    hand = Hand.start(HandConfig(
        "bba", (Seat(1, "A", 10_000), Seat(2, "B", 10_000), Seat(3, "C", 10_000)),
        button=3, small_blind=100, big_blind=200, ante=200, big_blind_ante=True,
        deck_seed="s3", table_size=3, profile=make_profile("tda"),
    ))
    hand.check_or_call(3)
    hand.fold(1)
    hand.check(2)
    while not hand.is_over:
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    # Today: {1: 9900, 2: 9800, 3: 10300}, a 200 pot only seat 2 is eligible for.
    assert hand.final_stacks == {1: 9900, 2: 9600, 3: 10500}


def test_replayed_hand_continues_like_the_live_one() -> None:
    config = HandConfig(
        "replay", (Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 1000)),
        button=3, small_blind=5, big_blind=10, deck_seed="x", table_size=3,
        profile=make_profile("tda"),
    )
    live = Hand.start(config)
    live.raise_to(3, 30)
    live.call(1)
    live.call(2)
    rebuilt = Hand.replay(live.events)  # e.g. the bot restarted and reloaded the hand
    assert rebuilt.street == "flop" and rebuilt.to_act == live.to_act == 1
    # Today: max_raise_to 1000 with 970 chips behind.
    assert rebuilt.legal() == live.legal()
    live.bet(1, 50)
    rebuilt.bet(1, 50)
    # Today: the rebuilt hand takes 20 chips for the bet of 50 (stack 950, not 920).
    assert rebuilt.stacks == live.stacks == {1: 920, 2: 970, 3: 970}

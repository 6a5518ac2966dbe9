"""Button and blinds across hands: TREPS moving button, TDA dead button, heads-up."""

from __future__ import annotations

import random

import pytest

from bot.tournament.blinds import (
    Positions,
    clockwise_after,
    first_positions,
    next_positions,
    seat_due_big_blind,
)

SIZE = 9


def test_first_hand_blinds_left_of_button() -> None:
    pos = first_positions(3, {1, 3, 5, 8}, SIZE)
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (3, 5, 8)


def test_first_hand_heads_up_button_posts_small_blind() -> None:
    pos = first_positions(7, {2, 7}, SIZE)
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (7, 7, 2)


def test_normal_movement_is_the_same_in_both_profiles() -> None:
    prev = first_positions(1, {1, 2, 3, 4}, SIZE)
    for rule in ("moving_button", "dead_button"):
        pos, rulings = next_positions(prev, {1, 2, 3, 4}, SIZE, rule)
        assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (2, 3, 4)
        assert rulings == []


def test_treps_small_blind_eliminated_button_stays() -> None:
    # Button 1, small blind 2 (busts), big blind 3, then 4, 5.
    prev = first_positions(1, {1, 2, 3, 4, 5}, SIZE)
    pos, rulings = next_positions(prev, {1, 3, 4, 5}, SIZE, "moving_button")
    # The former big blind posts the small blind, the player on his left the big blind,
    # and the button stays where it was.
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (1, 3, 4)
    assert [r.rule_id for r in rulings] == ["sb-eliminated"]


def test_treps_big_blind_eliminated_no_small_blind_and_button_to_old_small_blind() -> None:
    prev = first_positions(1, {1, 2, 3, 4, 5}, SIZE)
    pos, rulings = next_positions(prev, {1, 2, 4, 5}, SIZE, "moving_button")
    assert pos.big_blind_seat == 4  # the player left of the eliminated big blind
    assert pos.posted_small_blind_seat is None  # no small blind this hand
    assert pos.button == 2  # the player who was the small blind
    assert [r.rule_id for r in rulings] == ["bb-eliminated"]
    # Following hand: the button does not move and both blinds are posted normally.
    after, rulings = next_positions(pos, {1, 2, 4, 5}, SIZE, "moving_button")
    assert (after.button, after.posted_small_blind_seat, after.big_blind_seat) == (2, 4, 5)
    assert rulings == []


def test_treps_both_blinds_eliminated_in_one_hand() -> None:
    prev = first_positions(1, {1, 2, 3, 4, 5}, SIZE)
    pos, rulings = next_positions(prev, {1, 4, 5}, SIZE, "moving_button")
    # The next player posts the big blind; no small blind; the button stays with seat 1.
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (1, None, 4)
    assert [r.rule_id for r in rulings] == ["same-hand-eliminations"]
    after, _ = next_positions(pos, {1, 4, 5}, SIZE, "moving_button")
    assert (after.button, after.posted_small_blind_seat, after.big_blind_seat) == (1, 4, 5)


def test_tda_dead_button_and_dead_small_blind() -> None:
    prev = first_positions(1, {1, 2, 3, 4, 5}, SIZE)
    # Small blind (2) eliminated: the button moves onto his empty seat (dead button).
    pos, rulings = next_positions(prev, {1, 3, 4, 5}, SIZE, "dead_button")
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (2, 3, 4)
    assert [r.rule_id for r in rulings] == ["dead-button"]
    # Big blind (3) eliminated instead: no small blind, the big blind moves on one player.
    pos, rulings = next_positions(prev, {1, 2, 4, 5}, SIZE, "dead_button")
    assert (pos.button, pos.posted_small_blind_seat, pos.big_blind_seat) == (2, None, 4)
    after, _ = next_positions(pos, {1, 2, 4, 5}, SIZE, "dead_button")
    # The button then goes to the dead small blind's seat: a dead button.
    assert (after.button, after.posted_small_blind_seat, after.big_blind_seat) == (3, 4, 5)


@pytest.mark.parametrize("rule", ["moving_button", "dead_button"])
@pytest.mark.parametrize("out", [1, 2, 3])
def test_three_handed_to_heads_up(rule: str, out: int) -> None:
    # Seats 1 (button), 2 (small blind), 3 (big blind); one of them busts.
    prev = first_positions(1, {1, 2, 3}, SIZE)
    live = {1, 2, 3} - {out}
    pos, rulings = next_positions(prev, live, SIZE, rule)
    assert pos.button == pos.small_blind_seat  # heads-up: the button posts the small blind
    assert pos.big_blind_seat != 3  # seat 3 just posted the big blind: never twice in a row
    assert pos.big_blind_seat == clockwise_after(3, live, SIZE)  # and the next in turn gets it
    assert [r.rule_id for r in rulings] == ["heads-up-blinds"]
    again, _ = next_positions(pos, live, SIZE, rule)
    assert again.big_blind_seat != pos.big_blind_seat  # heads-up the blinds alternate


@pytest.mark.parametrize("rule", ["moving_button", "dead_button"])
def test_nobody_skips_or_doubles_the_big_blind(rule: str) -> None:
    """Random eliminations, several at once too: the big blind passes every live player in
    seat order, and nobody posts it two hands running while others are left."""
    rng = random.Random(7)
    for _ in range(300):
        live = set(rng.sample(range(1, SIZE + 1), rng.randint(3, SIZE)))
        pos: Positions = first_positions(rng.choice(sorted(live)), live, SIZE)
        while len(live) > 2:
            prev_bb = pos.big_blind_seat
            k = rng.choice([0, 0, 0, 1, 1, 2])
            gone = set(rng.sample(sorted(live), min(k, len(live) - 2)))
            live -= gone
            new, _ = next_positions(pos, live, SIZE, rule)
            assert new.big_blind_seat == clockwise_after(prev_bb, live, SIZE)
            assert new.big_blind_seat != prev_bb
            assert new.big_blind_seat in live
            if new.small_blind_posted:
                sb = new.posted_small_blind_seat
                assert sb in live and sb != new.big_blind_seat
            if rule == "moving_button":
                assert new.button in live  # TREPS: never a dead button
            pos = new


def test_newcomer_takes_the_seat_due_the_big_blind() -> None:
    # Last big blind on seat 4; empty seats 2, 6, 9: the big blind reaches 6 first.
    assert seat_due_big_blind(4, {1, 3, 4, 5, 7, 8}, SIZE) == 6
    assert seat_due_big_blind(4, set(range(1, 10)), SIZE) is None

"""The chip race (the design rules "Chip race", five steps)."""

from __future__ import annotations

from bot.engine.cards import card_order, deck_from_seed
from bot.tournament.chip_race import chip_race


def test_change_up_and_cards_dealt_from_seat_one_each_players_cards_together() -> None:
    # 25s race off for 100s. Seat 1 has 3 odd 25s, seat 3 none, seat 5 has 1, seat 7 has 2.
    stacks = {1: 1075, 3: 2000, 5: 525, 7: 1350}
    names = {1: "a", 3: "b", 5: "c", 7: "d"}
    r = chip_race(1, stacks, names, 25, 100, "race-seed")
    deck = deck_from_seed("race-seed")
    by_seat = {e.seat: e for e in r.lines}
    assert by_seat[1].cards == tuple(deck[0:3])
    assert by_seat[3].cards == ()
    assert by_seat[5].cards == (deck[3],)
    assert by_seat[7].cards == tuple(deck[4:6])
    # 3 + 1 + 2 = 6 odd 25s = 150: one whole 100 for the best card, and the 50 left is half
    # a chip, so the next best card gets one more.
    winners = sorted((e for e in r.lines if e.cards),
                     key=lambda e: max(card_order(c) for c in e.cards), reverse=True)
    assert [e.won for e in winners] == ["card", "half", ""]
    for e in r.lines:
        assert e.stack_after % 100 == 0
        assert e.stack_after == e.stack_before - e.stack_before % 100 + (100 if e.won else 0)


def test_leftover_below_half_is_removed() -> None:
    stacks = {1: 1025, 2: 1000, 3: 1100}
    r = chip_race(1, stacks, {1: "a", 2: "b", 3: "c"}, 25, 100, "x")
    assert [e.stack_after for e in r.lines] == [1000, 1000, 1100]
    assert r.change == -25


def test_player_with_only_odd_chips_is_not_raced_out() -> None:
    # Seat 2 holds only 25s; he gets a new chip before anyone else, even with a worse card.
    stacks = {1: 1075, 2: 50, 3: 1075}
    r = chip_race(1, stacks, {1: "a", 2: "b", 3: "c"}, 25, 100, "seed-7")
    by = {e.seat: e for e in r.lines}
    assert by[2].won == "no_chips" and by[2].stack_after == 100
    # 3 + 2 + 3 = 8 odd chips = 200: two whole chips; b's counts as the first of them.
    assert sum(1 for e in r.lines if e.won in ("no_chips", "card")) == 2
    assert all(e.stack_after > 0 for e in r.lines)


def test_everyone_broke_still_gets_a_chip_even_beyond_the_odd_chips() -> None:
    stacks = {1: 25, 2: 25, 3: 25}
    r = chip_race(1, stacks, {1: "a", 2: "b", 3: "c"}, 25, 100, "s")
    assert [e.stack_after for e in r.lines] == [100, 100, 100]
    assert r.change == 225  # the chips created are logged with the race


def test_at_most_one_chip_a_player() -> None:
    # 100s race off for 500s: 4 + 4 + 4 odd 100s = 1,200 = two 500s and 200 left (< half).
    stacks = {1: 2400, 2: 1400, 3: 900}
    r = chip_race(1, stacks, {1: "a", 2: "b", 3: "c"}, 100, 500, "s")
    gains = [e.stack_after - (e.stack_before - e.stack_before % 500) for e in r.lines]
    assert sorted(gains) == [0, 500, 500]
    assert r.change == -200


def test_race_is_deterministic_from_the_seed() -> None:
    stacks = {1: 1075, 2: 1050, 4: 1025}
    names = {1: "a", 2: "b", 4: "c"}
    assert chip_race(1, stacks, names, 25, 100, "s1") == chip_race(1, stacks, names, 25, 100, "s1")

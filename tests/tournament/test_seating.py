"""Seat draws and the first button."""

from __future__ import annotations

from bot.engine.cards import card_order, deck_from_seed
from bot.tournament.seating import (
    draw_first_ace,
    draw_high_card,
    random_seating,
    seat_by_card,
    table_sizes,
)


def test_field_split_into_as_few_tables_as_hold_it_sizes_within_one() -> None:
    assert table_sizes(9, 9) == [9]
    assert table_sizes(10, 9) == [5, 5]
    assert table_sizes(23, 10) == [8, 8, 7]
    assert table_sizes(3, 2) == [2, 1]


def test_random_seats_are_reproducible_from_the_seed_and_differ_by_seed() -> None:
    players = [f"p{i}" for i in range(14)]
    a = random_seating(players, 8, "s1")
    assert a == random_seating(players, 8, "s1")
    assert a != random_seating(players, 8, "s2")
    seated = [p for t in a.values() for p in t.values()]
    assert sorted(seated) == sorted(players)
    assert sorted(len(t) for t in a.values()) == [7, 7]


def test_treps_seats_by_descending_card_counter_clockwise_from_the_button() -> None:
    players = ["a", "b", "c", "d", "e"]
    seats, draw = seat_by_card(players, "draw")
    deck = deck_from_seed("draw")
    assert [c.card for c in draw.cards] == deck[:5]  # every card recorded, in deal order
    ranked = sorted(draw.cards, key=lambda c: card_order(c.card), reverse=True)
    assert draw.button == ranked[0].seat == 5
    # counter-clockwise from the button: seats 5, 4, 3, 2, 1 in descending card order
    assert [c.seat for c in ranked] == [5, 4, 3, 2, 1]
    assert {seats[c.seat] for c in ranked} == set(players)


def test_high_card_takes_the_button() -> None:
    seats = {2: "a", 4: "b", 7: "c"}
    draw = draw_high_card(seats, "hc")
    best = max(draw.cards, key=lambda c: card_order(c.card))
    assert draw.button == best.seat
    assert [c.seat for c in draw.cards] == [2, 4, 7]


def test_first_ace_deals_round_until_an_ace() -> None:
    seats = {1: "a", 3: "b", 5: "c", 6: "d"}
    for seed in ("x", "y", "z"):
        draw = draw_first_ace(seats, seed)
        cards = [c.card for c in draw.cards]
        assert cards == deck_from_seed(seed)[: len(cards)]
        assert cards[-1][0] == "A" and all(c[0] != "A" for c in cards[:-1])
        assert draw.button == draw.cards[-1].seat
        order = [c.seat for c in draw.cards]
        assert order[0] == draw.first_seat
        for a, b in zip(order, order[1:], strict=False):  # clockwise, one card at a time
            assert b == sorted(seats)[(sorted(seats).index(a) + 1) % 4]

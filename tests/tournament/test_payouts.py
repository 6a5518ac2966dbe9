"""Prize pool and payouts."""

from __future__ import annotations

from bot.tournament.payouts import Finish, load_payout_table, place_amounts, prizes


def test_payout_table_by_field_size_with_rounding_to_first() -> None:
    t = load_payout_table("standard")
    assert place_amounts(200, 8, t) == [100, 60, 40]
    assert place_amounts(1000, 3, t) == [1000]
    amounts = place_amounts(1003, 12, t, unit=5)
    assert sum(amounts) == 1003 and all(a % 5 == 0 for a in amounts[1:])


def test_tied_players_split_the_places_they_cover() -> None:
    amounts = [500, 300, 200]
    finishes = [Finish("w", 1), Finish("x", 2, ("y",)), Finish("y", 2, ("x",))]
    assert prizes(finishes, amounts) == {"w": 500, "x": 250, "y": 250}


def test_disqualified_prize_withheld() -> None:
    assert prizes([Finish("w", 1), Finish("d", 2)], [70, 30], frozenset({"d"})) == {
        "w": 70, "d": 0}

"""Table balancing and breaking: big blind to big blind."""

from __future__ import annotations

from bot.tournament.balancing import TableView, next_step


def test_balance_moves_the_player_due_the_big_blind_to_the_seat_due_it() -> None:
    # Table 1: 8 players, last big blind on seat 3 -> seat 4 is due the big blind next.
    t1 = TableView(1, {s: f"a{s}" for s in (1, 2, 3, 4, 5, 6, 7, 8)}, anchor=3, busy=False)
    # Table 2: 6 players, last big blind on seat 6; empty seats 2, 8, 9 -> 8 is due next.
    t2 = TableView(2, {s: f"b{s}" for s in (1, 3, 4, 5, 6, 7)}, anchor=6, busy=False)
    plan = next_step([t1, t2], 9)
    assert plan is not None and plan.broken is None
    (m,) = plan.moves
    assert (m.player, m.from_table, m.from_seat, m.to_table, m.to_seat) == ("a4", 1, 4, 2, 8)


def test_no_move_when_sizes_differ_by_one_or_the_fuller_table_is_mid_hand() -> None:
    t1 = TableView(1, {s: f"a{s}" for s in range(1, 8)}, 1, False)
    t2 = TableView(2, {s: f"b{s}" for s in range(1, 7)}, 1, False)
    assert next_step([t1, t2], 9) is None
    t1 = TableView(1, {s: f"a{s}" for s in range(1, 9)}, 1, True)
    assert next_step([t1, t2], 9) is None


def test_break_a_table_when_the_players_fit_at_one_fewer() -> None:
    t1 = TableView(1, {s: f"a{s}" for s in (1, 2, 3, 4, 5, 6)}, anchor=2, busy=True)
    t2 = TableView(2, {s: f"b{s}" for s in (2, 5, 7)}, anchor=5, busy=False)
    plan = next_step([t1, t2], 9)
    assert plan is not None and plan.broken == 2
    # leave in big blind order from table 2 (7, then 2, then 5) into table 1's seats due the
    # big blind next (after seat 2, seats 7, 8, 9 are empty)
    assert [(m.player, m.to_table, m.to_seat) for m in plan.moves] == [
        ("b7", 1, 7), ("b2", 1, 8), ("b5", 1, 9)]
    assert all(m.reason == "break" for m in plan.moves)


def test_a_busy_table_is_not_broken_while_an_idle_one_can_be() -> None:
    t1 = TableView(1, {1: "a", 2: "b"}, 1, False)
    t2 = TableView(2, {1: "c", 2: "d"}, 1, True)
    t3 = TableView(3, {1: "e"}, 1, True)
    plan = next_step([t1, t2, t3], 4)
    assert plan is not None and plan.broken == 1

"""The moves a live bust causes, as the director reads them: `move_lines` gives
each move with both tables' sizes just before it, for every event list (a bust, an undo, a
re-buy); an undone bust leaves the moves it caused standing, and `standing_moves` says which."""

from __future__ import annotations

from bot.tournament import events as ev
from bot.tournament.live import MoveLine, bust_report, move_lines, standing_moves
from tests.tournament.test_live import T0, TD, live_night


def _bust_until_a_move(t, now: float) -> tuple[str, list]:  # noqa: ANN001
    """Bust players of the smaller table until the director moves someone."""
    while True:
        small = min(t.tables, key=lambda x: (len(t.tables[x].seats), x))
        victim = sorted(t.tables[small].seats.items())[0][1]
        events = t.bust(victim, now, recorded_by=TD)
        if any(isinstance(e, ev.PlayerMoved) for e in events):
            return victim, events


def test_a_balance_move_reads_with_both_tables_sizes_before_it() -> None:
    t = live_night(members=10, guests=0, seats=6)  # 10 players: 5 and 5
    t.start("seed", T0)
    victim, events = _bust_until_a_move(t, T0 + 60)
    (moved,) = [e for e in events if isinstance(e, ev.PlayerMoved)]
    (line,) = move_lines(t, events)
    # Just before the move the short table had one player fewer than the other, minus one more.
    assert line == MoveLine(moved.player, moved.from_table, moved.from_seat, moved.to_table,
                            moved.to_seat, "balance", line.from_count, line.to_count)
    assert line.from_count - line.to_count == 2
    assert len(t.tables[moved.to_table].seats) == line.to_count + 1
    assert (t.players[moved.player].table, t.players[moved.player].seat) == (
        moved.to_table, moved.to_seat)
    # The bust's report is the same reading.
    assert bust_report(t, events).moves == (line,)
    assert move_lines(t, []) == []


def test_an_undone_bust_keeps_the_moves_it_caused_and_says_so() -> None:
    t = live_night(members=10, guests=0, seats=6)
    t.start("seed", T0)
    victim, events = _bust_until_a_move(t, T0 + 60)
    (moved,) = [e for e in events if isinstance(e, ev.PlayerMoved)]
    undo = t.undo_bust(TD, T0 + 120)
    back = next(e for e in undo if isinstance(e, ev.BustUndone))
    assert back.player == victim and t.players[victim].status == "playing"
    # The moved player stays where he was sent (chips and cards are already there); the
    # tables are within one of each other, so nobody moves back.
    assert (t.players[moved.player].table, t.players[moved.player].seat) == (
        moved.to_table, moved.to_seat)
    sizes = sorted(len(ts.seats) for ts in t.tables.values())
    assert sizes[-1] - sizes[0] <= 1
    (kept,) = standing_moves(t, back)
    assert (kept.player, kept.to_table, kept.to_seat) == (moved.player, moved.to_table,
                                                          moved.to_seat)
    # A bust without moves leaves nothing to say.
    t2 = live_night(members=10, guests=0, seats=6)
    t2.start("seed", T0)
    first = sorted(t2.tables[1].seats.values())[0]
    t2.bust(first, T0 + 60, recorded_by=TD)
    back2 = next(e for e in t2.undo_bust(TD, T0 + 61) if isinstance(e, ev.BustUndone))
    assert standing_moves(t2, back2) == ()

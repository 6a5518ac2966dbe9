"""The clock's lines in the channel (`/tournament status`, the table message): true before the
start as after it."""

from __future__ import annotations

from bot.discord_ui.presenter.clock import clock_lines, clock_view
from tests.tournament.helpers import T0, make


def test_before_the_start_level_one_is_not_called_the_last_level() -> None:
    t = make(n=3, start=False)  # three levels of 10 minutes
    head = clock_lines(clock_view(t, T0))[0]
    assert "last level" not in head
    assert head == "Level 1 · 25/50 · 10 min · not started yet"

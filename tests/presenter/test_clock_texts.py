"""The clock's lines in the channel (`/tournament status`, the table message): true before the
start as after it."""

from __future__ import annotations

from bot.discord_ui.presenter.announcements import Announcements
from bot.discord_ui.presenter.clock import clock_lines, clock_view
from bot.discord_ui.presenter.money import money_in
from bot.tournament import events as tev
from bot.tournament.state import Result
from tests.tournament.helpers import T0, make


def test_before_the_start_level_one_is_not_called_the_last_level() -> None:
    t = make(n=3, start=False)  # three levels of 10 minutes
    head = clock_lines(clock_view(t, T0))[0]
    assert "last level" not in head
    assert head == "Level 1 · 25/50 · 10 min · not started yet"


def test_results_name_prizes_in_the_leagues_currency() -> None:
    results = (Result("1", 1, (), 11250, False), Result("2", 2, (), 5000, False))
    post = Announcements({"1": "ann", "2": "bob"}, results=lambda: results,
                         money=money_in("$", 2)).finish_text(
        tev.Finished("1", 16250, {"1": 11250, "2": 5000}, T0))
    assert post.splitlines()[1:] == ["1st: ann — $112.50", "2nd: bob — $50.00"]
    assert money_in(None, 0)(1250) == "1,250" and money_in("EUR", 0)(1250) == "1,250 EUR"

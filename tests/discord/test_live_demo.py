"""`python -m bot demo live` plays a short live night offline and prints what the channel shows,
rendered for a terminal: the clock message whole once, then only what each edit changes."""

from __future__ import annotations

import re

from bot.__main__ import main
from bot.demo_live import changed_lines, run_live_demo


def test_the_live_demo_plays_a_whole_night_offline(capsys) -> None:
    assert run_live_demo(["3"]) == 0
    out = capsys.readouterr().out
    assert "🃏 The seat draw: 8 players at 2 tables." in out
    assert out.count("Cards dealt: ") >= 3  # both tables, then the final table drawn afresh
    assert re.search(r"➡️ Table \d has \d, table \d has \d: move .+ from table \d seat "
                     r"\d to table \d, seat \d", out)
    assert "↩️ Bust undone" in out
    assert "60 seconds, the last 10 counted down" in out and "the hand is dead" in out
    assert "🎲 Chip race: the 25 chips are no longer needed" in out
    assert "🎲 Chip race: the 25s are raced off for 100s" in out
    assert "☕ Break" in out and "⏰ One minute: the break ends in 1 minute." in out
    assert "🏁 Final table" in out and "🥊 Heads-up" in out
    results = out.split("wins Demo Night! 8 entries")[1]
    assert all(f"\n#live  {place}. " in results for place in range(1, 9))
    # Rendered as a reader's client shows it: no Markdown marks, no raw timestamps.
    assert not any(mark in out for mark in ("**", "~~", "`", "<t:"))


def test_the_clock_message_is_printed_whole_once_then_only_what_changes(capsys) -> None:
    assert run_live_demo(["3"]) == 0
    out = capsys.readouterr().out
    assert out.count("[the clock message, posted:]") == 1
    posted = out.split("[the clock message, posted:]\n")[1].split("\n\n")[0]
    assert "👥 8 of 8 left" in posted and "💰 Prize pool" in posted
    edits = out.split("[the clock message, edited:]\n")[1:]
    assert len(edits) >= 5
    for edit in edits:
        lines = edit.split("\n\n")[0].splitlines()
        assert lines and all(line.startswith(("#live    + ", "#live    - ")) for line in lines)
    # A bust changes the count and the average, not the whole message.
    after_first_bust = out.split("> /bust player:")[1].split("[the clock message, edited:]\n")[1]
    assert after_first_bust.split("\n\n")[0].splitlines() == [
        "#live    + 👥 7 of 8 left", "#live    + 📊 Average stack 5,714"]


def test_an_edit_shows_lines_written_and_lines_taken_away() -> None:
    before = "Level 2\n👥 8 of 8 left\n🎲 Chip race due"
    assert changed_lines(before, "Level 2\n👥 7 of 8 left") == [
        ("+", "👥 7 of 8 left"), ("-", "🎲 Chip race due")]
    assert changed_lines(before, before) == []


def test_the_demo_command_runs_the_live_night(capsys) -> None:
    assert main(["demo", "live", "5"]) == 0
    assert "🏆" in capsys.readouterr().out

"""`python -m bot demo live` plays a short live night offline and prints what the channel shows."""

from __future__ import annotations

import re

from bot.__main__ import main
from bot.demo_live import run_live_demo, shown


def test_the_live_demo_plays_a_whole_night_offline(capsys) -> None:
    assert run_live_demo(["3"]) == 0
    out = capsys.readouterr().out
    assert "🃏 **The seat draw**: 8 players at 2 tables." in out
    assert out.count("Cards dealt: ") >= 3  # both tables, then the final table drawn afresh
    assert "[the clock message, posted:]" in out and "[the clock message, edited:]" in out
    assert re.search(r"➡️ Table \d has \d, table \d has \d: move \*\*.+\*\* from table \d seat "
                     r"\d to \*\*table \d, seat \d\*\*", out)
    assert "↩️ **Bust undone**" in out
    assert "60 seconds, the last 10 counted down" in out and "the hand is dead" in out
    assert "🎲 **Chip race**: the 25 chips are no longer needed" in out
    assert "🎲 **Chip race**: the 25s are raced off for 100s" in out
    assert "☕ **Break**" in out and "⏰ **One minute**: the break ends in 1 minute." in out
    assert "🏁 **Final table**" in out and "🥊 **Heads-up**" in out
    results = out.split("wins Demo Night! 8 entries")[1]
    assert all(f"\n#live  {place}. " in results for place in range(1, 9))
    assert "<t:" not in out  # timestamps shown as a reader's client shows them


def test_the_demo_command_runs_the_live_night(capsys) -> None:
    assert main(["demo", "live", "5"]) == 0
    assert "🏆" in capsys.readouterr().out


def test_timestamps_read_as_a_client_shows_them() -> None:
    assert shown("ends <t:1000:R>, at <t:1000:t>", 400.0) == "ends in 10 minutes, at 00:16"
    assert shown("<t:1000:R>", 1059.0) == "59 seconds ago"

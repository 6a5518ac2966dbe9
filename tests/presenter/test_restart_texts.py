"""What the channel reads after the bot was down."""

from __future__ import annotations

from bot.discord_ui.presenter.restart import caught_up_text, downtime, offline_pause_text
from bot.tournament import events as tev


def test_downtime_reads_as_people_say_it() -> None:
    assert [downtime(s) for s in (1, 45, 119, 600, 1860, 7200, 9000)] == [
        "1 second", "45 seconds", "119 seconds", "10 minutes", "31 minutes", "2 hours",
        "2 hours 30 minutes"]


def test_online_the_clock_was_stopped_and_resumes_where_it_stood() -> None:
    level = tev.OfflinePause(0, 1860, 15, 1, False, 25, 50, 0, 432)
    assert offline_pause_text(level).startswith(
        "⏯ The bot was offline for 31 minutes; the clock was stopped; play resumes at level 1, "
        "25/50, 7:12 left.")
    pause = tev.OfflinePause(0, 45, 15, 7, True, 300, 600, 50, 300)
    assert "play resumes on the break before level 7 (300/600, ante 50), 5:00 left" in \
        offline_pause_text(pause)
    last = tev.OfflinePause(0, 60, 15, 12, False, 1000, 2000, 0, None)
    assert "level 12, 1,000/2,000 (the last level)" in offline_pause_text(last)


def test_live_the_room_clock_caught_up_with_no_past_time() -> None:
    e = tev.ClockCaughtUp(0, 1860, 1, 2, False, 50, 100, 0, 240, 2100, ("7",))
    text = caught_up_text(e, lambda p: f"**P{p}**")
    assert "offline for 31 minutes; the room's clock ran on" in text
    assert "**level 2**, blinds **50/100**, 4:00 left (until <t:2100:t>, <t:2100:R>)" in text
    assert "The clock called on **P7** ran out meanwhile." in text
    assert "<t:0" not in text and "<t:1860" not in text

"""Which step of a night is due when: reminders, the start, the automatic start."""

from __future__ import annotations

from bot.schedule import AUTOSTART_WAIT, LATE_START_LIMIT, Timing, due_step, next_at

START = 1_000_000.0
DAY, HOUR = 86400, 3600


def timing(reminded: frozenset[int] = frozenset()) -> Timing:
    return Timing("scheduled", START, (DAY, HOUR), reminded)


def test_each_reminder_then_the_start() -> None:
    t = timing()
    assert next_at(t) == START - DAY
    assert due_step(t, START - DAY - 1) is None
    step = due_step(t, START - DAY)
    assert step is not None and (step.kind, step.reminder) == ("remind", DAY)
    t = timing(frozenset({DAY}))
    assert next_at(t) == START - HOUR and due_step(t, START - HOUR - 1) is None
    t = timing(frozenset({DAY, HOUR}))
    assert next_at(t) == START
    step = due_step(t, START)
    assert step is not None and step.kind == "open"


def test_back_after_both_reminders_fell_due_only_the_latest_is_sent() -> None:
    step = due_step(timing(), START - 30 * 60)
    assert step is not None and step.reminder == HOUR and step.settles == {DAY, HOUR}


def test_back_after_the_start_no_reminder_the_night_opens_or_is_missed() -> None:
    step = due_step(timing(), START + 600)
    assert step is not None and step.kind == "open" and step.settles == {DAY, HOUR}
    missed = due_step(timing(), START + LATE_START_LIMIT + 1)
    assert missed is not None and missed.kind == "missed"


def test_the_automatic_start_and_nothing_once_over() -> None:
    opened = Timing("open", START, (DAY,), frozenset({DAY}), autostart_at=START + AUTOSTART_WAIT)
    assert next_at(opened) == START + AUTOSTART_WAIT
    assert due_step(opened, START + 60) is None
    step = due_step(opened, START + AUTOSTART_WAIT)
    assert step is not None and step.kind == "autostart"
    for status in ("done", "cancelled", "missed"):
        over = Timing(status, START, (DAY,), frozenset())  # type: ignore[arg-type]
        assert next_at(over) is None and due_step(over, START + DAY) is None

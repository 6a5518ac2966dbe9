"""Dates and times as people type them, read in the server's time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.schedule import NightError, Repeat, next_occurrence, read_reminders, read_when
from bot.schedule.when import passed_reminders

PARIS = ZoneInfo("Europe/Paris")
# Thursday 1 January 2026, 10:00 in Paris.
NOW = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


def local(text: str, now: datetime = NOW) -> datetime:
    return read_when(text, now, PARIS).astimezone(PARIS)


@pytest.mark.parametrize("text, expected", [
    ("tue 19:30", datetime(2026, 1, 6, 19, 30)),
    ("Tuesday at 7:30pm", datetime(2026, 1, 6, 19, 30)),
    ("TUE, 7.30 pm", datetime(2026, 1, 6, 19, 30)),
    ("2026-12-15 19:30", datetime(2026, 12, 15, 19, 30)),
    ("15 dec 19h30", datetime(2026, 12, 15, 19, 30)),
    ("dec 15th 8pm", datetime(2026, 12, 15, 20, 0)),
    ("tue 15 december 2026 19h", datetime(2026, 12, 15, 19, 0)),
    ("tomorrow 20:00", datetime(2026, 1, 2, 20, 0)),
    ("tonight 21:00", datetime(2026, 1, 1, 21, 0)),
    ("19:30", datetime(2026, 1, 1, 19, 30)),  # still ahead today
    ("9:00", datetime(2026, 1, 2, 9, 0)),  # passed today: tomorrow
    ("thu 19:30", datetime(2026, 1, 1, 19, 30)),  # today is Thursday, still ahead
    ("thu 9:30", datetime(2026, 1, 8, 9, 30)),  # passed: next week's
    ("1 jan 9:00", datetime(2027, 1, 1, 9, 0)),  # passed this year: next year's
])
def test_the_forms_people_type(text: str, expected: datetime) -> None:
    assert local(text).replace(tzinfo=None) == expected


def test_the_time_is_the_server_zones_not_utc() -> None:
    # 19:30 in Paris in winter is 18:30 UTC; in summer 17:30 UTC.
    assert read_when("2026-01-06 19:30", NOW, PARIS) == datetime(2026, 1, 6, 18, 30,
                                                                  tzinfo=UTC)
    assert read_when("2026-07-07 19:30", NOW, PARIS) == datetime(2026, 7, 7, 17, 30,
                                                                  tzinfo=UTC)


@pytest.mark.parametrize("text, code", [
    ("", "unreadable"),
    ("tuesday", "no-time"),
    ("someday 19:30", "unreadable"),
    ("tue 25:00", "unreadable"),
    ("tue 13pm", "unreadable"),
    ("12/11 19:30", "slashed-date"),
    ("2026-02-30 19:30", "no-such-date"),
    ("2025-12-15 19:30", "past"),
    ("2027-06-01 19:30", "too-far"),
    ("mon 15 dec 2026 19:30", "wrong-weekday"),  # 15 December 2026 is a Tuesday
    ("2026-03-29 02:30", "skipped-time"),  # the clocks go from 2:00 to 3:00 in Paris
])
def test_what_cannot_be_read_is_refused_with_its_reason(text: str, code: str) -> None:
    with pytest.raises(NightError) as refused:
        read_when(text, NOW, PARIS)
    assert refused.value.code == code


def test_a_weekly_night_keeps_its_wall_clock_time_across_the_change_of_clocks() -> None:
    first = read_when("2026-03-24 19:30", NOW, PARIS)  # a Tuesday in winter time
    after = next_occurrence(first, Repeat.WEEKLY, PARIS, after=first)
    assert after is not None
    assert after.astimezone(PARIS).replace(tzinfo=None) == datetime(2026, 3, 31, 19, 30)
    # Summer time began: an hour less in between (same-zone datetimes subtract by the wall).
    assert after.timestamp() - first.timestamp() == 7 * 86400 - 3600
    fortnight = next_occurrence(first, Repeat.FORTNIGHTLY, PARIS, after=first)
    assert fortnight is not None and fortnight.astimezone(PARIS).day == 7
    assert next_occurrence(first, Repeat.NONE, PARIS, after=first) is None


def test_the_next_occurrence_is_after_the_moment_given() -> None:
    first = read_when("2026-01-06 19:30", NOW, PARIS)
    # The night ran late into the next week (the bot was down): the one after that.
    later = next_occurrence(first, Repeat.WEEKLY, PARIS, after=first + timedelta(days=8))
    assert later is not None and later.astimezone(PARIS).day == 20


@pytest.mark.parametrize("text, offsets", [
    ("1d, 1h", (86400, 3600)),
    ("1h 24h", (86400, 3600)),
    ("2 hours and 30m", (7200, 1800)),
    ("90 min", (5400,)),
    ("none", ()),
])
def test_reminders_as_typed(text: str, offsets: tuple[int, ...]) -> None:
    assert read_reminders(text) == offsets


@pytest.mark.parametrize("text, code", [
    ("soon", "reminders-unreadable"),
    ("1h, then 2h", "reminders-unreadable"),
    ("5m", "reminders-range"),
    ("30d", "reminders-range"),
    ("1d 12h 2h 1h", "reminders-many"),
])
def test_bad_reminders_are_refused(text: str, code: str) -> None:
    with pytest.raises(NightError) as refused:
        read_reminders(text)
    assert refused.value.code == code


def test_reminders_already_passed_at_scheduling_are_never_sent() -> None:
    start = 100_000.0
    assert passed_reminders(start, (86400, 3600), now=start - 7200) == {86400}
    assert passed_reminders(start, (86400, 3600), now=start - 90000) == set()

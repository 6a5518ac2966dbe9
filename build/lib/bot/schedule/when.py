"""When a night is: a date and time as people type them, read in the server's time zone; how a
night repeats; when its reminders are (`1d, 1h`).

Forms read (any case, `at` and commas allowed between the parts):
- a day: `tue`, `tuesday` (the next one, today included while the time is ahead), `today`,
  `tonight`, `tomorrow`, `2026-12-15`, `15 dec`, `dec 15`, `15 december 2026`; none: the next
  time the clock shows that time;
- a time: `19:30`, `19.30`, `19h30`, `19h`, `7pm`, `7:30pm`, `7:30 pm`.
Day-first and month-first numbers (`12/11`) are refused: read wrongly, they put a night a month
off. A time the clocks skip (a change to summer time) is refused; one they pass twice is the
first.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from enum import StrEnum

from bot.schedule.errors import NightError

# How far ahead a night may be scheduled.
MAX_AHEAD = timedelta(days=366)
# Reminders a night has at most, and the range of each (seconds before the start).
MAX_REMINDERS = 3
REMINDER_RANGE = (10 * 60, 14 * 24 * 3600)

WEEKDAYS = {
    "mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2, "weds": 2,
    "wednesday": 2, "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4, "friday": 4,
    "sat": 5, "saturday": 5, "sun": 6, "sunday": 6,
}
MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
    "dec": 12, "december": 12,
}
_TIME_24 = re.compile(r"(\d{1,2})(?::|\.|h)(\d{2})")
_TIME_H = re.compile(r"(\d{1,2})h")
_TIME_12 = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?(am|pm)")
_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_YEAR = re.compile(r"\d{4}")
_OFFSET = re.compile(r"(\d{1,3})\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m)\b")
_UNIT = {"d": 86400, "h": 3600, "m": 60}
_SLASHED = re.compile(r"\d{1,2}/\d{1,2}")


class Repeat(StrEnum):
    """How a night repeats: its next one is scheduled when it is over."""

    NONE = "none"
    WEEKLY = "weekly"
    FORTNIGHTLY = "fortnightly"

    @property
    def days(self) -> int:
        return {"none": 0, "weekly": 7, "fortnightly": 14}[self.value]


def read_when(text: str, now: datetime, zone: tzinfo) -> datetime:
    """The moment `text` names, in `zone` (an aware datetime), after `now` and at most
    MAX_AHEAD later. Refusals: NightError `unreadable` (text), `no-time`, `no-such-date`,
    `skipped-time` (the clocks change), `past`, `too-far`."""
    words = _words(text)
    if not words:
        raise NightError("unreadable", text=text)
    if any(_SLASHED.fullmatch(w) for w in words):
        raise NightError("slashed-date", text=text)
    clock, rest = _time_of(words, text)
    local_now = now.astimezone(zone)
    moment = now
    for day in _days_of(rest, local_now, clock, text):
        moment = _local(day, clock, zone)
        if moment > now:
            break
    if moment <= now:
        raise NightError("past", when=moment)
    if moment - now > MAX_AHEAD:
        raise NightError("too-far", when=moment, days=MAX_AHEAD.days)
    return moment


def _words(text: str) -> list[str]:
    flat = text.casefold().replace(",", " ").strip()
    flat = re.sub(r"(\d)\s+(am|pm)\b", r"\1\2", flat)  # "7 pm" is one word
    return [w for w in flat.split() if w not in ("at", "on", "the")]


def _time_of(words: list[str], text: str) -> tuple[time, list[str]]:
    """The time (one word, anywhere) and the other words."""
    for i, word in enumerate(words):
        found = _clock(word, text)
        if found is not None:
            return found, words[:i] + words[i + 1:]
    raise NightError("no-time", text=text)


def _clock(word: str, text: str) -> time | None:
    hour: int
    minute = 0
    if m := _TIME_24.fullmatch(word):
        hour, minute = int(m[1]), int(m[2])
    elif m := _TIME_H.fullmatch(word):
        hour = int(m[1])
    elif m := _TIME_12.fullmatch(word):
        hour, minute = int(m[1]), int(m[2] or 0)
        if not 1 <= hour <= 12:
            raise NightError("unreadable", text=text)
        hour = hour % 12 + (12 if m[3] == "pm" else 0)
    else:
        return None
    if hour > 23 or minute > 59:
        raise NightError("unreadable", text=text)
    return time(hour, minute)


def _days_of(words: list[str], local_now: datetime, clock: time, text: str) -> list[date]:
    """The day the words name; a date typed without its year is this year's, else the next
    year's (the first whose moment is still ahead is taken)."""
    today = local_now.date()
    ahead = clock > local_now.time()  # that time is still to come today
    if not words:
        return [today if ahead else today + timedelta(days=1)]
    if len(words) == 1:
        word = words[0]
        if word in ("today", "tonight"):
            return [today]
        if word == "tomorrow":
            return [today + timedelta(days=1)]
        if word in WEEKDAYS:
            days = (WEEKDAYS[word] - today.weekday()) % 7
            if days == 0 and not ahead:
                days = 7
            return [today + timedelta(days=days)]
        if m := _ISO_DATE.fullmatch(word):
            return [_date(int(m[1]), int(m[2]), int(m[3]), text)]
    return _named_month(words, today, text)


def _named_month(words: list[str], today: date, text: str) -> list[date]:
    """`15 dec`, `dec 15`, with an optional year and weekday (`tue 15 dec 2026`)."""
    rest = [w for w in words if w not in WEEKDAYS]
    weekday = next((WEEKDAYS[w] for w in words if w in WEEKDAYS), None)
    year: int | None = None
    if rest and _YEAR.fullmatch(rest[-1]):
        year = int(rest.pop())
    month = day = None
    if len(rest) == 2:
        for a, b in ((rest[0], rest[1]), (rest[1], rest[0])):
            if a in MONTHS and (m := _DAY.fullmatch(b)):
                month, day = MONTHS[a], int(m[1])
    if month is None or day is None:
        raise NightError("unreadable", text=text)
    years = [year] if year is not None else [today.year, today.year + 1]
    found = [d for y in years if (d := _date(y, month, day, text)) >= today] or \
        [_date(years[-1], month, day, text)]
    if weekday is not None and found[0].weekday() != weekday:
        raise NightError("wrong-weekday", day=found[0], text=text)
    return found


def _date(year: int, month: int, day: int, text: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise NightError("no-such-date", text=text) from None


def _local(day: date, clock: time, zone: tzinfo) -> datetime:
    """That wall-clock time in `zone`; a time the clocks skip is refused, one they pass twice
    is the first."""
    moment = datetime.combine(day, clock, tzinfo=zone)
    back = moment.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if back != moment.replace(tzinfo=None):
        raise NightError("skipped-time", day=day, clock=clock)
    return moment


def next_occurrence(starts_at: datetime, repeat: Repeat, zone: tzinfo,
                    after: datetime) -> datetime | None:
    """The next night of a repeating one: the same wall-clock time in `zone` one or two weeks
    on (so 19:30 stays 19:30 across a change of the clocks), the first after `after`; None
    for a night that does not repeat. A time the clocks skip that day moves an hour on."""
    if repeat is Repeat.NONE:
        return None
    local = starts_at.astimezone(zone)
    step = timedelta(days=repeat.days)
    day = local.date() + step
    while True:
        moment = datetime.combine(day, local.time(), tzinfo=zone)
        moment = moment.astimezone(UTC).astimezone(zone)  # a skipped time: an hour on
        if moment > after:
            return moment
        day += step


def read_reminders(text: str) -> tuple[int, ...]:
    """Reminders as typed (`1d, 1h`, `24h 2h`, `90m`; `none`): seconds before the start,
    latest last, each between 10 minutes and 14 days, at most MAX_REMINDERS. Refusals:
    `reminders-unreadable`, `reminders-range`, `reminders-many`."""
    flat = text.casefold().replace(",", " ").replace(" and ", " ").strip()
    if flat in ("none", "no", "off", "0"):
        return ()
    found: list[int] = []
    pos = 0
    for m in _OFFSET.finditer(flat):
        if flat[pos:m.start()].strip():
            raise NightError("reminders-unreadable", text=text)
        found.append(int(m[1]) * _UNIT[m[2][0]])
        pos = m.end()
    if not found or flat[pos:].strip():
        raise NightError("reminders-unreadable", text=text)
    low, high = REMINDER_RANGE
    if any(not low <= s <= high for s in found):
        raise NightError("reminders-range", low=low, high=high)
    offsets = tuple(sorted(set(found), reverse=True))
    if len(offsets) > MAX_REMINDERS:
        raise NightError("reminders-many", most=MAX_REMINDERS)
    return offsets


def passed_reminders(starts_at: float, reminders: tuple[int, ...], now: float) -> frozenset[int]:
    """The reminders whose moment has already passed when a night is scheduled (or moved): they
    are never sent (the announcement or the move's post has just said it all)."""
    return frozenset(r for r in reminders if starts_at - r <= now)


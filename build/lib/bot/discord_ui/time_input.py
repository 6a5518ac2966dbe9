"""A time the director types for `/td time change:`, parsed into seconds or refused with the
forms allowed. Bounded like every typed value (bot/discord_ui/parsing.py): only
ASCII digits, the length checked before any number is built.

Forms: `+2m`, `-30s`, `+1m30s`, `+1:30` add or take time; `12:00`, `1:05:00`, `12m` set the
time left."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from bot.discord_ui.presenter import input as words
from bot.service.usecases import Refused

TIME_CHARS = 12
# Nothing a director means is above this (a level of 6 hours is the tournament's own limit).
MAX_SECONDS = 6 * 3600

_UNITS = re.compile(r"(?:(?P<h>[0-9]{1,2})h)?(?:(?P<m>[0-9]{1,3})m)?(?:(?P<s>[0-9]{1,5})s)?")
_CLOCK = re.compile(r"(?:(?P<h>[0-9]{1,2}):)?(?P<m>[0-9]{1,3}):(?P<s>[0-5][0-9])")


@dataclass(frozen=True)
class TimeChange:
    """Seconds to add (negative: to take), or the time left to set; one of the two."""

    change: int | None = None
    seconds_left: int | None = None


def parse_time_change(text: str) -> TimeChange:
    raw = text.strip().lower().replace(" ", "")
    if not raw or len(raw) > TIME_CHARS:
        raise Refused.saying(words.time_unreadable_text(text))
    sign = raw[0] if raw[0] in "+-" else ""
    body = raw[1:] if sign else raw
    seconds = _seconds(body)
    if seconds is None:
        raise Refused.saying(words.time_unreadable_text(text))
    if seconds > MAX_SECONDS:
        raise Refused.saying(words.TIME_AT_MOST)
    if sign == "":
        return TimeChange(seconds_left=seconds)
    if seconds == 0:
        raise Refused.saying(words.time_changes_nothing_text(text))
    return TimeChange(change=seconds if sign == "+" else -seconds)


def _seconds(body: str) -> int | None:
    if not body:
        return None
    m = _CLOCK.fullmatch(body)
    if m is not None:
        return int(m["h"] or 0) * 3600 + int(m["m"]) * 60 + int(m["s"])
    m = _UNITS.fullmatch(body)
    if m is not None and any(m[k] for k in ("h", "m", "s")):
        return int(m["h"] or 0) * 3600 + int(m["m"] or 0) * 60 + int(m["s"] or 0)
    return None


_NEXT = {"next", "n", "+", "+1", "up", "forward"}
_PREVIOUS = {"previous", "prev", "p", "-", "-1", "back", "down"}


@dataclass(frozen=True)
class LevelTarget:
    """Where `/td level to:` moves the clock: a step, or a level by number."""

    step: Literal["next", "previous"] | None = None
    level: int | None = None


def parse_level_target(text: str) -> LevelTarget:
    raw = text.strip().lower()
    if raw in _NEXT:
        return LevelTarget(step="next")
    if raw in _PREVIOUS:
        return LevelTarget(step="previous")
    digits = raw.removeprefix("level").strip()
    if 1 <= len(digits) <= 4 and all("0" <= c <= "9" for c in digits):
        return LevelTarget(level=int(digits))
    raise Refused.saying(words.level_unreadable_text(text))

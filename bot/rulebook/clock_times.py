"""How long a player on the clock has, by the director's own timing for the profile
(bot/tournament/clock.py `clock_timing`): the time from the call to the end, the countdown at
its end, or when that countdown starts, whichever the question asks.

A time the question gives must be one of those of the clock ("after the 25 secs, how long is
the countdown"), or one of two offered ("is the clock 1 min or 30 sec"); any other ("called
40 seconds ago") needs a sum the answer does not make, so no number is given. How long a
player may think before the clock can be called is a reasonable time, not a number."""

from __future__ import annotations

import re

from bot.engine.profile import Profile
from bot.rulebook.amount_words import MAX_CHARS
from bot.rulebook.worked import Worked, worked
from bot.tournament.clock import clock_timing

# the clock called on a player ("calls time on him" is the same call), or its countdown
# named ("the final countdown", "the 5 second countdown")
CLOCK = re.compile(r"\bclock\b|\bcall(?:s|ed|ing)? time\b|\b(?:final|last|\d+ ?(?:seconds?|secs?|"
                   r"s)) count ?down\b")
# a player's own action time or time bank, not the clock called on him
ACTION_TIME = re.compile(r"\b(away|time ?bank|bank|action time|to act|timer|afk)\b")
# the tournament's level clock or an online shot clock, not the clock called on a player
LEVEL_CLOCK = re.compile(r"\b(blind|level|tournament|break|shot|game) clock\b|\b(levels?|break|"
                         r"round|blinds (?:go|goes|went) up)\b|\b(left|remaining) on the clock\b")
SECONDS = r"(?:secs?|seconds|secnds|sconds|s)"
MINUTES = r"(?:mins?|minutes?|m)"
# a time said: "25 secs", "1 min", "a minute", "the 5 second countdown"
TIME = re.compile(rf"\b(\d+|a|one|half a) ?({SECONDS}|second|{MINUTES})\b")
# a number that is no time: a seat, a player, a level
NOT_TIME = re.compile(r"\b(seat|player|table|level|no|number|#) ?(\d+)\b")
# the question asks for a time
ASKS_TIME = re.compile(rf"\b(how long|how much time|how many ({SECONDS}|{MINUTES})|total|"
                       rf"time limit|(?:full|whole) time|{SECONDS}|{MINUTES})\b")
COUNTDOWN = r"(?:final |last )?count ?(?:ed )?down"
# the countdown's own length asked
ASKS_COUNTDOWN = re.compile(rf"\b(how long|how many {SECONDS}|how much time|how many)\b"
                            rf"[^.?!,]{{0,25}}\b{COUNTDOWN}\b|\b{COUNTDOWN}\b[^.?!]{{0,15}}"
                            rf"\b(how long|how many {SECONDS})\b")
# when the countdown starts asked
ASKS_START = re.compile(rf"\b(before|until|till|til) (the )?{COUNTDOWN}\b|\bwhen (does|do|is) "
                        rf"(the )?{COUNTDOWN} (start|begin|kick)|\b{COUNTDOWN} (?:starts?|begins?|"
                        rf"kicks? in)\b")
# the time before the clock may be called: a reasonable time, no number
BEFORE_CALLED = re.compile(r"\bbefore (?:\w+ ){0,3}(?:call|calls|calling|put|puts|putting) "
                           r"(?:the |a )?clock\b|\bbefore (?:the |a )?clock (?:can|may|is|gets)\b|"
                           r"\bhow long can (?:\w+ ){0,2}(?:tank|think|take)\b")
PUNCTUATION = re.compile(r"[^\w\s#]")
SPACES = re.compile(r"\s+")
CLOCK_NAMED = re.compile(r"\b(clock|call(?:s|ed|ing)? time)\b")
NUMBER = re.compile(r"\b\d+\b")
MINUTE = re.compile(MINUTES)
# two times offered: "is it 1 min or 30 sec", "5 or 10 seconds"
OFFERED = re.compile(rf"\b(\d+|a|one|half a) ?({SECONDS}|{MINUTES})? or (\d+|a|one|half a) ?"
                     rf"({SECONDS}|{MINUTES})\b")


def clock_question(query: str, profile: Profile) -> Worked | None:
    """The seconds a question about a called clock asks for, or None."""
    low = SPACES.sub(" ", PUNCTUATION.sub(" ", query[:MAX_CHARS].casefold().replace("'", "")))
    if not CLOCK.search(low) or LEVEL_CLOCK.search(low) or BEFORE_CALLED.search(low):
        return None
    if ACTION_TIME.search(low) and not CLOCK_NAMED.search(low):
        return None
    if not ASKS_TIME.search(low):
        return None
    timing = clock_timing(profile)
    total = timing.expires_after
    countdown = timing.expires_after - timing.countdown_after
    if ASKS_START.search(low):
        asked, figure = 2, timing.countdown_after
    elif ASKS_COUNTDOWN.search(low):
        asked, figure = 1, countdown
    else:
        asked, figure = 0, total
    stated = {total, countdown, timing.countdown_after}
    offered = OFFERED.search(low)
    rest = low
    if offered is not None:
        first, unit, second, last_unit = offered.groups()
        options = [_seconds(first, unit or last_unit), _seconds(second, last_unit)]
        if figure not in options:
            return None  # neither time offered is the one asked about: no guess between them
        rest = low[:offered.start()] + " " + low[offered.end():]
    rest = NOT_TIME.sub(" ", rest)
    for m in TIME.finditer(rest):
        if _seconds(m.group(1), m.group(2)) not in stated:
            return None  # "called 40 seconds ago": a time the answer does not account for
    if any(int(n) not in stated for n in NUMBER.findall(TIME.sub(" ", rest))):
        return None
    return worked("clock", "clock", [figure], profile, countdown=countdown,
                  countdown_from=timing.countdown_after, total=total, asked=asked,
                  folds=int(profile.clock_expiry == "fold"))


def _seconds(count: str, unit: str) -> int:
    """A time said ("1", "min"), in seconds."""
    said = {"a": 1.0, "one": 1.0, "half a": 0.5}.get(count)
    amount = said if said is not None else float(count)
    return round(amount * (60 if MINUTE.fullmatch(unit) else 1))

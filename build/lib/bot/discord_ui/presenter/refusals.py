"""Refused commands in words.

A tournament refusal is a sentence with typed fields (bot/tournament/errors.py): the players it
names are ids (`Who`), a finishing place is a number (`Place`). Here each field is worded: a
player by his display name, member or guest (`limits.player_name`, the one way a player is
named), a place as "14th place", any other value (a number, a table, the game's own words) as
it is. Nothing is looked for in a
text by pattern: the refusal says which of its words are players. An engine refusal
(`IllegalAction`) names nobody: its text is used as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.discord_ui.presenter.announcements import ordinal
from bot.discord_ui.presenter.level_clock import clock_time
from bot.discord_ui.presenter.limits import player_name
from bot.tournament.errors import Place, Span, TournamentError, Who

# How every refusal ends, whatever refused: the one sentence a user learns to look for.
NOTHING_CHANGED = "Nothing was changed."


def ended(text: str) -> str:
    """A refusal with its ending ("Nothing was changed."), once."""
    body = text.rstrip()
    if body.endswith(NOTHING_CHANGED):
        return body
    if not body:
        return NOTHING_CHANGED
    stop = "" if body[-1] in ".!?" or body.endswith("```") else "."
    return f"{body}{stop}{chr(10) if body.endswith('```') else ' '}{NOTHING_CHANGED}"


def span_words(seconds: int) -> str:
    """A length of time as a clock reads it: "45 seconds", "11:58", "1:05:00"."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return clock_time(seconds)


def refusal_text(exc: Exception, names: Mapping[str, str]) -> str:
    """The refusal as the user reads it, starting with a capital letter."""
    if isinstance(exc, TournamentError):
        def word(value: object) -> str:
            if isinstance(value, Who):
                return player_name(names, value.player)
            if isinstance(value, Place):
                return f"{ordinal(value.place)} place"
            if isinstance(value, Span):
                return span_words(value.seconds)
            return str(value)

        text = exc.words(word)
    else:
        text = str(exc)
    return text[:1].upper() + text[1:]

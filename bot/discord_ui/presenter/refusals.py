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
from bot.discord_ui.presenter.limits import player_name
from bot.tournament.errors import Place, TournamentError, Who


def refusal_text(exc: Exception, names: Mapping[str, str]) -> str:
    """The refusal as the user reads it, starting with a capital letter."""
    if isinstance(exc, TournamentError):
        def word(value: object) -> str:
            if isinstance(value, Who):
                return player_name(names, value.player)
            if isinstance(value, Place):
                return f"{ordinal(value.place)} place"
            return str(value)

        text = exc.words(word)
    else:
        text = str(exc)
    return text[:1].upper() + text[1:]

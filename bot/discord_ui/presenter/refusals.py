"""Refused commands in words, and the one way a player is named in them.

A tournament refusal is a sentence with typed fields (bot/tournament/errors.py): the players it
names are ids (`Who`), a finishing place is a number (`Place`). Here each field is worded: a
player by his display name, member or guest (escaped, never a ping), a place as "14th place",
any other value (a number, a table, the game's own words) as it is. Nothing is looked for in a
text by pattern: the refusal says which of its words are players. An engine refusal
(`IllegalAction`) names nobody: its text is used as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.discord_ui.presenter.announcements import ordinal
from bot.discord_ui.presenter.limits import safe_name
from bot.tournament.errors import Place, TournamentError, Who

GUEST_PREFIX = "guest-"  # a guest's id in a tournament: "guest-1", "guest-2" ... (events.py)


def player_name(names: Mapping[str, str], player: str) -> str:
    """A player as a refusal names him: his display name (a member's, or the name the director
    entered for a guest), escaped; "a guest" or "that player" when the name is not known."""
    raw = names.get(player)
    if raw:
        return safe_name(raw)
    return "a guest" if player.startswith(GUEST_PREFIX) else "that player"


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

"""A hand's history as a private reply: readable text by default, PHH for poker tools, players
by display name in both."""

from __future__ import annotations

import re
from collections.abc import Mapping

# A reply's text must fit one message with its code fence; longer goes as a file.
INLINE_CHARS = 1900
_PLAYERS = re.compile(r"^players = \[(?P<list>.*)\]$", re.MULTILINE)
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def phh_with_names(phh: str, names: Mapping[str, str]) -> str:
    """The PHH `players` list with display names instead of Discord ids (a reader of the file
    knows the players by name; an id says nothing to him)."""
    def names_line(m: re.Match[str]) -> str:
        ids = [a if a is not None and a != "" else (b or "") for a, b in
               _QUOTED.findall(m["list"])]
        return "players = [" + ", ".join(_toml_string(names.get(i, i)) for i in ids) + "]"

    return _PLAYERS.sub(names_line, phh)


def hand_in_play_text(hand: str, *, tournament_running: bool) -> str:
    """A /history request for a hand that is not over: no pot, no result, no cards yet."""
    if tournament_running:
        return f"Hand {hand} is still being played; ask again after it ends."
    return (f"Hand {hand} was never finished (its tournament ended during it), so it has no "
            "history to show.")


def history_reply(text: str, hand: str, fmt: str) -> tuple[str, tuple[str, str] | None]:
    """(message, attachment (filename, content) or None)."""
    if len(text) <= INLINE_CHARS:
        # A name holding a code fence must not end the block early.
        return "```\n" + text.replace("```", "`\u200b``") + "\n```", None
    return (f"Your history of hand {hand} is attached.",
            (f"hand-{hand}.{'phh' if fmt == 'phh' else 'txt'}", text))

"""Which commands work only online and which only at a live night.

tests/discord/test_rules.py checks in SimCord that each command here is refused in the other
mode; tests/rulebook/test_modes.py checks that no rule text sends a player to a command that
does not work in the mode the text is for.
"""

from __future__ import annotations

import re

# Hands the bot deals: the betting commands, the cards, showing, rabbit hunts, hand histories,
# and the director's tools that act on a hand or a counted stack.
ONLINE_ONLY = frozenset({
    "fold", "check", "call", "allin", "bet", "raise", "cards", "show", "rabbit", "history",
    "td void", "td adjust",
})
# The desk of a live night: busts, guests, the chip race from reported odd chips, buying
# chips for anyone, and the clock called on a named player. (`/td link` is not here: it links
# a guest of any finished night, from any channel.)
LIVE_ONLY = frozenset({
    "bust", "td add", "td undo", "td chiprace", "td rebuy", "td addon",
})
# A command and its option that only one mode takes: `/clock player:` is the live clock.
LIVE_ONLY_FORMS = frozenset({("clock", "player")})

GROUPS = frozenset({"td", "tournament", "league", "season", "appeals"})

# "/td void", "/raise to:", "/show cards:": a command, then the words after it (a subcommand
# if the command is a group, an option if it ends in a colon); "100/200" is no command.
_COMMAND = re.compile(r"(?<![\w/.])/([a-z]+)((?: [a-z]+:?){0,2})")


def mentions(text: str) -> list[tuple[str, str | None]]:
    """(command, option or None) for every command a text names."""
    found = []
    for m in _COMMAND.finditer(text):
        name, words = m.group(1), m.group(2).split()
        if name in GROUPS and words:
            name = f"{name} {words.pop(0).rstrip(':')}"
        option = words[0][:-1] if words and words[0].endswith(":") else None
        found.append((name, option))
    return found

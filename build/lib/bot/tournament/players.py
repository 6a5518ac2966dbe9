"""Who a player is: one id for a member or a guest, and the one set of conversions.

A player of a tournament is a `PlayerId`, a string, as the event log has always stored it:

- a server member: his Discord user id (a snowflake) in decimal digits, "123456789012345678";
- a guest the director entered by name on a live night (`/td add name:`): "guest-1",
  "guest-2" ... numbered in the order of entry, per tournament.

The two never meet: a snowflake is ASCII digits only, a guest's id starts with a letter. Every
place that turns a Discord user into a player, or a player back into a Discord user id (a DM,
a store row keyed by user id), goes through here rather than `str(user.id)`, `int(player)` or
`player.isdigit()`. The league's store keys a guest by a negative user id of his own, from the
server and his name (bot/league/guests.py): that needs his name, which this id does not carry.

Pure: no I/O, importable by every layer above the engine (bot/engine keeps plain str seats).
"""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", str)

GUEST_PREFIX = "guest-"


def member_player(user_id: int) -> PlayerId:
    """The player id of a server member, from his Discord user id."""
    if isinstance(user_id, bool) or not isinstance(user_id, int) or user_id <= 0:
        raise ValueError(f"a Discord user id is a positive integer, not {user_id!r}")
    return PlayerId(str(user_id))


def guest_player(number: int) -> PlayerId:
    """The player id of a tournament's `number`th guest (1 for the first)."""
    if isinstance(number, bool) or not isinstance(number, int) or number <= 0:
        raise ValueError(f"a guest's number starts at 1, not {number!r}")
    return PlayerId(f"{GUEST_PREFIX}{number}")


def member_id(player: str | None) -> int | None:
    """The Discord user id of a member's player id; None for a guest (or no player)."""
    # ASCII digits only: "²" is a digit to str.isdigit, and int() would refuse it.
    if player is None or not (player.isascii() and player.isdigit()) or player[0] == "0":
        return None
    return int(player)


def guest_number(player: str | None) -> int | None:
    """Which guest of his tournament a guest's player id is (1, 2 ...); None for a member."""
    if player is None or not player.startswith(GUEST_PREFIX):
        return None
    digits = player[len(GUEST_PREFIX):]
    if not (digits.isascii() and digits.isdigit()) or digits[0] == "0":
        return None
    return int(digits)


def is_member(player: str | None) -> bool:
    """Whether a player id is a server member's (so he can be sent a DM, or pinged)."""
    return member_id(player) is not None


def is_guest(player: str | None) -> bool:
    """Whether a player id is a guest's (entered by the director, not on Discord)."""
    return guest_number(player) is not None


def parse_player(text: str) -> PlayerId | None:
    """A player id as a list or a button carries it (a member's or a guest's), or None when
    `text` is neither: the one check of "is this an id at all"."""
    if is_member(text) or is_guest(text):
        return PlayerId(text)
    return None

"""Guests as league players: people the director entered by name at a live night
(`/td add name:`), who are not on Discord.

A guest is a league player like any other: his results, points and money count. In the store a
guest has a user id of his own, negative (Discord ids never are), the same on every night of
the server for the same name (any case, any spacing): "Dana Smith" who comes back next month
keeps one line in the standings. When the director links a guest to a member (`/td link`),
the guest's results become the member's and the log of each night says so (a GuestLinked
event), so nothing is counted twice.

Pure: reads a night's own log (the director's events), knows nothing of the store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.engine.events import Event, current_type
from bot.tournament import events as tev
from bot.tournament.players import member_id
from bot.tournament.state import Result
from bot.tournament.tournament import Tournament

from .nightlog import read_log

# 7 bytes: far from any collision among a server's guests, and well inside SQLite's and
# PostgreSQL's 64-bit integers.
_ID_BYTES = 7


def guest_key(name: str) -> str:
    """A guest's name as compared: any case, any spacing."""
    return " ".join(name.split()).casefold()


def guest_user_id(guild_id: int, name: str) -> int:
    """The store's user id of the guest called `name` in this server (negative, stable)."""
    digest = hashlib.blake2b(f"{guild_id}:{guest_key(name)}".encode(),
                             digest_size=_ID_BYTES).digest()
    return -(int.from_bytes(digest, "big") + 1)


def is_guest_id(user_id: int) -> bool:
    return user_id < 0


@dataclass(frozen=True)
class GuestNight:
    """What one night's log says about its players, guests included.

    `ids`: every player of the night (his id in the tournament, "guest-2" for a guest) -> the
    league's user id his results count for (a member: his own; a linked guest: the member's;
    a guest: his guest id). `names`: the names the director gave, by league user id.
    `results`: the director's results, every place. `busts`: every bust that stands, as
    (busted, knocked out by), in the tournament's own ids. `guests`: guest id -> (name,
    member id or None).
    """

    ids: dict[str, int]
    names: dict[int, str]
    results: tuple[Result, ...]
    busts: tuple[tuple[str, str | None], ...]
    guests: dict[str, tuple[str, str | None]] = field(default_factory=dict)

    def user(self, player: str | None) -> int | None:
        return None if player is None else self.ids.get(player)

    def is_guest(self, player: str | None) -> bool:
        return player is not None and player in self.guests

    def unlinked(self, name: str) -> str | None:
        """The guest of this night called `name` and not linked yet (his tournament id)."""
        key = guest_key(name)
        return next((g for g, (n, member) in self.guests.items()
                     if guest_key(n) == key and member is None), None)

    def linked(self, name: str) -> str | None:
        """The member a guest of this night called `name` was linked to, if he was."""
        key = guest_key(name)
        return next((member for n, member in self.guests.values()
                     if guest_key(n) == key and member is not None), None)


def has_guests(types: Iterable[str]) -> bool:
    """Whether a stored log (its events' stored type names) has a guest."""
    return any(current_type(name) == tev.GuestAdded.type for name in types)


def read_night(events: Iterable[Event], guild_id: int) -> GuestNight:
    """A night's players, results and standing busts, from its log (a live night has no
    hands, so the replay is quick)."""
    log = list(events)
    t = Tournament.replay(log)
    guests = {g: (x.name, x.member) for g, x in t.guests.items()}
    ids: dict[str, int] = {}
    names: dict[int, str] = {}
    for player in t.players:
        if player in guests:
            name, member = guests[player]
            uid = member_id(member)
            if uid is None:
                uid = guest_user_id(guild_id, name)
            ids[player] = uid
            names.setdefault(uid, name)
        elif (uid := member_id(player)) is not None:
            ids[player] = uid
    busts = tuple((b.player, b.knocked_out_by) for b in read_log(log).busts)
    return GuestNight(ids, names, tuple(t.results()), busts, guests)

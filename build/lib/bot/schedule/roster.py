"""Who has a seat at a night and who waits: the rules of I'm in, I'm out and the director's
changes, as answers and the lines to write.

A night has `seats` (the host's tables). Signing up takes a seat while one is left, else a place
at the end of the waiting list (its order is the order of signing up, `turn`). A seat that
frees goes to the first on the waiting list, who is told and may still decline. A player has at
most one line per night: signing up again after dropping out puts him at the end of the list.
The rules are run inside the write's transaction with the lines as stored there, so two clicks
at the same moment are decided one after the other: never two seats, never a seat lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.schedule.errors import NightError

Place = Literal["seated", "waiting", "out"]
# The statuses of a night (the store's words): signing up is open while it is scheduled.
Status = Literal["scheduled", "open", "done", "cancelled", "missed"]
GUEST_PREFIX = "guest:"
GUEST_NAME_CHARS = 40


def member_key(user_id: int) -> str:
    """A member's line is keyed by his Discord id in digits."""
    return str(user_id)


def guest_key(name: str) -> str:
    """A guest's line is keyed by his name as typed, spacing and case aside."""
    return GUEST_PREFIX + " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Entrant:
    """One line of a night's list."""

    key: str
    name: str
    place: Place
    turn: int  # when he (last) signed up: the waiting list's order
    user_id: int | None = None  # None: a guest (no Discord account)
    confirmed: bool = False  # answered the reminder: still coming
    no_show: bool = False  # marked absent by the director at the start
    added_by: int | None = None  # the director who put him on the list (None: himself)

    @property
    def guest(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Taken:
    """What one change did: the line as it is now, where he was before (None: new), his place
    on the waiting list (1: next), who moved up to a seat, the lines to write, the seats."""

    entrant: Entrant
    was: Place | None
    position: int | None
    seats: int
    promoted: tuple[Entrant, ...] = ()
    written: tuple[Entrant, ...] = ()


class Roster:
    """A night's lines as stored, and the rules that change them (each returns a `Taken`)."""

    def __init__(self, seats: int, entrants: Iterable[Entrant], *, status: Status,
                 live: bool) -> None:
        self.seats = seats
        self.status = status
        self.live = live
        self.by_key = {e.key: e for e in entrants}

    @property
    def seated(self) -> list[Entrant]:
        return sorted((e for e in self.by_key.values() if e.place == "seated"),
                      key=lambda e: e.turn)

    @property
    def waiting(self) -> list[Entrant]:
        return sorted((e for e in self.by_key.values() if e.place == "waiting"),
                      key=lambda e: e.turn)

    def position(self, key: str) -> int | None:
        """His place on the waiting list (1: next for a seat), None if not waiting."""
        for i, e in enumerate(self.waiting, start=1):
            if e.key == key:
                return i
        return None

    def _next_turn(self) -> int:
        return max((e.turn for e in self.by_key.values()), default=0) + 1

    def _before_the_start(self) -> None:
        if self.status == "open":
            raise NightError("opened")
        if self.status != "scheduled":
            raise NightError("closed", status=self.status)

    def _line(self, key: str) -> Entrant:
        current = self.by_key.get(key)
        if current is None or current.place == "out":
            raise NightError("not-in", key=key)
        return current

    def _first_waiting(self, count: int = 1) -> tuple[Entrant, ...]:
        """The first `count` on the waiting list, moved up to a seat (not confirmed yet)."""
        return tuple(dataclasses.replace(e, place="seated", confirmed=False)
                     for e in self.waiting[:max(count, 0)])

    def _taken(self, entrant: Entrant, was: Place | None, *written: Entrant,
               promoted: tuple[Entrant, ...] = (), seats: int | None = None) -> Taken:
        after = Roster(self.seats if seats is None else seats,
                       [*self.by_key.values(), *written], status=self.status, live=self.live)
        return Taken(entrant=entrant, was=was, position=after.position(entrant.key),
                     seats=after.seats, promoted=promoted, written=written)

    # ------------------------------------------------------------------ players

    def join(self, key: str, name: str, *, user_id: int | None,
             added_by: int | None = None) -> Taken:
        """I'm in (or the director adds him): a seat while one is left, else the end of the
        waiting list. Refused: `already-in` (place, position), `guests-live-only`,
        `guest-name`, `opened`, `closed`."""
        self._before_the_start()
        if user_id is None:
            if not self.live:
                raise NightError("guests-live-only")
            clean = " ".join(name.split())
            if not clean or len(clean) > GUEST_NAME_CHARS:
                raise NightError("guest-name", most=GUEST_NAME_CHARS)
            name = clean
        current = self.by_key.get(key)
        if current is not None and current.place != "out":
            raise NightError("already-in", name=current.name, place=current.place,
                             position=self.position(key))
        place: Place = "seated" if len(self.seated) < self.seats else "waiting"
        line = Entrant(key, name, place, self._next_turn(), user_id=user_id,
                       added_by=added_by)
        return self._taken(line, current.place if current is not None else None, line)

    def leave(self, key: str) -> Taken:
        """I'm out (or the director drops him): a seat he held goes to the first waiting.
        Refused: `not-in`, `opened`, `closed`."""
        self._before_the_start()
        current = self._line(key)
        out = dataclasses.replace(current, place="out", confirmed=False)
        promoted = self._first_waiting() if current.place == "seated" else ()
        return self._taken(out, current.place, out, *promoted, promoted=promoted)

    def confirm(self, key: str) -> Taken:
        """Still in (the reminder's button): he is coming. Said again, nothing changes."""
        self._before_the_start()
        current = self._line(key)
        if current.confirmed:
            return self._taken(current, current.place)
        line = dataclasses.replace(current, confirmed=True)
        return self._taken(line, current.place, line)

    # ------------------------------------------------------------------ the director

    def seat(self, key: str) -> Taken:
        """The director moves a player off the waiting list, out of turn: into a free seat, or
        into one more seat (the host finds a chair; `Taken.seats` says how many now).
        Refused: `not-waiting`, `not-in`, `opened`, `closed`."""
        self._before_the_start()
        current = self._line(key)
        if current.place != "waiting":
            raise NightError("not-waiting", name=current.name)
        seats = max(self.seats, len(self.seated) + 1)
        line = dataclasses.replace(current, place="seated", confirmed=False)
        return self._taken(line, current.place, line, seats=seats)

    def resize(self, seats: int) -> tuple[Entrant, ...]:
        """The director changes the number of seats: more seats go to the first waiting (the
        lines returned); fewer than the players seated is refused (`seats-below`)."""
        seated = len(self.seated)
        if seats < seated:
            raise NightError("seats-below", seats=seats, seated=seated)
        return self._first_waiting(seats - seated)

    def no_show(self, key: str) -> Taken:
        """At the start: a seated player who did not come is out; his seat goes to the first
        waiting. Refused: `not-opened`, `not-seated`, `not-in`."""
        if self.status != "open":
            raise NightError("not-opened", status=self.status)
        current = self._line(key)
        if current.place != "seated":
            raise NightError("not-seated", name=current.name)
        out = dataclasses.replace(current, place="out", no_show=True, confirmed=False)
        promoted = self._first_waiting()
        return self._taken(out, current.place, out, *promoted, promoted=promoted)

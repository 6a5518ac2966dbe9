"""The bot's side of the screens: which tournaments have a page open, and their state as JSON.

Runs on the bot's event loop. The tournament service's listener (`changed`, called for every
committed outcome) costs a set lookup for a tournament nobody watches; for a watched one it
tells the web thread once, and the web thread asks for the state when it is time to push (at
most once per COALESCE seconds per tournament, bot/web/hub.py). So the state is built at most
ten times a second per watched tournament, whatever the number of pages or changes, and never
read from the database.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from bot.service import Session, TournamentService
from bot.web.views import clock_view, rail_view

# A page kind of one tournament: its clock (None) or the rail of one table.
Key = tuple[int, int | None]
# Finished tournaments let go of whose name and winner the pages still show.
LET_GO_KEPT = 256


def sse(event: str, data: Any) -> bytes:
    """One Server-Sent Event (compact JSON, one line)."""
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return f"event: {event}\ndata: {body}\n\n".encode()


class Feed:
    def __init__(self, service: TournamentService, *, clock: Callable[[], float]) -> None:
        self.service = service
        self.clock = clock
        # Tournaments some page watches (written by the web thread as one new frozenset).
        self.watched: frozenset[int] = frozenset()
        # Watched tournaments changed since their state was last built (bot loop only).
        self._pending: set[int] = set()
        self._tell: Callable[[int], None] | None = None
        self.builds = 0  # states built (tests, the benchmark)
        # The name and winner of a finished tournament the bot let go of while a page watched
        # it (`let_go`): a screen left on says who won, not only that it is over. The last
        # LET_GO_KEPT of them.
        self._let_go: OrderedDict[int, tuple[str, str | None]] = OrderedDict()

    def connect(self, tell: Callable[[int], None]) -> None:
        """`tell(tournament_id)` hands a change to the web thread (thread-safe)."""
        self._tell = tell

    def changed(self, session: Session) -> None:
        """The listener hook: a committed change of `session`'s tournament."""
        tid = session.store_id
        if tid not in self.watched or tid in self._pending or self._tell is None:
            return
        self._pending.add(tid)
        self._tell(tid)

    def let_go(self, tid: int) -> None:
        """The bot is about to let go of finished tournament `tid`: if a page watches it, keep
        what its pages say afterwards (its name, its winner)."""
        session = self.service.sessions.get(tid)
        row = self.service.rows.get(tid)
        if tid not in self.watched or session is None or row is None \
                or session.tournament.status != "finished":
            return
        state = clock_view(session.tournament, name=row.name, names=session.names,
                           now=self.clock())
        self._let_go[tid] = (row.name, state.get("winner"))
        while len(self._let_go) > LET_GO_KEPT:
            self._let_go.popitem(last=False)

    def build(self, tid: int, keys: Iterable[Key]) -> dict[Key, bytes]:
        """The state event of each page kind asked for, as it is now."""
        self._pending.discard(tid)
        now = self.clock()
        session = self.service.sessions.get(tid)
        row = self.service.rows.get(tid)
        name = row.name if row is not None else ""
        out: dict[Key, bytes] = {}
        for key in keys:
            self.builds += 1
            out[key] = sse("state", self._view(tid, session, key[1], name, now, row))
        return out

    def _view(self, tid: int, session: Session | None, table: int | None, name: str,
              now: float, row: Any) -> dict[str, Any]:
        if session is None:
            # Cancelled, finished before a restart, or finished and let go of: nothing is
            # running to show.
            status = row.status if row is not None else "over"
            view: dict[str, Any] = {"kind": "rail" if table is not None else "clock",
                                    "name": name, "status": status, "gone": True}
            if table is not None:
                view["table"] = table
            if tid in self._let_go:
                view["name"], view["winner"] = self._let_go[tid]
                view["status"] = "finished"
            return view
        t = session.tournament
        if table is None:
            return clock_view(t, name=name, names=session.names, now=now)
        return rail_view(t, table, name=name, names=session.names, now=now)

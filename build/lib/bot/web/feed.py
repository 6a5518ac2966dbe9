"""The bot's side of the screens: which tournaments have a page open, and their state as JSON.

Runs on the bot's event loop. The tournament service's listener (`changed`, called for every
committed outcome) costs a set lookup for a tournament nobody watches; for a watched one it
tells the web thread once, and the web thread asks for the state when it is time to push (at
most once per COALESCE seconds per tournament, bot/web/server.py). So the state is built at most
ten times a second per watched tournament, whatever the number of pages or changes, and never
read from the database.
"""

from __future__ import annotations

import json
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.engine.events import Event
from bot.service import Session, TournamentService
from bot.tournament import events as tev
from bot.web.views import NAME_CHARS, ScreenWords, clock_view, rail_view

# A page kind of one tournament: its clock (None) or the rail of one table.
Key = tuple[int, int | None]
# Finished tournaments let go of whose name and winner the pages still show.
LET_GO_KEPT = 256
# The latest balancing moves a screen's second view lists.
MOVES_SHOWN = 6


@dataclass(frozen=True)
class Extras:
    """What a screen shows beside the tournament's own state, read from the store by the
    Discord side (the league's currency, the director's message line, whether a logo is set)."""

    currency: str | None = None
    decimals: int = 0
    message: str | None = None
    logo: bool = False


def sse(event: str, data: Any) -> bytes:
    """One Server-Sent Event (compact JSON, one line)."""
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return f"event: {event}\ndata: {body}\n\n".encode()


class Feed:
    def __init__(self, service: TournamentService, *, clock: Callable[[], float],
                 words: ScreenWords) -> None:
        self.service = service
        self.clock = clock
        self.words = words  # the presenter's, for every screen this feeds
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
        # Per tournament: its extras (set by the Discord side) and its latest moves (seen in
        # the outcomes since the bot started).
        self.extras: dict[int, Extras] = {}
        # Each tournament's logo as its pages fetch it: the image's bytes and content type.
        self.logos: dict[int, tuple[bytes, str]] = {}
        self._moves: dict[int, deque[dict[str, Any]]] = {}

    def connect(self, tell: Callable[[int], None]) -> None:
        """`tell(tournament_id)` hands a change to the web thread (thread-safe)."""
        self._tell = tell

    def changed(self, session: Session, events: Iterable[Event] = ()) -> None:
        """The listener hook: a committed change of `session`'s tournament (`events`: its
        tournament events, for the moves a screen lists)."""
        tid = session.store_id
        for e in events:
            if isinstance(e, tev.PlayerMoved):
                moves = self._moves.setdefault(tid, deque(maxlen=MOVES_SHOWN))
                name = (session.names.get(e.player)
                        or session.tournament.display_name(e.player) or self.words.unnamed)
                moves.appendleft({"player": e.player, "name": name[:NAME_CHARS],
                                  "from": [e.from_table, e.from_seat],
                                  "to": [e.to_table, e.to_seat]})
            elif isinstance(e, tev.SeatsDrawn):
                # The final table's draw seats everyone afresh: the moves before it no longer
                # say where anybody sits, so the room reads the draw instead (by seat).
                moves = self._moves[tid] = deque(maxlen=max(MOVES_SHOWN, len(e.seats)))
                for s in sorted(e.seats, key=lambda s: s.seat, reverse=True):
                    name = (session.names.get(s.player)
                            or session.tournament.display_name(s.player) or self.words.unnamed)
                    moves.appendleft({"player": s.player, "name": name[:NAME_CHARS],
                                      "from": None,
                                      "to": [e.table, s.seat]})
        self.tell(tid)

    def set_extras(self, tid: int, extras: Extras) -> None:
        """The league's and the director's touch for tournament `tid` (bot loop)."""
        self.extras[tid] = extras
        self.tell(tid)

    def tell(self, tid: int) -> None:
        """The pages of `tid` need its state again."""
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
                           now=self.clock(), words=self.words)
        self._moves.pop(tid, None)  # a page of a gone tournament shows only who won
        self.extras.pop(tid, None)
        self.logos.pop(tid, None)
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
            view = clock_view(t, name=name, names=session.names, now=now, words=self.words)
            # Moves of players still in: a busted player's seat is nobody's to look for.
            view["moves"] = [{k: v for k, v in m.items() if k != "player"}
                             for m in self._moves.get(tid, ()) if m["player"] in t.playing
                             ][:MOVES_SHOWN]
            extras = self.extras.get(tid, Extras())
            view["money"] = {"currency": extras.currency, "decimals": extras.decimals}
            view["message"] = extras.message
            view["logo"] = extras.logo
            return view
        return rail_view(t, table, name=name, names=session.names, now=now, words=self.words)

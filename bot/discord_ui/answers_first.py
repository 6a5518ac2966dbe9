"""Members' clicks answered before the bot's own posts.

A click on a table button is answered with its table (one request), and its outcome's posts
follow under the tournament's lock: a showdown's ruling, a bust, and, from the session's
timers, each new hand's table and hole-card DMs and the edits that bring a table up to date.
On one event loop all of it runs first come, first served, so when many clicks arrive together
(bench/night.py's bursts: ~240 in one instant at 1,000 tables) the last of them waited for the
posts of every tournament ahead of it as well as for the other clicks' answers. Here a post
waits while any member's click is still unanswered, and goes as soon as none is, or after
`HELD_AT_MOST` seconds at most: the posts go out a moment later, the answers sooner.

Contract:
- `click(interaction)`: the context a click or modal the bot answers itself is handled in
  (buttons.py), from its arrival; it counts as waiting until `answered(interaction)` (its table
  edit on its way, table_edits.py) or the context's end, whichever comes first.
- `before_posting(lock)`: awaited before a post, an edit or a DM (announcer/send.py, dms.py,
  table_edits.py). It returns at once when no click waits, when the click this task handles is
  itself not answered yet (what it posts before its answer is part of answering it), or when a
  click waits for `lock`, the tournament's lock the poster may hold: holding it while waiting
  for the clicks would keep that click waiting for the cap.
- `wanted(lock)`: a context a member's click or command enters while it waits for a
  tournament's lock (announcer/state.py `holding`); a poster waiting with that lock goes on.

One loop timer serves every waiting post (each its own would leave a timer handle per post in
asyncio's heap and for the collector, issue 24's third part).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

import discord

# Seconds a post waits at most for the clicks before it (a burst of ~240 clicks at 1,000
# tables is answered in 100-200 ms on this project's 2-core machine).
HELD_AT_MOST = 0.25

# The interaction the current task handles (`AnswersFirst.click`), if any.
_own: ContextVar[int | None] = ContextVar("own_click", default=None)


class AnswersFirst:
    def __init__(self, held_at_most: float = HELD_AT_MOST) -> None:
        self.held_at_most = held_at_most
        self._open: set[int] = set()  # the interactions taken, not yet answered
        self._wanted: dict[object, int] = {}  # lock -> members' clicks waiting for it
        self._held: dict[asyncio.Future[None], object] = {}  # waiting post -> its lock
        self._timer: asyncio.TimerHandle | None = None
        self.posts_held = 0  # posts that waited (bench/night.py prints it)

    @property
    def waiting(self) -> int:
        """Clicks taken and not answered yet."""
        return len(self._open)

    @contextlib.contextmanager
    def click(self, interaction: discord.Interaction) -> Iterator[None]:
        self._open.add(interaction.id)
        own = _own.set(interaction.id)
        try:
            yield
        finally:
            _own.reset(own)
            self.answered(interaction)

    def answered(self, interaction: discord.Interaction) -> None:
        self._open.discard(interaction.id)
        if not self._open:
            self._release(None)

    async def before_posting(self, lock: object = None) -> None:
        if not self._open or (lock is not None and lock in self._wanted) \
                or _own.get() in self._open:
            return
        loop = asyncio.get_running_loop()
        held: asyncio.Future[None] = loop.create_future()
        self._held[held] = lock
        self.posts_held += 1
        if self._timer is None:
            self._timer = loop.call_later(self.held_at_most, self._release, None)
        try:
            await held
        finally:
            self._held.pop(held, None)

    @contextlib.contextmanager
    def wanted(self, lock: object) -> Iterator[None]:
        self._wanted[lock] = self._wanted.get(lock, 0) + 1
        self._release(lock)
        try:
            yield
        finally:
            left = self._wanted[lock] - 1
            if left:
                self._wanted[lock] = left
            else:
                del self._wanted[lock]

    def _release(self, lock: object) -> None:
        """Let go of the posts waiting with `lock`, or of all of them (None)."""
        if lock is None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            held, self._held = self._held, {}
        else:
            held = {f: k for f, k in self._held.items() if k is lock}
            for f in held:
                del self._held[f]
        for f in held:
            if not f.done():
                f.set_result(None)

"""Members' clicks answered before the bot's own news.

A click on a table button is answered with its table (one request) before its outcome's posts.
The rest of what the bot shows comes from its own timers and from commands: each new hand's
table and hole-card DMs, a player's clock running out, a level going up, and the edits that
bring a table up to date. On one event loop all of it runs first come, first served, so when
many clicks arrive together (bench/night.py's bursts: ~240 in one instant at 1,000 tables) the
last of them waited behind other tournaments' deals and edits as well as behind the other
clicks' answers. Here such news waits while any member's click is still unanswered, and goes as
soon as none is, or after `HELD_AT_MOST` seconds at most: it goes out a moment later, the
answers sooner.

It waits before the tournament's lock is taken, never while holding it: a holder that waited
would keep the next click at its tournament waiting for the lock and then for the posts' round
trips to Discord (tried first: with an 80 ms round trip the clicks' p99 went up).

Contract:
- `click(interaction)`: the context a click or modal the bot answers itself is handled in
  (buttons.py), from its arrival; it counts as waiting until `answered(interaction)` (its table
  edit on its way, table_edits.py) or the context's end, whichever comes first.
- `after_answers()`: awaited by what shows the bot's own news before it takes a tournament's
  lock (announcer/facade.py, table_edits.py's edit loop); it returns at once when no click
  waits. The listener does not wait when `handling_a_click()`: a click's own outcome is shown
  as part of answering it, as before.

One loop timer serves every waiting task (each its own would leave a timer handle per post in
asyncio's heap and for the collector, issue 24's third part).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

import discord

# Seconds news waits at most for the clicks before it (a burst of ~240 clicks at 1,000
# tables is answered in 100-300 ms on this project's 2-core machine).
HELD_AT_MOST = 0.25

# The interaction the current task handles (`AnswersFirst.click`), if any.
_own: ContextVar[int | None] = ContextVar("own_click", default=None)


class AnswersFirst:
    def __init__(self, held_at_most: float = HELD_AT_MOST) -> None:
        self.held_at_most = held_at_most
        self._open: set[int] = set()  # the interactions taken, not yet answered
        self._held: list[asyncio.Future[None]] = []  # the tasks waiting for the answers
        self._timer: asyncio.TimerHandle | None = None
        self.held = 0  # how many times news waited (bench/night.py prints it)

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
        if not self._open and self._held:
            self._release()

    def handling_a_click(self) -> bool:
        """Whether the current task handles a click (`click`)."""
        return _own.get() is not None

    async def after_answers(self) -> None:
        if not self._open:
            return
        loop = asyncio.get_running_loop()
        held: asyncio.Future[None] = loop.create_future()
        self._held.append(held)
        self.held += 1
        if self._timer is None:
            self._timer = loop.call_later(self.held_at_most, self._release)
        await held

    def _release(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        held, self._held = self._held, []
        for f in held:
            if not f.done():
                f.set_result(None)

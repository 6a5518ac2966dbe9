"""Background tasks of the bot's Discord side: the announcer's table edits, idle pings and
re-opened threads, the live clock's break warnings and catch-ups.

Contract: `Tasks.spawn` starts a coroutine on the running loop and keeps the task until it is
done (the event loop holds tasks only weakly, so an unkept task can vanish mid-request);
`Tasks.cancel_all` cancels every task still running and waits for each, so none of them
sends to Discord or writes to the store after the bot has closed; from then on `closed` is
True, for their owner to start nothing new. A task's own failure stays in
that task (it is awaited here only to let it finish), never in the caller that started it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


class Tasks:
    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()
        self.closed = False

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

    async def cancel_all(self) -> None:
        self.closed = True
        tasks = [t for t in self._running if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

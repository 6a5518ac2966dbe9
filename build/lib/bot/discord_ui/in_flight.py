"""The interactions being answered when the bot closes (a deploy, a restart).

Contract: each interaction the bot answers itself registers the task answering it (`track`,
from `LeagueTree.interaction_check` for slash commands, `LeagueBot.on_interaction` for the
table's buttons and the Raise modal, the deal's buttons and a structure level's form; the
other buttons only page or show). `LeagueBot.close` first stops taking new ones (`track`
then says False, and the caller answers "restarting, nothing was changed") and waits up to
`GRACE_SECONDS` for those in flight. Without the wait, a command still running when the bot
closed committed after the store had closed ("commit failed") and its answer went to an HTTP
session discord.py had closed, so the player read "This interaction failed" with no word of
whether his action was taken (bench/night.py, 1,000 tables with a round trip, at the end of a
run). Played out, each in-flight action is committed and answered before the store and the
connection close; a restart resumes from there.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)

GRACE_SECONDS = 5.0  # Discord's 3 s to answer, and a slow commit's time beside


class InFlight:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False

    def track(self) -> bool:
        """Register the running task as answering an interaction; False once the bot closes
        (the caller refuses the interaction, changing nothing)."""
        if self.closing:
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return True

    async def finish(self, timeout: float = GRACE_SECONDS) -> int:
        """Stop taking interactions and wait up to `timeout` seconds for those in flight;
        how many were still running then."""
        self.closing = True
        running = self._tasks - {asyncio.current_task()}
        if not running:
            return 0
        _, pending = await asyncio.wait(running, timeout=timeout)
        if pending:
            log.warning("closing with %d interaction(s) still being answered", len(pending))
        return len(pending)

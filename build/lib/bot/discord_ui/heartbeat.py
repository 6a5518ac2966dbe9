"""The running bot's heartbeat: every HEARTBEAT_SECONDS the game service writes that
it is alive for each running tournament, and a last time when the bot stops cleanly. After a
restart (a SIGKILL included) the downtime is measured from it, and an online game's clocks
resume with the time they had left. The same beat says the process itself is alive, running a
tournament or not: `python -m bot.db health` (the Docker image's health check) reads it.

A `discord.ext.tasks` loop: it sleeps on the bot's clock, which SimCord's virtual time drives
(its waits are recognised, so tests never wait for it in real time).
"""

from __future__ import annotations

import logging

from discord.ext import tasks

from bot.service import TournamentService
from bot.service.service import HEARTBEAT_SECONDS

log = logging.getLogger(__name__)


class Heartbeat:
    def __init__(self, service: TournamentService, seconds: float = HEARTBEAT_SECONDS, *,
                 process: str | None = None) -> None:
        self.service = service
        self.process = process  # the name its own heartbeat is kept under (process_name)
        self.loop = tasks.loop(seconds=seconds)(self._beat)
        self._failing = False

    async def _beat(self) -> None:
        if self.service.closed:
            self.loop.stop()
            return
        try:
            await self.service.beat(self.process)
        except Exception:
            # The next beat tries again; meanwhile a restart would give players more time
            # back (from the last beat written), never less. Logged once per episode.
            if not self._failing:
                log.exception("heartbeat not written; retrying every %s s",
                              self.loop.seconds)
            self._failing = True
        else:
            self._failing = False

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    async def stop(self) -> None:
        """The bot stops: no more beats, and the last one now (the store must still be
        open); the service's timers are stopped with it."""
        self.loop.cancel()
        await self.service.stop()

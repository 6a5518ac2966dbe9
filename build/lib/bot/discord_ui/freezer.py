"""The running bot's freezes of what has lived long (bot/service/collector.py): every
FREEZE_EVERY seconds what is alive is frozen, so the collector's full passes walk only what
has aged since, not the whole night held in memory.

A `discord.ext.tasks` loop, like the heartbeat's: it sleeps on the bot's clock, which SimCord's
virtual time drives. The first freeze comes one period after start (start-up froze what it
built, collector.after_start).
"""

from __future__ import annotations

from discord.ext import tasks

from bot.service.collector import FREEZE_EVERY, freeze_survivors


class Freezer:
    def __init__(self, seconds: float = FREEZE_EVERY) -> None:
        self.loop = tasks.loop(seconds=seconds)(self._freeze)
        self.freezes = 0

    async def _freeze(self) -> None:
        if self.loop.current_loop == 0:  # a tasks.loop runs at once when started
            return
        freeze_survivors()
        self.freezes += 1

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

"""Crash-test child for the heartbeat: starts a tournament, lets the player to act
use USED seconds of his time while the heartbeat runs, then waits to be SIGKILLed.

It prints `READY <table> <seat>` once the heartbeat of T0 + USED is in the database (no event
was committed since the deal at T0: only the heartbeat knows the bot was alive then).
usage: python downtime_child.py DATABASE
"""

from __future__ import annotations

import asyncio
import itertools
import sys

from bot.service import TournamentService
from bot.store import Store
from tests.service.helpers import acting, config

T0 = 1_700_000_000.0
USED = 25.0


async def main(path: str) -> None:
    now = [T0]
    store = await Store.open(path, clock=lambda: now[0])
    counter = itertools.count()
    service = TournamentService(store, clock=lambda: now[0],
                                seeds=lambda: f"seed-{next(counter)}")
    await service.recover()
    session = await service.create(guild_id=1, channel_id=2, name="crash", config=config("tda"))
    for uid in (101, 102, 103):
        await session.run(lambda t, now, u=uid: t.register(str(u), now))
    await session.run(lambda t, now: t.start("start-seed", now))
    table, seat = acting(session)
    now[0] = T0 + USED

    async def heartbeat() -> None:  # what the bot's heartbeat loop does, faster
        while True:
            await service.beat()
            await asyncio.sleep(0.01)

    beating = asyncio.create_task(heartbeat())
    while not any(r.alive_at == T0 + USED for r in await store.recover()):
        await asyncio.sleep(0.01)
    sys.stdout.write(f"READY {table} {seat}\n")
    sys.stdout.flush()
    await asyncio.sleep(3600)
    beating.cancel()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

"""Crash-test child: plays REAL tournaments through the game service until it is SIGKILLed.

Each line it prints comes after `Session.run` returned, i.e. after the commit, exactly when the
bot would announce the action:  A <tournament> <number of tournament events>
usage: python service_crash_child.py DATABASE SEED
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import sys
import traceback

from bot.engine.errors import IllegalAction
from bot.engine.profile import make_profile
from bot.service import TournamentService
from bot.store import Store
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import TournamentConfig


def ack(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def play(path: str, seed: int) -> None:
    rng = random.Random(seed)
    clock_now = [1_700_000_000.0 + seed]
    store = await Store.open(path, clock=lambda: clock_now[0])
    counter = itertools.count()
    service = TournamentService(store, clock=lambda: clock_now[0],
                                seeds=lambda: f"{seed}-{next(counter)}")
    sessions = [s for s in await service.recover() if s.tournament.status != "finished"]
    for session in sessions:  # a kill between creating a tournament and starting it
        if session.tournament.status == "registering":
            for uid in range(len(session.tournament.players) + 1, 3):
                await session.run(lambda t, now, u=uid: t.register(str(u), now))
            await session.run(lambda t, now: t.start(f"start-{seed}", now))
    while True:
        if not sessions:
            profile = rng.choice(["treps", "tavern", "tda"])
            cfg = TournamentConfig(make_profile(profile), load_structure("turbo"),
                                   load_payout_table("standard"),
                                   seats_per_table=rng.choice([3, 6, 9]))
            session = await service.create(guild_id=1, channel_id=1, name="crash", config=cfg)
            for uid in range(1, rng.randint(2, 12) + 1):
                await session.run(lambda t, now, u=uid: t.register(str(u), now))
            await session.run(lambda t, now: t.start(f"start-{seed}", now))
            sessions.append(session)
        session = rng.choice(sessions)
        t = session.tournament
        if t.status != "running":
            sessions.remove(session)
            continue
        acting = [(tb, ts.hand.to_act) for tb, ts in t.tables.items()
                  if ts.hand is not None and ts.hand.to_act is not None]
        if not acting:
            clock_now[0] += 30
            await session.run(lambda t, now: t.tick(now))
            continue
        table, seat = rng.choice(acting)
        action = rng.choice(["all_in", "call", "check_or_call", "fold", "raise_to"])
        amount = None
        if action == "raise_to":
            legal = t.tables[table].hand.legal()  # type: ignore[union-attr]
            amount = legal.min_raise_to if legal else 1
        try:
            await session.run(lambda t, now, a=action, x=amount, tb=table, st=seat:
                              t.act(tb, st, a, x, now=now))
        except IllegalAction:
            await session.run(lambda t, now, tb=table, st=seat:
                              t.act(tb, st, "check_or_call", now=now))
        ack(f"A {session.store_id} {len(session.tournament.events)}")
        clock_now[0] += rng.choice([1, 2, 5])


if __name__ == "__main__":
    try:
        asyncio.run(play(sys.argv[1], int(sys.argv[2])))
    except BaseException:
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)  # at once: the store's thread would keep a failed child waiting forever

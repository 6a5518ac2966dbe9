"""Snapshots at each hand's end: a restart from the latest one plus the events after it gives
exactly what a replay of the whole log gives, for tournaments stopped at any moment."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from bot.engine.errors import IllegalAction
from bot.engine.events import event_from_dict
from bot.engine.profile import make_profile
from bot.service import Session, TournamentService
from bot.store import Store
from bot.tournament.errors import TournamentError
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig
from tests.service.helpers import FakeClock

TOURNAMENTS = 24


async def play_some(session: Session, clock: FakeClock, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        t = session.tournament
        if t.status != "running":
            return
        acting = [(tb, ts.hand.to_act) for tb, ts in t.tables.items()
                  if ts.hand is not None and ts.hand.to_act is not None]
        if not acting:
            clock.now += 30
            await session.run(lambda t, now: t.tick(now))
            continue
        table, seat = rng.choice(acting)
        action = rng.choice(["all_in", "call", "check_or_call", "fold", "check_or_call", "fold",
                             "check_or_call"])
        try:
            await session.run(lambda t, now, a=action, tb=table, st=seat:
                              t.act(tb, st, a, now=now))
        except (IllegalAction, TournamentError):
            await session.run(lambda t, now, tb=table, st=seat:
                              t.act(tb, st, "check_or_call", now=now))
        clock.now += rng.choice([1, 3, 20])


async def test_recovery_from_snapshots_equals_a_full_replay(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    rng = random.Random(15)
    store = await Store.open(path, clock=clock)
    counter = itertools.count()
    service = TournamentService(store, clock=clock, seeds=lambda: f"s{next(counter)}")
    in_memory: dict[int, dict[str, object]] = {}
    for n in range(TOURNAMENTS):
        cfg = TournamentConfig(make_profile(rng.choice(["treps", "tavern", "tda"])),
                               load_structure("turbo"), load_payout_table("standard"),
                               seats_per_table=rng.choice([3, 6, 9]))
        session = await service.create(guild_id=1, channel_id=100 + n, name=f"t{n}", config=cfg)
        for uid in range(1, rng.randint(2, 14) + 1):
            await session.run(lambda t, now, u=uid: t.register(str(u), now))
        await session.run(lambda t, now, n=n: t.start(f"start-{n}", now))
        await play_some(session, clock, rng, rng.randint(0, 160))  # stop anywhere, mid-hand too
        in_memory[session.store_id] = session.tournament.snapshot()
    service.close()
    await store.close()

    store = await Store.open(path, clock=clock)
    again = TournamentService(store, clock=clock)
    recovered = {s.store_id: s.tournament.snapshot() for s in await again.recover()}
    again.close()  # before anything else runs: no timer may move them on
    from_snapshots = unfinished = 0
    for rec in await store.recover():
        tid = rec.tournament.id
        everything = await store.load_events(tid, "tournament")
        replayed = Tournament.replay(event_from_dict(e.data) for e in everything)
        if rec.tournament.unfinished:
            assert recovered[tid] == replayed.snapshot(), tid
            from_snapshots += rec.snapshot is not None
            unfinished += 1
        # The session that played it held the same state, with most old events forgotten (the
        # log up to where it stopped: a restart adds the downtime's pause).
        played = int(str(in_memory[tid]["event_count"]))
        before = Tournament.replay(event_from_dict(e.data) for e in everything[:played])
        assert in_memory[tid] == before.snapshot(), tid
    assert unfinished >= TOURNAMENTS // 3, unfinished
    assert from_snapshots >= unfinished // 2  # most restarts really began at a snapshot
    await store.close()

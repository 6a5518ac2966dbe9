"""The director's changes to the level clock survive a restart: recovered from the
latest snapshot plus the events after it, every tournament equals a full replay of its log, with
/td time, /td level and /td break mixed into play at any moment."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from bot.engine.events import event_from_dict
from bot.engine.profile import make_profile
from bot.service import TournamentService
from bot.store import Store
from bot.tournament.errors import TournamentError
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig
from tests.service.helpers import FakeClock
from tests.service.test_snapshots import play_some

TOURNAMENTS = 8


async def test_clock_changes_recover_from_snapshots_as_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    rng = random.Random(20)
    store = await Store.open(path, clock=clock)
    counter = itertools.count()
    service = TournamentService(store, clock=clock, seeds=lambda: f"s{next(counter)}")
    changes = 0
    for n in range(TOURNAMENTS):
        cfg = TournamentConfig(make_profile(rng.choice(["treps", "tavern", "tda"])),
                               load_structure("turbo"), load_payout_table("standard"),
                               seats_per_table=rng.choice([3, 6, 9]))
        session = await service.create(guild_id=1, channel_id=100 + n, name=f"t{n}", config=cfg)
        for uid in range(1, rng.randint(3, 12) + 1):
            await session.run(lambda t, now, u=uid: t.register(str(u), now))
        await session.run(lambda t, now, n=n: t.start(f"start-{n}", now))
        for _ in range(rng.randint(2, 6)):
            await play_some(session, clock, rng, rng.randint(0, 40))
            power = rng.choice([
                lambda t, now: t.set_level_time("td", now, change=rng.choice([-60, 120, 300])),
                lambda t, now: t.set_level_time("td", now, seconds_left=rng.randint(30, 900)),
                lambda t, now: t.set_level("td", now, step="next"),
                lambda t, now: t.set_level("td", now, level=rng.randint(1, 4)),
                lambda t, now: t.toggle_break("td", now),
            ])
            try:
                await session.run(power)
                changes += 1
            except TournamentError:
                pass  # refused: nothing changed
            clock.now += rng.choice([1, 5, 20])  # below the action time, as play_some
    service.close()
    await store.close()
    assert changes >= TOURNAMENTS

    store = await Store.open(path, clock=clock)
    again = TournamentService(store, clock=clock)
    recovered = {s.store_id: s.tournament for s in await again.recover()}
    again.close()
    for rec in await store.recover():
        tid = rec.tournament.id
        if not rec.tournament.unfinished:
            continue
        everything = await store.load_events(tid, "tournament")
        replayed = Tournament.replay(event_from_dict(e.data) for e in everything)
        t = recovered[tid]
        assert t.snapshot() == replayed.snapshot(), tid
        assert t.clock_view(clock.now) == replayed.clock_view(clock.now), tid
        assert t.deadlines(clock.now) == replayed.deadlines(clock.now), tid
    await store.close()

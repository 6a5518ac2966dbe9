"""Live tournaments (real cards, the bot as clock and bust desk): the session deals nothing and
wakes for nothing, and the league's records follow busts, undone busts and knockouts."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from bot.service import Session, TournamentService
from bot.store import Store
from tests.service.helpers import FakeClock, config
from tests.service.test_hand_rows import stored_busts


async def test_a_live_tournament_is_not_dealt_and_its_busts_are_recorded(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    service = TournamentService(store, clock=clock, hand_delay=0.01)
    session = await service.create(guild_id=1, channel_id=9, name="Friday live",
                                   config=dataclasses.replace(config(), mode="live"))
    for uid in (101, 102, 103, 104):
        await session.run(lambda t, now, u=uid: t.register(str(u), now))
    await session.run(lambda t, now: t.start("live-seed", now))
    runs = 0
    real_run = session.run

    async def counted(*args: object, **kwargs: object) -> object:
        nonlocal runs
        runs += 1
        return await real_run(*args, **kwargs)  # type: ignore[arg-type]  # passed through

    session.run = counted  # type: ignore[method-assign]  # count the timer's wake-ups
    await asyncio.sleep(0.1)  # ten hand delays
    assert runs == 0  # nothing to deal, so the session never woke
    assert all(ts.hand is None for ts in session.tournament.tables.values())
    session.run = real_run  # type: ignore[method-assign]

    await session.run(lambda t, now: t.bust("104", now, knocked_out_by="101",
                                            recorded_by="999"))
    (bust,) = await stored_busts(store, session.store_id)
    assert (bust.player, bust.place, bust.knocked_out_by) == ("104", 4, "101")
    await session.run(lambda t, now: t.undo_bust("999", now))
    assert await stored_busts(store, session.store_id) == ()  # standings no longer count it

    await finish_live(session)
    results = {r.user_id: r.place for r in await store.results(session.store_id)}
    assert sorted(results.values()) == [1, 2, 3, 4]
    service.close()
    await store.close()


async def finish_live(session: Session) -> None:
    for player in ("104", "103", "102"):
        await session.run(lambda t, now, p=player: t.bust(p, now, recorded_by="999"))
    assert session.tournament.status == "finished"

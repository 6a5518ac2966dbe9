"""Sign-ups for a night at the same moment, on both backends: the seats fill exactly, the rest
wait in one order, a freed seat goes to one player. On PostgreSQL two processes (two stores on
one database) click at once too: the write takes the night's row first, so each decides on the
other's lines."""

from __future__ import annotations

import asyncio

from bot.schedule import Repeat
from bot.service.usecases import nights
from bot.store import Store

T0 = 1_800_000_000.0


def plan(seats: int) -> nights.NightPlan:
    return nights.NightPlan(
        guild_id=1, league=None, channel_id=9, name="Tuesday night", starts_at=T0 + 86400,
        time_zone="UTC", place="The Oak", mode="live", structure="regular",
        payouts="standard", buy_in=20, seats=seats, repeats=Repeat.WEEKLY, autostart=False,
        created_by=7)


async def placed(store: Store, night_id: int) -> tuple[list[int], list[int]]:
    lines = await store.night_signups(night_id)
    seated = [r.user_id or 0 for r in lines if r.place == "seated"]
    waiting = [r.user_id or 0 for r in sorted(lines, key=lambda r: r.turn)
               if r.place == "waiting"]
    assert len({r.turn for r in lines}) == len(lines)  # one order, no two alike
    return seated, waiting


async def test_thirty_clicks_at_once_twelve_seats(store: Store) -> None:
    night = (await nights.schedule(store, plan(12), T0)).night
    done = await asyncio.gather(*(nights.sign_up(store, night.id, uid, f"p{uid}")
                                  for uid in range(1, 31)))
    seated, waiting = await placed(store, night.id)
    assert len(seated) == 12 and len(waiting) == 18
    assert sorted(d.taken.position for d in done if d.taken.position) == list(range(1, 19))
    # Five seated drop out at once: the first five waiting get their seats, one each.
    first = waiting[:5]
    out = await asyncio.gather(*(nights.drop_out(store, night.id, uid) for uid in seated[:5]))
    promoted = [p.user_id for o in out for p in o.taken.promoted]
    assert sorted(promoted) == sorted(first)
    seated, waiting = await placed(store, night.id)
    assert len(seated) == 12 and sorted(first) == sorted(set(seated) & set(first))


async def test_two_processes_click_at_once(pg_url: str) -> None:
    from bot.store.postgres import PostgresStore

    one, two = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)
    try:
        night = (await nights.schedule(one, plan(10), T0)).night
        await asyncio.gather(*(nights.sign_up(one if uid % 2 else two, night.id, uid, f"p{uid}")
                               for uid in range(1, 25)))
        seated, waiting = await placed(one, night.id)
        assert len(seated) == 10 and len(waiting) == 14
        await asyncio.gather(*(nights.drop_out(one if i % 2 else two, night.id, uid)
                               for i, uid in enumerate(seated[:4])))
        after, still = await placed(two, night.id)
        assert len(after) == 10 and still == waiting[4:]
    finally:
        await one.close()
        await two.close()

"""Shared set-up for the service tests: a fake clock and a started tournament."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from bot.engine.errors import IllegalAction
from bot.engine.profile import make_profile
from bot.service import Outcome, Session, TournamentService
from bot.store import Store
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import TournamentConfig


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def config(profile: str = "tda") -> TournamentConfig:
    return TournamentConfig(
        profile=make_profile(profile), structure=load_structure("turbo"),
        payouts=load_payout_table("standard"), seats_per_table=9, action_seconds=60,
        clock_after_seconds=20,
    )


async def started_service(path: Path, clock: FakeClock, heard: list[Outcome],
                          players: int = 3,
                          first_player: int = 101) -> tuple[TournamentService, Session]:
    store = await Store.open(path, clock=clock)
    counter = itertools.count()

    async def listener(session: Session, outcome: Outcome) -> None:
        heard.append(outcome)

    service = TournamentService(store, clock=clock, seeds=lambda: f"seed-{next(counter)}",
                                listener=listener)
    session = await service.create(guild_id=1, channel_id=2, name="Tuesday", config=config())
    for uid in range(first_player, first_player + players):
        await session.run(lambda t, now, u=uid: t.register(str(u), now),
                          also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
    await session.run(lambda t, now: t.start("start-seed", now))
    return service, session


def acting(session: Session) -> tuple[int, int]:
    t = session.tournament
    for table, ts in t.tables.items():
        if ts.hand is not None and ts.hand.to_act is not None:
            return table, ts.hand.to_act
    raise AssertionError("nobody to act")


async def play_out(session: Session, clock: FakeClock, seed: int, limit: int = 3000) -> None:
    """Random all-in-heavy play until the tournament is won."""
    rng = random.Random(seed)
    for _ in range(limit):
        if session.tournament.status == "finished":
            return
        table, seat = acting(session)
        action = rng.choice(["all_in", "call", "check_or_call", "fold", "check_or_call"])
        try:
            await session.run(lambda t, now, a=action, tb=table, st=seat:
                              t.act(tb, st, a, now=now))
        except IllegalAction:
            await session.run(lambda t, now, tb=table, st=seat:
                              t.act(tb, st, "check_or_call", now=now))
        clock.now += 3
    raise AssertionError("the tournament did not finish")

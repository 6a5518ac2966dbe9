"""The session deals hand for hand: a table that finished its hand on the bubble is
not dealt again (by the command that ended it nor by any timer) until every table finished."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.engine.profile import make_profile
from bot.service import Outcome, Session, TournamentService
from bot.store import Store
from bot.tournament.payouts import Bracket, PayoutTable
from bot.tournament.structure import load_structure
from bot.tournament.tournament import TournamentConfig
from tests.service.helpers import FakeClock

FOUR_PAID = PayoutTable("four paid", (Bracket(2, 10, (4000, 3000, 2000, 1000)),))


async def _fold_out(session: Session, table: int) -> None:
    """Fold the hand in play at `table` to its end (only that hand: with no delay the session
    may deal the table's next one at once)."""
    first = session.tournament.tables[table].hand
    assert first is not None
    while (hand := session.tournament.tables[table].hand) is first and not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        await session.run(lambda t, now, s=seat: t.act(table, s, "fold", now=now))


async def test_two_tables_on_the_bubble_wait_for_each_other(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "db.sqlite3", clock=clock)
    heard: list[Outcome] = []
    counter = itertools.count()

    async def listener(session: Session, outcome: Outcome) -> None:
        heard.append(outcome)

    service = TournamentService(store, clock=clock, seeds=lambda: f"seed-{next(counter)}",
                                listener=listener)
    cfg = TournamentConfig(profile=make_profile("tda"), structure=load_structure("turbo"),
                           payouts=FOUR_PAID, seats_per_table=3, buy_in=10)
    session = await service.create(guild_id=1, channel_id=2, name="Tuesday", config=cfg)
    try:
        for uid in range(101, 106):  # five players, four paid: the bubble is next
            await session.run(lambda t, now, u=uid: t.register(str(u), now),
                              also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
        await session.run(lambda t, now: t.start("start-seed", now))
        t = session.tournament
        assert t.hand_for_hand and sorted(t.tables) == [1, 2]
        assert all(ts.hand is not None for ts in t.tables.values())  # round 1 at both
        await _fold_out(session, 1)
        clock.now += 30  # a timer fires meanwhile: table 1 still waits for table 2
        await session._fire(0.0)
        t = session.tournament
        assert t.tables[1].hand is None and t.tables[2].hand is not None
        await _fold_out(session, 2)
        t = session.tournament  # the round is over: both tables are dealt the next one
        assert t.tables[1].hand is not None and t.tables[2].hand is not None
        assert not t.tables[1].hand.is_over and not t.tables[2].hand.is_over
        assert t.hfh_round == 2
        await _fold_out(session, 2)  # table 2 finished round 2 first: it waits for table 1
        clock.now += 30
        await session._fire(0.0)
        t = session.tournament
        assert t.tables[2].hand is None or t.tables[2].hand.is_over
        assert t.hand_for_hand_waits(2) == (1,)
        await _fold_out(session, 1)
        t = session.tournament
        assert t.hfh_round == 3 and all(
            ts.hand is not None and not ts.hand.is_over for ts in t.tables.values())
    finally:
        session.close()
        await store.close()

"""League tests: the SimCord harness of tests/discord, and a way to play a night into the store.

`play_night` writes what a finished tournament leaves in the store, the way the game side does:
its log (created with its buy-in, started, each re-buy with its cost, each bust with who made
it: the league reads money and knockouts from there), entries, results with prizes, and the
desk's side rows (re-buys, eliminations); then it scores it with the league's points system as
the game side will (`score_tournament`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from bot.engine.profile import make_profile
from bot.league import active_season_for, score_tournament
from bot.store import TOURNAMENT_STREAM, Store, TournamentRow
from bot.tournament import events as tev
from bot.tournament.payouts import load_payout_table
from bot.tournament.tournament import TournamentConfig
from tests.discord.conftest import (  # noqa: F401  (fixtures, registered by name)
    harness,
    report_settle_near_misses,
    simcord_bot,
    simcord_clock,
    simcord_env,
)
from tests.tournament.test_live import T0, live_structure

GUILD = 1_111_111_111_111_111_111


async def play_night(
    store: Store,
    guild_id: int,
    finish: Sequence[int],
    *,
    names: Mapping[int, str] | None = None,
    prizes: Mapping[int, int] | None = None,
    buy_in: int = 0,
    rebuys: Mapping[int, int] | None = None,
    knockouts: Sequence[tuple[int, int]] = (),
    league: str | None = None,
    name: str = "night",
    score: bool = True,
) -> TournamentRow:
    """`finish`: user ids, winner first. `knockouts`: (busted, by) pairs."""
    ls = await active_season_for(store, guild_id, league)
    names = names or {}
    prizes = prizes or {}
    rebuys = rebuys or {}

    async def write(tx):
        t = await tx.create_tournament(
            guild_id, name, league_id=ls.league.id,
            season_id=ls.season.id if ls.season else None, config={"buy_in": buy_in})
        place = {uid: i for i, uid in enumerate(finish, start=1)}
        config = TournamentConfig(make_profile("tda"), live_structure(),
                                  load_payout_table("standard"), buy_in=buy_in, mode="live")
        log = [tev.Created(t.id, config.to_dict(), T0),
               *(tev.Registered(str(uid), T0) for uid in finish),
               tev.Started("seed", tuple(str(uid) for uid in finish), T0 + 1)]
        log += [tev.Rebuy(str(uid), 1, 1, 1000, amount, T0 + 2) for uid, amount in rebuys.items()]
        log += [tev.Eliminated(str(busted), place.get(busted, len(finish)), (), 1, None, 0,
                               T0 + 3, knocked_out_by=str(by)) for busted, by in knockouts]
        await tx.append_events(t.id, TOURNAMENT_STREAM, log)
        for uid in finish:
            await tx.add_entry(t.id, uid, names.get(uid, f"p{uid}"))
        for place, uid in enumerate(finish, start=1):
            await tx.set_result(t.id, uid, place, prize=prizes.get(uid, 0))
        return await tx.set_tournament_status(t.id, "finished")

    t = await store.write(write)
    if score:
        await score_tournament(store, t.id)
    return t


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "league.sqlite3")
    try:
        yield s
    finally:
        await s.close()

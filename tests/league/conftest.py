"""League tests: the SimCord harness of tests/discord, and a way to play a night into the store.

`play_night` writes what a finished tournament leaves in the store (entries, results with
prizes, re-buys, eliminations with who busted whom), the way the game side does, then scores
it with the league's points system as the game side will (`score_tournament`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from bot.league import active_season_for, score_tournament
from bot.store import Store, TournamentRow
from tests.discord.conftest import harness, simcord_bot, simcord_env  # noqa: F401

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
        for uid in finish:
            await tx.add_entry(t.id, uid, names.get(uid, f"p{uid}"))
        for uid, amount in rebuys.items():
            await tx.add_rebuy(t.id, uid, 1000, amount=amount)
        for busted, by in knockouts:
            await tx.record_elimination(t.id, busted, eliminated_by=[by])
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

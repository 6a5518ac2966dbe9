"""`/td link` made twice at once. Both plans are made from the same store
(each director's check passed before either wrote); the write checks again inside its own
transaction, so the second is refused and writes nothing: the guest's prize is counted once."""

from __future__ import annotations

import pytest

from bot.league import active_season_for, score_tournament
from bot.league.guests import guest_user_id
from bot.league.service import LeagueError, plan_guest_link, season_view
from bot.store import Store, TournamentRow
from tests.tournament.test_live import T0, TD, live_night

from .conftest import GUILD

CAT, DEV, DIRECTOR = 501, 502, 900


async def dana_won(store: Store) -> TournamentRow:
    """A finished live night: members 101 and 102 bust, the guest Dana Smith wins 60."""
    t = live_night(members=2, guests=1, seats=9)
    t.start("seed", T0)
    t.bust("101", T0 + 10, recorded_by=TD)
    t.bust("102", T0 + 20, recorded_by=TD)
    assert t.status == "finished"
    ls = await active_season_for(store, GUILD)

    async def write(tx):  # noqa: ANN001, ANN202
        row = await tx.create_tournament(GUILD, "Guest Night", league_id=ls.league.id,
                                         season_id=ls.season.id if ls.season else None,
                                         config={"mode": "live", "buy_in": 20})
        await tx.append_events(row.id, "tournament", t.events)
        for uid in (101, 102):
            await tx.add_entry(row.id, uid, f"p{uid}")
        return await tx.set_tournament_status(row.id, "finished")

    row = await store.write(write)
    await score_tournament(store, row.id)
    return row


async def prizes(store: Store) -> dict[int, int]:
    view = await season_view(store, GUILD)
    return {p.user_id: p.prize for n in view.nights for p in n.players if p.prize}


@pytest.mark.parametrize("second", [DEV, CAT])
async def test_a_link_planned_before_another_was_written_is_refused(store: Store,
                                                                    second: int) -> None:
    night = await dana_won(store)
    assert await prizes(store) == {guest_user_id(GUILD, "Dana Smith"): 60}
    first_plan = await plan_guest_link(store, GUILD, "Dana Smith", CAT)
    second_plan = await plan_guest_link(store, GUILD, "dana smith", second)
    assert first_plan is not None and second_plan is not None

    written = await store.write(lambda tx: first_plan.write(tx, DIRECTOR, "cat"))
    assert written is not None and [(n.place, n.prize) for n in written.nights] == [(1, 60)]
    with pytest.raises(LeagueError, match=rf"^dana smith is already linked to the member "
                                          rf"<@{CAT}>: nothing to do\.$"):
        await store.write(lambda tx: second_plan.write(tx, DIRECTOR, "other"))

    # One prize of 60, the linked member's; the guest's row no longer counts.
    assert await prizes(store) == {CAT: 60}
    entries = [e.user_id for e in await store.entries(night.id)]
    assert sorted(entries) == [101, 102, CAT]
    assert [r.user_id for r in await store.results(night.id)].count(CAT) == 1

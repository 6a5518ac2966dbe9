"""/td time: the director gives the player to act more time (a director power added through
its event, its applier, its use case and its words only)."""

from __future__ import annotations

import pytest

from bot.service.usecases.director import director_actions

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, refused, reply, to_act


async def test_td_time_gives_the_player_to_act_more_time_and_is_kept(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    t = session.tournament
    found = to_act(session)
    assert found is not None
    table, hand, seat = found
    actor = next(m for m in h.players if str(m.id) == hand.players[seat].player)
    other = next(m for m in (h.alice, h.bob, h.carol) if m is not actor)
    due = t.turn_deadline(table, h.now())
    assert due is not None
    seen = len(h.channel.history())

    r = await h.director.slash(h.channel, "td time", change="+90s", player=actor)
    assert reply(r) == "90 more seconds given."
    moved = t.turn_deadline(table, h.now())
    assert moved is not None and moved.at == pytest.approx(due.at + 90)
    posted = [m.content for m in h.channel.history()][seen:]
    assert any(f"The director gives {actor.name} 90 more seconds to act" in x for x in posted), \
        posted
    # Past the time he had, he has not timed out: the same decision is still his.
    await h.advance(due.at - h.now() + 30)
    still = to_act(session)
    assert still is not None and still[1] is hand and still[2] == seat
    # Kept as a director action, read from the event.
    actions = await director_actions(h.bot.store, session.store_id)
    assert [(a.action, a.director_id, a.target_user_id, a.data) for a in actions
            if a.action == "time"] == [("time", h.director.id, actor.id, {"seconds": 90})]

    # Only to the player to act: refused, nothing changed.
    count = t.event_count
    r = await h.director.slash(h.channel, "td time", change="+30s", player=other)
    assert "More time is given to the player to act" in refused(h, r)
    assert t.event_count == count

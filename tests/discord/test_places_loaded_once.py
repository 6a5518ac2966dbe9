"""A tournament's places (its channel, threads, table messages) are loaded from the store once
when the announcer first shows it, after a restart too; two tasks asking at the same moment
(a click's answer and a clock's edit) get the same places, whole."""

from __future__ import annotations

import asyncio

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join


async def test_two_tasks_showing_a_tournament_first_get_the_same_places(
        harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    announcer = h.bot.announcer
    shown = dict(announcer.places[session.store_id].messages)
    assert shown  # the table message the players see
    announcer.forget(session.store_id)  # nothing in memory, as after a restart
    first, second = await asyncio.gather(announcer.places.of(session),
                                         announcer.places.of(session))
    assert first is second is announcer.places[session.store_id]
    assert first.messages == shown  # whole, before either task got it

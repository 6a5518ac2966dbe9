"""A table click, and the Raise modal's answer, leave nothing big for the garbage collector
(buttons.release): the interaction, the message it came with and its response are freed when
the click is answered.
At 1,000 tables their cycles were ~40 objects a click, and those the collector found in flight
aged into the old generation, whose full passes hold the loop for 0.3-0.5 s (bench/night.py)."""

from __future__ import annotations

import gc
from collections import Counter

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, table_message, to_act


async def test_an_answered_click_leaves_no_discord_object_in_a_cycle(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a pass finds unreachable is kept in gc.garbage
    try:
        clicks = 0
        while clicks < 8:
            found = to_act(session)
            if found is None:
                await h.advance(HAND_DELAY)
                continue
            table, hand, seat = found
            actor = next(m for m in members if str(m.id) == hand.players[seat].player)
            msg = table_message(h, session, table)
            act = "hp:r:" if clicks == 0 else "hp:c:"  # a raise by the modal, then calls
            cid = next(c.custom_id for row in msg.components for c in row.children
                       if c.custom_id and c.custom_id.startswith(act))
            events = len(hand.events)
            r = await actor.click(msg, custom_id=cid)
            if act == "hp:r:":
                legal = hand.legal()
                assert legal is not None
                r = await actor.submit_modal(r, {"amount": str(legal.min_raise_to)})
            assert not r.ephemeral and len(hand.events) > events  # answered with the table
            clicks += 1
        gc.collect()
        # The interactions (the click's and the modal's) and all they carry: the message, its
        # embed and components, the member, the response. (The Raise modal and its text input
        # point at each other: a handful of objects a raise, left to the collector.)
        carried = ("discord.interactions", "discord.message", "discord.components",
                   "discord.embeds", "discord.member", "discord.user")
        left = Counter(type(o).__module__ for o in gc.garbage
                       if type(o).__module__ in carried)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == Counter(), left

"""A table edit asked for while a new hand's table message is still being posted edits that
message: it never posts a second one for the same hand (whose first message's buttons would
then be clicked on a message the bot no longer edits, each click answered with a private
"Done" instead of the table)."""

from __future__ import annotations

import asyncio
from typing import Any

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, table_message, to_act


async def test_an_edit_asked_for_during_the_deals_post_edits_that_one_message(
        harness: Harness) -> None:
    h = harness
    announcer = h.bot.announcer
    session = await create_and_join(h, h.players[:3])
    posting = announcer.sending.send
    raced: list[int] = []

    async def send_and_race(places: Any, channel_id: int, content: str = "", **kw: Any) -> Any:
        embed = kw.get("embed")
        if embed is not None and (embed.title or "").startswith("Hand ") and not raced:
            # Another change of the table while its first message is on its way.
            raced.append(channel_id)
            announcer.table_edits.mark_dirty(session, places, 1)
            for _ in range(3):  # the edit starts while this post is still on its way
                await asyncio.sleep(0)
        return await posting(places, channel_id, content, **kw)

    announcer.sending.send = send_and_race  # type: ignore[method-assign]  # the race, made to happen
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert raced
    table, hand, _ = to_act(session)
    tables = [m for m in h.channel.history()
              if m.embeds and (m.embeds[0].title or "").startswith(f"Hand {hand.hand_id}")]
    assert len(tables) == 1
    assert tables[0].id == table_message(h, session, table).id
    # The player to act clicks that message: answered with the table, not a private "Done".
    actor = next(m for m in h.players if str(m.id) == hand.players[hand.to_act].player)
    call = next(c for row in tables[0].components for c in row.children
                if c.custom_id.startswith("hp:c:"))
    before = len(hand.events)
    r = await actor.click(tables[0], custom_id=call.custom_id)
    assert not r.ephemeral  # the table edited in the click's answer
    assert len(hand.events) > before

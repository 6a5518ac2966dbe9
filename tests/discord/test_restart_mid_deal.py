"""A hand dealt as the bot stopped, before its table message was posted: after the restart the
table is posted, and its player to act can act before his clock runs out."""

from __future__ import annotations

import sqlite3

from bot.discord_ui.client import create_bot

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_reliability import actor_of, dealt
from .test_tournament_flow import table_message, to_act


async def test_a_hand_whose_table_was_never_posted_gets_it_after_the_restart(
        harness: Harness, tmp_path) -> None:
    h = harness
    session = await dealt(h)
    tid = session.store_id
    table, hand, _ = to_act(session)
    posted_before = table_message(h, session, table)
    await h.bot.close()
    # The deal was committed; the bot stopped before its table message was made.
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        db.execute("DELETE FROM messages WHERE tournament_id = ? AND key = ?",
                   (tid, f"hand:{hand.hand_id}"))
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new  # the harness closes it at the end
    await h.advance(1)
    session = new.tournaments.get(tid)
    assert session is not None
    again = table_message(h, session, table)
    assert again.id != posted_before.id
    assert again.embeds[0].title.startswith(f"Hand {hand.hand_id}")
    assert any(m.id == again.id for m in h.channel.history())
    # The player to act presses the new message's Check/Call button: it acts.
    actor = actor_of(h, session)
    call = next(c for row in again.components for c in row.children
                if c.custom_id.startswith("hp:c:"))
    await actor.click(again, custom_id=call.custom_id)
    assert len(session.tournament.tables[table].hand.events) > len(hand.events) \
        or session.tournament.tables[table].hand is None

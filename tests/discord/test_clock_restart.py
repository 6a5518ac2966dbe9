"""/clock on virtual time, and a bot restarted mid-hand on the same database."""

from __future__ import annotations

from bot.discord_ui.client import create_bot
from bot.engine.hand_events import Acted

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, refused, reply, table_message, to_act


async def test_clock_refused_early_then_warning_and_fold_on_time(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members, profile="treps")
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, hand, seat = to_act(session)
    target = hand.players[seat].player
    by = next(m for m in members if str(m.id) != target)
    await h.advance(10)
    r = await by.slash(h.channel, "clock")
    text = refused(h, r)
    assert "s to go" in text and "may be called once" in text and target not in text
    assert not any("Clock" in m.content for m in h.channel.history())
    await h.advance(20)
    action_ends = session.tournament.turn_deadline(table, h.now()).at
    assert f"<t:{int(action_ends)}:R>" in table_message(h, session, table).embeds[0].description
    t_call = h.now()
    r = await by.slash(h.channel, "clock")
    assert reply(r) == "Clock called."
    called = [m.content for m in h.channel.history() if "**Clock** called" in m.content]
    assert len(called) == 1 and f"<t:{int(t_call + 60)}:R>" in called[0]
    # One deadline at a time: the table now shows the clock's, the same as the clock post.
    shown = table_message(h, session, table).embeds[0].description
    assert f"<t:{int(t_call + 60)}:R>" in shown and f"<t:{int(action_ends)}:R>" not in shown
    again = await by.slash(h.channel, "clock")
    assert "already running" in refused(h, again)
    await h.advance(49)
    assert not any("seconds** left" in m.content for m in h.channel.history())
    await h.advance(1)
    warning = [m.content for m in h.channel.history() if "seconds** left" in m.content]
    assert len(warning) == 1 and "**10 seconds**" in warning[0]
    await h.advance(9)
    assert not any("Time is up" in m.content for m in h.channel.history())
    assert not any(isinstance(e, Acted) and e.seat == seat for e in hand.events[-3:])
    await h.advance(1)
    assert any("Time is up" in m.content for m in h.channel.history())
    assert any(isinstance(e, Acted) and e.seat == seat and e.action == "fold"
               for e in hand.events)


async def test_restart_mid_hand_resumes_with_old_buttons_and_same_timer(harness: Harness,
                                                                       tmp_path) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    actor = next(m for m in members if str(m.id) == hand.players[seat].player)
    cid = next(c.custom_id for row in msg.components for c in row.children
               if c.custom_id.startswith("hp:c:"))
    await actor.click(msg, custom_id=cid)  # one action before the restart
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    deadlines = session.tournament.deadlines(h.now())
    action_at = next(d.at for d in deadlines if d.kind == "action")
    hand_id, events = hand.hand_id, len(hand.events)
    await h.advance(60)

    old = h.bot
    await old.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    session = new.tournaments.unfinished_in(h.guild.id)[0]
    t2, hand2, seat2 = to_act(session)
    assert (t2, hand2.hand_id, len(hand2.events), seat2) == (table, hand_id, events, seat)
    assert next(d.at for d in session.tournament.deadlines(h.now())
                if d.kind == "action") == action_at  # no timer reset
    # The old message's buttons still work after the restart.
    actor = next(m for m in members if str(m.id) == hand2.players[seat2].player)
    stale = await actor.click(msg, custom_id=next(
        c.custom_id for row in msg.components for c in row.children
        if c.custom_id.startswith("hp:c:")))
    assert stale.acknowledged
    assert len(hand2.events) > events
    # The same message is edited, not a new one posted.
    assert new.announcer.places[session.store_id].messages[table].message_id == msg.id
    after = [m for m in h.channel.history() if m.id == msg.id][0]
    assert after.embeds[0].title == msg.embeds[0].title
    # The next decision's timer runs from its own start: 120 s action time, then away.
    t3, hand3, seat3 = to_act(session)
    start = h.now()
    await h.advance(119)
    assert not any("ran out of time" in m.content for m in h.channel.history())
    await h.advance(2)
    assert any("ran out of time" in m.content for m in h.channel.history())
    assert start  # (virtual)

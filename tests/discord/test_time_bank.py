"""The time bank in SimCord: `/tournament create action_time: time_bank:
bank_refill:`, the Time button under the table, the table message's note on the bank, away
only once the action time and the bank are out, a level's refill, a restart keeps it."""

from __future__ import annotations

import discord
from simcord import MemberActor

from bot.service import Session

from .conftest import HAND_DELAY, Harness
from .test_downtime import restart_after
from .test_tournament_flow import (
    button,
    create_and_join,
    public,
    refused,
    table_message,
    to_act,
)


def _turn(h: Harness, session: Session) -> tuple[int, MemberActor, discord.Message]:
    found = to_act(session)
    assert found is not None
    table, hand, seat = found
    actor = next(m for m in h.players if str(m.id) == hand.players[seat].player)
    return table, actor, table_message(h, session, table)


def _ran_out(h: Harness, actor: MemberActor) -> bool:
    return any(f"{actor.name} ran out of time" in m.content for m in h.channel.history())


async def test_times_out_of_bounds_are_refused_with_the_range(harness: Harness) -> None:
    h = harness
    for option, value, said in (
            ("action_time", 5, "the action time must be 15 to 600 seconds (it was 5)"),
            ("time_bank", 1000, "the time bank must be 0 to 900 seconds (it was 1000)"),
            ("bank_refill", 301, "the time bank's refill must be 0 to 300 seconds (it was 301)")):
        r = await h.director.slash(h.channel, "tournament create", name="Tuesday",
                                   **{option: value})
        text = refused(h, r)
        assert said in text and "Nothing was changed" in text, text
    assert h.bot.tournaments.unfinished_in(h.guild.id) == []


async def test_time_button_spends_the_bank_and_away_comes_only_after_it(
        harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "tournament create", name="Tuesday",
                               structure="turbo", action_time=60, time_bank=90, bank_refill=30)
    assert "60 s to act, a time bank of 90 s (+30 s a level)" in public(h, r)
    for m in (h.alice, h.bob, h.carol):
        await m.slash(h.channel, "tournament join")
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    t = session.tournament
    assert (t.cfg.action_seconds, t.cfg.time_bank_seconds) == (60, 90)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, actor, msg = _turn(h, session)
    first = t.turn_deadline(table, h.now())
    assert first is not None
    start = first.at - 60  # when the action reached him
    assert "⏳ bank 1m 30s" in msg.embeds[0].description
    cid = button(msg, "hp:t:")
    assert cid is not None
    labels = [c.label for row in msg.components for c in row.children
              if (c.custom_id or "").startswith("hp:t:")]
    assert labels == ["⏳ Time +1m 30s"]

    # Only the player to act may press it: refused privately, nothing changes.
    other = next(m for m in (h.alice, h.bob, h.carol) if m is not actor)
    count = t.event_count
    r = await other.click(msg, custom_id=cid)
    assert "turn" in refused(h, r).lower()
    assert t.event_count == count

    await h.advance(10)
    r = await actor.click(msg, custom_id=cid)
    # One request: the click's response is the table message, showing the bank running.
    assert not r.ephemeral and r.response is not None and r.response.id == msg.id
    due = t.turn_deadline(table, h.now())
    assert due is not None and abs(due.at - (start + 150)) < 1e-6
    now_drawn = table_message(h, session, table)
    shown = now_drawn.embeds[0].description
    assert "⏳ time bank" in shown and f"<t:{int(due.at)}:R>" in shown
    # Greyed while it runs, saying so.
    assert [(c.label, c.disabled) for row in now_drawn.components for c in row.children
            if (c.custom_id or "").startswith("hp:t:")] == [("⏳ Time bank running", True)]
    assert t.players[str(actor.id)].time_bank == 0
    # Past his 60 s he is not away; at 150 s (action time and bank out) he is.
    await h.advance(start + 149 - h.now())
    assert not _ran_out(h, actor)
    await h.advance(2)
    assert _ran_out(h, actor)
    assert t.players[str(actor.id)].away


async def test_bank_spent_for_him_then_refilled_by_a_new_level_and_kept_by_a_restart(
        harness: Harness, tmp_path) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol], action_time=30,
                                    time_bank=40, bank_refill=25)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, actor, msg = _turn(h, session)
    t = session.tournament
    first = t.turn_deadline(table, h.now())
    assert first is not None
    start = first.at - 30  # when the action reached him
    await h.advance(start + 31 - h.now())
    # His action time ran out: his bank runs for him, said at the table, and he is not away.
    posts = [m.content for m in h.channel.history()]
    assert any(f"{actor.name}'s action time is up: his time bank gives him 40s more" in p
               for p in posts), posts
    assert not _ran_out(h, actor)
    due = t.turn_deadline(table, h.now())
    assert due is not None and abs(due.at - (start + 70)) < 1e-6
    assert f"<t:{int(due.at)}:R>" in table_message(h, session, table).embeds[0].description
    # He acts at 50 s: 20 s of his bank used, 20 s back in it.
    await h.advance(start + 50 - h.now())
    r = await actor.slash(h.channel, "fold")
    assert "fold" in str(r.response.content).lower()
    assert t.players[str(actor.id)].time_bank == 20
    # A new level adds 25 s, up to the 40 he started with.
    await h.director.slash(h.channel, "td level", to="next")
    assert t.players[str(actor.id)].time_bank == 40
    others = [p for p in t.players.values() if p.player != str(actor.id)]
    assert all(p.time_bank == 40 for p in others)
    # A restart keeps every bank, and the table still shows the one of the player to act.
    banks = {p.player: p.time_bank for p in t.players.values()}
    session = await restart_after(h, tmp_path, 5)
    assert {p.player: p.time_bank for p in session.tournament.players.values()} == banks
    assert session.tournament.cfg.time_bank_seconds == 40

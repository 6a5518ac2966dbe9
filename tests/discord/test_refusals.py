"""Bad input everywhere: each refusal is private, says what is allowed, and changes nothing."""

from __future__ import annotations

import pytest
from simcord import SetupError

from bot.service.usecases.director import director_actions
from bot.service.usecases.director import rulings as director_rulings

from .conftest import HAND_DELAY, Harness, grant_admin_commands
from .test_tournament_flow import (
    create_and_join,
    public,
    refused,
    reply,
    table_message,
    to_act,
)


def state(session) -> tuple[int, str]:
    t = session.tournament
    return len(t.events), t.status


async def test_bad_input_changes_nothing(harness: Harness) -> None:
    h = harness
    r = await h.alice.slash(h.channel, "fold")
    assert "No tournament is running" in refused(h, r)
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    r = await h.alice.slash(h.channel, "tournament create", name="Again", structure="turbo")
    assert "already has a tournament" in refused(h, r)
    r = await h.alice.slash(h.channel, "tournament join")
    assert "already registered" in refused(h, r)
    r = await h.alice.slash(h.channel, "tournament rebuy")
    assert "no re-buys" in refused(h, r)
    r = await h.alice.slash(h.channel, "fold")
    assert "not started" in refused(h, r)
    r = await h.alice.slash(h.channel, "tournament cancel")
    assert "director" in refused(h, r)
    # /td is not even shown to members (default permission Manage Server)...
    with pytest.raises(SetupError, match="default-member-permissions"):
        await h.alice.slash(h.channel, "td pause")
    # ...and one the server let see it is still refused by the director check.
    regulars = h.guild.create_role("Regulars")
    await grant_admin_commands(h.bot, h.guild, h.director_role, regulars)
    regular = h.guild.add_member(h.env.create_user("regular"), roles=[regulars])
    for command, options in (("td pause", {}), ("td void", {"reason": "x"})):
        r = await regular.slash(h.channel, command, **options)
        assert "director" in refused(h, r)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, hand, seat = to_act(session)
    actor = next(m for m in members if str(m.id) == hand.players[seat].player)
    other = next(m for m in members if m is not actor)
    before = state(session)
    cases = [
        (other, "call", {}, "Not your turn"),
        (actor, "bet", {"amount": "abc"}, "could not read"),
        (actor, "bet", {"amount": "12.5"}, "could not read"),
        (actor, "raise", {"to": "0"}, "above zero"),
        (actor, "raise", {}, "exactly one"),
        (actor, "raise", {"to": "500", "by": "100"}, "exactly one"),
        (actor, "raise", {"by": "pot"}, "takes a number"),
        (actor, "check", {}, "cannot check"),
        (h.dana, "fold", {}, "not playing"),
        (h.dana, "clock", {}, "seated"),
        (other, "clock", {}, "may be called once"),
        (actor, "show", {"cards": "As"}, "after the hand"),
        (actor, "rabbit", {}, "rabbit"),
        (actor, "back", {}, "not away"),
        (actor, "tournament leave", {}, "started"),
        (actor, "history", {"hand": "nope"}, "such as 7-t1-h12"),
    ]
    for member, command, options, expected in cases:
        r = await member.slash(h.channel, command, **options)
        text = refused(h, r)
        assert expected.lower() in text.lower(), (command, options, text)
        assert state(session) == before, (command, options)
    # A button from someone else, and a button from an earlier moment.
    msg = table_message(h, session, table)
    cid = next(c.custom_id for row in msg.components for c in row.children
               if c.custom_id.startswith("hp:f:"))
    r = await other.click(msg, custom_id=cid)
    assert "Not your turn" in refused(h, r)
    assert state(session) == before
    # A modal from an earlier moment: the action moved on (time ran out) before it was sent.
    raise_id = next(c.custom_id for row in msg.components for c in row.children
                    if c.custom_id.startswith("hp:r:"))
    shown = await actor.click(msg, custom_id=raise_id)
    assert shown.modal is not None and shown.modal["components"]
    await h.advance(121)
    late = await actor.submit_modal(shown, {"amount": "min"})
    assert "moment has passed" in reply(late) or "not dealt" in reply(late) or \
        "Not your turn" in reply(late)
    after = state(session)
    r = await actor.slash(h.channel, "back")
    assert reply(r) == "Welcome back."
    after = state(session)
    found = to_act(session)
    if found is None:
        await h.advance(HAND_DELAY)
        found = to_act(session)
    table2, hand2, seat2 = found
    actor2 = next(m for m in members if str(m.id) == hand2.players[seat2].player)
    after = state(session)
    # The raise modal refuses a bad amount and changes nothing.
    fresh = table_message(h, session, table2)
    raise_id = next((c.custom_id for row in fresh.components for c in row.children
                     if c.custom_id.startswith("hp:r:") and not c.disabled), None)
    if raise_id is not None:
        shown = await actor2.click(fresh, custom_id=raise_id)
        assert shown.modal is not None
        bad = await actor2.submit_modal(shown, {"amount": "lots"})
        assert "could not read" in reply(bad)
        assert state(session) == after
    # My cards: private, the right hand.
    other = next(m for m in members if m is not actor2)
    mine = await other.click(fresh, custom_id=next(
        c.custom_id for row in fresh.components for c in row.children
        if c.custom_id.startswith("hp:m:")))
    assert mine.ephemeral and hand2.hand_id in mine.response.content
    # A director's decision is stored with its reason.
    r = await h.director.slash(h.channel, "td ruling", text="Play continues", player=h.alice)
    assert reply(r) == "Ruling posted."
    assert any("Ruling by the director: Play continues" in m.content
               for m in h.channel.history())
    rulings = await director_rulings(h.bot.store, session.store_id)
    assert rulings and rulings[0].text == "Play continues"
    r = await h.director.slash(h.channel, "td pause", reason="dinner")
    assert reply(r) == "Paused."
    actions = await director_actions(h.bot.store, session.store_id)
    assert any(a.action == "pause" and a.reason == "dinner" for a in actions)
    r = await h.director.slash(h.channel, "tournament cancel", reason="storm")
    assert public(h, r) == "**Tuesday** is cancelled by the director: storm"
    r = await h.alice.slash(h.channel, "fold")
    assert "No tournament is running" in refused(h, r)

"""Hole cards without DMs: a player turns his DMs off with `/cards dm:False` and reads
his cards with **My cards** only; a server sets the default for players who have not chosen
(`/td settings card_dms:`); the DM stays the default. With DMs off nothing about his cards goes
anywhere but his private My cards answer."""

from __future__ import annotations

import json

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import card_patterns, create_and_join, reply, table_message, to_act


def leaks(h: Harness, since: int, cards: tuple[str, ...]) -> list[str]:
    """Requests since `since` whose body names any of `cards` (text, suit symbol or emoji). The
    seat draw's cards come from a deck of their own (a match there is chance, not a leak)."""
    out = []
    for r in h.env.http_requests[since:]:
        body = json.dumps(r.json, ensure_ascii=False) if r.json is not None else ""
        if "Button draw at table" in body:
            continue
        if any(p.search(body) for c in cards for p in card_patterns(c)):
            out.append(f"{r.method} {r.path}")
    return out


def cards_of(session, member) -> tuple[str, ...]:
    for ts in session.tournament.tables.values():
        if ts.hand is not None and (seat := ts.hand.seat_of(str(member.id))) is not None:
            return ts.hand.hole_cards(seat)
    raise AssertionError("not dealt in")


async def test_a_player_turns_his_card_dms_off_and_reads_them_with_my_cards(
        harness: Harness) -> None:
    h = harness
    saved = await h.alice.slash(h.channel, "cards", dm=False)
    assert saved.ephemeral
    assert reply(saved).startswith("Saved: no more DMs with your hole cards in this server.")
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    start = len(h.env.http_requests)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert to_act(session) is not None
    assert h.dms(h.alice) == []  # nothing sent to him
    assert len(h.dms(h.bob)) == 1 and len(h.dms(h.carol)) == 1  # the others keep their DM
    # Not told as a DM that failed, and his cards went nowhere at all.
    assert not [m for m in h.channel.history() if "cannot DM you" in m.content]
    mine = cards_of(session, h.alice)
    assert leaks(h, start, mine) == []
    assert leaks(h, start, cards_of(session, h.bob))  # the check sees a card that was sent
    # My cards: to him alone.
    table, _, _ = to_act(session)
    msg = table_message(h, session, table)
    cid = next(c.custom_id for row in msg.components for c in row.children
               if (c.custom_id or "").startswith("hp:m:"))
    shown = await h.alice.click(msg, custom_id=cid)
    assert shown.ephemeral
    assert f"(`{' '.join(mine)}`)" in reply(shown)
    # In the server's card emojis, as the table and the DMs draw them: his answer looks just
    # like the DM bob got, and `/cards` says the same.
    assert reply(shown).count("<:") == 2
    bobs = await h.bob.click(msg, custom_id=cid)
    assert reply(bobs) == h.dms(h.bob)[0].content
    assert reply(await h.alice.slash(h.channel, "cards")) == reply(shown)
    # He turns them back on: the next deal DMs him again.
    back = await h.alice.slash(h.channel, "cards", dm=True)
    assert reply(back).startswith("Saved: your hole cards come to you by DM")
    assert f"`{' '.join(mine)}`" in reply(back)  # and /cards shows them, as ever
    await h.director.slash(h.channel, "td void", reason="new deal for the test")
    await h.advance(HAND_DELAY)
    assert len(h.dms(h.alice)) == 1 and h.dms(h.alice)[0].content.startswith("Hand ")


async def test_a_server_default_off_and_a_player_who_chose_dms(harness: Harness) -> None:
    h = harness
    told = await h.director.slash(h.channel, "td settings", card_dms=False)
    assert "hole cards come only with My cards (no DM)" in reply(told)
    await h.bob.slash(h.channel, "cards", dm=True)  # his own choice wins over the default
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert to_act(session) is not None
    assert h.dms(h.alice) == [] and h.dms(h.carol) == []
    assert len(h.dms(h.bob)) == 1
    assert not [m for m in h.channel.history() if "cannot DM you" in m.content]
    shown = await h.director.slash(h.channel, "td settings")
    assert "hole cards come only with My cards (no DM)" in reply(shown)


async def test_dms_stay_the_default(harness: Harness) -> None:
    h = harness
    shown = await h.director.slash(h.channel, "td settings")
    assert "hole cards come by DM at every deal" in reply(shown)
    session = await create_and_join(h, [h.alice, h.bob])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert to_act(session) is not None
    assert len(h.dms(h.alice)) == 1 and len(h.dms(h.bob)) == 1

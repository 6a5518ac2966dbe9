"""`/history hand:` on a hand still being played: refused privately, with no
pot, no result and no cards; once the hand is over the same request gives its history."""

from __future__ import annotations

from bot.history import export_tournament

from .conftest import Harness
from .test_table_message import click, dealt
from .test_tournament_flow import refused, reply, to_act


async def test_a_hand_in_play_is_refused_until_it_ends(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, hand, seat = to_act(session)
    assert not hand.is_over
    for actor in h.players[:3]:  # in the hand or not, acted or not
        for fmt in ("text", "phh"):
            r = await actor.slash(h.channel, "history", hand=hand.hand_id, format=fmt)
            text = refused(h, r)
            assert "still being played" in text and "after it ends" in text, text
            assert "Total pot" not in text and "showed" not in text and "[" not in text
    number = hand.hand_id.rsplit("-h", 1)[1]
    r = await h.alice.slash(h.channel, "history", hand=number)  # by its number here, too
    assert "still being played" in refused(h, r)
    while not hand.is_over:
        await click(h, session, "hp:f:")
    r = await h.alice.slash(h.channel, "history", hand=hand.hand_id)
    text = reply(r)
    assert r.ephemeral and "PokerStars Hand #" in text and "Total pot" in text
    assert "still being played" not in text


async def test_a_hand_cut_short_by_a_cancel_is_never_finished_not_in_play(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, hand, _ = to_act(session)
    await h.director.slash(h.channel, "tournament cancel", reason="power cut")
    r = await h.alice.slash(h.channel, "history", hand=hand.hand_id)
    text = refused(h, r)
    assert "never finished" in text and "still being played" not in text, text
    assert "Total pot" not in text


async def test_a_tournament_export_holds_only_the_hands_that_are_over(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, first, _ = to_act(session)
    while not first.is_over:
        await click(h, session, "hp:f:")
    await h.advance(60)
    _, second, _ = to_act(session)
    assert second.hand_id != first.hand_id and not second.is_over
    text = await export_tournament(h.bot.store, session.store_id, viewer=h.alice.id,
                                   fmt="text")
    assert text.count("PokerStars Hand #") == 1
    assert "Total pot" in text

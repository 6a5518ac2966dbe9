"""A refused amount names what the player typed and what he may do instead."""

from __future__ import annotations

from .conftest import Harness
from .test_tournament_flow import actor, button, first_hand, refused, table_message, to_act


async def test_raise_to_below_the_bet_names_the_typed_amount(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await first_hand(h, members)
    found = to_act(session)
    assert found is not None
    _, hand, seat = found
    legal = hand.legal()
    assert legal is not None and legal.facing_bet and hand.chip_unit > 1
    player = actor(members, hand, seat)
    events = len(hand.events)
    r = await player.slash(h.channel, "raise", to="1")
    text = refused(h, r)
    # The player typed 1: the refusal says 1, never the amount rounding made of it.
    assert text.startswith(f"1 is less than the bet of {hand.current_bet:,}"), text
    assert f"{hand.chip_unit:,} " not in text.split(":")[0], text
    assert f"raise to at least {legal.min_raise_to:,}" in text, text
    assert f"call {legal.call_amount:,}" in text, text
    assert f"all-in for {legal.max_raise_to:,}" in text, text
    assert len(hand.events) == events
    # An amount equal to the bet with the word raise is not a raise: said so, not "more than".
    r = await player.slash(h.channel, "raise", to=str(hand.current_bet))
    text = refused(h, r)
    assert "is not more than" not in text and "only a call" in text, text
    assert len(hand.events) == events


async def test_an_amount_above_every_stack_is_confirmed_with_one_click(harness: Harness) -> None:
    # Raise modal → an amount no stack covers → a private question with one button → its click
    # puts him all-in, and the question is replaced by the answer (no button left to press).
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await first_hand(h, members)
    found = to_act(session)
    assert found is not None
    table, hand, seat = found
    player = actor(members, hand, seat)
    legal = hand.legal()
    assert legal is not None
    msg = table_message(h, session, table)
    shown = await player.click(msg, custom_id=button(msg, "hp:r:"))
    events = len(hand.events)
    asked = await player.submit_modal(shown, {"amount": "99999999"})
    assert asked.ephemeral and asked.response is not None
    assert f"all-in for {legal.max_raise_to:,}" in asked.response.content
    assert len(hand.events) == events  # nothing done before he confirms
    done = await player.click(asked.response, label=f"All-in {legal.max_raise_to:,}")
    assert hand.players[seat].all_in and len(hand.events) > events
    assert done.response is not None and done.response.content.startswith("You ")
    assert not done.response.components

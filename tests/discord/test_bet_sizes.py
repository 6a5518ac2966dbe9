"""Bets in one tap: ⅓, ½, ¾ pot, pot and min buttons under the table, each in its
place, the legal ones labelled with their "raise to" amount and the others disabled; one request
per click; a click drawn for a moment that has passed, or whose amount no longer matches, is
refused as stale and changes nothing. The All-in sits apart from Call and asks for a second
tap."""

from __future__ import annotations

import discord
import pytest

from bot.discord_ui.player_actions import PASSED, play_size
from bot.discord_ui.presenter.answers import refused_text
from bot.engine.hand_events import Acted
from bot.service import Session
from bot.service.usecases import Refused

from .conftest import Harness
from .test_reliability import actor_of, dealt
from .test_tournament_flow import table_message, to_act


def sizes(msg: discord.Message) -> dict[str, str]:
    """label -> custom_id of the size buttons offered on the table message (the others keep
    their places, disabled)."""
    return {c.label: c.custom_id for row in msg.components for c in row.children
            if (c.custom_id or "").startswith("hp:z:") and not c.disabled}


def pot_after_call(session: Session) -> tuple[int, int]:
    _, hand, _ = to_act(session)
    legal = hand.legal()
    return hand.current_bet, hand.pot_total + legal.call_amount


async def test_size_buttons_show_legal_amounts_and_raise_in_one_request(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    shown = sizes(msg)
    current, after = pot_after_call(session)
    legal = hand.legal()
    pot = current + after  # a pot-size raise: the call plus the pot after the call
    assert f"Pot {pot:,}" in shown
    for label in shown:
        amount = int(label.rsplit(" ", 1)[1].replace(",", ""))
        assert legal.min_raise_to <= amount < legal.max_raise_to
    assert f"Min {legal.min_raise_to:,}" in shown
    # Discord's limits: at most five buttons a row, five rows; the sizes share one row.
    assert len(msg.components) <= 5 and all(len(r.children) <= 5 for r in msg.components)
    assert len({row for row in msg.components
                for c in row.children if (c.custom_id or "").startswith("hp:z:")}) == 1
    # The Raise modal for any amount and the all-in stay.
    assert any((c.custom_id or "").startswith("hp:r:") for r in msg.components
               for c in r.children)
    start = len(h.env.http_requests)
    await actor_of(h, session).click(msg, custom_id=shown[f"Pot {pot:,}"])
    assert len(h.env.http_requests) - start == 1  # the click's own answer edits the table
    acted = [e for e in hand.events if isinstance(e, Acted) and e.seat == seat][-1]
    assert (acted.action, acted.to) == ("raise", pot)
    assert f"{pot:,}" in table_message(h, session, table).embeds[0].description


async def test_a_size_click_from_a_passed_moment_is_refused(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    t = session.tournament
    table, hand, seat = to_act(session)
    first = actor_of(h, session)
    old = table_message(h, session, table)
    drawn = (hand.hand_id, len(hand.events))
    pot = next(cid for label, cid in sizes(old).items() if label.startswith("Pot "))
    call = next(c.custom_id for r in old.components for c in r.children
                if (c.custom_id or "").startswith("hp:c:"))
    await first.click(old, custom_id=call)
    count = t.event_count
    # His Pot button's click arrives after he called (a queued click): that moment has passed.
    amount = int(pot.rsplit(":", 1)[1])
    with pytest.raises(Refused) as refused:
        await play_size(session, int(hand.players[seat].player), "pot", amount, expect=drawn)
    assert refused_text(refused.value) == PASSED
    assert t.event_count == count
    # The table now shows the next player's sizes, drawn for the new moment.
    fresh = sizes(table_message(h, session, table))
    assert fresh and all(f":{len(hand.events)}:" in cid for cid in fresh.values())


async def test_an_amount_that_no_longer_matches_is_refused_under_the_lock(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    t = session.tournament
    _, hand, seat = to_act(session)
    player = int(hand.players[seat].player)
    now = (hand.hand_id, len(hand.events))
    current, after = pot_after_call(session)
    count = t.event_count
    # The button's moment is current, but its amount is not what the pot gives now.
    with pytest.raises(Refused) as refused:
        await play_size(session, player, "pot", current + after + 1, expect=now)
    assert refused_text(refused.value) == PASSED
    assert t.event_count == count
    assert await play_size(session, player, "pot", current + after,
                           expect=now) == f"You raise to {current + after:,}."


def rows(msg: discord.Message) -> list[list[tuple[str, str, bool]]]:
    """Each row's buttons as (custom id prefix, label, disabled)."""
    return [[((c.custom_id or "")[:5], c.label or "", c.disabled) for c in row.children]
            for row in msg.components]


async def test_all_in_sits_apart_from_call_and_asks_for_a_second_tap(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    drawn = rows(msg)
    call_row = next(r for r in drawn if any(cid == "hp:c:" for cid, _, _ in r))
    assert not any(cid == "hp:a:" for cid, _, _ in call_row)
    assert drawn[-1][-1][0] == "hp:a:"  # the last button, in the last row
    total = hand.legal().max_raise_to
    before = len(hand.events)
    player = actor_of(h, session)
    asked = await player.click(msg, custom_id=next(
        c.custom_id for r in msg.components for c in r.children
        if (c.custom_id or "").startswith("hp:a:")))
    assert asked.ephemeral and len(hand.events) == before  # nothing played yet
    question = asked.followups[-1] if asked.followups else asked.response
    assert question.content == (f"All-in for {total:,}? Tap **Confirm all-in {total:,}** to "
                                "play it; anything else leaves it.")
    confirm = question.components[0]["components"][0]
    assert confirm["label"] == f"Confirm all-in {total:,}"
    done = await player.click(question.message, custom_id=confirm["custom_id"])
    acted = [e for e in hand.events if isinstance(e, Acted) and e.seat == seat][-1]
    assert acted.all_in and "all-in" in (done.response.content if done.response else "")


async def test_the_sizes_keep_their_places_from_turn_to_turn(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    seen = []
    for _ in range(3):
        table, hand, _ = to_act(session)
        msg = table_message(h, session, table)
        row = next(r for r in rows(msg) if r and r[0][0] == "hp:z:")
        seen.append([(label.split(" ")[0], disabled) for _, label, disabled in row])
        legal = hand.legal()
        for _, label, disabled in row:  # an offered size is legal, one not offered is not
            if not disabled:
                amount = int(label.rsplit(" ", 1)[1].replace(",", ""))
                assert legal.min_raise_to <= amount < legal.max_raise_to
        await actor_of(h, session).click(msg, custom_id=next(
            c.custom_id for r in msg.components for c in r.children
            if (c.custom_id or "").startswith("hp:c:")))
        if to_act(session) is None or to_act(session)[1] is not hand:
            break
    assert all([name for name, _ in labels] == ["Min", "⅓", "½", "¾", "Pot"]
               for labels in seen), seen
    assert any(disabled for labels in seen for _, disabled in labels), seen

"""A click whose action waits past Discord's 3 s (the tournament's announcer busy: a deal of
many tables posted at Discord's pace, or requests queued under the global limit) is still
answered: acknowledged with a deferred update within `ANSWER_WITHIN`, then the clicked message
edited through the click's webhook once the action is through. Without the guard Discord drops
the interaction and the player reads "This interaction failed" though his action was taken
(each test fails so without `acknowledged_if_slow`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.discord_ui.announcer.state import Places
from bot.discord_ui.click_update import ANSWER_WITHIN

from .conftest import Harness
from .test_deal import _online_paused, fresh, no_late_registration, proposal_message
from .test_tournament_flow import button, first_decision, table_message

__all__ = ["no_late_registration"]  # a fixture, used by name

BUSY = 4.0  # seconds the tournament's lock stays with another sender: past Discord's 3 s


def busy_announcer(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the tournament's lock is held elsewhere for `BUSY` seconds whenever the
    announcer asks for it (a stand-in for a deal of many tables being posted)."""
    real = h.bot.announcer.places.holding

    @contextlib.asynccontextmanager
    async def holding(places: Places) -> AsyncIterator[None]:
        await asyncio.sleep(BUSY)
        async with real(places):
            yield

    monkeypatch.setattr(h.bot.announcer.places, "holding", holding)


async def slowly(h: Harness, monkeypatch: pytest.MonkeyPatch,
                 operation: Callable[[], Awaitable[Any]]) -> tuple[Any, list[str]]:
    """Run a click or submit while the announcer is busy; its result and the HTTP calls the
    bot made for it, in order."""
    busy_announcer(h, monkeypatch)
    seen = len(h.env.transcript().splitlines())
    # The operation's settle returns while the handler waits: its real-time window is shorter
    # than the guard's timer, which then runs on virtual time in the advance, as the busy lock
    # does (a timer inside the window would be waited for on the wall clock).
    settle, h.env.settle_timeout = h.env.settle_timeout, ANSWER_WITHIN - 0.1
    try:
        result = await operation()
    finally:
        h.env.settle_timeout = settle
    assert not calls(h, seen)  # nothing answered yet
    await h.advance(BUSY + 1)
    return result, calls(h, seen)


def calls(h: Harness, since: int) -> list[str]:
    return [line for line in h.env.transcript().splitlines()[since:] if line.startswith("HTTP")]


def acknowledged_then_edited(result: Any, sent: list[str], message_id: int) -> None:
    assert result.acknowledged and not result.ephemeral
    assert result.response is not None and result.response.id == message_id
    assert "/callback" in sent[0] and "'type': 6" in sent[0], sent  # a deferred update
    assert any(c.startswith("HTTP     PATCH /webhooks/") and "@original" in c
               for c in sent[1:]), sent


@pytest.mark.parametrize("prefix", ["hp:f:", "hp:z:"])  # fold; a one-tap size (another path)
async def test_a_click_kept_waiting_past_discords_three_seconds_is_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, prefix: str) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    before = len(d.hand.events)
    cid = button(d.msg, prefix)
    assert cid is not None
    shown, sent = await slowly(h, monkeypatch, lambda: d.player.click(d.msg, custom_id=cid))
    acknowledged_then_edited(shown, sent, d.msg.id)
    assert not h.env.errors
    # The action was taken, and the table message shows the hand after it.
    assert len(d.hand.events) > before
    now = table_message(h, d.session, d.table).embeds[0]
    assert now.title.startswith(f"Hand {d.hand.hand_id}")
    assert ("fold" if prefix == "hp:f:" else "raise") in (now.description or "").lower()


async def test_a_raise_kept_waiting_and_its_all_in_confirmation_are_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    shown = await d.player.click(d.msg, custom_id=button(d.msg, "hp:r:"))
    assert shown.modal is not None
    # A typed amount beyond every stack: the bot asks to confirm, and the confirmation, kept
    # waiting, is answered in its own message.
    asked = await d.player.submit_modal(shown, {"amount": "99999999999999"})
    confirm = asked.followups[-1] if asked.followups else asked.response
    all_in = confirm.components[0]["components"][0]
    before = len(d.hand.events)
    _, sent = await slowly(h, monkeypatch,
                           lambda: d.player.click(confirm.message, custom_id=all_in["custom_id"]))
    assert "'type': 6" in sent[0] and any("PATCH /webhooks/" in c for c in sent[1:]), sent
    assert len(d.hand.events) > before and d.hand.players[d.seat].all_in
    edited = next(c for c in sent if "PATCH /webhooks/" in c)
    assert "all-in" in edited, edited
    assert not h.env.errors


async def test_a_raise_from_the_modal_kept_waiting_is_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    shown = await d.player.click(d.msg, custom_id=button(d.msg, "hp:r:"))
    assert shown.modal is not None
    before = len(d.hand.events)
    result, sent = await slowly(h, monkeypatch,
                                lambda: d.player.submit_modal(shown, {"amount": "min"}))
    acknowledged_then_edited(result, sent, d.msg.id)
    assert len(d.hand.events) > before
    assert "raise" in (table_message(h, d.session, d.table).embeds[0].description or "").lower()
    assert not h.env.errors


async def test_a_refused_acknowledgement_still_leaves_the_action_and_the_table_edited(
        harness: Harness, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    before = len(d.hand.events)
    h.env.inject_error("POST", "/interactions/*/callback", status=500)  # the deferral
    _, sent = await slowly(h, monkeypatch,
                           lambda: d.player.click(d.msg, custom_id=button(d.msg, "hp:f:")))
    logged = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert "could not acknowledge a slow click (HTTP 500)" in logged, logged
    assert "could not answer a click with the table (HTTP 404)" in logged, logged
    # Too late to answer the click: the action stands and the table message is edited.
    assert len(d.hand.events) > before
    assert any(c.startswith(f"HTTP     PATCH /channels/{d.msg.channel.id}/messages/{d.msg.id}")
               for c in sent), sent
    assert "fold" in (table_message(h, d.session, d.table).embeds[0].description or "").lower()


@pytest.mark.usefixtures("no_late_registration")
async def test_a_deal_answer_kept_waiting_is_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    session, _ = await _online_paused(h, "tda")
    assert len(h.env.errors) == 1  # its /td deal before the pause, refused (read: acknowledged)
    cursor = h.env.error_cursor
    await h.director.slash(h.channel, "td deal", method="icm")
    msg = proposal_message(h)
    assert session.tournament.deal_offer is not None
    _, sent = await slowly(h, monkeypatch, lambda: h.alice.click(msg, label="Accept"))
    assert "'type': 6" in sent[0] and "/callback" in sent[0], sent
    assert any(c.startswith("HTTP     PATCH /webhooks/") and "@original" in c for c in sent[1:])
    offer = session.tournament.deal_offer
    assert offer is not None and str(h.alice.id) in offer.accepted
    waiting = fresh(h, msg).content.rsplit("Waiting for: ", 1)[1]
    assert "alice" not in waiting and "bob" in waiting  # the proposal shows her answer
    assert not h.env.errors_since(cursor)

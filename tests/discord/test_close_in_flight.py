"""A bot closing for a restart plays out the interactions it is answering (in_flight.py): their
actions are committed and answered before the store and the connection close. One that arrives
while it closes is refused, saying so, and changes nothing."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import create_bot
from bot.service.server_files import resolve_structure
from bot.store import StoreError

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_deal import _online_paused, no_late_registration, proposal_message
from .test_tournament_flow import button, create_and_join, first_decision

__all__ = ["no_late_registration"]  # a fixture, used by name

WAIT = 1.5  # seconds: under the 2 s after which a click is acknowledged first (click_update.py)
RESTARTING = "The bot is restarting: try again in a minute. Nothing was changed."


async def test_a_click_being_answered_when_the_bot_closes_is_taken_and_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    before = len(d.hand.events)
    # The click waits WAIT seconds before its action is applied and committed (the
    # tournament's lock held elsewhere), and the bot is told to close meanwhile.
    run_locked = d.session._run_locked

    async def slow_run_locked(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(WAIT)
        return await run_locked(*args, **kwargs)

    monkeypatch.setattr(d.session, "_run_locked", slow_run_locked)
    seen = len(h.env.transcript().splitlines())
    settle, h.env.settle_timeout = h.env.settle_timeout, WAIT - 0.1
    try:
        shown = await d.player.click(d.msg, custom_id=button(d.msg, "hp:f:"))
    finally:
        h.env.settle_timeout = settle
    closing = asyncio.ensure_future(h.bot.close())
    await asyncio.sleep(0)
    assert not closing.done()
    await h.advance(WAIT + 1)
    await closing
    sent = [c for c in h.env.transcript().splitlines()[seen:] if c.startswith("HTTP")]
    # Committed before the store closed, and answered before the connection did.
    assert not h.env.errors  # no "commit failed", no answer to a closed connection
    assert shown.acknowledged and shown.response is not None and shown.response.id == d.msg.id
    assert any("/callback" in c and "'type': 7" in c for c in sent), sent
    assert len(d.hand.events) > before
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    again = new.tournaments.unfinished_in(h.guild.id)[0].tournament.tables[d.table].hand
    assert again is not None and len(again.events) == len(d.hand.events)  # the fold is kept


async def test_a_click_or_command_arriving_while_the_bot_closes_is_refused(
        harness: Harness) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    before = len(d.hand.events)
    h.bot.in_flight.closing = True  # what close() sets first
    clicked = await d.player.click(d.msg, custom_id=button(d.msg, "hp:c:"))
    assert clicked.ephemeral and clicked.response is not None
    assert clicked.response.content == RESTARTING
    typed = await d.player.slash(h.channel, "fold")
    assert typed.ephemeral and typed.response is not None
    assert typed.response.content == RESTARTING
    assert len(d.hand.events) == before  # nothing was changed
    h.bot.in_flight.closing = False


@pytest.mark.usefixtures("no_late_registration")
async def test_a_deal_answer_arriving_while_the_bot_closes_is_refused(harness: Harness) -> None:
    h = harness
    session, _ = await _online_paused(h, "tda")
    await h.director.slash(h.channel, "td deal", method="icm")
    msg = proposal_message(h)
    h.bot.in_flight.closing = True
    r = await h.alice.click(msg, label="Accept")
    assert r.ephemeral and r.response is not None and r.response.content == RESTARTING
    offer = session.tournament.deal_offer
    assert offer is not None and not offer.accepted  # nothing was changed
    h.bot.in_flight.closing = False


async def test_a_structure_level_sent_while_the_bot_closes_is_refused(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=7)
    assert shown.modal is not None
    h.bot.in_flight.closing = True
    r = await h.director.submit_modal(shown, {"small": "300", "big": "700", "ante": "0",
                                              "minutes": "10"})
    assert r.ephemeral and r.response is not None and r.response.content == RESTARTING
    h.bot.in_flight.closing = False
    level = (await resolve_structure(h.bot.store, h.guild.id, "Friday")).levels[6]
    assert level.big_blind == 600  # nothing was changed


async def test_closing_twice_is_quiet_and_the_last_heartbeat_is_written_once(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """A signal handler and a `finally` may both close the bot: the second close, at the same
    time or after, does nothing and logs nothing."""
    h = harness
    session = await create_and_join(h, [h.alice, h.bob])
    await h.director.slash(h.channel, "tournament start")
    beats = []
    write = h.bot.tournaments._write_beat

    async def counted(ids: list[int]) -> None:
        beats.append(list(ids))
        await write(ids)

    h.bot.tournaments._write_beat = counted  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING):
        await asyncio.gather(h.bot.close(), h.bot.close())
        await h.bot.close()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert beats == [[session.store_id]]
    with pytest.raises(StoreError, match="closed"):
        await h.bot.store.guild_settings(h.guild.id)

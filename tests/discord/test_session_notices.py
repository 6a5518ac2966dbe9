"""What a channel hears of the tournament's session itself (saving failed, saving works again):
the same words on an online table's channel (the announcer) and a live night's (the live clock)."""

from __future__ import annotations

from bot.service import Notice, Outcome

from .conftest import Harness
from .test_live_night import live_night


async def test_a_live_night_hears_that_saving_is_retried_and_works_again(harness: Harness) -> None:
    h = harness
    session, _ = await live_night(h)
    await h.bot.live_clock.listener(session, Outcome(notice=Notice.SAVE_RETRYING))
    assert "I keep trying by myself" in h.channel.last_message.content
    await h.bot.live_clock.listener(session, Outcome(notice=Notice.SAVE_RESUMED))
    assert h.channel.last_message.content == "Saving works again: the tournament goes on."

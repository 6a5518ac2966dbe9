"""The running bot freezes what has lived long every FREEZE_EVERY seconds of its clock
(bot/discord_ui/freezer.py, bot/service/collector.py): the collector's full passes then walk
only what has aged since the last freeze."""

from __future__ import annotations

import gc

from bot.service.collector import FREEZE_EVERY
from tests.service.test_collector import Node, tracked

from .conftest import Harness


async def test_the_bot_freezes_what_has_lived_a_period(harness: Harness) -> None:
    h = harness
    assert h.bot.freezer is not None
    long_lived = Node()
    try:
        await h.advance(FREEZE_EVERY / 2)
        assert tracked(long_lived) and h.bot.freezer.freezes == 0  # not at start
        await h.advance(FREEZE_EVERY / 2 + 1)
        assert not tracked(long_lived) and h.bot.freezer.freezes == 1
        await h.advance(FREEZE_EVERY)
        assert h.bot.freezer.freezes == 2
    finally:
        gc.unfreeze()

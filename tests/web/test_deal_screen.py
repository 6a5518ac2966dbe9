"""The room's screen after a deal at the final table, in a real browser: the dealt
prizes by name and what is still played for replace the payout table's places, without a
reload, and nothing is cut or off the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord.conftest import Harness
from tests.discord.test_deal import (  # noqa: F401  (the autouse fixture, registered by name)
    _live_started,
    fresh,
    no_late_registration,
    proposal_message,
)

from .helpers import payouts, screen_link, shoot, wait_text


async def test_the_screen_shows_the_dealt_prizes(harness: Harness, browser: Any,
                                                 tmp_path: Path) -> None:
    h = harness
    await _live_started(h, "tda")
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    await page.goto(url)
    await wait_text(page, "link", "● live")
    assert (await payouts(page))[:2] == ["1st 28", "2nd 12"]
    await h.director.slash(h.channel, "td deal", method="icm", keep=4,
                           stacks="alice 8000, bob 6000, carol 4000, dana 2000")
    msg = proposal_message(h)
    for name in ("alice", "bob", "carol", "dana"):
        await h.director.click(fresh(h, msg), label=f"✓ {name}")
    await page.wait_for_function(
        "() => document.getElementById('payouts').textContent.startsWith('Deal (ICM)')")
    shown = await payouts(page)
    assert shown[0] == "Deal (ICM)" and shown[-1] == "Still played for 4", shown
    assert not any(line.startswith("1st") for line in shown), shown
    assert [line.split()[0] for line in shown[1:-1]] == ["alice", "bob", "carol", "dana"], shown
    assert await shoot(page, tmp_path, "clock-after-a-deal") == {}

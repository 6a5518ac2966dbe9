"""The room's screen follows the director's hand on the clock: `/td time`,
`/td level` and `/td break` show on the page by themselves, in a real browser."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import Harness
from tests.discord.test_live_night import live_night

from .helpers import screen_link, seconds, text, wait_text


async def test_the_screen_shows_time_level_and_break_changes(harness: Harness,
                                                             browser: Any) -> None:
    h = harness
    await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    await page.goto(url)
    await wait_text(page, "link", "● live")
    assert await text(page, "level") == "Level 1"

    await h.director.slash(h.channel, "td time", change="12:00")
    await page.wait_for_function(
        "() => { const [m, s] = document.getElementById('countdown').textContent.trim()"
        ".split(':').map(Number); return m * 60 + s <= 720 && m * 60 + s >= 715; }")

    await h.director.slash(h.channel, "td level", to="3")
    await wait_text(page, "level", "Level 3")
    assert await text(page, "blinds") == "75 / 150"

    await h.director.slash(h.channel, "td break", minutes=15)
    await wait_text(page, "banner", "BREAK")
    assert (await text(page, "level")).startswith("Break · then level 3")
    assert 15 * 60 - 5 <= seconds(await text(page, "countdown")) <= 15 * 60

    await h.director.slash(h.channel, "td break")
    await wait_text(page, "level", "Level 3")
    assert await page.is_hidden("#banner")
    assert 20 * 60 - 5 <= seconds(await text(page, "countdown")) <= 20 * 60

"""The room's clock in a real browser: the link from `/td screen`, the level, the
blinds and a countdown that falls a second a second, a bust, a pause, the sound, a level change
and a break shown without a reload, and every size of screen with nothing cut or off it."""

from __future__ import annotations

import asyncio
import math
import time
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import FINISHED_KEPT_SECONDS
from bot.web import server
from tests.discord.conftest import Harness
from tests.discord.test_live_night import GUESTS, bust, live_night

from .helpers import counts_down_from, payouts, screen_link, seconds, shoot, text, wait_text

LEVEL = 20 * 60  # the regular structure's levels


async def test_the_clock_on_the_rooms_screen(harness: Harness, browser: Any,
                                             tmp_path: Path) -> None:
    h = harness
    await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    loaded = time.monotonic()
    await page.goto(url)
    await wait_text(page, "link", "● live")
    assert await text(page, "name") == "Friday Night"
    assert await text(page, "level") == "Level 1"
    assert await text(page, "blinds") == "25 / 50"
    assert await text(page, "ante") == "No ante"
    assert await text(page, "next") == "50/100"
    assert await text(page, "players") == "14 of 14"
    assert await text(page, "pool") == "280"
    assert (await payouts(page))[:2] == ["1st 113", "2nd 70"]
    assert counts_down_from(await text(page, "breakin"), 80 * 60, loaded)

    # The countdown falls a second a second, worked out in the browser: it reads the level's
    # time less the real time gone, falls by itself, and never faster than real time.
    assert counts_down_from(await text(page, "countdown"), LEVEL, loaded)
    first = seconds(await text(page, "countdown"))
    began = time.monotonic()
    await page.wait_for_function(
        "([id, below]) => document.getElementById(id).textContent.trim().split(':')"
        ".map(Number).reduce((a, b) => a * 60 + b, 0) <= below",
        arg=["countdown", first - 2], timeout=60_000)
    later = seconds(await text(page, "countdown"))
    assert first - later <= math.ceil(time.monotonic() - began) + 1, (first, later)

    problems = await shoot(page, tmp_path, "clock-level-1")
    assert problems == {}

    # The sound is turned on by one click (browsers allow no sound before one).
    await page.click("#sound")
    assert await page.is_hidden("#sound")

    # A bust shows without a reload.
    await bust(h, h.director, "Dana Smith")
    await wait_text(page, "players", "13 of 14")

    # Paused: unmistakable, and the countdown stands still.
    await h.director.slash(h.channel, "td pause")
    await wait_text(page, "banner", "PAUSED")
    assert await page.evaluate("document.body.classList.contains('paused')")
    frozen = await text(page, "countdown")
    await asyncio.sleep(1.5)
    assert await text(page, "countdown") == frozen
    problems = await shoot(page, tmp_path, "clock-paused")
    assert problems == {}
    await h.director.slash(h.channel, "td resume")
    await page.wait_for_function("() => !document.body.classList.contains('paused')")
    assert await page.is_hidden("#banner")

    # A minute before the level ends: a beep and the countdown in yellow (the next change the
    # page hears brings the server's clock with it).
    beeps = int(await page.evaluate("Number(document.body.dataset.beeps || 0)"))
    await h.advance(LEVEL - 50 - (await elapsed(h)))
    await bust(h, h.director, "Ed Guest")
    await wait_text(page, "players", "12 of 14")
    await page.wait_for_function("() => document.body.classList.contains('warning')")
    assert int(await page.evaluate("Number(document.body.dataset.beeps)")) == beeps + 1

    # The level changes: the page says so by itself, with a beep.
    await h.advance(60)
    await wait_text(page, "level", "Level 2")
    assert await text(page, "blinds") == "50 / 100"
    assert int(await page.evaluate("Number(document.body.dataset.beeps)")) == beeps + 2

    # The break: its own screen and countdown, then the level after it.
    await h.advance(3 * LEVEL)
    await wait_text(page, "banner", "BREAK")
    assert await page.evaluate("document.body.classList.contains('on-break')")
    assert (await text(page, "level")).startswith("Break · then level 5")
    assert await text(page, "breakin") != "now"  # the break after this one, if any
    assert 9 * 60 <= seconds(await text(page, "countdown")) <= 10 * 60
    problems = await shoot(page, tmp_path, "clock-break")
    assert problems == {}


async def elapsed(h: Harness) -> float:
    """Play seconds the tournament's clock has run (virtual time)."""
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    return session.tournament.play_time(h.now())


async def test_a_device_with_a_wrong_clock_counts_down_with_the_bots(harness: Harness,
                                                                     browser: Any) -> None:
    """The countdown is the bot's deadline minus the bot's clock: a TV whose own clock is an
    hour and a half off (or drifts) still shows the level's true time left."""
    h = harness
    await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(5 * 60)
    url = await screen_link(h)
    page = await browser.new_page()
    await page.add_init_script(
        "(() => { const real = Date.now; Date.now = () => real() + 5400e3; })()")
    await page.goto(url)
    await wait_text(page, "link", "● live")
    assert LEVEL - 5 * 60 - 3 <= seconds(await text(page, "countdown")) <= LEVEL - 5 * 60


@pytest.fixture
def quick_refresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages' state sent again every half second (what no outcome tells, a tournament
    let go of, reaches them then), not every 15 s; before the harness starts the server."""
    monkeypatch.setattr(server, "PING_SECONDS", 0.5)


async def test_a_screen_left_on_still_names_the_winner_once_the_bot_lets_go(
        quick_refresh: None, harness: Harness, browser: Any, tmp_path: Path) -> None:
    """The bot lets go of a finished tournament FINISHED_KEPT_SECONDS after its end; the room's
    screen, left on or reloaded after that, still says whose night it was and who won it."""
    h = harness
    session, members = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    await page.goto(url)
    await wait_text(page, "link", "● live")
    names = [m.name for m in members] + list(GUESTS)
    for name in names[:-1]:
        await bust(h, h.director, name)
    assert session.tournament.status == "finished"
    await wait_text(page, "banner", f"{names[-1]} wins")
    await h.advance(FINISHED_KEPT_SECONDS + 60)
    assert h.bot.tournaments.get(session.store_id) is None  # let go of
    await asyncio.sleep(1.5)  # the state sent again since
    assert await text(page, "banner") == f"{names[-1]} wins"
    assert await text(page, "name") == "Friday Night"
    await page.reload()
    await wait_text(page, "link", "● live")
    assert await text(page, "banner") == f"{names[-1]} wins"
    assert await text(page, "name") == "Friday Night"
    assert await text(page, "breakin") == "–"  # nothing left to count down (not "NaN:NaN")
    problems = await shoot(page, tmp_path, "clock-let-go")
    assert problems == {}

"""The director's remote in a real browser: `/td screen control:True` opens the clock with its
controls; a key on the TV's keyboard pauses the night as `/td pause` does (the channel hears
it, the director action names whose link it was); a refusal shows on the page; a view link
has no controls and its token is refused for control, as is a request from another site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp

from bot.service.usecases.director import director_actions
from tests.discord.conftest import Harness
from tests.discord.test_live_night import Channel, live_night

from .helpers import screen_link, seconds, shoot, shots, text, wait_text


async def _post(url: str, body: Any = None, headers: dict[str, str] | None = None) -> int:
    sent = {"Content-Type": "application/json", "X-Screen-Control": "1", **(headers or {})}
    async with aiohttp.ClientSession() as http, http.post(
            url + "/control", json=body or {"action": "pause"}, headers=sent) as response:
        return response.status


async def test_the_remote_runs_the_clock_as_the_director(harness: Harness, browser: Any,
                                                         tmp_path: Path) -> None:
    h = harness
    folder = shots(tmp_path)
    seen = Channel(h)
    session, _ = await live_night(h)
    t = session.tournament
    await h.director.slash(h.channel, "tournament start")
    r = await h.director.slash(h.channel, "td screen", control=True)
    assert r.ephemeral
    remote = await screen_link(h, control=True)
    view = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    await page.goto(remote)
    await wait_text(page, "link", "● live")
    assert await page.is_visible("#controls")
    assert await shoot(page, folder, "08-remote") == {}
    seen.new()

    # Space pauses: the channel hears it as it hears /td pause, by this director.
    await page.keyboard.press("Space")
    await wait_text(page, "banner", "PAUSED")
    assert t.paused
    await wait_text(page, "notice", "Paused.")
    assert any("paused" in p and "remote" in p for p in seen.new())
    kept = [a for a in await director_actions(h.bot.store, session.store_id)
            if a.action == "pause"]
    assert [a.director_id for a in kept] == [h.director.id]
    assert await text(page, "c-pause") == "▶ Resume"

    # A refusal is worded as the command's, on the page; nothing changes.
    count = t.event_count
    await page.keyboard.press("ArrowLeft")
    await page.wait_for_function(
        "() => document.getElementById('notice').textContent.includes('level 1')")
    # The words `/td level to:previous` answers with.
    assert await text(page, "notice") == (
        "This is level 1: there is no level before it. Nothing was changed.")
    assert await page.evaluate("document.getElementById('notice').classList.contains"
                               "('refused')")
    assert t.event_count == count
    assert await shoot(page, folder, "09-remote-refused") == {}

    # The buttons do the same as the keys: resume, a minute more, a break and its end.
    await page.click("#c-pause")
    await page.wait_for_function("() => !document.body.classList.contains('paused')")
    before = seconds(await text(page, "countdown"))
    await page.keyboard.press("ArrowUp")
    await page.wait_for_function(
        "(before) => { const [m, s] = document.getElementById('countdown').textContent"
        ".split(':').map(Number); return m * 60 + s >= before + 55; }", arg=before)
    await page.keyboard.press("b")
    await wait_text(page, "banner", "BREAK")
    assert await text(page, "c-break") == "▶ End break"
    await page.keyboard.press("B")
    await wait_text(page, "level", "Level 1")
    await page.keyboard.press("h")
    await page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Hand for hand')")
    assert t.hand_for_hand
    await page.keyboard.press("H")
    await page.wait_for_function("() => document.getElementById('status').hidden")
    await page.keyboard.press("?")
    assert await page.is_visible("#help")
    assert await shoot(page, folder, "10-remote-keys") == {}
    await page.keyboard.press("Escape")
    assert await page.is_hidden("#help")

    # A view link's page has no controls, and its token cannot control.
    viewer = await browser.new_page(viewport={"width": 1280, "height": 720})
    await viewer.goto(view)
    await wait_text(viewer, "link", "● live")
    assert await viewer.is_hidden("#controls")
    await viewer.keyboard.press("Space")
    assert await _post(view) == 403
    assert not t.paused
    # The control token from another site, or without the remote's own header: refused.
    assert await _post(remote, headers={"Origin": "https://evil.example"}) == 403
    assert await _post(remote, headers={"Sec-Fetch-Site": "cross-site"}) == 403
    assert await _post(remote, headers={"X-Screen-Control": "0"}) == 403
    assert await _post(remote, body={"action": "shutdown"}) == 400
    assert not t.paused
    assert await _post(remote) == 200 and t.paused

    # Revoked: the remote stops too.
    await screen_link(h, revoke=True)
    assert await _post(remote, body={"action": "resume"}) == 404
    assert t.paused

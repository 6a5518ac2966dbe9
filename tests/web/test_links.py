"""Who opens a screen: only the link `/td screen` gave (404 for anything else, the same answer),
links that survive a restart of the bot (the open page comes back by itself), and
`/td screen revoke:True`, after which every earlier link is dead, open pages included."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot.discord_ui.client import create_bot
from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.web import links as links_module
from bot.web.links import ENDED_LINK_SECONDS, ScreenLinks, token_hash
from tests.discord.conftest import GUILD_ID, HAND_DELAY, Harness
from tests.discord.test_live_night import bust, live_night
from tests.discord.test_tournament_flow import refused, reply

from .helpers import screen_link, text, wait_text


async def status(url: str) -> int:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status


async def test_only_the_link_opens_the_screen(harness: Harness) -> None:
    h = harness
    session, _ = await live_night(h)
    url = await screen_link(h)
    parts = urlsplit(url)
    base = f"{parts.scheme}://{parts.netloc}"
    tid, token = parts.path.split("/")[2:4]
    assert await status(url) == 200
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (f"{base}/screen/{tid}/{wrong}", f"{base}/screen/{int(tid) + 1}/{token}",
                f"{base}/screen/{tid}/{wrong}/events", f"{base}/screen/{tid}",
                f"{base}/screen/{tid}/{token}x", f"{base}/screen/{tid}/{token}/table/1x",
                f"{base}/", f"{base}/static/screen.css", f"{base}/screen/{tid}/short"):
        assert await status(bad) == 404, bad
    # Only the token's hash is kept, as a director action of the tournament.
    actions = [a for a in await h.bot.store.director_actions(session.store_id)
               if a.action == "screen"]
    assert [a.director_id for a in actions] == [h.director.id]
    assert actions[0].data["token_sha256"] == token_hash(token)
    assert token not in repr(actions)
    # Another director's link opens it too; the first one still does.
    second = await screen_link(h)
    assert second != url and await status(second) == 200 and await status(url) == 200


async def test_the_page_comes_back_after_a_restart_and_dies_when_revoked(
        harness: Harness, browser: Any, tmp_path: Path) -> None:
    h = harness
    await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1366, "height": 768})
    await page.goto(url)
    await wait_text(page, "link", "● live")
    await bust(h, h.director, "Hank")
    await wait_text(page, "players", "13 of 14")

    # The bot restarts on the same database and port: the open page reconnects by itself
    # and shows the whole state again.
    old = h.bot
    port = old.web.port if old.web is not None else None
    await old.close()
    await wait_text(page, "link", "reconnecting…")
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                     web_port=port)
    await h.env.restart_bot(new)
    h.bot = new
    try:
        await wait_text(page, "link", "● live", timeout=15000)
        assert await text(page, "players") == "13 of 14"
        assert await text(page, "level") == "Level 1"
        # The same link opens it after the restart (its hash was kept), and it still updates.
        assert await status(url) == 200
        await bust(h, h.director, "Gabe")
        await wait_text(page, "players", "12 of 14")

        # Revoked: the open page is told, and the old link is a 404 from now on.
        fresh = await screen_link(h, revoke=True)
        await wait_text(page, "link", "link revoked")
        assert await text(page, "banner") == "This link no longer works"
        assert await status(url) == 404
        assert await status(fresh) == 200
    finally:
        if new.web is not None:
            await new.web.stop()


async def test_a_finished_nights_links_are_revocable_and_stop_after_a_day(
        harness: Harness) -> None:
    """After the night the director can still revoke the room's links (the tournament is no
    longer running in the channel), and a finished night's links stop by themselves a day after
    its end."""
    h = harness
    session, members = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    kept = await screen_link(h)
    names = [m.name for m in members] + ["Dana Smith", "Ed Guest", "Flo", "Gabe", "Hank"]
    for name in names[:-1]:
        await bust(h, h.director, name)
    assert session.tournament.status == "finished"
    assert await status(url) == 200  # the room still reads who won

    r = await h.director.slash(h.channel, "td screen", revoke=True)
    words = reply(r)
    assert r.ephemeral and "no longer work" in words and "No tournament" not in words, words
    assert "http" not in words  # nothing to show any more: no new link
    assert await status(url) == 404 and await status(kept) == 404

    # A link of a finished night works for a day after its end, then stops by itself.
    await h.advance(60)
    later = await h.director.slash(h.channel, "td screen", revoke=True)
    assert "no longer work" in reply(later)
    r = await h.director.slash(h.channel, "td screen")
    assert "No tournament" in refused(h, r)  # no new link for a night that is over


async def test_a_finished_nights_link_stops_a_day_after_its_end(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    session, members = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    url = await screen_link(h)
    names = [m.name for m in members] + ["Dana Smith", "Ed Guest", "Flo", "Gabe", "Hank"]
    for name in names[:-1]:
        await bust(h, h.director, name)
    assert session.tournament.status == "finished"
    # A day after the end (kept from the finish's own time, as a restart reads it too).
    links = h.bot.screen_links
    assert not links.expired(session.store_id, h.now() + ENDED_LINK_SECONDS - 60)
    assert links.expired(session.store_id, h.now() + ENDED_LINK_SECONDS + 60)
    # The server keeps to it: with the day made two minutes, the link dies in three.
    monkeypatch.setattr(links_module, "ENDED_LINK_SECONDS", 120.0)
    assert await status(url) == 200
    await h.advance(180)
    assert await status(url) == 404


def test_the_day_counts_from_the_stored_end() -> None:
    """After a restart the end is read with the links (the tournament row's finished_at)."""
    links = ScreenLinks(store=None, words=SCREEN_WORDS)  # type: ignore[arg-type]  # nothing is read here
    links.ended(7, 1000.0)
    links.ended(7, 5000.0)  # the first end counts
    assert not links.expired(7, 1000.0 + ENDED_LINK_SECONDS)
    assert links.expired(7, 1001.0 + ENDED_LINK_SECONDS)
    assert not links.expired(8, 10**9)  # a night still running never expires

"""The league's touch on the room's screen: `/td screen message:` and `/td screen logo:` (a
PNG or JPEG up to 256 KB, kept by the bot and served by it; anything else refused, nothing
changed)."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import aiohttp
from PIL import Image

from tests.discord.conftest import Harness
from tests.discord.test_live_night import live_night
from tests.discord.test_tournament_flow import refused, reply

from .helpers import screen_link


def _png(size: int = 64) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()



async def test_message_and_logo(harness: Harness) -> None:
    h = harness
    session, _ = await live_night(h)
    url = await screen_link(h)
    base = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/logo") as none_yet:
            assert none_yet.status == 404

        r = await h.director.slash(h.channel, "td screen", message="Welcome   to Friday!")
        assert "now shows: “Welcome to Friday!”" in reply(r)
        r = await h.director.slash(h.channel, "td screen", logo=("logo.png", _png()))
        assert "The logo is set" in reply(r)
        async with http.get(url + "/logo") as logo:
            assert logo.status == 200 and logo.headers["Content-Type"] == "image/png"
            assert await logo.read() == _png()
        # Only through a valid link, as everything else.
        async with http.get(f"{base}/screen/{session.store_id}/{'x' * 32}/logo") as other:
            assert other.status == 404

        # Not an image, or too big: refused, the logo kept.
        r = await h.director.slash(h.channel, "td screen",
                                   logo=("logo.png", b"<svg onload=alert(1)>"))
        assert "must be a PNG or JPEG" in refused(h, r)
        r = await h.director.slash(h.channel, "td screen",
                                   logo=("big.png", _png()[:8] + b"\0" * 300_000))
        assert "too big" in refused(h, r)
        async with http.get(url + "/logo") as logo:
            assert await logo.read() == _png()
        r = await h.director.slash(h.channel, "td screen", message="none")
        assert "shows no message now" in reply(r)
    kept = [a.data for a in await h.bot.store.director_actions(session.store_id)
            if a.action == "screen_message"]
    assert kept == [{"text": "Welcome to Friday!"}, {"text": None}]

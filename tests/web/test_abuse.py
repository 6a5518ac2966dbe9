"""The screens' server under abuse: event streams capped per link and per address (a clear 429
beyond), sockets that never finish their headers closed, and no software or version named in
the `Server` header."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot.web import server
from tests.discord.conftest import Harness
from tests.discord.test_live_night import live_night

from .helpers import screen_link


async def _streams(stack: AsyncExitStack, http: aiohttp.ClientSession, url: str, count: int,
                   headers: dict[str, str] | None = None) -> list[int]:
    """Open `count` event streams of `url` (kept open in `stack`); their statuses."""
    out = []
    for _ in range(count):
        response = await stack.enter_async_context(http.get(url + "/events", headers=headers))
        if response.status == 200:
            await response.content.readuntil(b"event: state")  # the whole state came
        out.append(response.status)
    return out


async def test_streams_are_capped_per_link_and_per_address(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    monkeypatch.setattr(server, "MAX_STREAMS_PER_LINK", 3)
    monkeypatch.setattr(server, "MAX_STREAMS_PER_ADDRESS", 5)
    one, two = await screen_link(h), await screen_link(h)
    async with aiohttp.ClientSession() as http:
        async with AsyncExitStack() as stack:
            assert await _streams(stack, http, one, 3) == [200, 200, 200]
            async with http.get(one + "/events") as refused:
                assert refused.status == 429
                assert "This link already has 3 screens open" in await refused.text()
                assert refused.headers["Retry-After"] == "60"
            # The page itself still opens (only its streams are counted).
            async with http.get(one) as page:
                assert page.status == 200
            # The same address on another link: 5 streams from it in all.
            assert await _streams(stack, http, two, 3) == [200, 200, 429]
            async with http.get(two + "/events") as refused:
                assert "This address already has 5 screens open" in await refused.text()
            # Behind a proxy on this machine, the address the proxy saw is the one counted.
            assert await _streams(stack, http, two, 1,
                                  {"X-Forwarded-For": "203.0.113.9"}) == [200]
        # Closed streams free their places (as soon as the server sees them closed).
        web = h.bot.web
        assert web is not None
        for _ in range(200):
            if not web.stats():
                break
            await asyncio.sleep(0.05)
        assert not web.stats()
        async with AsyncExitStack() as stack:
            assert await _streams(stack, http, one, 3) == [200, 200, 200]


@pytest.fixture
def quick_header_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Headers must come within a second (not 15): set before the harness starts the server."""
    monkeypatch.setattr(server, "HEADER_SECONDS", 1.0)


async def _closed_within(host: str, port: int, send: bytes, seconds: float) -> bool:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        if send:
            writer.write(send)
            await writer.drain()
        data = await asyncio.wait_for(reader.read(), seconds)  # b"" once the server closes
        return data == b""
    except TimeoutError:
        return False
    finally:
        writer.close()


async def test_sockets_that_never_finish_their_headers_are_closed(
        quick_header_timeout: None, harness: Harness) -> None:
    h = harness
    await live_night(h)
    url = urlsplit(await screen_link(h))
    host, port = url.hostname, url.port
    assert host is not None and port is not None
    slow = await asyncio.gather(*(
        _closed_within(host, port, b"GET /screen/1/abcdefghijklmnopq HTTP/1.1\r\nHost: x\r\n",
                       20.0) for _ in range(20)))
    silent = await _closed_within(host, port, b"", 20.0)
    assert all(slow) and silent


async def test_the_server_header_names_no_software(harness: Harness) -> None:
    h = harness
    await live_night(h)
    url = await screen_link(h)
    base = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    async with aiohttp.ClientSession() as http:
        for address in (url, base + "/nothing", base + "/screen/1/short"):
            async with http.get(address) as response:
                assert response.headers["Server"] == "screens", address
                assert not any("aiohttp" in v or "Python" in v
                               for v in response.headers.values()), response.headers
    # Nor a request too broken to route (answered 400 before any of the server's code).
    split = urlsplit(url)
    assert split.hostname is not None and split.port is not None
    reader, writer = await asyncio.open_connection(split.hostname, split.port)
    writer.write(b"GARBAGE\x00 / HTTP/1.1\r\n\r\n")
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    assert answer.startswith(b"HTTP/1.") and b" 400 " in answer.split(b"\r\n")[0]
    assert b"\r\nServer: screens\r\n" in answer and b"aiohttp" not in answer, answer

"""The web server of the screens: `aiohttp.web` in a thread of its own, with its own loop.

Why a thread: the pages' connections (hundreds of Server-Sent Event streams, their writes and
pings) never run on the bot's event loop, so a room full of screens cannot delay a hand. The
two loops meet in three narrow places, each a thread-safe hand-off:
- the bot's listener tells the web thread that a watched tournament changed
  (`Feed.changed` -> `Hub.dirty`, call_soon_threadsafe);
- the web thread asks the bot's loop for a tournament's state when it is time to push, and for
  a tournament's valid link hashes the first time one of its links is opened
  (call_soon_threadsafe / run_coroutine_threadsafe; the answer comes back as a future);
- `/td screen revoke:True` tells the web thread to drop the pages of the old links.

Routes (anything else, a wrong tournament or a wrong token: 404, the same answer):
  /screen/<tournament>/<token>                       the clock page
  /screen/<tournament>/<token>/events                its state, as Server-Sent Events
  /screen/<tournament>/<token>/table/<n>             an online table's rail page
  /screen/<tournament>/<token>/table/<n>/events      its state
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import contextvars
import hashlib
import json
import logging
import re
import socket
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web, web_response

from bot.web.feed import Feed, Key, sse
from bot.web.links import Grant, ScreenLinks, token_hash

log = logging.getLogger(__name__)

# Ask the system for a free port (tests, the benchmark); `WebServer.port` is the one bound.
ANY_FREE_PORT = -1
# At most one push per tournament per this many seconds (changes in between are coalesced).
COALESCE = 0.1
# Each page gets the server's time this often: its countdown never drifts from the bot's clock
# (and a dead connection is noticed).
PING_SECONDS = 15.0
# A page whose connection is this far behind is dropped (it reconnects and gets the state at
# once): a page gets the latest state, never a backlog.
MAX_BEHIND = 256 * 1024
# The browser's wait before reconnecting after the bot went away.
RETRY_MS = 2000
# How long a request waits for the bot's loop (the state, the link hashes).
BOT_WAIT = 5.0
# A connection must send a whole request's headers within this many seconds of opening (or of
# its last answer, kept alive): a socket that trickles its headers, or sends none, is closed.
HEADER_SECONDS = 15.0
# Event streams open at once on one link, and from one address (a room's TVs and the players'
# phones behind one router fit well within them); beyond, a clear 429.
MAX_STREAMS_PER_LINK = 64
MAX_STREAMS_PER_ADDRESS = 32
# The `Server` header every answer carries: the software and its version are nobody's business.
SERVER_NAME = "screens"
LOOPBACK = ("127.0.0.1", "::1")

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
# A word of the presenter's in a page's HTML: {{key}}.
_PLACED_WORD = re.compile(r"\{\{(\w+)\}\}")


def _page(template: str, words: Mapping[str, object]) -> tuple[bytes, str]:
    """A page with its CSS and scripts inline (one request, no framework), and the
    Content-Security-Policy that allows exactly those inline blocks.

    Its words are the presenter's (`ScreenWords.page_words`): the HTML's `{{key}}` filled in,
    escaped, and all of them as a JSON data block (`<script type="application/json"
    id="words">`, never run, so outside the policy's hashes) for the scripts' `word()`."""
    files = resources.files("bot.web") / "static"
    css = (files / "screen.css").read_text(encoding="utf-8")
    common = (files / "screen.js").read_text(encoding="utf-8")
    own = (files / f"{template}.js").read_text(encoding="utf-8")
    html = (files / f"{template}.html").read_text(encoding="utf-8")
    script = common + "\n" + own

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    def placed(match: re.Match[str]) -> str:
        word = words[match[1]]
        assert isinstance(word, str), f"{match[1]} has forms: the HTML shows a plain text"
        return escape(word)

    # In JSON's strings `<`, `>` and `&` as escapes: nothing in the words can end the block.
    data = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    html = _PLACED_WORD.sub(placed, html).replace("/*WORDS*/", data)
    html = html.replace("/*CSS*/", css).replace("/*JS*/", script)
    csp = (f"default-src 'none'; style-src {digest(css)}; script-src {digest(script)}; "
           "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return html.encode(), csp


async def _plain_server_header(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_NAME


# What the director's remote can do (bot/discord_ui/remote.py runs each as its `/td` command).
CONTROLS = frozenset({"pause", "resume", "plus", "minus", "next", "previous", "break",
                      "hfh_on", "hfh_off"})
# (tournament, the link's director, control) -> (done, the answer's words); on the bot's loop.
Remote = Callable[[int, int, str], Coroutine[Any, Any, tuple[bool, str]]]


def _same_site(request: web.Request) -> bool:
    """A request from the remote's own page: the custom header (a cross-site form cannot set
    it, and a cross-site script would need a preflight this server never grants), JSON, and
    the browser's own word on where it comes from where it gives one."""
    if request.headers.get("X-Screen-Control") != "1":
        return False
    if request.content_type != "application/json":
        return False
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site != "same-origin":
        return False
    origin = request.headers.get("Origin")
    if origin is not None:
        host = request.headers.get("X-Forwarded-Host") or request.host
        if urlsplit(origin).netloc != host:
            return False
    return True


def _address(request: web.Request) -> str:
    """Who opens a stream: the peer's address, or behind a reverse proxy on this machine (the
    peer is the loopback) the address the proxy saw, the last of X-Forwarded-For."""
    remote = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For")
    if remote in LOOPBACK and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or remote
    return remote


def _too_many(why: str) -> web.HTTPTooManyRequests:
    return web.HTTPTooManyRequests(text=why, headers={"Retry-After": "60"})


@dataclass(eq=False)
class _Client:
    request: web.Request
    response: web.StreamResponse
    token_sha256: str
    done: asyncio.Event = field(default_factory=asyncio.Event)
    started: bool = False  # its first state is written (and with it the response's headers)
    missed: bool = False  # a push came before that


@dataclass
class _Topic:
    clients: set[_Client] = field(default_factory=set)
    state: bytes | None = None  # the latest state event


class WebServer:
    """The screens' web server. `start()` binds the socket on the caller's thread (a port in use
    is an error at once) and serves from a thread of its own; `stop()` ends it."""

    def __init__(self, feed: Feed, links: ScreenLinks, *, host: str = "127.0.0.1",
                 port: int = 8080, public_url: str | None = None,
                 clock: Callable[[], float],
                 first_open: Callable[[int], Awaitable[None]] | None = None,
                 remote: Remote | None = None) -> None:
        self.feed = feed
        self.links = links
        # Run on the bot's loop the first time a tournament's page is opened (its extras).
        self.first_open = first_open
        # The director's remote: runs a control on the bot's loop (None: no remote).
        self.remote = remote
        self.host = host
        self.asked_port = port
        self.port: int | None = None
        self.public_url = public_url.rstrip("/") if public_url else None
        self.clock = clock
        self._bot_loop: asyncio.AbstractEventLoop | None = None
        # Copies of the bot's context (contextvars) as `start` was called in, one per thread:
        # the states are built and the web thread reads the bot's clock in them (a host may
        # scope its clock to its context: SimCord's virtual time does).
        self._bot_context: contextvars.Context | None = None
        self._clock_context: contextvars.Context | None = None
        # What the bot's loop hands the web thread runs in a context of the web thread's own
        # (none of the bot's context variables follow it there).
        self._web_context = contextvars.Context()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        # Web thread only:
        self._topics: dict[Key, _Topic] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._flushing: set[int] = set()
        self._again: set[int] = set()
        self._last_push: dict[int, float] = {}
        self._pages = {name: _page(name, feed.words.page_words) for name in ("clock", "rail")}
        # The remote: the clock's page marked for its controls (the same scripts and CSP).
        body, csp = self._pages["clock"]
        self._pages["clock_control"] = (body.replace(b'<body class="clock connecting">',
                                                     b'<body class="clock connecting control">'),
                                        csp)
        self._streams_by_link: Counter[str] = Counter()
        self._streams_by_address: Counter[str] = Counter()
        self._refreshing: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ links

    @property
    def base_url(self) -> str:
        if self.public_url:
            return self.public_url
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()  # reachable on the LAN by name, usually
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    def link(self, tournament_id: int, token: str) -> str:
        return f"{self.base_url}/screen/{tournament_id}/{token}"

    # ------------------------------------------------------------------ life

    def start(self) -> None:
        """Bind and serve (call it on the bot's loop; returns once the server is up)."""
        self._bot_loop = asyncio.get_running_loop()
        self._bot_context = contextvars.copy_context()
        self._clock_context = contextvars.copy_context()
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, 0 if self.asked_port == ANY_FREE_PORT else self.asked_port))
            sock.listen(512)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        self.feed.connect(self._told)
        self._thread = threading.Thread(target=self._serve, args=(sock,), name="screens",
                                        daemon=True)
        self._thread.start()
        self._ready.wait(10.0)
        if self._failed is not None:
            raise self._failed

    def _serve(self, sock: socket.socket) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            app = web.Application()
            app.router.add_get(r"/screen/{tid:\d{1,18}}/{token}", self._clock_page)
            app.router.add_get(r"/screen/{tid:\d{1,18}}/{token}/events", self._clock_events)
            app.router.add_post(r"/screen/{tid:\d{1,18}}/{token}/control", self._control)
            app.router.add_get(r"/screen/{tid:\d{1,18}}/{token}/logo", self._logo)
            app.router.add_get(r"/screen/{tid:\d{1,18}}/{token}/table/{table:\d{1,3}}",
                               self._rail_page)
            app.router.add_get(r"/screen/{tid:\d{1,18}}/{token}/table/{table:\d{1,3}}/events",
                               self._rail_events)
            app.on_response_prepare.append(_plain_server_header)
            # The answers aiohttp makes before any route (a malformed request's 400) take the
            # module's default instead of the hook: the same name there. Only aiohttp's server
            # responses read it (its client's User-Agent is another name).
            setattr(web_response, "SERVER_SOFTWARE", SERVER_NAME)  # noqa: B010  (not exported)
            self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                         shutdown_timeout=1.0,
                                         keepalive_timeout=HEADER_SECONDS,
                                         # A stream whose page went away ends at once (and
                                         # frees its place under the caps).
                                         handler_cancellation=True)
            loop.run_until_complete(self._runner.setup())
            site = web.SockSite(self._runner, sock)
            loop.run_until_complete(site.start())
        except BaseException as exc:
            self._failed = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        self._refreshing = loop.create_task(self._refresh())
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _refresh(self) -> None:
        """Every PING_SECONDS, each watched tournament's state again: what no outcome told (a
        tournament cancelled or gone) is on the pages within that time."""
        while True:
            await asyncio.sleep(PING_SECONDS)
            for tid in {key[0] for key in self._topics}:
                self._drop_revoked(tid)  # a finished night's links stop a day after its end
                self._dirty(tid)

    async def stop(self) -> None:
        """Close every page's stream and the server; wait (briefly) for the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or loop.is_closed():
            return
        done = concurrent.futures.Future[None]()

        async def shut() -> None:
            try:
                if self._refreshing is not None:
                    self._refreshing.cancel()
                    await asyncio.gather(self._refreshing, return_exceptions=True)
                for topic in self._topics.values():
                    for client in topic.clients:
                        client.done.set()
                if self._runner is not None:
                    await self._runner.cleanup()
            finally:
                done.set_result(None)
                loop.stop()

        loop.call_soon_threadsafe(lambda: loop.create_task(shut()), context=self._web_context)
        with contextlib.suppress(TimeoutError, concurrent.futures.TimeoutError):
            await asyncio.wait_for(asyncio.wrap_future(done), 5.0)
        thread.join(1.0)

    # ------------------------------------------------------------------ bot loop -> web

    def _told(self, tid: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._dirty, tid, context=self._web_context)

    def revoked(self, tid: int) -> None:
        """Called on the bot's loop after links were revoked: drop the pages of old links."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._drop_revoked, tid, context=self._web_context)

    # ------------------------------------------------------------------ web thread

    def _drop_revoked(self, tid: int) -> None:
        now = self._now()
        for key, topic in self._topics.items():
            if key[0] != tid:
                continue
            for client in list(topic.clients):
                if not self.links.still_open(tid, client.token_sha256, now):
                    client.done.set()  # its stream says "revoked" and ends

    def _dirty(self, tid: int) -> None:
        if tid in self._timers or tid in self._flushing:
            self._again.add(tid)
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self._last_push.get(tid, 0.0) + COALESCE - loop.time())
        self._timers[tid] = loop.call_later(delay, self._flush_soon, tid)

    def _flush_soon(self, tid: int) -> None:
        del self._timers[tid]
        self._again.discard(tid)
        self._flushing.add(tid)
        asyncio.get_running_loop().create_task(self._flush(tid))

    async def _flush(self, tid: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            keys = [k for k, topic in self._topics.items() if k[0] == tid and topic.clients]
            states = await self._build(tid, keys)
            self._last_push[tid] = loop.time()
            for key, state in states.items():
                await self._publish(key, state)
        except Exception:
            log.exception("screens: tournament %s could not be pushed", tid)
        finally:
            self._flushing.discard(tid)
            if tid in self._again:
                self._again.discard(tid)
                self._dirty(tid)

    async def _build(self, tid: int, keys: list[Key]) -> dict[Key, bytes]:
        """The states, built on the bot's loop (it owns the tournament)."""
        bot_loop = self._bot_loop
        assert bot_loop is not None
        answer = concurrent.futures.Future[dict[Key, bytes]]()

        context = self._bot_context
        assert context is not None

        def build() -> None:
            if not answer.set_running_or_notify_cancel():
                return  # the web thread stopped waiting
            try:
                answer.set_result(context.run(self.feed.build, tid, keys))
            except BaseException as exc:
                answer.set_exception(exc)

        bot_loop.call_soon_threadsafe(build)
        states = await asyncio.wait_for(asyncio.wrap_future(answer), BOT_WAIT)
        for key, state in states.items():
            topic = self._topics.get(key)
            if topic is not None:
                topic.state = state
        return states

    async def _publish(self, key: Key, state: bytes) -> None:
        topic = self._topics.get(key)
        if topic is None:
            return
        data = self._time_event() + state
        # The same bytes for every page: framed once as an HTTP/1.1 chunk (what aiohttp's
        # chunked writer would write for each) and handed to each connection's transport.
        framed = b"%x\r\n%b\r\n" % (len(data), data)
        for i, client in enumerate(list(topic.clients)):
            if not client.started:
                client.missed = True
                continue
            transport = client.request.transport
            if transport is None or transport.is_closing() or \
                    transport.get_write_buffer_size() > MAX_BEHIND:
                client.done.set()
            else:
                transport.write(framed)
            if i % 250 == 249:
                await asyncio.sleep(0)  # let new connections in between

    def _now(self) -> float:
        """The bot's clock, read on the web thread."""
        assert self._clock_context is not None
        return self._clock_context.run(self.clock)

    def _time_event(self) -> bytes:
        return sse("time", {"now": self._now()})

    async def _send(self, client: _Client, data: bytes) -> None:
        transport = client.request.transport
        if transport is None or transport.is_closing() or \
                transport.get_write_buffer_size() > MAX_BEHIND:
            client.done.set()
            return
        try:
            await client.response.write(data)
        except (ConnectionError, RuntimeError):
            client.done.set()

    def _watch(self, key: Key, client: _Client) -> _Topic:
        topic = self._topics.setdefault(key, _Topic())
        topic.clients.add(client)
        self.feed.watched = self.feed.watched | {key[0]}
        return topic

    def _unwatch(self, key: Key, client: _Client) -> None:
        topic = self._topics.get(key)
        if topic is None:
            return
        topic.clients.discard(client)
        if not topic.clients:
            del self._topics[key]
            if not any(k[0] == key[0] for k in self._topics):
                self.feed.watched = self.feed.watched - {key[0]}

    # ------------------------------------------------------------------ requests

    async def _allowed(self, request: web.Request) -> tuple[int, str, Grant]:
        """The tournament, the token's hash and what it opens if the token opens it; else
        404."""
        tid = int(request.match_info["tid"])
        token = request.match_info["token"]
        if not _TOKEN.fullmatch(token):
            raise web.HTTPNotFound()
        if self.links.known(tid) is None:
            bot_loop = self._bot_loop
            assert bot_loop is not None
            answer = concurrent.futures.Future[None]()

            def done(task: asyncio.Task[frozenset[str]]) -> None:
                if task.cancelled():
                    answer.cancel()
                elif task.exception() is not None:
                    answer.set_exception(task.exception())
                else:
                    answer.set_result(None)

            async def first() -> frozenset[str]:
                valid = await self.links.valid(tid)
                if self.first_open is not None:
                    try:
                        await self.first_open(tid)
                    except Exception:  # the page opens without them
                        log.exception("screens: the extras of tournament %s could not be read",
                                      tid)
                return valid

            def read() -> None:
                bot_loop.create_task(first()).add_done_callback(done)

            bot_loop.call_soon_threadsafe(read)
            try:
                await asyncio.wait_for(asyncio.wrap_future(answer), BOT_WAIT)
            except Exception:
                log.exception("screens: the links of tournament %s could not be read", tid)
                raise web.HTTPServiceUnavailable() from None
        grant = self.links.grant(tid, token, self._now())
        if grant is None:
            raise web.HTTPNotFound()
        return tid, token_hash(token), grant

    def _html(self, name: str) -> web.Response:
        body, csp = self._pages[name]
        return web.Response(body=body, content_type="text/html", charset="utf-8", headers={
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff", "X-Robots-Tag": "noindex",
            "Content-Security-Policy": csp})

    async def _clock_page(self, request: web.Request) -> web.Response:
        _, _, grant = await self._allowed(request)
        return self._html("clock_control" if grant.kind == "control" else "clock")

    async def _control(self, request: web.Request) -> web.Response:
        """A control of the director's remote: only a control link's token opens it, only
        from its own page (a cross-site request is refused), and it runs the same use case as
        the `/td` command (refused the same way: the answer says why)."""
        tid, _, grant = await self._allowed(request)
        if grant.kind != "control":
            raise web.HTTPForbidden(text=self.feed.words.view_cannot_control())
        if not _same_site(request):
            raise web.HTTPForbidden(text=self.feed.words.control_from_its_page())
        if request.content_length is None or request.content_length > 256:
            raise web.HTTPBadRequest(text=self.feed.words.control_malformed())
        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text=self.feed.words.control_malformed()) from None
        action = body.get("action") if isinstance(body, dict) else None
        if not isinstance(action, str) or action not in CONTROLS or self.remote is None:
            raise web.HTTPBadRequest(text=self.feed.words.control_unknown())
        bot_loop = self._bot_loop
        context = self._bot_context
        assert bot_loop is not None and context is not None
        remote = self.remote
        future = context.run(asyncio.run_coroutine_threadsafe,
                             remote(tid, grant.director_id, action), bot_loop)
        try:
            ok, text = await asyncio.wait_for(asyncio.wrap_future(future), BOT_WAIT * 2)
        except TimeoutError:
            future.cancel()
            raise web.HTTPServiceUnavailable(text=self.feed.words.bot_late()) from None
        return web.json_response({"ok": ok, "text": text},
                                 headers={"Cache-Control": "no-store"})

    async def _logo(self, request: web.Request) -> web.Response:
        """The league's logo, served by the bot itself (never a third party's address)."""
        tid, _, _ = await self._allowed(request)
        logo = self.feed.logos.get(tid)
        if logo is None:
            raise web.HTTPNotFound()
        data, content_type = logo
        return web.Response(body=data, content_type=content_type, headers={
            "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'"})

    async def _rail_page(self, request: web.Request) -> web.Response:
        await self._allowed(request)
        return self._html("rail")

    async def _clock_events(self, request: web.Request) -> web.StreamResponse:
        tid, digest, _ = await self._allowed(request)
        return await self._stream(request, (tid, None), digest)

    async def _rail_events(self, request: web.Request) -> web.StreamResponse:
        tid, digest, _ = await self._allowed(request)
        return await self._stream(request, (tid, int(request.match_info["table"])), digest)

    async def _stream(self, request: web.Request, key: Key, digest: str) -> web.StreamResponse:
        address = _address(request)
        if self._streams_by_link[digest] >= MAX_STREAMS_PER_LINK:
            raise _too_many(self.feed.words.too_many_screens(MAX_STREAMS_PER_LINK, per_link=True))
        if self._streams_by_address[address] >= MAX_STREAMS_PER_ADDRESS:
            raise _too_many(self.feed.words.too_many_screens(MAX_STREAMS_PER_ADDRESS,
                                                             per_link=False))
        self._streams_by_link[digest] += 1
        self._streams_by_address[address] += 1
        try:
            return await self._open_stream(request, key, digest)
        finally:
            for counts, which in ((self._streams_by_link, digest),
                                  (self._streams_by_address, address)):
                counts[which] -= 1
                if counts[which] <= 0:
                    del counts[which]

    async def _open_stream(self, request: web.Request, key: Key,
                           digest: str) -> web.StreamResponse:
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "Cache-Control": "no-store",
            "X-Accel-Buffering": "no", "Referrer-Policy": "no-referrer"})
        await response.prepare(request)
        client = _Client(request, response, digest)
        topic = self._watch(key, client)
        try:
            # The whole state at once on every (re)connection: a page opened after a restart
            # is complete from its first event.
            state = topic.state
            if state is None:
                state = (await self._build(key[0], [key]))[key]
            await response.write(f"retry: {RETRY_MS}\n\n".encode() + self._time_event() + state)
            client.started = True
            if client.missed and topic.state is not None and topic.state is not state:
                await response.write(self._time_event() + topic.state)
            while not client.done.is_set():
                try:
                    await asyncio.wait_for(client.done.wait(), PING_SECONDS)
                except TimeoutError:
                    await self._send(client, self._time_event())
        except (ConnectionError, RuntimeError, TimeoutError):
            pass
        finally:
            self._unwatch(key, client)
        if not self.links.still_open(key[0], digest, self._now()):
            # Revoked: say so, so the page stops instead of reconnecting to a 404.
            with contextlib.suppress(Exception):
                await response.write(sse("revoked", {}))
        return response

    def stats(self) -> dict[int, int]:
        """Open pages per tournament (tests, the benchmark; any thread, approximate)."""
        counts: dict[int, int] = {}
        for (tid, _), topic in list(self._topics.items()):
            counts[tid] = counts.get(tid, 0) + len(topic.clients)
        return counts

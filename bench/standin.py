"""bench/night.py's Discord: the REST API at the transport (an aiohttp session lookalike that
discord.py's own HTTPClient and webhook adapter talk to) and the gateway (discord.py's own
DiscordWebSocket fed zlib-stream frames). Answers at once, counts every request by kind, keeps
each table message as Discord holds it so that a click carries the message it was made on, and
times each click from its frame to the request carrying the table edit."""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import discord
import orjson
from discord.gateway import DiscordWebSocket

from bot.discord_ui.card_emojis import card_images
from bot.discord_ui.client import LeagueBot

API = "https://discord.com/api/v10"
EPOCH_SHIFT = 22

log = logging.getLogger("night")


def iso(t: float | None = None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(t or time.time()))


# ------------------------------------------------------------------ the stand-in: Discord's API


@dataclass
class Click:
    """One interaction sent to the bot, until Discord has its answer."""

    kind: str  # "act" (fold, check/call, all-in, a raise's modal submit), "modal", "command"
    table: Table | None
    at: float  # perf_counter when the frame was handed to discord.py
    done: asyncio.Future[dict[str, Any]]
    deferred: bool = False
    measured: bool = False  # fed inside the measurement window
    message: dict[str, Any] | None = None  # the message the click was made on
    burst: bool = False  # made by a player woken by a burst


@dataclass(eq=False)
class Table:
    index: int
    guild: int
    channel: int
    players: list[dict[str, Any]]
    store_id: int | None = None
    message: dict[str, Any] | None = None  # the table message as Discord holds it
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    wake: asyncio.Future[None] | None = None
    sleeper: asyncio.TimerHandle | None = None
    burst: bool = False  # its player was woken by a burst, not by his own thinking time
    tournaments: int = 0


RATE_LIMIT_HEADERS = {"X-Ratelimit-Limit": "50", "X-Ratelimit-Remaining": "49",
                      "X-Ratelimit-Reset-After": "1.0"}


class Resp:
    """Just what discord.py reads of an aiohttp response."""

    def __init__(self, status: int, body: Any, round_trip: float = 0.0) -> None:
        self.status = status
        self.round_trip = round_trip
        self.reason = "OK" if status < 300 else "Error"
        self._text = "" if body is None else orjson.dumps(body).decode()
        # Discord tells each route's rate limit in every answer; without it discord.py takes a
        # bucket's limit as 1 and sends one request of a route at a time (with a round trip,
        # every new player's DM channel in the network one after another). The stand-in
        # enforces no route limit: one that is never reached.
        self.headers = {**RATE_LIMIT_HEADERS, "content-type": "application/json"} \
            if body is not None else dict(RATE_LIMIT_HEADERS)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> Resp:
        if self.round_trip:  # Discord's answer comes back after the network's round trip
            await asyncio.sleep(self.round_trip)
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class Session:
    """The aiohttp.ClientSession discord.py's HTTPClient and webhook adapter talk to."""

    closed = False

    def __init__(self, api: StandIn) -> None:
        self.api = api

    def request(self, method: str, url: str, **kwargs: Any) -> Resp:
        return self.api.handle(method, str(url), kwargs)

    async def close(self) -> None:
        self.closed = True


class Socket:
    """The gateway socket discord.py holds; the frames come from Gateway.feed."""

    closed = False

    async def close(self, code: int = 1000) -> bool:
        self.closed = True
        return True

    async def send_str(self, data: str) -> None:
        return None


class StandIn:
    """Discord's REST API as far as the bot uses it, answering at once (or after `round_trip`
    seconds, the network's and Discord's, taken on the loop as a wait). Every request is
    counted by kind; table messages are kept (their latest state) so that a click can carry
    the message it was made on, as Discord's interaction does."""

    def __init__(self, app_id: int, ids: Callable[[], int], round_trip: float = 0.0) -> None:
        self.app_id = app_id
        self.round_trip = round_trip  # seconds each request takes to be answered
        self.ids = ids
        self.bot_user = {"id": str(app_id), "username": "League Bot", "discriminator": "0",
                         "global_name": None, "avatar": None, "bot": True}
        self.kinds: Counter[str] = Counter()  # in the measured window
        self.all_kinds: Counter[str] = Counter()  # in the whole run
        self.requests = 0
        self.seconds = 0.0  # CPU spent in the stand-in itself (answers and frames)
        self.clicks: dict[str, Click] = {}  # by interaction token
        self.tables: dict[int, Table] = {}  # by channel id
        self.users: dict[int, dict[str, Any]] = {}
        # Click latencies: of the players woken by a burst, and of the others.
        self.burst_latencies: list[float] = []
        self.steady_latencies: list[float] = []
        self.answers: Counter[str] = Counter()  # how the measured clicks were answered
        self.unknown: Counter[str] = Counter()
        self.measuring = False
        self.dm_channels: dict[int, int] = {}
        # The DM channels' ids, for the lookup each message makes (a scan of the values above
        # took 0.12 ms a message at 1,000 tables: the stand-in's own work, on the bot's loop).
        self.dm_channel_ids: set[int] = set()
        self.emojis = [{"id": str(ids()), "name": name, "animated": False, "available": True,
                        "require_colons": True, "managed": False, "roles": [],
                        "user": self.bot_user} for name in card_images()]

    # -------------------------------------------------------------- plumbing

    def handle(self, method: str, url: str, kwargs: dict[str, Any]) -> Resp:
        began = time.thread_time()  # CPU, not wall: a busy machine must not inflate it
        path = url.split("?", 1)[0].removeprefix(API)
        body, files = self._body(kwargs.get("data"))
        self.requests += 1
        parts = path.strip("/").split("/")
        try:
            status, answer = self._route(method, parts, body, files, kwargs.get("params") or {})
        except Exception:  # a stand-in bug must show, not hang a click
            log.exception("stand-in failed on %s %s", method, path)
            status, answer = 500, {"message": "stand-in error", "code": 0}
        resp = Resp(status, answer, self.round_trip)
        self.seconds += time.thread_time() - began
        return resp

    @staticmethod
    def _body(data: Any) -> tuple[Any, int]:
        if data is None:
            return None, 0
        if isinstance(data, str):
            return orjson.loads(data), 0
        # aiohttp.FormData: payload_json and the files (not encoded: no socket to write to)
        payload, files = None, 0
        for options, _headers, value in data._fields:
            if options.get("name") == "payload_json":
                payload = orjson.loads(value)
            else:
                files += 1
        return payload, files

    def _count(self, kind: str) -> None:
        self.all_kinds[kind] += 1
        if self.measuring:
            self.kinds[kind] += 1

    def message(self, channel_id: int, body: dict[str, Any], files: int,
                message_id: int | None = None, old: dict[str, Any] | None = None
                ) -> dict[str, Any]:
        """A message as Discord returns it (and shows it in an interaction)."""
        msg: dict[str, Any] = dict(old) if old is not None else {
            "id": str(message_id or self.ids()), "channel_id": str(channel_id),
            "author": self.bot_user, "content": "", "timestamp": iso(), "edited_timestamp": None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 0,
            "components": []}
        if old is not None:
            msg["edited_timestamp"] = iso()
        for key in ("content", "embeds", "components", "flags"):
            if key in body and body[key] is not None:
                msg[key] = body[key]
        if "content" in body and body["content"] is None:
            msg["content"] = ""
        if files:
            msg["attachments"] = [{"id": str(self.ids()), "filename": f"file{i}.json",
                                   "size": 1000, "url": "https://cdn.example/f",
                                   "proxy_url": "https://cdn.example/f"} for i in range(files)]
        elif "attachments" in body:
            msg["attachments"] = []
        return msg

    def _table_message(self, channel_id: int, msg: dict[str, Any]) -> None:
        table = self.tables.get(channel_id)
        if table is None:
            return
        if any(c.get("custom_id", "").startswith("hp:") for row in msg.get("components", ())
               for c in row.get("components", ())):
            table.message = msg
            table.changed.set()

    # -------------------------------------------------------------- routes

    def _route(self, method: str, p: list[str], body: Any, files: int,
               params: dict[str, Any]) -> tuple[int, Any]:
        if p[0] == "channels" and len(p) == 3 and p[2] == "messages" and method == "POST":
            channel = int(p[1])
            if channel in self.dm_channel_ids:
                self._count("POST dm message")
            else:
                self._count("POST channel message" + (" (table)" if self._is_table(body)
                                                      else ""))
            msg = self.message(channel, body or {}, files)
            self._table_message(channel, msg)
            return 200, msg
        if p[0] == "channels" and len(p) == 4 and p[2] == "messages":
            channel, message_id = int(p[1]), int(p[3])
            if method == "DELETE":
                self._count("DELETE channel message")
                return 204, None
            if method == "PATCH":
                self._count("PATCH channel message" + (" (table)" if self._is_table(body)
                                                       else ""))
                table = self.tables.get(channel)
                old = table.message if table is not None and table.message is not None \
                    and int(table.message["id"]) == message_id else None
                msg = self.message(channel, body or {}, files, message_id, old)
                self._table_message(channel, msg)
                return 200, msg
        if p[:3] == ["users", "@me", "channels"] and method == "POST":
            self._count("POST create dm")
            uid = int(body["recipient_id"])
            dm = self.dm_channels.setdefault(uid, self.ids())
            self.dm_channel_ids.add(dm)
            user = self.users.get(uid) or {"id": str(uid), "username": f"u{uid}",
                                           "discriminator": "0", "avatar": None}
            return 200, {"id": str(dm), "type": 1, "recipients": [user],
                         "last_message_id": None}
        if p[0] == "interactions" and p[-1] == "callback":
            return self._callback(int(p[1]), p[2], body or {}, files,
                                  bool(params.get("with_response")))
        if p[0] == "webhooks":
            return self._webhook(method, p, body or {}, files)
        if p == ["users", "@me"]:
            return 200, self.bot_user
        if p[:3] == ["oauth2", "applications", "@me"]:
            return 200, {"id": str(self.app_id), "name": "League Bot", "icon": None,
                         "description": "", "rpc_origins": [], "bot_public": True,
                         "bot_require_code_grant": False, "owner": self.bot_user,
                         "summary": "", "verify_key": "0" * 64, "flags": 0, "team": None}
        if p[0] == "applications" and p[-1] == "emojis" and method == "GET":
            return 200, {"items": self.emojis}
        self.unknown[f"{method} /{'/'.join(p)}"] += 1
        return 404, {"message": "Unknown route (stand-in)", "code": 0}

    @staticmethod
    def _is_table(body: Any) -> bool:
        return isinstance(body, dict) and any(
            c.get("custom_id", "").startswith("hp:") for row in body.get("components") or ()
            for c in row.get("components", ()))

    def _callback(self, interaction_id: int, token: str, body: dict[str, Any],
                  files: int, with_response: bool) -> tuple[int, Any]:
        """Discord answers an interaction callback with the callback's resource (the message
        it sent or edited) only when asked (`?with_response=true`), else 204 No Content."""
        kind = body.get("type")
        data = body.get("data") or {}
        self._count(f"POST interaction callback type {kind}")
        click = self.clicks.get(token)
        resource: dict[str, Any] | None = None
        if kind == 7 and click is not None and click.table is not None \
                and click.message is not None:
            resource = {"type": 7, "message": self._edit_clicked(click, data, files)}
        elif kind == 4:
            msg = self.message(0, data, files)
            resource = {"type": 4, "message": msg}
        answer = {"interaction": {"id": str(interaction_id), "type": 3,
                                  "response_message_loading": kind == 5,
                                  "response_message_ephemeral": bool(data.get("flags", 0) & 64)},
                  "resource": resource}
        if click is not None:
            if kind in (5, 6):  # acknowledged: the answer follows through the webhook
                click.deferred = True
            else:
                self._settle(token, click, f"type {kind}", body)
        return (200, answer) if with_response else (204, None)

    def _edit_clicked(self, click: Click, data: dict[str, Any], files: int) -> dict[str, Any]:
        """The click's message edited (as Discord does), which is the table's current one
        unless a newer table message came meanwhile: that one stays the table's."""
        table = click.table
        assert table is not None and click.message is not None
        current = table.message is not None and table.message["id"] == click.message["id"]
        msg = self.message(table.channel, data, files,
                           old=table.message if current else click.message)
        if current:
            self._table_message(table.channel, msg)
        return msg

    def _webhook(self, method: str, p: list[str], body: dict[str, Any],
                 files: int) -> tuple[int, Any]:
        token = p[2] if len(p) > 2 else ""
        self._count(f"{method} webhook" + (" @original" if "@original" in p else ""))
        click = self.clicks.get(token)
        if click is not None and method == "PATCH" and "@original" in p and click.deferred \
                and click.table is not None and click.message is not None:
            # A click acknowledged late (type 6), answered by editing its message.
            msg = self._edit_clicked(click, body, files)
            self._settle(token, click, "late edit", body)
            return 200, msg
        if click is not None:
            self._settle(token, click, "followup", body)
        if method == "DELETE":
            return 204, None
        return 200, self.message(0, body, files)

    @property
    def latencies(self) -> list[float]:
        """Every measured click's latency (the order does not matter: percentiles)."""
        return self.burst_latencies + self.steady_latencies

    def _settle(self, token: str, click: Click, how: str, body: dict[str, Any]) -> None:
        del self.clicks[token]
        if click.kind == "act":
            if how in ("type 7", "late edit"):  # the table edit, in time or acknowledged
                if click.measured:
                    (self.burst_latencies if click.burst
                     else self.steady_latencies).append(time.perf_counter() - click.at)
            elif click.measured:
                log.warning("a click was answered with %s, not the table: %s", how,
                            str(body)[:300])
            if click.measured:
                self.answers[how] += 1
        if not click.done.done():
            click.done.set_result({"how": how, **body})


# ------------------------------------------------------------------ the stand-in: the gateway


class Gateway:
    """discord.py's own DiscordWebSocket, fed zlib-stream frames as Discord sends them."""

    def __init__(self, bot: LeagueBot, api: StandIn, shard_id: int | None,
                 shard_count: int | None) -> None:
        self.bot = bot
        self.api = api
        self.shard_id = shard_id
        self.seq = 0
        self.compress = zlib.compressobj()
        self._deflater = ThreadPoolExecutor(1, thread_name_prefix="gateway-deflate")
        self._tail: asyncio.Future[None] | None = None
        ws = DiscordWebSocket(Socket(), loop=bot.loop)  # type: ignore[arg-type]  # stand-in socket
        state = bot._connection
        ws.token = bot.http.token
        ws._connection = state
        ws._discord_parsers = state.parsers
        ws._dispatch = bot.dispatch
        ws.call_hooks = state.call_hooks
        ws.shard_id = shard_id
        ws.shard_count = shard_count
        ws.session_id = "night"
        ws.sequence = 0
        self.ws = ws
        if isinstance(bot, discord.AutoShardedClient):
            state.shard_count = shard_count
            state.shard_ids = [shard_id]  # type: ignore[attr-defined]  # the sharded state's
        else:
            bot.ws = ws
        state._update_references(ws)

    def _compress(self, text: bytes) -> tuple[bytes, float]:
        """Deflate one frame into the zlib stream (in the gateway's own thread: zlib lets the
        GIL go, so this is Discord's work on the other core, not the bot's loop's)."""
        began = time.thread_time()
        data = self.compress.compress(text) + self.compress.flush(zlib.Z_SYNC_FLUSH)
        return data, time.thread_time() - began

    async def feed(self, event: str, data: Any, before: Callable[[], None] | None = None
                   ) -> None:
        """Hand discord.py the next frame. The JSON is made here (with orjson: Discord's work,
        kept short on the bot's loop) and deflated in the gateway's thread, as Discord does on
        its own machines; frames reach discord.py in the order they were made (one zlib
        stream), each after the one before it."""
        began = time.thread_time()
        self.seq += 1
        text = orjson.dumps({"op": 0, "t": event, "s": self.seq, "d": data})
        self.api.seconds += time.thread_time() - began
        loop = asyncio.get_running_loop()
        before_me, mine = self._tail, loop.create_future()
        self._tail = mine
        try:
            frame, spent = await loop.run_in_executor(self._deflater, self._compress, text)
            self.api.seconds += spent
            if before_me is not None and not before_me.done():
                await before_me
            if before is not None:
                before()
            await self.ws.received_message(frame)
        finally:
            mine.set_result(None)

    def close(self) -> None:
        self._deflater.shutdown(wait=False)

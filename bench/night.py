"""A league network's peak night through the whole bot: N online tables played by button clicks
through the real bot (create_bot/LeagueBot, the cogs, the sessions, the store, the presenter, the
announcer's edits and DMs), with only Discord itself replaced by a local stand-in.

    python bench/night.py [--tables 10,100,500,1000] [--seconds 60] [--backend sqlite|postgres]
                          [--processes 2] [--pace 1.0] [--players 6]
                          [--profile sample|cprofile|burst] [--global-limit 50]
                          [--round-trip 80] [--burst-spread 1]

The stand-in sits at the transport: discord.py's own HTTPClient.request and webhook adapter run
unchanged (routes, headers, JSON, rate-limit buckets, response parsing) over a fake aiohttp
session that answers at once and records every request; the gateway is discord.py's own
DiscordWebSocket fed zlib-stream frames (READY, GUILD_CREATE, INTERACTION_CREATE) as Discord
sends them, deflated in the stand-in's own thread (Discord's work, done on its machines, not on
the bot's loop; zlib lets the GIL go). Every layer of ours runs: a click is an
INTERACTION_CREATE that discord.py parses and routes to the table's DynamicItem button, which
runs the session, commits, and answers with the table edit; deals post the table and DM the
hole cards; slash commands create, fill and start each table's tournament (and a new one when
a tournament ends).

Players act at a human pace in wall-clock time: one decision every 2-8 s (uniform), one in ten a
snap decision (0.3-1 s), and every 20 s a burst: 30% of the players still thinking act at the
same instant (--burst-spread 1: each of them within the next second instead, at a moment of his
own, as people react to a common cue). --pace compresses time (0.1: ten times faster thinking,
hand delay and bursts); the work per action is the same but arrives --pace times as fast, so a
compressed run is a heavier load, not a cheaper one. The bot's hand delay is the production 5 s
times --pace.

Printed per run: `tables:`, `click_p50_ms:`/`click_p99_ms:` (from the INTERACTION_CREATE frame
handed to discord.py to the request carrying the table edit; beside them the p99 of the clicks
outside the bursts and the p50/p99 of those made in them), `loop_block_ms:` (longest lag of a
5 ms ticker; beside it the longest while no burst's click was in flight) and the longest single
loop callback, `requests_per_action:` (every request to
Discord in the window, DMs and posts included, per player action), CPU per action (the process,
the stand-in's own share taken out), `rss_mib:` and the memory per table. Beside them, measured
in the same process before the tables start: the bare stand-in round trip (one table-sized edit
through discord.py's HTTP client and the fake transport) and a raw click (discord.py dispatching
a button click to a handler that answers with the same embed and buttons, no game).

Unpaced by default (the bot's own capacity, as if Discord had raised its global limit);
--global-limit 50 paces it as `python -m bot` does and prints how long each priority's requests
waited for their turn (after waiting out the set-up's backlog, up to 5 minutes).
--round-trip 80 answers every request after 80 ms, as Discord does over the network: the
announcer then holds a tournament's lock for as long as its sends take, as in production.

The stand-in is bench/standin.py, the instruments bench/probes.py. NIGHT_CENSUS=1 in the
environment lists the objects the collector tracks at the end of a run, by type;
NIGHT_ERRORS_FILE=path writes each warning or error the bot logged whole, with its traceback
(the report shows the first 300 characters of five); NIGHT_FROZEN_KINDS=25 names that many
kinds of the cyclic garbage the collector's freezes kept (four by default). Each run is
its own process (clean memory figures). --processes 2 runs two bot processes on one PostgreSQL
database, each serving the guilds of its shard (SHARD_COUNT=2) and --tables tables.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import itertools
import json
import logging
import os
import pstats
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
from discord.http import Route  # noqa: E402

from bench.probes import (  # noqa: E402
    GcPauses,
    LoopProbe,
    Sampler,
    by_area,
    children_cpu,
    children_rss_bytes,
    cpu_since,
    database_server_cpu,
    machine_cpu,
    pct,
    rss_bytes,
    thread_cpu,
)
from bench.standin import EPOCH_SHIFT, Click, Gateway, Session, StandIn, Table, iso  # noqa: E402
from bot import event_loop  # noqa: E402
from bot.discord_ui.client import create_bot  # noqa: E402
from bot.discord_ui.dpy import release  # noqa: E402
from bot.discord_ui.global_limit import GlobalPacer, Priority  # noqa: E402
from bot.store.ownership import Shards  # noqa: E402

GUILD_BASE = 1_000_000_000  # guild i is (GUILD_BASE + i) << 22: shard i % count
TABLES_PER_GUILD = 5
HAND_DELAY = 5.0  # the production delay between two hands
THINK = (2.0, 8.0)
SNAP = (0.3, 1.0)
SNAP_SHARE = 0.1
BURST_EVERY = 20.0
BURST_SHARE = 0.3
# What a player does when it is his turn (a raise goes through the Raise modal, "min"; an
# all-in through its private confirmation, whose second tap is the action).
CHOICES = (("c", 0.62), ("f", 0.2), ("r", 0.15), ("a", 0.03))

log = logging.getLogger("night")


class _Errors(logging.Handler):
    """Every warning or error the bot logs during a run (a run with any fails the test)."""

    def emit(self, record: logging.LogRecord) -> None:
        LOG_ERRORS.append(f"{record.levelname} {record.name}: {record.getMessage()[:300]}")
        where = os.environ.get("NIGHT_ERRORS_FILE")
        if where:  # each one whole, with its traceback
            with open(where, "a", encoding="utf-8") as out:
                out.write(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
                          .format(record) + "\n\n")


LOG_ERRORS: list[str] = []


# ------------------------------------------------------------------ the night


class Night:
    def __init__(self, args: argparse.Namespace, target: str, shard: tuple[int, int] | None
                 ) -> None:
        self.args = args
        self.target = target
        self.shard = shard
        self.rng = random.Random(args.seed + (shard[0] if shard else 0))
        process_base = (GUILD_BASE * 4 + 7919 * (shard[0] if shard else 0) + os.getpid() % 997)
        self._ids = itertools.count(process_base << EPOCH_SHIFT)
        self.app_id = (GUILD_BASE * 3) << EPOCH_SHIFT
        self.api = StandIn(self.app_id, self.next_id, args.round_trip / 1000)
        self.tables: list[Table] = []
        self.stopping = False
        self.actions = 0
        self.modal_opens = 0
        self.commands = 0  # slash commands in the window (a new tournament at a table)
        self.errors: list[str] = []
        self.no_answer = 0
        self.burst_in_flight = 0  # clicks of a burst not answered yet (LoopProbe: busy)
        self.burst_profiler: cProfile.Profile | None = None  # --profile burst: on while one is
        self.burst_profiled = 0  # clicks made in the bursts profiled
        self.burst_arrivals: list[list[float]] = []  # per burst: when its clicks reached the bot
        self.burst_wakes: list[tuple[float, float]] = []  # spread: (drawn, actual) s after the cue
        self.paced_waits: dict[str, list[float]] = {}  # --global-limit: waits by priority
        self.sleeping: set[Table] = set()
        self.setup_limit = asyncio.Semaphore(args.setup_parallel)
        self.ready_tables = 0
        self.window_started = 0.0

    def next_id(self) -> int:
        return next(self._ids)

    # -------------------------------------------------------------- world

    def guild_ids(self) -> list[int]:
        """Guilds of this process's shard, enough for the tables."""
        need = -(-self.args.tables // TABLES_PER_GUILD)
        out: list[int] = []
        i = 0
        count, mine = (self.shard[1], self.shard[0]) if self.shard else (1, 0)
        while len(out) < need:
            gid = (GUILD_BASE + i) << EPOCH_SHIFT
            if (gid >> EPOCH_SHIFT) % count == mine:
                out.append(gid)
            i += 1
        return out

    def user(self, uid: int, name: str) -> dict[str, Any]:
        user = {"id": str(uid), "username": name.lower().replace(" ", ""), "discriminator": "0",
                "global_name": name, "avatar": None}
        self.api.users[uid] = user
        return user

    def build_world(self) -> list[dict[str, Any]]:
        guilds = []
        n = 0
        for g, gid in enumerate(self.guild_ids()):
            channels = []
            for c in range(TABLES_PER_GUILD):
                if n >= self.args.tables:
                    break
                cid = gid + 1 + c
                channels.append({"id": str(cid), "type": 0, "guild_id": str(gid),
                                 "name": f"poker-{c + 1}", "position": c,
                                 "permission_overwrites": [], "nsfw": False, "parent_id": None,
                                 "topic": None, "last_message_id": None,
                                 "rate_limit_per_user": 0})
                players = [self.user(gid + 1000 + c * 20 + s, f"Player {g}-{c}-{s}")
                           for s in range(self.args.players)]
                table = Table(n, gid, cid, players)
                self.tables.append(table)
                self.api.tables[cid] = table
                n += 1
            guilds.append({
                "id": str(gid), "name": f"League {g}", "icon": None, "splash": None,
                "discovery_splash": None, "owner_id": str(gid + 999), "afk_channel_id": None,
                "afk_timeout": 300, "verification_level": 0,
                "default_message_notifications": 1, "explicit_content_filter": 0,
                "roles": [{"id": str(gid), "name": "@everyone", "permissions": "1071698660929",
                           "position": 0, "color": 0, "hoist": False, "managed": False,
                           "mentionable": False, "flags": 0}],
                "emojis": [], "stickers": [], "features": [], "mfa_level": 0,
                "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
                "rules_channel_id": None, "vanity_url_code": None, "description": None,
                "banner": None, "premium_tier": 0, "premium_subscription_count": 0,
                "preferred_locale": "en-US", "public_updates_channel_id": None,
                "nsfw_level": 0, "premium_progress_bar_enabled": False,
                "joined_at": iso(), "large": False, "unavailable": False,
                "member_count": 1 + len(channels) * self.args.players,
                "voice_states": [], "members": [{
                    "user": self.api.bot_user, "roles": [], "joined_at": iso(), "deaf": False,
                    "mute": False, "flags": 0}],
                "channels": channels, "threads": [], "presences": [],
                "stage_instances": [], "guild_scheduled_events": [],
                "soundboard_sounds": []})
        return guilds

    # -------------------------------------------------------------- interactions

    def interaction(self, table: Table, user: dict[str, Any], itype: int,
                    data: dict[str, Any], message: dict[str, Any] | None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.next_id()), "application_id": str(self.app_id), "type": itype,
            "token": f"tok{self.next_id()}", "version": 1, "guild_id": str(table.guild),
            "channel_id": str(table.channel),
            "channel": {"id": str(table.channel), "type": 0, "guild_id": str(table.guild),
                        "name": "poker", "position": 0, "permission_overwrites": [],
                        "nsfw": False, "parent_id": None},
            "member": {"user": user, "roles": [], "joined_at": iso(), "deaf": False,
                       "mute": False, "flags": 0, "permissions": "1071698660929",
                       "nick": None, "avatar": None},
            "app_permissions": "1071698660929", "locale": "en-US", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": str(table.guild)},
            "context": 0, "attachment_size_limit": 10_485_760, "data": data}
        if message is not None:
            payload["message"] = message
        return payload

    async def send(self, table: Table, user: dict[str, Any], itype: int, data: dict[str, Any],
                   kind: str, message: dict[str, Any] | None = None,
                   burst: bool = False) -> dict[str, Any]:
        """Hand an interaction to discord.py and wait for Discord to have its answer."""
        payload = self.interaction(table, user, itype, data, message)
        loop = asyncio.get_running_loop()
        click = Click(kind, table, 0.0, loop.create_future(), measured=self.api.measuring,
                      message=message, burst=burst)

        def stamp() -> None:
            click.at = time.perf_counter()
            if burst and self.api.measuring and self.burst_arrivals:
                self.burst_arrivals[-1].append(click.at)

        self.api.clicks[payload["token"]] = click
        self.burst_in_flight += burst
        if burst and self.burst_profiler and self.api.measuring:
            self.burst_profiled += 1
            if self.burst_in_flight == 1:
                self.burst_profiler.enable()
        try:
            await self.gateway.feed("INTERACTION_CREATE", payload, stamp)
            # A loop timer, not wait_for: the players' own overhead stays small.
            give_up = loop.call_later(60.0, self._unanswered, payload["token"], click)
            try:
                return await click.done
            finally:
                give_up.cancel()
        finally:
            self.burst_in_flight -= burst
            if burst and self.burst_profiler and not self.burst_in_flight:
                self.burst_profiler.disable()

    def _unanswered(self, token: str, click: Click) -> None:
        self.no_answer += 1
        self.api.clicks.pop(token, None)
        self.errors.append(f"no answer to a {click.kind} interaction in 60 s")
        if not click.done.done():
            click.done.set_result({"how": "none"})

    async def command(self, table: Table, user: dict[str, Any], sub: str,
                      options: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
        data = {"id": str(self.app_id + 1), "name": "tournament", "type": 1,
                "guild_id": str(table.guild),
                "options": [{"type": 1, "name": sub, "options": list(options)}]}
        self.commands += self.api.measuring
        answer = await self.send(table, user, 2, data, "command")
        if answer.get("flags", 0) & 64:  # a private answer to a command is its refusal
            self.errors.append(f"/tournament {sub} refused: {answer.get('content')}")
        return answer

    async def set_up(self, table: Table, first: bool = True) -> None:
        """A tournament at this table through the slash commands, as the players do it. The
        first ones go --setup-parallel at a time; a table whose tournament has finished sets
        up its next one at once (it must not wait behind the tables not yet started)."""
        if first:
            async with self.setup_limit:
                await self._set_up(table)
        else:
            await self._set_up(table)

    async def _set_up(self, table: Table) -> None:
        table.tournaments += 1
        creator = table.players[0]
        await self.command(table, creator, "create", [
            {"name": "name", "type": 3, "value": f"Night {table.index}.{table.tournaments}"},
            {"name": "structure", "type": 3, "value": "regular"},
            {"name": "seats", "type": 4, "value": len(table.players)}])
        for p in table.players:
            await self.command(table, p, "join")
        await self.command(table, creator, "start")
        sessions = self.bot.tournaments.unfinished_in(table.guild)
        table.store_id = next((s.store_id for s in sessions
                               if self.bot.tournaments.rows[s.store_id].channel_id
                               == table.channel), None)
        if table.store_id is None:
            self.errors.append(f"table {table.index}: no tournament after start")

    # -------------------------------------------------------------- playing

    def turn(self, table: Table) -> tuple[dict[str, Any], dict[str, str], dict[str, Any]] | None:
        """(the player to act, his buttons, the message) when the table message shows a
        decision the bot is waiting for; else None."""
        session = self.bot.tournaments.get(table.store_id) if table.store_id else None
        msg = table.message
        if session is None or msg is None:
            return None
        ts = next(iter(session.tournament.tables.values()), None)
        hand = ts.hand if ts is not None else None
        if hand is None or hand.to_act is None:
            return None
        buttons = {c["custom_id"].split(":")[1]: c["custom_id"]
                   for row in msg.get("components", ()) for c in row.get("components", ())
                   if not c.get("disabled") and c.get("custom_id", "").startswith("hp:")}
        shown = buttons.get("c") or buttons.get("f")
        if shown is None or shown.split(":", 2)[2] != f"{hand.hand_id}:{len(hand.events)}":
            return None
        uid = int(hand.players[hand.to_act].player)
        user = next(p for p in table.players if int(p["id"]) == uid)
        return user, buttons, msg

    def finished(self, table: Table) -> bool:
        if table.store_id is None:
            return True
        session = self.bot.tournaments.get(table.store_id)
        return session is None or session.tournament.status == "finished"

    async def think(self, table: Table, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        wake: asyncio.Future[None] = loop.create_future()
        table.wake = wake
        table.sleeper = loop.call_later(seconds, _wake, wake)
        self.sleeping.add(table)
        table.burst = False
        try:
            await wake
        finally:
            self.sleeping.discard(table)
            table.sleeper.cancel()

    async def bursts(self) -> None:
        pace, spread = self.args.pace, self.args.burst_spread
        loop = asyncio.get_running_loop()
        while not self.stopping:
            await asyncio.sleep(BURST_EVERY * pace)
            self.burst_arrivals.append([])
            cue = loop.time()
            for table in list(self.sleeping):
                if self.rng.random() < BURST_SHARE and table.wake is not None:
                    if spread:
                        # Each player reacts to the common cue in his own time: his thinking
                        # ends at a moment drawn over the spread, unless it ends sooner (then
                        # this timer finds his thinking over and does nothing).
                        delay = self.rng.uniform(0.0, spread) * pace
                        loop.call_later(delay, self._spread_wake, table, table.wake, cue, delay)
                    else:
                        _burst_wake(table, table.wake)

    def _spread_wake(self, table: Table, fut: asyncio.Future[None], cue: float,
                     delay: float) -> None:
        """A spread burst's timer: wakes the player if still thinking, noting when against
        the moment drawn for him (`burst_wakes`: drawn delay and actual delay after the cue)."""
        if table.wake is fut and not fut.done():
            self.burst_wakes.append((delay, asyncio.get_running_loop().time() - cue))
        _burst_wake(table, fut)

    async def play(self, table: Table) -> None:
        try:
            await self._play(table)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("table %s: the players' driver failed", table.index)
            self.errors.append(f"table {table.index}: the players' driver failed: {exc!r}")

    async def _play(self, table: Table) -> None:
        pace = self.args.pace
        await self.set_up(table)
        self.ready_tables += 1
        while not self.stopping:
            if self.finished(table):
                await self.set_up(table, first=False)
                continue
            turn = self.turn(table)
            if turn is None:
                table.changed.clear()
                try:
                    await asyncio.wait_for(table.changed.wait(), 2.0 + HAND_DELAY * pace * 2)
                except TimeoutError:
                    pass
                continue
            user, buttons, msg = turn
            snap = self.rng.random() < SNAP_SHARE
            await self.think(table, self.rng.uniform(*(SNAP if snap else THINK)) * pace)
            if self.stopping or self.turn(table) != turn:
                continue
            act = self.rng.choices([c for c, _ in CHOICES], [w for _, w in CHOICES])[0]
            if act not in buttons:
                act = "c"
            table.changed.clear()
            if act == "r":
                answer = await self.send(table, user, 3, {"custom_id": buttons["r"],
                                                          "component_type": 2},
                                         "modal", msg)
                self.modal_opens += 1
                modal = answer.get("data") or {}
                if answer.get("how") != "type 9" or not modal.get("custom_id"):
                    self.errors.append(f"raise button answered {answer.get('how')}")
                    continue
                await self.think(table, self.rng.uniform(1.0, 3.0) * pace)  # typing
                if self.stopping:
                    continue
                data = {"custom_id": modal["custom_id"], "components": [
                    {"type": 1, "components": [{"type": 4, "custom_id": "amount",
                                                "value": "min"}]}]}
                self.actions += self.api.measuring
                await self.send(table, user, 5, data, "act", msg, burst=table.burst)
            elif act == "a":
                # The All-in asks for a second tap, privately: its Confirm button is the act.
                answer = await self.send(table, user, 3, {"custom_id": buttons["a"],
                                                          "component_type": 2}, "ask", msg)
                question = answer.get("data") or {}
                try:
                    confirm = question["components"][0]["components"][0]["custom_id"]
                except (KeyError, IndexError, TypeError):
                    self.errors.append(f"all-in button answered {answer.get('how')}")
                    continue
                await self.think(table, self.rng.uniform(*SNAP) * pace)
                if self.stopping:
                    continue
                self.actions += self.api.measuring
                await self.send(table, user, 3, {"custom_id": confirm, "component_type": 2},
                                "act", self.api.message(table.channel, question, 0),
                                burst=table.burst)
            else:
                self.actions += self.api.measuring
                await self.send(table, user, 3, {"custom_id": buttons[act], "component_type": 2},
                                "act", msg, burst=table.burst)

    # -------------------------------------------------------------- the bot

    def _time_turns(self, pacer: GlobalPacer) -> None:
        """Each paced request's wait for its turn, by priority, inside the window."""
        turn = pacer.turn

        async def timed(level: Priority, group: object = None) -> None:
            began = time.perf_counter()
            await turn(level, group)
            if self.api.measuring:
                self.paced_waits.setdefault(level.name, []).append(time.perf_counter() - began)

        pacer.turn = timed  # type: ignore[method-assign]  # timed on this pacer only

    async def start_bot(self) -> None:
        shards = Shards.of(self.shard[1], {self.shard[0]}) if self.shard else None
        processes = self.shard[1] if self.shard else 1
        limit = self.args.global_limit / processes if self.args.global_limit else None
        bot = create_bot(self.target, shards=shards, sync_commands=False,
                         hand_delay=HAND_DELAY * self.args.pace, global_limit=limit,
                         lean_clicks=not self.args.public_only)
        self.bot = bot
        if bot.global_pacer is not None:
            self._time_turns(bot.global_pacer)
        api = self.api
        session = Session(api)
        http = bot.http

        async def static_login(token: str) -> Any:
            http.token = token
            http._HTTPClient__session = session  # type: ignore[attr-defined]  # discord.py's mangled name
            http._global_over = asyncio.Event()
            http._global_over.set()
            return await http.request(Route("GET", "/users/@me"))

        http.static_login = static_login  # type: ignore[method-assign]  # no real login
        await bot.login("night.fake.token")
        count = self.shard[1] if self.shard else None
        sid = self.shard[0] if self.shard else None
        self.gateway = Gateway(bot, api, sid, count)
        bot._connection.guild_ready_timeout = 0.05
        guilds = self.build_world()
        await self.gateway.feed("READY", {
            "v": 10, "user": api.bot_user, "guilds": [{"id": g["id"], "unavailable": True}
                                                      for g in guilds],
            "session_id": "night", "resume_gateway_url": "wss://gateway.example",
            "shard": [sid or 0, count or 1], "application": {"id": str(self.app_id),
                                                             "flags": 0}})
        for g in guilds:
            await self.gateway.feed("GUILD_CREATE", g)
        await asyncio.wait_for(bot.wait_until_ready(), 30)

    # -------------------------------------------------------------- peers

    async def peers(self, samples: int = 300) -> dict[str, float]:
        """Same process, before the tables: the bare stand-in round trip (a table-sized edit
        through discord.py's HTTP client) and a raw click (discord.py dispatching a button to
        a handler that answers with the same embed and buttons, no game)."""
        embed = discord.Embed(title="Table 1 — hand 7-t1-h12", description="\n".join(
            f"Seat {i}: Player {i} — 12,340 · bet 200" for i in range(6)))
        embed.add_field(name="Board", value="A♠ K♦ 7♣")
        embed.add_field(name="Pot", value="1,250")
        embed.set_footer(text="Level 3 · 50/100 · next level in 12 min")

        class Raw(discord.ui.View):
            def __init__(self) -> None:
                super().__init__(timeout=None)
                for i, label in enumerate(("Fold", "Call 200", "Raise", "All-in", "My cards")):
                    self.add_item(RawButton(label, f"raw:{i}"))

        class RawButton(discord.ui.Button[Raw]):
            def __init__(self, label: str, cid: str) -> None:
                super().__init__(label=label, custom_id=cid)

            async def callback(self, interaction: discord.Interaction) -> None:
                await interaction.response.edit_message(embed=embed, view=self.view)
                # As the bot does with its clicks: otherwise the interaction and its response,
                # in a cycle, may be old by a freeze, which would keep them for good and the
                # run would count them as the bot's (the freezes' garbage, at its end).
                release(interaction)

        view = Raw()
        self.bot.add_view(view)
        channel = self.tables[0].channel
        payload = {"embeds": [embed.to_dict()], "components": view.to_components(),
                   "content": None}
        msg = self.api.message(channel, payload, 0)
        # the stand-in round trip
        route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                      channel_id=channel, message_id=int(msg["id"]))
        # discord.py's own request, not the pacer's turn (--global-limit): the transport's cost
        request = getattr(self.bot.http.request, "request", self.bot.http.request)
        cpu = time.process_time()
        began = time.perf_counter()
        for _ in range(samples):
            await request(route, json=payload)
        trip = (time.perf_counter() - began) / samples
        trip_cpu = (time.process_time() - cpu) / samples
        # the raw click
        table = self.tables[0]
        saved = table.message
        lat = []
        cpu = time.process_time()
        stand_in = self.api.seconds
        for i in range(samples):
            table.message = msg
            answer = await self.send(table, table.players[0], 3,
                                     {"custom_id": f"raw:{i % 4}", "component_type": 2}, "raw",
                                     msg)
            if answer.get("how") != "type 7":
                raise RuntimeError(f"raw click answered {answer.get('how')}")
            lat.append(time.perf_counter() - self.last_click_at)
        raw_cpu = (time.process_time() - cpu - (self.api.seconds - stand_in)) / samples
        table.message = saved
        return {"round_trip_us": trip * 1e6, "round_trip_cpu_us": trip_cpu * 1e6,
                "raw_click_p50_ms": pct(lat, 50) * 1e3, "raw_click_cpu_ms": raw_cpu * 1e3}

    # -------------------------------------------------------------- the run

    async def run(self) -> dict[str, Any]:
        args = self.args
        rss0 = rss_bytes()
        await self.start_bot()
        if args.gc:
            gc.set_threshold(*(int(x) for x in args.gc.split(",")))
        if args.switch:
            sys.setswitchinterval(args.switch)
        # the raw click's latency: from its frame to its answer
        original_settle = self.api._settle

        def settle(token: str, click: Click, how: str, body: dict[str, Any]) -> None:
            self.last_click_at = click.at
            original_settle(token, click, how, body)

        self.api._settle = settle  # type: ignore[method-assign]  # clocked for the peers
        peer = await self.peers(args.peer_samples)
        self.api._settle = original_settle  # type: ignore[method-assign]  # put back
        rss_bot = rss_bytes()
        # What measuring costs by itself (the ticker, the callback clock) with the bot idle,
        # taken out of the CPU per action below.
        # The least of four half-second slices: one slice can catch a stray thread's work,
        # which once made a 10-table run's CPU per action come out below zero.
        idle = LoopProbe(trace=args.blocks)
        idle.start()
        shares = []
        for _ in range(4):
            cpu_idle0, t_idle0 = time.process_time(), time.perf_counter()
            await asyncio.sleep(0.5)
            shares.append((time.process_time() - cpu_idle0) / (time.perf_counter() - t_idle0))
        idle_per_s = min(shares)
        idle.stop()
        started = time.perf_counter()
        players = [asyncio.get_running_loop().create_task(self.play(t)) for t in self.tables]
        bursts = asyncio.get_running_loop().create_task(self.bursts())
        while self.ready_tables < len(self.tables):
            await asyncio.sleep(0.05)
            if self.errors and args.fail_fast:
                break
        setup_seconds = time.perf_counter() - started
        drained = time.perf_counter()
        pacer = self.bot.global_pacer
        while pacer is not None and pacer.queued and time.perf_counter() - drained < 300:
            await asyncio.sleep(0.5)  # the start's backlog under Discord's global limit
        drain_seconds = time.perf_counter() - drained
        await asyncio.sleep(args.warmup * args.pace)
        # ------------------------------------------------ the measured window
        probe = LoopProbe(trace=args.blocks, busy=lambda: self.burst_in_flight > 0)
        sampler = Sampler() if args.profile == "sample" else None
        profiler = cProfile.Profile() if args.profile == "cprofile" else None
        if args.profile == "burst":
            profiler = self.burst_profiler = cProfile.Profile()
        # The window starts with (almost) no garbage left from the set-up, and ends with a
        # collection of everything: the cyclic garbage counted is what the window's play made.
        gc.collect()
        await asyncio.sleep(2.0)  # the clicks held up by that collection are answered first
        gc_before = sum(s["collections"] for s in gc.get_stats())
        pauses = GcPauses()
        gc.callbacks.append(pauses)
        requests0 = self.api.requests
        stand_in0 = self.api.seconds
        self.api.measuring = True
        cpu0 = time.process_time()
        threads0 = thread_cpu()
        workers0 = children_cpu()
        # The database server's processes: PostgreSQL's, on a PostgreSQL run only (on SQLite
        # there is none of ours, and another program's PostgreSQL on the machine is not it).
        postgres = "://" in self.target
        machine0 = machine_cpu()
        database0 = database_server_cpu() if postgres else {}
        ru0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.perf_counter()
        probe.start()
        if sampler:
            sampler.start()
        if profiler and not self.burst_profiler:
            profiler.enable()
        rss_track = [rss_bytes()]
        step = max(args.seconds / 10, 1.0)
        while time.perf_counter() - t0 < args.seconds - 1e-3:
            await asyncio.sleep(min(step, args.seconds - (time.perf_counter() - t0)))
            rss_track.append(rss_bytes())
        self.api.measuring = False
        pacer = self.bot.global_pacer
        paced_queued = pacer.queued if pacer is not None else 0
        self.burst_profiler = None
        if profiler:
            profiler.disable()
        if sampler:
            sampler.stop()
        window = time.perf_counter() - t0
        cpu = time.process_time() - cpu0
        workers_cpu = children_cpu() - workers0
        machine = [b - a for a, b in zip(machine0, machine_cpu(), strict=True)]
        database_cores = (cpu_since(database0, database_server_cpu()) / window
                          if postgres else 0.0)
        threads = {name: (spent - threads0.get(name, 0.0)) / window
                   for name, spent in thread_cpu().items()}
        ru1 = resource.getrusage(resource.RUSAGE_SELF)
        stand_in = self.api.seconds - stand_in0
        requests = self.api.requests - requests0
        gc_runs = sum(s["collections"] for s in gc.get_stats()) - gc_before
        gc.callbacks.remove(pauses)
        rss_end = rss_bytes()
        rss_workers = children_rss_bytes()
        self.stopping = True
        for t in list(self.sleeping):
            if t.wake is not None:
                _wake(t.wake)
        # clicks in flight get their answers
        deadline = time.perf_counter() + 10
        while any(c.measured for c in self.api.clicks.values()) \
                and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        probe.stop()
        unanswered = sum(1 for c in self.api.clicks.values() if c.measured and c.kind == "act")
        # Only now, every measured click answered: a full collection holds the loop up
        # (over a second at 1,000 tables).
        tracked = len(gc.get_objects())
        if os.environ.get("NIGHT_CENSUS"):
            kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}"
                            for o in gc.get_objects())
            print("census:", kinds.most_common(40), file=sys.stderr)
        full0 = time.thread_time()
        left_in_cycles = gc.collect()
        full_cpu = time.thread_time() - full0
        # What the freezes kept of the cyclic garbage (bot/service/collector.py): frozen, no
        # pass frees it. Unfrozen, a full pass finds it (start-up's freeze included, so the
        # benchmark's own set-up garbage counts too).
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        gc.set_debug(0)
        frozen_kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}"
                               for o in gc.garbage)
        frozen_in_cycles = len(gc.garbage)
        gc.garbage.clear()
        bursts.cancel()
        for task in players:
            task.cancel()
        for outcome in await asyncio.gather(*players, bursts, return_exceptions=True):
            if isinstance(outcome, Exception):
                self.errors.append(f"a player's task failed: {outcome!r}")
        await self.bot.close()
        self.gateway.close()
        lat = self.api.latencies
        result = {
            "tables": len(self.tables), "backend": "postgres" if "://" in self.target
            else "sqlite", "shard": self.shard, "seconds": window, "pace": args.pace,
            "burst_spread": args.burst_spread,
            "players": args.players, "setup_seconds": setup_seconds,
            "actions": self.actions, "answered": len(lat), "modal_opens": self.modal_opens,
            "commands": self.commands, "tournaments": sum(t.tournaments for t in self.tables),
            "answers": dict(self.api.answers), "unanswered": unanswered + self.no_answer,
            "click_p50_ms": pct(lat, 50) * 1e3, "click_p99_ms": pct(lat, 99) * 1e3,
            "click_max_ms": max(lat, default=float("nan")) * 1e3,
            "burst_clicks": len(self.api.burst_latencies),
            "burst_p50_ms": pct(self.api.burst_latencies, 50) * 1e3,
            "burst_p99_ms": pct(self.api.burst_latencies, 99) * 1e3,
            # How long each burst took to reach the bot, first click to last.
            "burst_spans_ms": [(max(b) - min(b)) * 1e3 for b in self.burst_arrivals if b],
            "burst_wakes_ms": [(d * 1e3, a * 1e3) for d, a in self.burst_wakes],
            "steady_p99_ms": pct(self.api.steady_latencies, 99) * 1e3,
            "latencies_ms": [round(x * 1e3, 3) for x in lat] if args.worker else [],
            "loop_block_ms": probe.worst_lag * 1e3,
            "quiet_loop_block_ms": probe.worst_quiet_lag * 1e3,
            "longest_step_ms": probe.worst_step * 1e3, "longest_step": probe.worst_what,
            # The loop that ran, not the one asked for (`--loop uvloop` without uvloop installed
            # runs on asyncio's: bot/event_loop.py).
            "loop": "uvloop" if "uvloop" in type(asyncio.get_running_loop()).__module__
            else "asyncio",
            "lean_clicks": self.bot.lean_clicks,
            "requests": requests, "requests_per_action": requests / max(self.actions, 1),
            "kinds": dict(self.api.kinds), "all_kinds": dict(self.api.all_kinds),
            "global_limit": self.bot.global_pacer.limit
            if self.bot.global_pacer is not None else None,
            "paced": {level: [len(w), pct(w, 50), pct(w, 99), max(w, default=0.0)]
                      for level, w in self.paced_waits.items()},
            "paced_queued": paced_queued, "paced_drain_s": drain_seconds,
            "unknown": dict(self.api.unknown),
            "cpu_s": cpu, "stand_in_s": stand_in,
            "user_s": ru1.ru_utime - ru0.ru_utime, "sys_s": ru1.ru_stime - ru0.ru_stime,
            "cpu_ms_per_action": (cpu - stand_in - idle_per_s * window) / max(self.actions, 1)
            * 1e3, "idle_cpu_share": idle_per_s,
            "stand_in_ms_per_action": stand_in / max(self.actions, 1) * 1e3,
            "cpu_share": cpu / window, "gc_runs": gc_runs,
            # What the whole machine did meanwhile, in cores: whether it had any to spare.
            "machine_busy_cores": machine[0] / window, "machine_steal_cores": machine[2] / window,
            "database_cores": database_cores,
            "worker_cpu_ms_per_action": workers_cpu / max(self.actions, 1) * 1e3,
            "thread_shares": {n: round(x, 3) for n, x in sorted(threads.items(),
                                                                key=lambda kv: -kv[1])
                              if x >= 0.005},
            "gc_longest_ms": pauses.longest * 1e3, "gc_thresholds": gc.get_threshold(),
            "gc_longest_generation": pauses.generation,
            "gc_longest_cpu_ms": pauses.longest_cpu * 1e3,
            "gc_collected_per_action": (pauses.collected + left_in_cycles) / max(self.actions, 1),
            "gc_left_in_cycles": left_in_cycles, "gc_tracked": tracked,
            "gc_full_cpu_ms": full_cpu * 1e3, "gc_frozen_in_cycles": frozen_in_cycles,
            "gc_frozen_kinds": frozen_kinds.most_common(
                int(os.environ.get("NIGHT_FROZEN_KINDS", "4"))),
            "gc_longest_collected": pauses.longest_collected,
            "gc_by_generation": {g: (n, round(c * 1e3, 1))
                                 for g, (n, c) in sorted(pauses.by_generation.items())},
            "rss_during_mib": [round(x / 2**20) for x in rss_track],
            "rss_mib": rss_end / 2**20, "rss_workers_mib": rss_workers / 2**20,
            "rss_start_mib": rss0 / 2**20,
            "rss_bot_mib": rss_bot / 2**20,
            "kib_per_table": (rss_end - rss_bot) / max(len(self.tables), 1) / 1024,
            "errors": self.errors[:20] + list(LOG_ERRORS)[:20],
            "error_count": len(self.errors) + len(LOG_ERRORS), **peer}
        if args.blocks:
            result["blocks"] = probe.report()
        if sampler:
            result["profile"] = sampler.report(args.top)
        if profiler:
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            if os.environ.get("NIGHT_PROFILE_FILE"):  # for pstats' callers and callees
                stats.dump_stats(os.environ["NIGHT_PROFILE_FILE"])
            stats.sort_stats("tottime").print_stats(args.top)
            stats.sort_stats("cumulative").print_stats(args.top)
            per = self.burst_profiled if args.profile == "burst" else self.actions
            result["profile"] = by_area(stats, per) + "\n" + out.getvalue()
        return result


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


def _burst_wake(table: Table, fut: asyncio.Future[None]) -> None:
    """End a player's thinking in a burst: his click counts among the bursts' clicks."""
    if table.wake is fut and not fut.done():
        table.burst = True
        fut.set_result(None)


# ------------------------------------------------------------------ running


def night(args: argparse.Namespace, target: str, shard: tuple[int, int] | None = None
          ) -> dict[str, Any]:
    """One run in this process."""
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # "voice not supported"
    handler = _Errors(level=logging.WARNING)
    logging.getLogger().addHandler(handler)
    try:
        # The bot's own loop, as `python -m bot` runs it (bot/event_loop.py), unless asked for
        # asyncio's (the loop probe then also times each callback: bench/probes.py).
        runner = event_loop.run if args.loop == "uvloop" else asyncio.run
        return runner(Night(args, target, shard).run())
    finally:
        logging.getLogger().removeHandler(handler)


def worker_command(args: argparse.Namespace, tables: int, target: str,
                   shard: tuple[int, int] | None, result: Path) -> list[str]:
    # Started by `-c`, not by this file's path: the bot's chance-counting process (spawned)
    # then imports none of this benchmark, as under `python -m bot` it imports nothing of the
    # bot's main module (multiprocessing re-imports a main script in each process it spawns).
    launch = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from bench.night import main; " \
             "sys.exit(main())"
    cmd = [sys.executable, "-c", launch, "--worker", "--target", target, "--result", str(result),
           "--tables", str(tables), "--seconds", str(args.seconds), "--pace", str(args.pace),
           "--players", str(args.players), "--warmup", str(args.warmup),
           "--seed", str(args.seed), "--setup-parallel", str(args.setup_parallel),
           "--peer-samples", str(args.peer_samples), "--top", str(args.top),
           "--burst-spread", str(args.burst_spread)]
    if shard is not None:
        cmd += ["--shard", f"{shard[0]}/{shard[1]}"]
    if args.profile:
        cmd += ["--profile", args.profile]
    if args.blocks:
        cmd.append("--blocks")
    if args.gc:
        cmd += ["--gc", args.gc]
    if args.public_only:
        cmd.append("--public-only")
    if args.switch:
        cmd += ["--switch", str(args.switch)]
    cmd += ["--loop", args.loop]
    if args.global_limit:
        cmd += ["--global-limit", str(args.global_limit)]
    if args.round_trip:
        cmd += ["--round-trip", str(args.round_trip)]
    return cmd


def in_workers(args: argparse.Namespace, tables: int, target: str, processes: int
               ) -> dict[str, Any]:
    """A run in child processes (one per shard); their figures merged."""
    shards = [(i, processes) for i in range(processes)] if processes > 1 else [None]
    results = []
    # Each worker writes its figures to a file of its own, not to stdout: a 1,000-table
    # result is over 64 KiB, a pipe's capacity, and with two workers the second one's line
    # came back cut at exactly 65,536 characters while this process still waited for the
    # first. A file holds it whole, and nothing else writes to it.
    with tempfile.TemporaryDirectory() as tmp:
        files = [Path(tmp) / f"worker{i}.json" for i in range(len(shards))]
        procs = [subprocess.Popen(worker_command(args, tables, target, s, f))
                 for s, f in zip(shards, files, strict=True)]
        for p, f in zip(procs, files, strict=True):
            if p.wait() != 0:
                raise RuntimeError(f"a worker failed (exit {p.returncode})")
            results.append(json.loads(f.read_text()))
    if len(results) == 1:
        return dict(results[0])
    merged = dict(results[0])
    lat = [x for r in results for x in r["latencies_ms"]]
    for key in ("tables", "actions", "answered", "requests", "unanswered", "error_count",
                "modal_opens", "commands", "tournaments"):
        merged[key] = sum(r[key] for r in results)
    merged["click_p50_ms"] = pct(lat, 50)
    merged["click_p99_ms"] = pct(lat, 99)
    merged["loop_block_ms"] = max(r["loop_block_ms"] for r in results)
    merged["longest_step_ms"] = max(r["longest_step_ms"] for r in results)
    merged["requests_per_action"] = merged["requests"] / max(merged["actions"], 1)
    merged["rss_mib"] = max(r["rss_mib"] for r in results)
    merged["per_process"] = results
    merged["errors"] = [e for r in results for e in r["errors"]]
    return merged


def report(r: dict[str, Any], label: str) -> None:
    print(f"--- {label}")
    print(f"tables: {r['tables']}   ({r['players']} players each, {r['loop']}'s loop, "
          + ("lean clicks, " if r.get("lean_clicks") else "public API only, ") +
          f"collector thresholds "
          f"{r['gc_thresholds']}, {r['actions']} actions in "
          f"{r['seconds']:.0f} s, pace {r['pace']}, "
          + (f"bursts spread over {spread:g} s" if (spread := r.get("burst_spread"))
             else "bursts in one instant")
          + f", set up in {r['setup_seconds']:.1f} s)")
    print(f"click_p50_ms: {r['click_p50_ms']:.1f}   click_p99_ms: {r['click_p99_ms']:.1f}   "
          f"(raw click p50 {r['raw_click_p50_ms']:.2f} ms, same process)")
    for p in r.get("per_process") or [r]:
        print(f"  outside the bursts p99 {p['steady_p99_ms']:.1f} ms; the {p['burst_clicks']} "
              f"clicks made in bursts p50 {p['burst_p50_ms']:.1f} ms, p99 "
              f"{p['burst_p99_ms']:.1f} ms; a burst's clicks reached the bot over "
              f"{pct(p['burst_spans_ms'], 50):.0f} ms (the median burst, first to last)")
    longest = (f"longest single callback {r['longest_step_ms']:.1f} ms: {r['longest_step']}"
               if r["loop"] == "asyncio" else "single callbacks not timed on uvloop")
    print(f"loop_block_ms: {r['loop_block_ms']:.1f}   ({longest}; outside the bursts "
          + "/".join(f"{p['quiet_loop_block_ms']:.1f}" for p in r.get("per_process") or [r])
          + " ms)")
    kinds: Counter[str] = Counter()
    for p in r.get("per_process") or [r]:
        kinds.update(p["kinds"])
    bound = sum(n for k, n in kinds.items() if "interaction callback" not in k
                and "webhook" not in k)
    print(f"requests_per_action: {r['requests_per_action']:.2f}   ({r['requests']} requests; "
          f"stand-in round trip {r['round_trip_us']:.0f} us each; "
          f"{r['requests'] / r['seconds']:.0f}/s, of which {bound / r['seconds']:.0f}/s count "
          f"against Discord's global 50/s per bot, interaction answers being exempt)")
    print("  " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    for p in r.get("per_process") or [r]:
        if p.get("global_limit"):
            waits = ", ".join(f"{level.lower()} {n} (p50 {p50 * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} "
                              f"ms, longest {top:.1f} s)"
                              for level, (n, p50, p99, top) in sorted(p["paced"].items()))
            print(f"  paced at {p['global_limit']:.0f}/s (Discord's global limit): the requests' "
                  f"waits for their turn by priority: {waits}; {p['paced_queued']} still "
                  f"waiting at the window's end (the start's backlog drained in "
                  f"{p['paced_drain_s']:.0f} s before it)")
    per = r.get("per_process") or [r]
    for p in per:
        where = f" shard {p['shard'][0]}" if p.get("shard") else ""
        ratio = p["cpu_ms_per_action"] / p["raw_click_cpu_ms"]
        print(f"cpu_ms_per_action{where}: {p['cpu_ms_per_action']:.2f}   (raw click "
              f"{p['raw_click_cpu_ms']:.2f} ms: {ratio:.1f}x;"
              f" the process busy {p['cpu_share'] * 100:.0f}% of the time, stand-in "
              f"{p['stand_in_ms_per_action']:.2f} ms/action and the probes' own "
              f"{p['idle_cpu_share'] * 100:.1f}% taken out; {p['gc_runs']} "
              f"collections, the longest {p['gc_longest_ms']:.1f} ms ("
              f"{p['gc_longest_cpu_ms']:.1f} ms CPU), generation {p['gc_longest_generation']}, "
              f"freeing {p['gc_longest_collected']} objects in cycles; "
              f"{p['gc_collected_per_action']:.0f} such objects per action, "
              f"{p['gc_left_in_cycles']} of them left uncollected at the end, when a full "
              f"collection of the {p['gc_tracked']:,} objects tracked took "
              f"{p['gc_full_cpu_ms']:.0f} ms CPU; the freezes kept "
              f"{p['gc_frozen_in_cycles']} objects of cycles, "
              + ", ".join(f"{k} {n}" for k, n in p['gc_frozen_kinds']) + ")")
        print("  each thread's share of the time: " + ", ".join(
            f"{n} {x * 100:.0f}%" for n, x in p["thread_shares"].items())
            + f"; the worker process (chances to win) {p['worker_cpu_ms_per_action']:.2f} ms "
            "of CPU per action besides")
        print(f"rss_mib{where}: {p['rss_mib']:.0f}   ({p['kib_per_table']:.0f} KiB per table "
              f"over the bot's {p['rss_bot_mib']:.0f} MiB before the tables; its worker "
              f"process {p['rss_workers_mib']:.0f} MiB; during the window "
              f"{' '.join(str(x) for x in p['rss_during_mib'])}; collections by generation "
              f"(runs, longest CPU ms): {p['gc_by_generation']})")
    first = per[0]
    if "machine_busy_cores" in first:  # the machine is one: the first process's window
        print(f"  the machine: {first['machine_busy_cores']:.2f} of its {os.cpu_count()} cores "
              f"busy in the window (the database server's processes "
              f"{first['database_cores']:.2f}; taken by the virtual machine's host "
              f"{first['machine_steal_cores']:.2f})")
    answered = r["answered"]
    late = sum(x.get("answers", {}).get("late edit", 0) for x in per)
    print(f"answered: {answered} of {r['actions']} clicks with the table edit ({late} of them "
          "acknowledged first, kept waiting past 2 s); "
          f"unanswered {r['unanswered']}; errors {r['error_count']}; {r['commands']} slash "
          f"commands in the window ({r['tournaments']} tournaments in all: a finished one is "
          "followed by a new one at its table)")
    for e in r["errors"][:5]:
        print(f"  ! {e}")
    if r.get("unknown"):
        print(f"  ! routes the stand-in does not know: {r['unknown']}")
    for p in per:
        if p.get("blocks"):
            print(p["blocks"])
    if r.get("profile"):
        print(r["profile"])
    sys.stdout.flush()


class Postgres:
    """A pgserver for the run (as tests/postgres/conftest.py starts it), a database per run."""

    def __init__(self, url: str | None = None) -> None:
        self.count = itertools.count()
        self.server: Any = None
        self.home: Path | None = None
        if url is not None:  # a server of the user's (its user may CREATE DATABASE)
            self.url = url
            return
        self.home = Path(tempfile.mkdtemp(prefix="night-pg-"))
        self.home.chmod(0o755)  # the server's own user must reach its data folder
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pgserver.postgres_server import get_server

            self.server = get_server(self.home / "pgdata", cleanup_mode="stop")
        self.url = self.server.get_uri()

    def new(self) -> str:
        import psycopg

        name = f"night_{next(self.count)}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {name}")
        return urlunsplit(urlsplit(self.url)._replace(path=f"/{name}"))

    def close(self) -> None:
        if self.server is not None:
            self.server.cleanup()
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", default="10,100,500,1000",
                        help="table counts, one run each (per process with --processes)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds (times --pace) of play before the window")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes (shards) on one PostgreSQL database")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="1: human pace in wall-clock time; 0.1: ten times faster")
    parser.add_argument("--players", type=int, default=6, help="players per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup-parallel", type=int, default=25,
                        help="tables setting up their tournament at once")
    parser.add_argument("--peer-samples", type=int, default=300)
    parser.add_argument("--profile", choices=("sample", "cprofile", "burst"),
                        help="burst: cProfile only while a burst's clicks wait, per burst click")
    parser.add_argument("--burst-spread", type=float, default=0.0,
                        help="seconds over which a burst's clicks are spread, each at a random "
                             "moment (default 0: all in the same instant)")
    parser.add_argument("--top", type=int, default=25, help="profile lines")
    parser.add_argument("--url", help="a PostgreSQL server to use instead of pgserver (a fresh "
                        "database is created on it for each run)")
    parser.add_argument("--global-limit", type=float, default=None,
                        help="requests a second the bot keeps to (Discord's global limit, "
                             "shared by the processes); default: not paced, the bot's own "
                             "capacity as if Discord had raised the limit")
    parser.add_argument("--round-trip", type=float, default=0.0,
                        help="milliseconds each request to Discord takes to be answered (its "
                             "network and its work; default 0: at once)")
    parser.add_argument("--gc", help="collector thresholds to try instead of the bot's "
                        "(e.g. 5000,20,20)")
    parser.add_argument("--switch", type=float,
                        help="the interpreter's thread switch interval to try, in seconds (the "
                        "loop waits up to this long for the GIL held by the database's or the "
                        "chances' thread)")
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default=event_loop.loop_name(),
                        help="the event loop (default: the bot's, bot/event_loop.py); on "
                        "asyncio's the probe also times each callback (--blocks needs it)")
    parser.add_argument("--blocks", action="store_true",
                        help="read the loop's stack during every callback over 15 ms "
                        "(with --loop asyncio)")
    parser.add_argument("--public-only", action="store_true",
                        help="clicks parsed whole and answered with the message asked back, "
                        "through discord.py's public API (bot/discord_ui/dpy.py's lean "
                        "clicks off), to measure what the lean path saves")
    parser.add_argument("--fail-fast", action="store_true")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    parser.add_argument("--shard", help=argparse.SUPPRESS)
    parser.add_argument("--result", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        shard: tuple[int, int] | None = None
        if args.shard:  # "index/count", as in_workers passes it
            index, count = args.shard.split("/")
            shard = (int(index), int(count))
        args.tables = int(args.tables)
        result = night(args, args.target, shard)
        Path(args.result).write_text(json.dumps(result))
        return 0
    if args.processes > 1 and args.backend != "postgres":
        print("several processes share one database: use --backend postgres")
        return 2
    counts = [int(x) for x in str(args.tables).split(",") if x]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        pg = None
        try:
            if args.backend == "postgres":
                pg = Postgres(args.url)
            for n in counts:
                if pg is not None:
                    target = pg.new()  # a fresh database for each run
                else:
                    target = str(Path(tmp) / f"night{n}.sqlite3")
                load = os.getloadavg()[0]
                r = in_workers(args, n, target, args.processes)
                label = (f"{args.backend}, {args.processes} process(es) x {n} tables (load "
                         f"average {load:.2f} before, {os.getloadavg()[0]:.2f} after; the run's "
                         "own processes count in it)")
                report(r, label)
        finally:
            if pg is not None:
                pg.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The screens under a full room and more: N pages (Server-Sent Event streams) open on one
tournament's clock, an update (a bust) every half second; how long until every page has it, and
how long the bot's event loop is ever held meanwhile.

    python bench/screen.py [--clients 500] [--updates 20] [--processes 2]

The bot's side is the real one without Discord: a TournamentService on a SQLite store in a
temporary folder, a live tournament, the web server of bot/web (its own thread) fed by the
service's listener, a link from ScreenLinks. The pages are aiohttp clients in --processes other
processes (loopback only), each reading its streams whole.

Printed: `screen_update_p99_ms:` and `screen_update_max_ms:` (from the bust's command to a page
receiving the new state, over every page and update), `screen_loop_block_ms:` (the longest lag of
a 2 ms ticker on the bot's loop during the run), and a same-run peer: `peer_update_p99_ms:` and
`peer_loop_block_ms:` for a bare aiohttp SSE fan-out of the same payload written from the bot's
loop itself (no thread, no coalescing), to the same kind of clients.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TICK = 0.002


# ---------------------------------------------------------------------- the pages (a process)

async def pages(url: str, count: int) -> None:
    """`count` streams on `url`; prints `ready` once each has its first state, then (after a line
    on stdin) one JSON object: players_left -> the times the pages received that state."""
    import aiohttp

    # The pages are the room's browsers, on other machines in real life: here they yield the
    # CPU to the bot's process (2 cores shared by all).
    os.nice(10)
    seen: dict[str, list[float]] = {}
    ready = 0
    all_ready = asyncio.Event()

    async def one(http: aiohttp.ClientSession) -> None:
        nonlocal ready
        first = True
        mine: set[str] = set()  # a state sent again (the 15 s refresh) is not a new arrival
        async with http.get(url) as response:
            assert response.status == 200, response.status
            buffer = b""
            async for chunk in response.content.iter_any():
                at = time.time()
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    if not block.startswith(b"event: state"):
                        continue
                    data = json.loads(block.split(b"data: ", 1)[1])
                    key = str(data["players_left"])
                    if key not in mine:
                        mine.add(key)
                        seen.setdefault(key, []).append(at)
                    if first:
                        first = False
                        ready += 1
                        if ready == count:
                            all_ready.set()

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        tasks = []
        for _ in range(count):
            tasks.append(asyncio.create_task(one(http)))
            await asyncio.sleep(0.002)  # a room's pages open over a second, not at one instant
        await asyncio.wait_for(all_ready.wait(), 60)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(seen), flush=True)


# ---------------------------------------------------------------------- the bot's side

class Ticker:
    """The longest lag of a TICK-second sleep on this loop while it runs (`worst`), and the
    most CPU time this thread used in one tick (`busiest`): a lag with little CPU of the loop's
    own is the machine's (other processes, the other thread holding the interpreter)."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.busiest = 0.0
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before, cpu = loop.time(), time.thread_time()
            await asyncio.sleep(TICK)
            self.worst = max(self.worst, loop.time() - before - TICK)
            self.busiest = max(self.busiest, time.thread_time() - cpu)

    def start(self) -> None:
        self.worst = self.busiest = 0.0
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> float:
        assert self.task is not None
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        return self.worst


def spawn(url: str, clients: int, processes: int) -> list[subprocess.Popen[str]]:
    share = [clients // processes + (1 if i < clients % processes else 0)
             for i in range(processes)]
    return [subprocess.Popen([sys.executable, __file__, "--pages", url, str(n)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for n in share if n]


async def wait_ready(procs: list[subprocess.Popen[str]]) -> None:
    loop = asyncio.get_running_loop()
    for p in procs:
        assert p.stdout is not None
        line = await loop.run_in_executor(None, p.stdout.readline)
        assert line.strip() == "ready", line


async def results(procs: list[subprocess.Popen[str]]) -> dict[str, list[float]]:
    loop = asyncio.get_running_loop()
    merged: dict[str, list[float]] = {}
    for p in procs:
        assert p.stdin is not None and p.stdout is not None
        p.stdin.write("stop\n")
        p.stdin.flush()
    for p in procs:
        assert p.stdout is not None
        out = await loop.run_in_executor(None, p.stdout.read)
        p.wait(30)
        for key, times in json.loads(out.strip().splitlines()[-1]).items():
            merged.setdefault(key, []).extend(times)
    return merged


def latencies(sent: dict[str, float], seen: dict[str, list[float]], pages: int) -> list[float]:
    out = []
    for key, at in sent.items():
        got = seen.get(key, [])
        missing = pages - len(got)
        # A page that never got an update counts as infinitely late.
        out += [(t - at) * 1000 for t in got] + [float("inf")] * max(0, missing)
    return sorted(out)


def p99(values: list[float]) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.99))] if values else float("nan")


async def bot_side(args: argparse.Namespace) -> None:
    from bot.discord_ui.presenter.screen import SCREEN_WORDS
    from bot.engine.profile import make_profile
    from bot.service import TournamentService
    from bot.store.backends import open_store
    from bot.tournament.payouts import load_payout_table
    from bot.tournament.structure import load_structure
    from bot.tournament.tournament import Tournament, TournamentConfig
    from bot.web import ANY_FREE_PORT, Feed, ScreenLinks, WebServer

    folder = tempfile.mkdtemp(prefix="bench-screen-")
    store = await open_store(Path(folder) / "bench.sqlite3")
    feed: Feed | None = None

    async def listener(session: Any, outcome: Any) -> None:
        if feed is not None:
            feed.changed(session)

    service = TournamentService(store, clock=time.time, listener=listener)
    feed = Feed(service, clock=time.time, words=SCREEN_WORDS)
    links = ScreenLinks(store, SCREEN_WORDS)
    web = WebServer(feed, links, host="127.0.0.1", port=ANY_FREE_PORT, clock=time.time)
    web.start()
    config = TournamentConfig(make_profile("tda"), load_structure("regular"),
                              load_payout_table(), mode="live", buy_in=20)
    session = await service.create(guild_id=1, channel_id=1, name="Bench night", config=config)
    for i in range(args.updates * 2 + 20):
        def add_guest(t: Tournament, now: float, i: int = i) -> object:
            return t.add_guest(f"Guest {i + 1}", "director", now)

        await session.run(add_guest)
    await session.run(lambda t, now: t.start("bench-seed", now))
    guests = list(session.tournament.guests)
    token = await links.issue(session.store_id, 1, revoke=False)
    url = web.link(session.store_id, token) + "/events"
    ticker = Ticker()

    procs = spawn(url, args.clients, args.processes)
    await wait_ready(procs)
    ticker.start()
    await asyncio.sleep(args.every * args.updates)
    idle_block = await ticker.stop()
    ticker.start()
    sent: dict[str, float] = {}
    for k in range(args.updates):
        at = time.time()
        def bust(t: Tournament, now: float, k: int = k) -> object:
            return t.bust(guests[k], now, recorded_by="director")

        await session.run(bust)
        sent[str(len(session.tournament.playing))] = at
        await asyncio.sleep(args.every)
    await asyncio.sleep(1.0)
    screen_block = await ticker.stop()
    screen_busy = ticker.busiest
    screen = latencies(sent, await results(procs), args.clients)
    state = feed.build(session.store_id, [(session.store_id, None)])[(session.store_id, None)]
    await web.stop()

    # The peer: the same payload, fanned out from this loop by a bare aiohttp SSE server.
    peer, peer_block = await bare_fanout(args, state, ticker)

    await store.close()
    print(f"clients: {args.clients} (in {args.processes} processes) · updates: {args.updates} "
          f"every {args.every} s · payload {len(state)} bytes")
    print(f"screen_update_p99_ms: {p99(screen):.1f}")
    print(f"screen_update_max_ms: {screen[-1]:.1f}")
    print(f"screen_loop_block_ms: {screen_block * 1000:.1f}")
    print(f"screen_loop_busy_ms: {screen_busy * 1000:.1f} (the loop's own CPU in its longest tick)")
    print(f"idle_loop_block_ms: {idle_block * 1000:.1f} (the same pages open, no update: the "
          "machine's floor)")
    print(f"peer_update_p99_ms: {p99(peer):.1f}")
    print(f"peer_update_max_ms: {peer[-1]:.1f}")
    print(f"peer_loop_block_ms: {peer_block * 1000:.1f}")
    print(f"peer_loop_busy_ms: {ticker.busiest * 1000:.1f}")


async def bare_fanout(args: argparse.Namespace, state: bytes,
                      ticker: Ticker) -> tuple[list[float], float]:
    from aiohttp import web

    streams: list[web.StreamResponse] = []
    current = {"state": state}

    async def events(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(current["state"])
        streams.append(response)
        try:
            await asyncio.Event().wait()
        finally:
            streams.remove(response)
        return response

    app = web.Application()
    app.router.add_get("/events", events)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]  # the port the system gave the site's one socket
    procs = spawn(f"http://127.0.0.1:{port}/events", args.clients, args.processes)
    await wait_ready(procs)
    ticker.start()
    data = json.loads(state.split(b"data: ", 1)[1])
    sent: dict[str, float] = {}
    for k in range(args.updates):
        data["players_left"] = 1000 + k
        at = time.time()
        current["state"] = b"event: state\ndata: " + json.dumps(data).encode() + b"\n\n"
        for response in list(streams):
            await response.write(current["state"])
        sent[str(1000 + k)] = at
        await asyncio.sleep(args.every)
    await asyncio.sleep(1.0)
    block = await ticker.stop()
    seen = await results(procs)
    await runner.cleanup()
    return latencies(sent, seen, args.clients), block


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--pages":
        asyncio.run(pages(sys.argv[2], int(sys.argv[3])))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--updates", type=int, default=20)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between updates")
    parser.add_argument("--processes", type=int, default=2)
    asyncio.run(bot_side(parser.parse_args()))


if __name__ == "__main__":
    main()

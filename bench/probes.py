"""bench/night.py's instruments: the loop's longest lag and longest callback (with the stack the
loop was in, read by a watchdog thread), the collector's pauses, a sampling profiler and the
cProfile summary by area, memory, percentiles."""

from __future__ import annotations

import asyncio
import itertools
import os
import pstats
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICK = 0.005
BLOCK_TRACE = 0.015  # a callback running this long has its stack read


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q / 100))]


def rss_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _proc(path: str) -> str | None:
    """A /proc file's text, or None when its process or thread ended meanwhile."""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _cpu_seconds(stat: str) -> float:
    """User plus system CPU of a /proc stat line, in seconds (the name in parentheses may
    hold spaces, so the fields are counted after it)."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children() -> list[str]:
    return [pid for task in os.listdir("/proc/self/task")
            for pid in (_proc(f"/proc/self/task/{task}/children") or "").split()]


def children_rss_bytes() -> int:
    """The resident memory of this process's child processes (the chance-counting worker)."""
    pages = [int(text.split()[1]) for pid in _children()
             if (text := _proc(f"/proc/{pid}/statm")) is not None]
    return sum(pages) * os.sysconf("SC_PAGE_SIZE")


def children_cpu() -> float:
    """CPU seconds used so far by this process's running child processes."""
    return sum(_cpu_seconds(text) for pid in _children()
               if (text := _proc(f"/proc/{pid}/stat")) is not None)


def machine_cpu() -> tuple[float, float, float]:
    """The whole machine's CPU so far, in seconds summed over its cores (/proc/stat's first
    line): busy, idle (waiting for the disk included) and stolen (a virtual machine's cores
    taken by its host)."""
    text = _proc("/proc/stat") or ""
    line = text.splitlines()[0].split() if text else ["cpu"] + ["0"] * 8
    user, nice, system, idle, iowait, irq, softirq, steal = (int(x) for x in line[1:9])
    tick = os.sysconf("SC_CLK_TCK")
    return ((user + nice + system + irq + softirq) / tick, (idle + iowait) / tick, steal / tick)


def database_server_cpu() -> dict[int, float]:
    """CPU seconds used so far by each of the machine's PostgreSQL processes (pgserver's server
    and the backends serving each connection; none on SQLite), by process id."""
    out: dict[int, float] = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit() and (_proc(f"/proc/{pid}/comm") or "").strip() == "postgres":
            text = _proc(f"/proc/{pid}/stat")
            if text is not None:
                out[int(pid)] = _cpu_seconds(text)
    return out


def cpu_since(before: dict[int, float], now: dict[int, float]) -> float:
    """What the processes running now used since `before` (all of it for those started since;
    one that ended meanwhile is not counted, its last figures being gone)."""
    return sum(spent - before.get(pid, 0.0) for pid, spent in now.items())


class LoopProbe:
    """The longest lag of a 5 ms ticker (how long the loop was held up at once), the longest
    single callback the loop ran (with what it was), and what the loop was doing during each
    long callback: a watchdog thread reads the loop thread's stack once a callback has run for
    BLOCK_TRACE seconds (--blocks), so a block names its cause, not only its task."""

    def __init__(self, trace: bool = False, busy: Callable[[], bool] | None = None) -> None:
        self.worst_lag = 0.0
        # The longest lag outside the moments `busy()` says are a burst's (at either end of
        # the tick): what a click met when nothing had arrived all at once.
        self.worst_quiet_lag = 0.0
        self._busy = busy
        self.worst_step = 0.0
        self.worst_what = ""
        # (seconds, of them the thread's CPU, task, stack)
        self.blocks: list[tuple[float, float, str, list[str]]] = []
        self._trace = trace
        self._task: asyncio.Task[None] | None = None
        self._original = asyncio.events.Handle._run
        self._running: tuple[int, float] | None = None  # (serial, start) of the callback
        self._caught: dict[int, list[str]] = {}
        self._stop = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, daemon=True)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        original = self._original
        probe = self
        serial = itertools.count()

        trace = self._trace
        cpu = time.thread_time

        def run(handle: asyncio.Handle) -> None:
            began = time.perf_counter()
            began_cpu = cpu() if trace else 0.0
            n = next(serial)
            probe._running = (n, began)
            original(handle)
            probe._running = None
            spent = time.perf_counter() - began
            if spent > probe.worst_step and not probe._stop.is_set():  # not the stopping step
                probe.worst_step = spent
                probe.worst_what = _describe(handle)
            stack = probe._caught.pop(n, None)
            if stack is not None and not probe._stop.is_set():
                probe.blocks.append((spent, cpu() - began_cpu, _describe(handle), stack))

        asyncio.events.Handle._run = run  # type: ignore[method-assign,assignment]  # every callback timed
        if self._trace:
            self._watchdog.start()

    def _watch(self) -> None:
        main = threading.main_thread().ident
        assert main is not None  # a running thread has an ident
        while not self._stop.wait(0.002):
            running = self._running
            if running is None or running[0] in self._caught:
                continue
            if time.perf_counter() - running[1] < BLOCK_TRACE:
                continue
            frame = sys._current_frames().get(main)
            stack = []
            while frame is not None:
                code = frame.f_code
                stack.append(f"{_short(code.co_filename)}:{frame.f_lineno} {code.co_name}")
                frame = frame.f_back
            if self._running is running:
                self._caught[running[0]] = stack

    async def _tick(self) -> None:
        busy = self._busy or (lambda: False)
        while True:
            began = time.perf_counter()
            busy_before = busy()
            await asyncio.sleep(TICK)
            lag = time.perf_counter() - began - TICK
            self.worst_lag = max(self.worst_lag, lag)
            if not busy_before and not busy():
                self.worst_quiet_lag = max(self.worst_quiet_lag, lag)

    def stop(self) -> None:
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]  # put back
        self._stop.set()
        if self._watchdog.is_alive():
            self._watchdog.join()
        if self._task is not None:
            self._task.cancel()

    def report(self, top: int = 8) -> str:
        """The longest traced blocks, each with the innermost frames of ours and the library's."""
        causes: Counter[str] = Counter()
        for _, _, _, stack in self.blocks:
            causes[_cause(stack)] += 1
        lines = [f"{len(self.blocks)} callbacks ran over {BLOCK_TRACE * 1e3:.0f} ms; "
                 "by where the loop was when the watchdog looked:"]
        lines += [f"  {n:4d}  {where}" for where, n in causes.most_common(top)]
        for spent, cpu, what, stack in sorted(self.blocks, reverse=True)[:3]:
            lines.append(f"  {spent * 1e3:.0f} ms ({cpu * 1e3:.0f} ms CPU) in {what}:")
            lines += [f"      {f}" for f in stack[:14]]
        return "\n".join(lines)


def _cause(stack: list[str]) -> str:
    """The innermost frame of our code (bot/, cogs/) and the frame it was in, if any."""
    ours = [f for f in stack if f.startswith(("bot/", "cogs/"))]
    inner = stack[0] if stack else "?"
    return f"{ours[0]}  (in {inner})" if ours and ours[0] != inner else inner


def _describe(handle: asyncio.Handle) -> str:
    callback = getattr(handle, "_callback", None)
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return getattr(coro, "__qualname__", repr(coro))
    return getattr(callback, "__qualname__", repr(callback))


def thread_cpu() -> dict[str, float]:
    """CPU seconds used so far by each of this process's threads, by thread name (Linux:
    /proc/self/task; the loop's thread is MainThread). Threads Python did not start (none
    here) are named by their id."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: dict[str, float] = {}
    for task in os.listdir("/proc/self/task"):
        text = _proc(f"/proc/self/task/{task}/stat")
        if text is not None:
            name = names.get(int(task), f"thread {task}")
            out[name] = out.get(name, 0.0) + _cpu_seconds(text)
    return out


class Sampler:
    """A sampling profiler from the standard library: every millisecond a thread reads the main
    thread's stack (sys._current_frames) and counts each function on it (inclusive) and the
    innermost one (exclusive)."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.inclusive: Counter[str] = Counter()
        self.exclusive: Counter[str] = Counter()
        self.samples = 0
        self.idle = 0
        self._stop = threading.Event()
        main = threading.main_thread().ident
        assert main is not None  # a running thread has an ident
        self._main = main
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        switch = sys.getswitchinterval()
        sys.setswitchinterval(0.0005)  # the loop thread yields the GIL often enough to sample
        try:
            while not self._stop.wait(self.interval):
                frame = sys._current_frames().get(self._main)
                if frame is None:
                    continue
                if frame.f_code.co_name == "select" and "selectors" in frame.f_code.co_filename:
                    self.idle += 1  # waiting for I/O or a timer: nothing to see
                    continue
                self.samples += 1
                seen = set()
                leaf = True
                while frame is not None:
                    code = frame.f_code
                    where = f"{_short(code.co_filename)}:{code.co_name}"
                    if leaf:
                        self.exclusive[where] += 1
                        leaf = False
                    if where not in seen:
                        self.inclusive[where] += 1
                        seen.add(where)
                    frame = frame.f_back
        finally:
            sys.setswitchinterval(switch)

    def report(self, top: int) -> str:
        n = max(self.samples, 1)
        lines = [f"{self.samples} busy samples of the event loop's thread ({self.idle} idle "
                 "in select left out); shares of the busy ones:"]
        lines.append("  exclusive (innermost function):")
        lines += [f"    {c / n * 100:5.1f}%  {w}" for w, c in self.exclusive.most_common(top)]
        lines.append("  inclusive (anywhere on the stack):")
        lines += [f"    {c / n * 100:5.1f}%  {w}" for w, c in self.inclusive.most_common(top)]
        return "\n".join(lines)


def _short(path: str) -> str:
    for marker in ("site-packages/", str(ROOT) + "/", "lib/python3.11/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def by_area(stats: pstats.Stats, actions: int) -> str:
    """The loop thread's own time (cProfile tottime) summed by where the code lives, per
    action: ours by package, discord.py, asyncio, the standard library, the stand-in."""
    areas: Counter[str] = Counter()
    for (path, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]  # not in typeshed
        tottime = row[2]
        short = _short(path)
        if "poll" in name or "selectors" in short:
            continue  # waiting, not working
        if short.startswith(("bot/", "cogs/")):
            area = "/".join(short.split("/")[:2]) if short.startswith("bot/") else "cogs"
            if short.startswith("bot/discord_ui/presenter"):
                area = "bot/discord_ui/presenter"
        elif short.startswith("bench/"):
            area = "the stand-in and the players (bench)"
        elif short.startswith("discord/"):
            area = "discord.py"
        elif short.startswith("asyncio/"):
            area = "asyncio"
        elif short.startswith(("aiosqlite/", "psycopg/")):
            area = short.split("/")[0]
        elif short.startswith("~") or short.startswith("<"):
            area = "builtins (" + name.split("'")[1] + ")" if "'" in name else "builtins"
        else:
            area = "standard library (" + short.split("/")[0].removesuffix(".py") + ")"
        areas[area] += tottime
    total = sum(areas.values())
    lines = [f"loop thread CPU by area (cProfile, {total / max(actions, 1) * 1e3:.2f} ms per "
             "action with the profiler's own overhead):"]
    lines += [f"  {t / total * 100:5.1f}%  {t / max(actions, 1) * 1e3:6.3f} ms/action  {a}"
              for a, t in areas.most_common(18)]
    return "\n".join(lines)


class GcPauses:
    """The longest garbage collection (gc.callbacks) and its generation."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.generation = -1
        self.longest_cpu = 0.0  # the thread's CPU time in it (the rest: the machine's load)
        self.by_generation: dict[int, tuple[int, float]] = {}  # gen -> (runs, longest CPU s)
        self.collected = 0  # unreachable objects freed (cyclic garbage)
        self.longest_collected = 0
        self._began = self._cpu = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            self._cpu = time.thread_time()
        else:
            spent = time.perf_counter() - self._began
            cpu = time.thread_time() - self._cpu
            gen = info["generation"]
            count, worst = self.by_generation.get(gen, (0, 0.0))
            self.by_generation[gen] = (count + 1, max(worst, cpu))
            self.collected += info.get("collected", 0)
            if spent > self.longest:
                self.longest, self.generation = spent, gen
                self.longest_cpu = cpu
                self.longest_collected = info.get("collected", 0)

"""The chances to win an all-in's table shows, counted in a worker process.

Why a process: a pre-flop all-in's chances take 10-30 ms of counting (10,000 boards through
eval7, which holds the GIL). Counted in a thread of the bot's process, that work was off the
event loop but not out of its way: the loop waits for the GIL whenever a counting thread holds
it. At 1,000 tables the counting threads took a fifth of a core beside the loop's half
(bench/night.py, each thread's share of the time). In a process of its own it runs on the
other core and the loop never waits for it.

Contract: `count_ahead(events)` counts what the table of the hand of `events` will show
(bot.engine.chances.table_counts) and keeps the counts in this process (equity.remember), so
drawing the table finds them. It is only a head start: when the worker cannot count (it failed
or was stopped), drawing counts what it needs itself, so no table edit is lost. One worker
process serves the whole bot process: started when the bot deals its first hand (`warm`: a
click that goes all-in then never waits for a process to start), spawned (the bot's process
has threads, which forking does not copy safely), and stopped at exit.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.engine.chances import ready, table_counts
from bot.engine.equity import remember
from bot.engine.events import Event

log = logging.getLogger(__name__)

_worker: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    global _worker
    if _worker is None:
        _worker = ProcessPoolExecutor(max_workers=1,
                                      mp_context=multiprocessing.get_context("spawn"))
    return _worker


def warm() -> None:
    """Start the worker process now if it is not running, without waiting for it."""
    if _worker is None:
        _pool().submit(ready).add_done_callback(_started)


def _started(started: Future[bool]) -> None:
    if not started.cancelled() and started.exception() is not None:
        log.warning("the chance-counting process did not start: %r", started.exception())


async def count_ahead(events: Sequence[Event]) -> None:
    """Count the chances of the hand of `events` in the worker process and keep them here."""
    global _worker
    loop = asyncio.get_running_loop()
    try:
        counts = await loop.run_in_executor(_pool(), table_counts, list(events))
    except BrokenProcessPool:
        _worker = None  # a new one starts when next needed; the caller logs the failure
        raise
    remember(counts)


def stop(*, wait: bool = False) -> None:
    """Stop the worker process (the next count starts a new one); `wait` until it has."""
    global _worker
    if _worker is not None:
        _worker.shutdown(wait=wait, cancel_futures=True)
        _worker = None

"""The event loop the bot runs on: uvloop where it is installed, else asyncio's own.

uvloop is asyncio's loop written over libuv (the loop's scheduling, timers and sockets in C).
At a league network's peak the loop's own bookkeeping is a share of every click: each click
schedules callbacks, arms and cancels timers (the next player's clock, his idle ping) and
hands the commit to the database's thread and back; uvloop took less CPU per action and had a
shorter longest loop lag in every pair of runs (bench/NIGHT.md, "Tenth part: uvloop").

Contract: `run(main)` runs one coroutine to its end on a fresh loop (uvloop's when importable)
and closes the loop, as `asyncio.run` does; `loop_name()` says which loop that is. uvloop is a
dependency on every platform it supports (not Windows); where it is missing the bot runs on
asyncio's loop unchanged. The tests' SimCord runs on asyncio's loop (its virtual time is
asyncio's), and bench/night.py on this one, as `python -m bot` does.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop maker, or None (asyncio's default) when uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def loop_name() -> str:
    """"uvloop" or "asyncio": the loop `run` uses."""
    return "asyncio" if loop_factory() is None else "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run `main` on a fresh event loop of the bot's kind and close the loop after it
    (asyncio.Runner: Python 3.11 has no `loop_factory` on asyncio.run)."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


def freeze_start_up() -> None:
    """What start-up built (modules, the rulebook and its lookup, the bot's client) lives as
    long as the process: moved out of the garbage collector's reach, so that its full passes,
    which scan every object tracked and held the loop 10-25 ms mid-question, scan only what
    came after (bench/NIGHT.md). Cycles already dead are collected first."""
    gc.collect()
    gc.freeze()

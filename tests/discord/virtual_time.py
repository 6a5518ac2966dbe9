"""SimCord's clock as this suite uses it: what a test sees never depends on how fast the machine is.

SimCord fires a timer the bot sets in two ways: `advance_time` fires it in virtual time, and a
fallback on the loop's real clock fires it once its delay has passed on the wall clock (so a
settle can wait for a short timer, a run-out's pause, as part of the bot's reaction). A settle
waits for the timers whose fallback falls inside its window (5 s of real time) and leaves the
others to `advance_time`. Two things in that depend on the wall clock, and this module takes
them out:

- A timer longer than the window (the next deal after HAND_DELAY, a player's clock, a ping)
  fired by itself whenever a test took longer than its delay in real time between setting it
  and advancing past it: on a busy machine the deal came in the middle of a click. Here such a
  timer is virtual only, from the moment it is set: only `advance_time` fires it, as the tests
  expect. Timers within the window keep their fallback and are waited for as before.
- `advance_time` gave one real-time limit to a whole advance, however many instants of the
  bot's work it covers (two days of heartbeats, every minute of a live night): that work added
  up past the limit on a loaded machine. Here every virtual instant at which something is due
  gets the limit of its own: a bot that never settles at one instant still fails within it.
"""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest
from simcord import Env
from simcord._settlement import _next_virtual_timer


def timers_past_the_window_are_virtual(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot timer due later than `settle_timeout` seconds (virtual) from now loses its
    wall-clock fallback: it fires when a test advances time past it, and only then."""
    schedule = Env._schedule_timer

    def virtual_past_the_window(env: Env, record: Any, callback: Any, args: tuple[Any, ...],
                                context: contextvars.Context | None) -> None:
        schedule(env, record, callback, args, context)
        real = record.real_handle
        if real is not None and record.when - env._virtual_time > env.settle_timeout:
            real.cancel()
            record.real_handle = None

    monkeypatch.setattr(Env, "_schedule_timer", virtual_past_the_window)


def each_instant_has_its_own_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """`advance_time` (and a fallback's advance) as SimCord 3.2.1's `Env._advance_to` runs it,
    from one due instant to the next, except that each instant's settle has the whole
    real-time limit (SimCord's: what is left of one limit for the whole advance)."""

    async def by_instants(env: Env, target: float, deadline: float) -> None:
        loop = env._loop
        assert loop is not None

        async def settle() -> None:
            await env._settle_internal(_deadline=loop.time() + env.settle_timeout)

        if env._advance_task is not None:  # another advance first (a fallback's)
            await asyncio.wait_for(asyncio.shield(env._advance_task), env.settle_timeout)
        env._advance_task = asyncio.current_task()
        env._advancing = True
        try:
            env._process_resource_deadlines()
            await settle()
            while env._virtual_time < target:
                due = (env._next_resource_deadline(), _next_virtual_timer(env._settlement_state()))
                env._move_clock(min([target, *(max(env._virtual_time, t)
                                              for t in due if t is not None)]))
                await settle()
            env._process_resource_deadlines()
            await settle()
        finally:
            env._advancing = False
            env._advance_task = None

    monkeypatch.setattr(Env, "_advance_to", by_instants)

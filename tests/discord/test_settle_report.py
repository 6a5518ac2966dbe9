"""The suite's own alarm: a SimCord settle that ends within
NEAR_MISS_SECONDS of its real-time limit is reported (a `SettleNearMiss` warning in pytest's
summary), so a test that passes by a hair is seen before it starts failing now and then."""

from __future__ import annotations

import warnings

import discord
import pytest
from simcord import Env

from .conftest import NEAR_MISS_SECONDS, SettleNearMiss


def bare_bot() -> discord.Client:
    return discord.Client(intents=discord.Intents.none())


async def test_a_settle_inside_the_margin_is_reported() -> None:
    # A limit no longer than the margin: every settle ends inside it.
    env = Env(bare_bot(), settle_timeout=NEAR_MISS_SECONDS)
    await env.start()  # (start settles with a limit of its own, 5 s)
    try:
        with pytest.warns(SettleNearMiss, match=r"SimCord settle \(.*\) took .* before its limit"):
            await env.settle()
    finally:
        await env.shutdown()


async def test_a_settle_far_from_its_limit_is_not_reported() -> None:
    env = Env(bare_bot(), settle_timeout=NEAR_MISS_SECONDS + 60)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        await env.start()
        await env.settle()
        await env.shutdown()
    assert not [w for w in seen if issubclass(w.category, SettleNearMiss)]

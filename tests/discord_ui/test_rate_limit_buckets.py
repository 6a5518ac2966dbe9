"""discord.py's bucket clean-up at a network's peak: the same buckets dropped, far fewer walks."""

from __future__ import annotations

import asyncio

from discord.http import HTTPClient

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.rate_limit_buckets import SparingSweep, sweep_buckets_sparingly


async def test_new_buckets_walk_the_dict_once_per_doubling_and_idle_ones_still_go() -> None:
    http = HTTPClient(asyncio.get_running_loop())
    sweep = sweep_buckets_sparingly(http)
    for channel in range(7_000):  # a channel or DM channel per table and player
        http.get_ratelimit(f"POST /channels/{{channel_id}}/messages:{channel}")
    # discord.py would walk all buckets at each of the 6,745 new ones past 255.
    assert 1 <= sweep.walks <= 6
    assert len(http._buckets) == 7_000  # nothing idle yet: nothing dropped
    for bucket in list(http._buckets.values())[:5_000]:
        bucket._last_request -= 301  # idle for over five minutes
    for channel in range(7_000, 14_000):
        http.get_ratelimit(f"POST /channels/{{channel_id}}/messages:{channel}")
    # The idle ones are dropped at the next walk, as discord.py would drop them.
    assert len(http._buckets) <= 2 * 9_000
    assert not any(k.endswith(":0") for k in http._buckets)


async def test_the_bot_uses_the_sparing_sweep() -> None:
    bot = LeagueBot(":memory:", sync_commands=False, card_emojis=False)
    assert isinstance(bot.http._try_clear_expired_ratelimits, SparingSweep)
    await bot.close()

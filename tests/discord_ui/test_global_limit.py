"""Discord's global rate limit kept by the bot's pacer (bot/discord_ui/global_limit.py): never
more than the limit in any second, the game's requests before those that only refresh, a
request given up while waiting costs no turn, and the warning when the bot asks too much."""

from __future__ import annotations

import asyncio
import gc
import logging
import weakref
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from discord.http import Route

from bot.__main__ import main
from bot.config import ConfigError, load_settings
from bot.discord_ui import client, global_limit
from bot.discord_ui.announcer.state import Places, PlacesRegistry
from bot.discord_ui.client import create_bot
from bot.discord_ui.global_limit import (
    GlobalPacer,
    Priority,
    current_priority,
    for_this_task,
    pace_globally,
    priority,
)


def most_in_a_second(times: list[float]) -> int:
    """The most of `times` inside any window of one second."""
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def loop_clock() -> Callable[[], float]:
    return asyncio.get_running_loop().time


async def empty_the_bucket(pacer: GlobalPacer) -> None:
    """The bucket's requests sent: the next one waits for its turn."""
    for _ in range(int(pacer.capacity)):
        await pacer.turn(Priority.DEFAULT)


async def test_a_rush_of_requests_never_goes_over_the_limit_in_any_second() -> None:
    clock = loop_clock()
    pacer = GlobalPacer(20, clock)
    granted: list[float] = []

    async def one() -> None:
        await pacer.turn(Priority.GAME)
        granted.append(clock())

    began = clock()
    await asyncio.gather(*(one() for _ in range(30)))
    assert len(granted) == 30
    assert most_in_a_second(granted) <= 20
    # Two go at once (the bucket), the other 28 at 18 a second: about 1.6 s, not longer.
    assert 1.5 <= clock() - began < 3.0
    assert pacer.waited == 28 and pacer.sent == 30


async def test_requests_within_the_bucket_do_not_wait() -> None:
    pacer = GlobalPacer(70, loop_clock())
    for _ in range(7):  # a deal at one table: six players' hole cards and the table message
        await pacer.turn(Priority.GAME)
    assert pacer.waited == 0 and pacer.longest_wait == 0.0


async def test_the_game_goes_before_refreshes_queued_earlier() -> None:
    pacer = GlobalPacer(20, loop_clock())
    await empty_the_bucket(pacer)
    order: list[str] = []

    async def one(name: str, level: Priority) -> None:
        await pacer.turn(level)
        order.append(name)

    waiting = [asyncio.create_task(one(f"edit {i}", Priority.BACKGROUND)) for i in range(3)]
    await asyncio.sleep(0)  # the edits are queued first
    waiting += [asyncio.create_task(one("post", Priority.DEFAULT)),
                asyncio.create_task(one("hole cards", Priority.GAME)),
                asyncio.create_task(one("click's post", Priority.ANSWER))]
    await asyncio.gather(*waiting)
    assert order == ["click's post", "hole cards", "post", "edit 0", "edit 1", "edit 2"]


async def test_a_request_given_up_while_waiting_costs_no_turn() -> None:
    clock = loop_clock()
    pacer = GlobalPacer(20, clock)
    await empty_the_bucket(pacer)
    gone = asyncio.create_task(pacer.turn(Priority.ANSWER))
    kept = asyncio.create_task(pacer.turn(Priority.BACKGROUND))
    await asyncio.sleep(0)
    gone.cancel()
    began = clock()
    await kept
    # The cancelled one's turn went to the next: one interval (1/18 s), not two.
    assert clock() - began < 0.1
    assert pacer.sent == pacer.capacity + 1 and pacer.queued == 0
    with pytest.raises(asyncio.CancelledError):
        await gone


async def test_priority_holds_in_its_task_only_and_raise_only_never_lowers_it() -> None:
    assert current_priority() is Priority.DEFAULT
    with priority(Priority.ANSWER):
        with priority(Priority.GAME, raise_only=True):
            assert current_priority() is Priority.ANSWER  # a click's listener stays first
        seen: list[Priority] = []

        async def task() -> None:
            seen.append(current_priority())

        await asyncio.create_task(task())  # a task started inside does not (a click's deal)
        loop = asyncio.get_running_loop()
        timer = loop.create_future()
        loop.call_soon(lambda: loop.create_task(task()).add_done_callback(timer.set_result))
        await timer
        assert seen == [Priority.DEFAULT, Priority.DEFAULT]
        assert current_priority() is Priority.ANSWER
    with priority(Priority.BACKGROUND):
        with priority(Priority.GAME, raise_only=True):
            assert current_priority() is Priority.GAME
    assert current_priority() is Priority.DEFAULT


async def test_a_long_wait_is_told_once_a_minute(caplog: pytest.LogCaptureFixture,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_limit, "SLOW_SECONDS", 0.05)
    pacer = GlobalPacer(20, loop_clock())
    with caplog.at_level(logging.WARNING, logger=global_limit.__name__):
        await asyncio.gather(*(pacer.turn(Priority.DEFAULT) for _ in range(12)))
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1
    assert "Discord's global rate limit" in warnings[0]
    assert "DISCORD_GLOBAL_LIMIT" in warnings[0]


def test_a_limit_must_be_above_zero() -> None:
    with pytest.raises(ValueError, match="above 0"):
        GlobalPacer(0, lambda: 0.0)


# ---------------------------------------------------------------- the setting and the bot


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_GLOBAL_LIMIT", "SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID",
                 "WEB_PORT", "LEAGUE_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_limit_is_discords_unless_set_and_shard_processes_share_it(
        clean_env: pytest.MonkeyPatch) -> None:
    assert load_settings(env_file=None).process_global_limit == 50
    clean_env.setenv("DISCORD_GLOBAL_LIMIT", "1200")  # raised by Discord for a large bot
    assert load_settings(env_file=None).process_global_limit == 1200
    clean_env.setenv("SHARD_COUNT", "4")
    clean_env.setenv("SHARD_IDS", "0,1,2")
    assert load_settings(env_file=None).process_global_limit == 900  # three of four shards
    for bad in ("fifty", "0", "-5", "1e9"):
        clean_env.setenv("DISCORD_GLOBAL_LIMIT", bad)
        with pytest.raises(ConfigError, match="DISCORD_GLOBAL_LIMIT") as err:
            load_settings(env_file=None)
        assert "50 unless Discord has raised it" in str(err.value)


async def test_the_bot_paces_what_it_sends_with_its_token_once(tmp_path: Path) -> None:
    bot = create_bot(tmp_path / "db.sqlite3", global_limit=50)
    pacer = bot.global_pacer
    assert pacer is not None and (pacer.capacity, pacer.rate) == (5, 45)
    sent: list[str] = []

    async def request(route: Route, **kwargs: Any) -> Any:
        sent.append(route.path)

    bot.http.request = request  # type: ignore[method-assign]  # the transport, faked
    pace_globally(bot.http, pacer)
    pace_globally(bot.http, pacer)  # set-up again (a second login): still paced once
    await bot.http.request(Route("POST", "/channels/{channel_id}/messages", channel_id=1))
    assert sent == ["/channels/{channel_id}/messages"] and pacer.sent == 1
    assert create_bot(tmp_path / "other.sqlite3").global_pacer is None  # tests, benchmarks


def test_the_bot_started_from_the_command_line_keeps_to_the_setting(
        clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DISCORD_TOKEN", "not-a-real-token")
    clean_env.setenv("DISCORD_GLOBAL_LIMIT", "30")
    clean_env.setenv("DATABASE_PATH", "league.sqlite3")
    made: dict[str, Any] = {}

    class Made(Exception):
        pass

    def create(database: Any, **options: Any) -> Any:
        made.update(options)
        raise Made

    clean_env.setattr(client, "create_bot", create)
    with pytest.raises(Made):
        main([])
    assert made["global_limit"] == 30


# ---------------------------------------------------------------- a click waiting for a tournament


async def test_a_hurried_groups_requests_go_first_only_while_hurried() -> None:
    pacer = GlobalPacer(20, loop_clock())
    await empty_the_bucket(pacer)
    order: list[str] = []

    async def one(name: str, group: str) -> None:
        # B's are other members' answers; A's the game's, until a member waits for A.
        await pacer.turn(Priority.ANSWER if group == "B" else Priority.GAME, group)
        order.append(name)

    waiting = [asyncio.create_task(one(f"{g} {i}", g)) for g in "BA" for i in range(2)]
    await asyncio.sleep(0)
    with pacer.hurry("A"):
        waiting.append(asyncio.create_task(one("A new", "A")))
        await asyncio.sleep(0)
    waiting.append(asyncio.create_task(one("A later", "A")))
    await asyncio.gather(*waiting)
    assert order == ["A 0", "A 1", "A new", "B 0", "B 1", "A later"]


async def test_a_click_waiting_for_a_tournaments_lock_hurries_what_it_sends() -> None:
    pacer = GlobalPacer(20, loop_clock())
    await empty_the_bucket(pacer)
    state = PlacesRegistry(SimpleNamespace(global_pacer=pacer), None)  # type: ignore[arg-type]
    mine, others = Places(1, 100), Places(2, 200)
    order: list[str] = []

    async def send(name: str) -> None:
        await pacer.turn(current_priority(), global_limit.current_group())
        order.append(name)

    async def tournament(places: Places, names: list[str], level: Priority) -> None:
        async with state.holding(places):
            with priority(level):
                for name in names:
                    await send(name)

    async def click() -> None:
        with priority(Priority.ANSWER):
            async with state.holding(mine):
                order.append("click's outcome presented")

    # The other tournament's are a member's answer (its start), this one's the game's (a deal).
    other = asyncio.create_task(tournament(others, [f"other start {i}" for i in range(6)],
                                           Priority.ANSWER))
    await asyncio.sleep(0)
    deal = asyncio.create_task(tournament(mine, ["hole cards 1", "hole cards 2"],
                                          Priority.GAME))
    await asyncio.sleep(0)
    await asyncio.gather(other, deal, asyncio.create_task(click()))
    # This tournament's requests, hurried by the click waiting for its lock, go ahead of all
    # others, even answers queued earlier; the click then goes on at once.
    assert order == ["hole cards 1", "hole cards 2", "click's outcome presented",
                     *(f"other start {i}" for i in range(6))]


async def test_a_commands_task_given_a_priority_is_freed_without_the_collector() -> None:
    async def command() -> None:
        for_this_task(Priority.ANSWER)
        assert current_priority() is Priority.ANSWER

    task = asyncio.create_task(command())
    await task
    await asyncio.sleep(0)
    gone = weakref.ref(task)
    del task
    # The task's own context holds its priority: held strongly, it would be a cycle left to
    # the collector after every command.
    assert gone() is None


async def test_a_task_started_under_a_tournaments_lock_frees_the_tournament() -> None:
    state = PlacesRegistry(SimpleNamespace(global_pacer=None), None)  # type: ignore[arg-type]
    places = Places(1, 100)
    async with state.holding(places):
        # What the listener does under the lock: a table's coalesced edits, kept once done.
        places.editing[1] = asyncio.create_task(asyncio.sleep(0))
    await places.editing[1]
    gone = weakref.ref(places)
    gc.disable()  # freed by reference counting alone, or kept for good once frozen
    try:
        del places
        assert gone() is None
    finally:
        gc.enable()


async def test_work_side_by_side_keeps_the_callers_priority_and_group() -> None:
    lock = asyncio.Lock()
    seen: list[tuple[int, Priority, object]] = []

    async def send(n: int) -> int:
        await asyncio.sleep(0.01 * (3 - n))  # the last started ends first
        seen.append((n, current_priority(), global_limit.current_group()))
        return n * 10

    with priority(Priority.GAME), global_limit.on_behalf_of(lock):
        results = await global_limit.side_by_side(send(n) for n in range(3))
    assert results == [0, 10, 20]  # in the order given
    assert [n for n, _, _ in seen] == [2, 1, 0]  # at once, not one after another
    # Each in a task of its own, yet the game's and the lock's (a click waiting for the lock
    # hurries them): without the caller's, a task goes as DEFAULT and in no group.
    assert all(level is Priority.GAME and group is lock for _, level, group in seen)


async def test_work_side_by_side_ends_before_its_first_failure_is_raised() -> None:
    ended: list[str] = []

    async def fails() -> None:
        raise RuntimeError("a request failed")

    async def slow() -> None:
        await asyncio.sleep(0.02)
        ended.append("slow")

    with pytest.raises(RuntimeError, match="a request failed"):
        await global_limit.side_by_side([fails(), slow()])
    assert ended == ["slow"]  # nothing still runs once the caller lets go of its lock

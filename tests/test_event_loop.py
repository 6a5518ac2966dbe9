"""The bot runs on uvloop (bot/event_loop.py): `python -m bot` starts, serves and closes the bot
on it, and falls back to asyncio's own loop where uvloop is not installed."""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import bot.discord_ui.client as client_module
from bot import event_loop
from bot.__main__ import main
from bot.discord_ui.client import ExtensionFailed


class StandInBook:
    """The bot's rulebook, as far as the start uses it."""

    def __init__(self) -> None:
        self.warmed = False

    def warm_up(self) -> None:
        self.warmed = True


class StandInBot:
    """What `python -m bot` does with the bot: `async with bot: await bot.start(token)`."""

    def __init__(self, fails: BaseException | None = None) -> None:
        self.fails = fails
        self.rulebook = StandInBook()
        self.loop = ""
        self.token = ""
        self.closed = False

    async def __aenter__(self) -> StandInBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.closed = True

    async def start(self, token: str) -> None:
        self.loop = type(asyncio.get_running_loop()).__module__
        self.token = token
        if self.fails is not None:
            raise self.fails


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Iterator[list[StandInBot]]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "league.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    made: list[StandInBot] = []

    def create_bot(*args: Any, **kwargs: Any) -> StandInBot:
        return made[0]

    monkeypatch.setattr(client_module, "create_bot", create_bot)
    yield made
    gc.unfreeze()  # the start froze the test's objects: they are the collector's again


def test_the_bot_is_served_on_uvloop_and_closed_after(started: list[StandInBot]) -> None:
    started.append(StandInBot())
    assert main([]) == 0
    bot = started[0]
    assert bot.loop.startswith("uvloop") and bot.token == "a-token" and bot.closed
    assert event_loop.loop_name() == "uvloop"


def test_what_start_up_built_is_out_of_the_collectors_full_passes(
        started: list[StandInBot]) -> None:
    """A full pass of the garbage collector scans every object it tracks: the start's modules,
    rulebook and client would hold the loop for it mid-question."""
    started.append(StandInBot())
    gc.unfreeze()
    assert main([]) == 0
    assert gc.get_freeze_count() > 0
    # and the lookup answered once before, its patterns compiled then, not on a first question
    assert started[0].rulebook.warmed


def test_ctrl_c_closes_the_bot_and_exits_0(started: list[StandInBot]) -> None:
    started.append(StandInBot(KeyboardInterrupt()))
    assert main([]) == 0
    assert started[0].closed


def test_a_cog_that_cannot_load_still_refuses_the_start(
        started: list[StandInBot], capsys: pytest.CaptureFixture[str]) -> None:
    started.append(StandInBot(ExtensionFailed("bot.cogs.nope", ImportError("no module"))))
    assert main([]) == 1
    assert started[0].closed
    assert capsys.readouterr().err.startswith("The bot cannot start: the cog bot.cogs.nope")


def test_without_uvloop_the_bot_runs_on_asyncios_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` raises ImportError

    async def which() -> type[asyncio.AbstractEventLoop]:
        return type(asyncio.get_running_loop())

    assert event_loop.loop_name() == "asyncio"
    assert event_loop.run(which()).__module__.startswith("asyncio")

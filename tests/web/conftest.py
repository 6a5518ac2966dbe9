"""The screens in a real browser: Debian's chromium driven by playwright, around the SimCord bot
(tests/discord/conftest.py) with its web server on a free port.

The browser is never downloaded: the tests launch /usr/bin/chromium (`.ci/run` installs the
Debian package when it is missing) and are skipped, with the reason, when it is not there.
Screenshots are kept in the test's tmp folder (pytest prints it on failure; `--basetemp=DIR`
keeps them where you want to look at them).
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.discord_ui.client import LeagueBot, create_bot
from bot.web import ANY_FREE_PORT
from tests.discord.conftest import (  # noqa: F401  (fixtures, registered by name)
    GUILD_ID,
    bot_options,
    harness,
    report_settle_near_misses,
    simcord_clock,
    simcord_env,
)

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def simcord_bot(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LeagueBot]:
    """The SimCord bot with its screens on a free port of the loopback (`bot_options` as in
    tests/discord/conftest.py)."""
    bot = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, web_port=ANY_FREE_PORT,
                     **bot_options(request))
    yield bot


@pytest_asyncio.fixture(autouse=True)
async def stop_web(simcord_bot: LeagueBot) -> AsyncIterator[None]:
    yield
    # SimCord detaches the bot without closing it: stop the web thread it started.
    if simcord_bot.web is not None:
        await simcord_bot.web.stop()


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium); `.ci/run` installs "
                    "it with apt-get (the tests never download a browser of their own)")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists()
                                    else shutil.which("chromium"),
                                    args=["--no-sandbox"])
        try:
            yield b
        finally:
            await b.close()

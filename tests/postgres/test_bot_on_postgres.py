"""The whole bot (SimCord around the real client) on PostgreSQL: the SimCord tests that restart
the bot, run on the second backend.

The bot's client opens its store with `Store.open(path)` today; until `create_bot()` takes a
postgresql:// URL (requested from the Discord side), these tests point that name at the test's
PostgreSQL database, so every bot the test builds, the first and the restarted one, opens it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import client as client_module
from bot.discord_ui.client import LeagueBot, create_bot
from bot.store import Store
from bot.store.backends import open_store
from tests.discord.conftest import GUILD_ID, HAND_DELAY, harness, simcord_env  # noqa: F401
from tests.discord.test_clock_restart import (  # noqa: F401
    test_restart_mid_hand_resumes_with_old_buttons_and_same_timer,
)


class _OpensPostgres:
    """`Store` as the bot's client sees it in these tests: any path opens the database."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def open(self, path: Any = None, **options: Any) -> Store:
        return await open_store(self.url)


@pytest.fixture
def simcord_bot(pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> LeagueBot:
    monkeypatch.setattr(client_module, "Store", _OpensPostgres(pg_url))
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)


async def test_the_bot_keeps_its_game_in_postgres(harness: Any, tmp_path: Path,  # noqa: F811
                                                  pg_url: str) -> None:
    """Not the SQLite file: the tournament the bot runs is in the PostgreSQL database."""
    from tests.discord.test_tournament_flow import create_and_join

    h = harness
    session = await create_and_join(h, [h.alice, h.bob])
    assert not (tmp_path / "db.sqlite3").exists()
    store = await open_store(pg_url)
    try:
        assert [t.id for t in await store.tournaments()] == [session.store_id]
    finally:
        await store.close()

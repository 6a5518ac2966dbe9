"""The whole bot (SimCord around the real client) on PostgreSQL: the SimCord tests that restart
the bot, run on the second backend.

The bot is built with `create_bot(<postgresql:// URL>)`, as DATABASE_URL does. The imported
SimCord scenario builds its restarted bot with a SQLite path of its own; here that path is sent
to the same PostgreSQL database (the client's `open_store` sees the URL instead), so the scenario
runs unchanged on the second backend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import client as client_module
from bot.discord_ui.client import LeagueBot, create_bot
from bot.store import Store
from bot.store.backends import is_database_url, open_store
from tests.discord.conftest import (  # noqa: F401  (fixtures, registered by name)
    GUILD_ID,
    HAND_DELAY,
    harness,
    report_settle_near_misses,
    simcord_clock,
    simcord_env,
)
from tests.discord.test_clock_restart import (  # noqa: F401
    test_restart_mid_hand_resumes_with_old_buttons_and_same_timer,
)


@pytest.fixture
def simcord_bot(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> LeagueBot:
    async def to_postgres(target: Any = None, **options: Any) -> Store:
        # A URL opens as the bot opens it; the scenario's own SQLite path, the test's database.
        return await open_store(target if is_database_url(target) else pg_url, **options)

    monkeypatch.setattr(client_module, "open_store", to_postgres)
    return create_bot(pg_url, dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)


async def test_the_bot_keeps_its_game_in_postgres(harness: Any, tmp_path: Path,  # noqa: F811
                                                  pg_url: str) -> None:
    """Built with a URL, the bot keeps its tournaments in PostgreSQL and writes no file."""
    from tests.discord.test_tournament_flow import create_and_join

    h = harness
    session = await create_and_join(h, [h.alice, h.bob])
    assert not list(tmp_path.iterdir()) and not Path("league.sqlite3").exists()
    store = await open_store(pg_url)
    try:
        assert [t.id for t in await store.tournaments()] == [session.store_id]
    finally:
        await store.close()

"""The screens' settings: WEB_HOST, WEB_PORT (0: off) and PUBLIC_URL, read like the others; the
links use PUBLIC_URL behind a proxy; a bot with the screens off says so to `/td screen`."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings
from bot.discord_ui.client import create_bot
from tests.discord.conftest import Harness
from tests.discord.test_live_night import live_night
from tests.discord.test_tournament_flow import refused


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path) -> pytest.MonkeyPatch:
    monkeypatch.chdir(tmp_path)
    for name in ("WEB_HOST", "WEB_PORT", "PUBLIC_URL", "DEV_GUILD_ID", "LOG_LEVEL",
                 "LEAGUE_DATA_DIR", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_defaults_serve_the_bots_own_machine(clean_env: pytest.MonkeyPatch) -> None:
    settings = load_settings(env_file=None)
    assert (settings.web_host, settings.web_port, settings.public_url) == (
        "127.0.0.1", 8080, None)


def test_the_settings_are_read_and_checked(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("WEB_HOST", "0.0.0.0")
    clean_env.setenv("WEB_PORT", "0")
    clean_env.setenv("PUBLIC_URL", "https://poker.example.org/")
    settings = load_settings(env_file=None)
    assert (settings.web_host, settings.web_port, settings.public_url) == (
        "0.0.0.0", 0, "https://poker.example.org")
    for value in ("80a", "-1", "70000"):
        clean_env.setenv("WEB_PORT", value)
        with pytest.raises(ConfigError, match="WEB_PORT") as err:
            load_settings(env_file=None)
        assert value not in str(err.value)
    clean_env.setenv("WEB_PORT", "8080")
    clean_env.setenv("PUBLIC_URL", "poker.example.org")
    with pytest.raises(ConfigError, match="PUBLIC_URL"):
        load_settings(env_file=None)


async def test_links_use_the_public_url(tmp_path) -> None:
    from bot.web import ANY_FREE_PORT

    bot = create_bot(tmp_path / "db.sqlite3", web_port=ANY_FREE_PORT, sync_commands=False,
                     public_url="https://poker.example.org/", card_emojis=False)
    await bot.setup_hook()
    try:
        assert bot.web is not None
        assert bot.web.link(7, "abc") == "https://poker.example.org/screen/7/abc"
    finally:
        await bot.close()


@pytest.fixture
def simcord_bot(tmp_path):
    from tests.discord.conftest import GUILD_ID, HAND_DELAY

    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                      web_port=0)


async def test_screens_off_says_so(harness: Harness) -> None:
    h = harness
    assert h.bot.web is None
    await live_night(h)
    r = await h.director.slash(h.channel, "td screen")
    answer = refused(h, r)
    assert "turned off" in answer and "http" not in answer

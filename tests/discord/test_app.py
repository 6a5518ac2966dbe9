from __future__ import annotations

import asyncio
import os
import signal

import discord
import pytest

from bot.__main__ import _serve, main
from bot.config import load_settings
from bot.discord_ui.client import EXTENSIONS, ExtensionFailed, create_bot


def test_no_token_explains_and_exits_2(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "Reset Token" in err and "applications.commands" in err and "python -m bot demo" in err


def test_the_first_start_without_a_token_says_how_to_get_one_and_plays_the_demo(
        monkeypatch, tmp_path, capsys):
    """What `python3 run.py` runs (`--demo-without-token`): a league trying the bot sees a game
    at once, and is told it is the offline demo."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["--demo-without-token"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("DISCORD_TOKEN is not set, so the bot cannot connect to Discord.")
    assert "Meanwhile, the offline demo" in err and "Nothing here connects to Discord" in err
    assert err.rstrip().endswith("put its token in .env (see above) and start it again.")
    assert "The tournament has started" in out and "wins the tournament!" in out
    assert not (tmp_path / "league.sqlite3").exists()  # the demo keeps nothing


def test_settings_never_show_the_token(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=sekrit-token\nDEV_GUILD_ID=42\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    settings = load_settings()
    assert settings.discord_token == "sekrit-token" and settings.dev_guild_id == 42
    assert "sekrit" not in repr(settings)
    assert str(settings.database_path) == "league.sqlite3"


def test_bot_defaults(tmp_path):
    bot = create_bot(tmp_path / "db.sqlite3")
    assert bot.allowed_mentions.everyone is False and bot.allowed_mentions.users is False
    assert not bot.intents.members and not bot.intents.message_content
    assert bot.intents.dm_messages and bot.intents.guilds
    assert isinstance(bot.intents, discord.Intents)


@pytest.mark.parametrize("broken", ["bot.cogs.nope", "json"])
async def test_a_cog_that_cannot_load_stops_the_start_up_with_its_name(tmp_path, broken):
    """Missing (a typo in the list) or without setup(): never skipped silently."""
    bot = create_bot(tmp_path / "db.sqlite3", extensions=("bot.cogs.rules", broken),
                     sync_commands=False)
    try:
        with pytest.raises(ExtensionFailed, match=broken.replace(".", r"\.")):
            await bot.setup_hook()
        assert "Rules" in bot.cogs  # loaded before the broken one
    finally:
        await bot.close()


async def test_every_cog_of_the_bot_loads(tmp_path):
    bot = create_bot(tmp_path / "db.sqlite3", sync_commands=False, card_emojis=False)
    try:
        await bot.setup_hook()
        assert set(bot.extensions) == set(EXTENSIONS)
    finally:
        await bot.close()


def test_a_corrupt_database_refuses_to_start_before_connecting(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    damaged = tmp_path / "league.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)  # a header, then garbage
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(damaged))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith("The bot cannot start: ") and "python -m bot.db check" in err
    assert "not-a-real-token" not in err


async def test_sigterm_closes_the_bot_cleanly_as_ctrl_c_does() -> None:
    """`docker stop` and a service manager's stop send SIGTERM: the bot closes (its last
    heartbeat written, the store closed) instead of dying where it stands."""

    class Bot:
        closed = False

        async def __aenter__(self) -> Bot:
            return self

        async def __aexit__(self, *exc: object) -> None:
            self.closed = True

        async def start(self, token: str) -> None:
            await asyncio.Event().wait()  # connected until stopped

    async def sigterm_once_handled() -> None:
        for _ in range(500):  # never sent to a process that would die of it
            if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
                os.kill(os.getpid(), signal.SIGTERM)
                return
            await asyncio.sleep(0.01)
        raise AssertionError("SIGTERM is not handled")

    bot = Bot()
    sender = asyncio.get_running_loop().create_task(sigterm_once_handled())
    await asyncio.wait_for(_serve(bot, "token"), 30)
    await sender
    assert bot.closed
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # as it was

"""The health check the Docker image runs (`python -m bot.db health`), and the lock that keeps
one bot to a SQLite file."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.db import HEALTHY_WITHIN, health
from bot.store import Store
from bot.store.errors import BotRunning
from bot.store.runlock import running_on

ROOT = Path(__file__).resolve().parents[2]


async def beat_at(db: Path, at: float) -> None:
    store = await Store.open(db)
    await store.commit(lambda tx: tx.process_alive("all", at))
    await store.close()


async def test_healthy_while_the_heartbeat_is_fresh(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "league.sqlite3"
    await beat_at(db, time.time() - 5)
    assert await health(db, "all") == 0
    assert capsys.readouterr().out.startswith("healthy: the bot's heartbeat is ")
    # The command the image runs, as it runs it.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bot.db", "health", "--database", str(db)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stdout + done.stderr


async def test_unhealthy_when_the_heartbeat_is_stale_or_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "league.sqlite3"
    await beat_at(db, time.time() - HEALTHY_WITHIN - 60)
    assert await health(db, "all") == 1
    out = capsys.readouterr().out
    assert out.startswith("unhealthy: the bot's last heartbeat is ") and "s old" in out
    assert await health(db, "shards 1 of 2") == 1  # another process's beat is not this one's
    assert "no heartbeat yet" in capsys.readouterr().out


async def test_unhealthy_when_the_database_does_not_open(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    db = tmp_path / "league.sqlite3"
    db.write_bytes(b"not a database" * 300)
    assert await health(db, "all") == 1
    assert capsys.readouterr().out.startswith(f"unhealthy: {db} ")


def test_a_second_holder_of_the_run_lock_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    with running_on(db):
        with pytest.raises(BotRunning, match="a bot is running on"):
            with running_on(db):
                pass
    with running_on(db):  # let go when the first one ends
        pass


def test_a_second_bot_on_the_same_file_is_refused_before_connecting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "league.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(db))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with running_on(db):  # the first bot
        assert main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"The bot cannot start: a bot is running on {db}; stop it first")
    assert "not-a-real-token" not in err

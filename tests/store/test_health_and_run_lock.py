"""What keeps a self-hosted league safe around the bot's start: the health check the Docker
image runs (`python -m bot.db health`), the lock that keeps one bot to a SQLite file, and the
backup an update takes before its migrations."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import _check_database, main
from bot.config import Settings
from bot.db import HEALTHY_WITHIN, health
from bot.store import Store, load_migrations
from bot.store.errors import BotRunning
from bot.store.runlock import running_on
from bot.store.sqlite.backups import check_backup, list_backups

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


async def test_an_update_backs_the_league_up_before_its_migrations(tmp_path: Path) -> None:
    """A league's database one migration behind (the bot just updated): before the new
    migration runs, a backup at the old schema goes into the backup folder."""
    db = tmp_path / "league.sqlite3"
    migrations = load_migrations()
    old = await Store.open(db, migrations=migrations[:-1])
    assert await old.schema_version() == migrations[-2].version
    await old.close()
    await _check_database(Settings(database_path=db, backup_dir=tmp_path / "backups"))
    (backup,) = list_backups(tmp_path / "backups", db)
    assert backup.why == f"before-update-to-{migrations[-1].version}"
    assert check_backup(backup.path) == migrations[-2].version
    store = await Store.open(db)
    assert await store.schema_version() == migrations[-1].version
    await store.close()
    # Up to date: started again, no backup of its own.
    await _check_database(Settings(database_path=db, backup_dir=tmp_path / "backups"))
    assert len(list_backups(tmp_path / "backups", db)) == 1


def test_the_bot_started_from_the_command_line_backs_up_and_beats_for_its_health(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord_ui import client

    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_URL", "BACKUP_DIR", "BACKUP_KEEP", "CONTAINER_VOLUME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", "league.sqlite3")
    monkeypatch.setenv("BACKUP_KEEP", "7")
    made: dict[str, object] = {}

    class Made(Exception):
        pass

    def create(database: object, **options: object) -> object:
        made.update(options)
        raise Made

    monkeypatch.setattr(client, "create_bot", create)
    with pytest.raises(Made):
        main([])
    assert made["backup_dir"] == Path("backups") and made["backup_keep"] == 7
    assert made["process_heartbeat"] is True

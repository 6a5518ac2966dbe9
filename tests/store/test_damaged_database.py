"""A damaged database: the bot refuses to start on it (one clear line naming the check and the
last backup), and `python -m bot.db check` reports it and exits non-zero without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store import TOURNAMENT_STREAM, DatabaseCorrupt, Store

ROOT = Path(__file__).resolve().parents[2]


async def filled(path: Path) -> None:
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            row = await tx.create_tournament(1, "Tuesday")
            await tx.append_events(row.id, TOURNAMENT_STREAM, [
                {"type": "x.filler", "n": n, "text": "some words " * 20} for n in range(3000)
            ])
    finally:
        await store.close()  # the last connection: everything is checkpointed into the file


def garbage_in_the_middle(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 3 // 4096 * 4096)
        f.write(bytes(range(256)) * 64)  # a whole page of nonsense


def truncated(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def not_a_database(path: Path) -> None:
    path.write_text("these are my poker notes, not a database\n" * 200)


DAMAGES: dict[str, Callable[[Path], None]] = {
    "garbage": garbage_in_the_middle,
    "truncated": truncated,
    "text": not_a_database,
}


def run_db(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot.db", *args], capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.mark.parametrize("damage", sorted(DAMAGES))
async def test_the_bot_refuses_a_damaged_database_naming_the_check_and_the_last_backup(
        tmp_path: Path, damage: str) -> None:
    db = tmp_path / "league.sqlite3"
    await filled(db)
    store = await Store.open(db)
    backup = await store.backup(tmp_path / "monday.sqlite3")
    await store.close()
    DAMAGES[damage](db)
    with pytest.raises(DatabaseCorrupt) as caught:
        await Store.open(db)
    message = str(caught.value)
    assert "\n" not in message
    assert "python -m bot.db check" in message
    assert str(backup.resolve()) in message
    assert f"python -m bot.db restore {backup.resolve()} --database {db}" in message
    # The backup it names is whole and opens.
    restored = await Store.open(backup)
    assert [t.name for t in await restored.tournaments()] == ["Tuesday"]
    await restored.close()


async def test_without_a_backup_the_refusal_says_none_is_recorded(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    await filled(db)
    garbage_in_the_middle(db)
    with pytest.raises(DatabaseCorrupt, match="no backup of it is recorded"):
        await Store.open(db)


@pytest.mark.parametrize("damage", sorted(DAMAGES))
async def test_db_check_reports_a_damaged_file_and_exits_non_zero_without_a_traceback(
        tmp_path: Path, damage: str) -> None:
    db = tmp_path / "league.sqlite3"
    await filled(db)
    DAMAGES[damage](db)
    done = run_db("check", "--database", str(db))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "FAILED" in done.stdout
    if damage == "text":
        assert "not a readable SQLite database" in done.stdout


async def test_db_check_passes_a_sound_database(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    await filled(db)
    done = run_db("check", "--database", str(db))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("OK")

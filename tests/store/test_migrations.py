from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from bot.store import MigrationError, Store, apply_migrations, load_migrations
from bot.store.migrate import Migration

MIGRATIONS = load_migrations()
NEWEST = MIGRATIONS[-1].version


async def migrated_to(path: Path, version: int) -> None:
    """A database as an older bot (schema `version`) would have left it, with some data."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await apply_migrations(conn, MIGRATIONS, target=version)
        if version >= 1:
            await conn.execute(
                "INSERT INTO tournaments (guild_id, name, status, created_at) "
                "VALUES (7, 'Friday', 'running', 0)"
            )
            await conn.execute(
                "INSERT INTO events (tournament_id, stream, seq, type, data, created_at) "
                "VALUES (1, 'tournament', 1, 'x', '{\"type\":\"x\"}', 0)"
            )


async def test_fresh_file_gets_the_newest_schema(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == NEWEST
        names = {name for kind, name, _, _ in await store.schema() if kind == "table"}
        assert {"tournaments", "events", "deadlines", "snapshots", "appeals", "results"} <= names
    finally:
        await store.close()


@pytest.mark.parametrize("start", range(NEWEST))
async def test_every_earlier_version_upgrades_to_the_same_schema(
    tmp_path: Path, start: int
) -> None:
    fresh = await Store.open(tmp_path / "fresh.sqlite3")
    expected = await fresh.schema()
    await fresh.close()

    old = tmp_path / "old.sqlite3"
    await migrated_to(old, start)
    store = await Store.open(old)
    try:
        assert await store.schema() == expected
        assert await store.schema_version() == NEWEST
        if start >= 1:  # the old bot's data is still there
            (t,) = await store.tournaments()
            assert t.name == "Friday" and t.status == "running"
            assert [e.type for e in await store.load_events(t.id)] == ["x"]
    finally:
        await store.close()


async def test_migrating_again_changes_nothing(db_path: Path) -> None:
    for _ in range(3):
        store = await Store.open(db_path)
        schema = await store.schema()
        rows = await store._fetch("SELECT version FROM schema_migrations ORDER BY version")
        await store.close()
    assert [r[0] for r in rows] == list(range(1, NEWEST + 1))
    store = await Store.open(db_path)
    assert await store.schema() == schema
    await store.close()


async def test_two_bots_starting_at_once_both_open_an_empty_file(db_path: Path) -> None:
    a, b = await asyncio.gather(Store.open(db_path), Store.open(db_path))
    try:
        assert await a.schema_version() == await b.schema_version() == NEWEST
    finally:
        await a.close()
        await b.close()


async def test_a_failing_migration_leaves_the_previous_version_intact(db_path: Path) -> None:
    broken = [
        *MIGRATIONS,
        Migration(NEWEST + 1, "broken", "CREATE TABLE half (x);\nCREATE TABLE oops (;\n"),
    ]
    with pytest.raises(MigrationError, match="broken"):
        await Store.open(db_path, migrations=broken)
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == NEWEST
        assert "half" not in {name for _, name, _, _ in await store.schema()}
    finally:
        await store.close()


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    with pytest.raises(MigrationError, match="newer"):
        await Store.open(db_path, migrations=MIGRATIONS[:1])


def test_migration_files_are_numbered_without_gaps() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, NEWEST + 1))
    folder = Path(__file__).parents[2] / "bot/store/sqlite/migrations"
    files = sorted(p.name for p in folder.iterdir())
    assert files[0] == "0001_initial.sql"


def run_cli(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.db", *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
    )


def test_cli_migrate_defaults_to_league_sqlite3_in_the_working_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_PATH"}
    done = subprocess.run(
        [sys.executable, "-m", "bot.db", "migrate"], cwd=tmp_path, env=env,
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    db = tmp_path / "league.sqlite3"
    assert db.exists()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert f"schema version {NEWEST}" in done.stdout


def test_cli_respects_database_path_and_the_flag(tmp_path: Path) -> None:
    done = run_cli("migrate", cwd=tmp_path, env={"DATABASE_PATH": str(tmp_path / "env.sqlite3")})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "env.sqlite3").exists()
    done = run_cli("migrate", "--database", str(tmp_path / "flag.sqlite3"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "flag.sqlite3").exists()
    done = run_cli("check", "--database", str(tmp_path / "missing.sqlite3"), cwd=tmp_path)
    assert done.returncode == 2 and not (tmp_path / "missing.sqlite3").exists()

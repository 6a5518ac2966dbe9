"""Which store a deployment gets, and what a process may do with tournaments it does not hold."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from bot.config import load_settings
from bot.store import TOURNAMENT_STREAM, MigrationError, Store, StoreError
from bot.store.backends import open_store
from bot.store.ownership import NotOwner, Shards
from bot.store.postgres import PostgresStore
from bot.store.postgres.connection import redact_url
from bot.store.postgres.migrate import load_pg_migrations
from tests.store.fake_tournament import start_fake_tournament


async def test_a_url_opens_postgres_a_path_sqlite_and_database_url_wins(
        tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lite = await open_store(tmp_path / "a.sqlite3")
    assert type(lite) is Store
    await lite.close()
    pg = await open_store(pg_url)
    assert isinstance(pg, PostgresStore) and isinstance(pg, Store)
    await pg.close()
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "b.sqlite3"))
    monkeypatch.setenv("DATABASE_URL", pg_url)
    # The store reads no environment: the settings do, and the target is passed in.
    default = await open_store(load_settings(env_file=None).database)
    assert isinstance(default, PostgresStore)
    await default.close()
    assert not (tmp_path / "b.sqlite3").exists()


async def test_serving_some_shards_from_a_sqlite_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="DATABASE_URL"):
        await open_store(tmp_path / "a.sqlite3", shards=Shards.of(2, [0]))
    store = await open_store(tmp_path / "a.sqlite3", shards=Shards.of(1))  # all of them: fine
    await store.close()


async def test_a_server_that_cannot_be_reached_is_one_line_without_the_password(
        pg_url: str) -> None:
    url = pg_url.replace("postgres:@", "postgres:hunter2@").replace("host=", "host=/nowhere")
    with pytest.raises(StoreError) as caught:
        await PostgresStore.open(url)
    assert "hunter2" not in str(caught.value) and "cannot use the PostgreSQL database" in str(
        caught.value)
    assert "hunter2" not in redact_url("postgresql://u:hunter2@db:5432/x")


async def test_a_database_of_a_newer_bot_is_refused(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    with pytest.raises(MigrationError, match="newer version"):
        await PostgresStore.open(pg_url)


async def test_migrating_an_empty_database_twice_at_once_applies_each_step_once(
        empty_pg_url: str) -> None:
    import asyncio

    a, b = await asyncio.gather(PostgresStore.open(empty_pg_url),
                                PostgresStore.open(empty_pg_url))
    newest = load_pg_migrations()[-1].version
    assert await a.schema_version() == await b.schema_version() == newest
    await a.close()
    await b.close()


async def test_a_lost_session_loses_its_leases_until_claimed_again(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url)
    fake = await start_fake_tournament(store, 1, 2, 100)
    assert store.leases.owned == {fake.tournament_id}
    pid = store._db.backend_pid()
    with psycopg.connect(pg_url, autocommit=True) as admin:  # the server drops our session
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(psycopg.OperationalError):
        await store.commit(lambda tx: tx.append_events(fake.tournament_id, TOURNAMENT_STREAM,
                                                       [{"type": "in flight"}]))
    # Reconnected, but the lease went with the old session: no write until it is claimed and
    # (by the service) rebuilt from the database, whoever played it meanwhile.
    with pytest.raises(NotOwner) as caught:
        await store.commit(lambda tx: tx.append_events(fake.tournament_id, TOURNAMENT_STREAM,
                                                       [{"type": "stale"}]))
    assert caught.value.lost and "rebuilt" in str(caught.value)
    assert await store.claim([fake.tournament_id]) == {fake.tournament_id}
    await store.commit(lambda tx: tx.append_events(fake.tournament_id, TOURNAMENT_STREAM,
                                                   [{"type": "after"}]))
    types = [e.type for e in await store.load_events(fake.tournament_id)]
    assert "stale" not in types and "in flight" not in types and types[-1] == "after"
    await store.close()


async def test_a_finished_tournament_hands_its_lease_back(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url)
    fake = await start_fake_tournament(store, 1, 2, 100)
    other = await PostgresStore.open(pg_url)
    try:
        assert await other.claim([fake.tournament_id]) == set()
        await store.commit(lambda tx: tx.set_tournament_status(fake.tournament_id, "finished"))
        assert fake.tournament_id not in store.leases.owned
        assert await store.lease_holders([fake.tournament_id]) == {}
        assert await other.claim([fake.tournament_id]) == {fake.tournament_id}
    finally:
        await other.close()
        await store.close()

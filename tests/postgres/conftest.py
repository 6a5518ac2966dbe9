"""A real PostgreSQL for the tests, started by the tests themselves.

One server for the whole session (the `pgserver` package ships PostgreSQL in a wheel; as root it
runs the server as its own system user), one database already migrated as a template, and a
fresh database copied from it for each test (~0.1 s), so tests never see each other's rows or
leases (advisory locks are per database).

TEST_DATABASE_URL=postgresql://... uses a server you run instead (its user must be allowed to
CREATE DATABASE). Under CI (CI=true) a server that cannot be started FAILS the tests that need
it; elsewhere they are skipped with the reason.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.store import Store

_counter = itertools.count(1)
TEMPLATE = "bot_template"


def database_url(server_url: str, name: str) -> str:
    """The same server, another database."""
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL for the tests could not be started (CI must run these): "
                    f"{reason}", pytrace=False)
    pytest.skip(f"PostgreSQL for the tests could not be started: {reason}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a running server's maintenance database (`postgres`).

    Its data lives in a folder of its own, not under pytest's temporary folders: another
    pytest run on the machine tightens (0700) and prunes those, and the server, running as its
    own user, would lose its data directory mid-session.
    """
    external = os.environ.get("TEST_DATABASE_URL")
    if external:
        yield external
        return
    home = Path(tempfile.mkdtemp(prefix="holdem-pg-"))
    home.chmod(0o755)  # the server's user must reach its data folder inside
    try:
        with warnings.catch_warnings():
            # platformdirs warns that XDG_RUNTIME_DIR is unset (CI, root): pgserver then keeps
            # its lock file under /tmp, which is fine.
            warnings.simplefilter("ignore")
            from pgserver.postgres_server import get_server

            server = get_server(home / "data", cleanup_mode="stop")
        url = server.get_uri()
    except Exception as exc:  # any failure to start is reported, never swallowed
        shutil.rmtree(home, ignore_errors=True)
        _unavailable(f"{type(exc).__name__}: {exc}")
        raise  # unreachable: _unavailable fails or skips
    try:
        yield url
    finally:
        server.cleanup()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_template(pg_server: str) -> str:
    """A database migrated to the newest schema, copied for each test."""
    import psycopg

    from bot.store.postgres.connection import connect
    from bot.store.postgres.migrate import apply_pg_migrations

    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {TEMPLATE}")
    with connect(database_url(pg_server, TEMPLATE)) as conn:
        apply_pg_migrations(conn)
    return TEMPLATE


def new_database(pg_server: str, template: str | None) -> str:
    import psycopg

    name = f"test_{os.getpid()}_{next(_counter)}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    return name


def drop_database(pg_server: str, name: str) -> None:
    import psycopg

    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url(pg_server: str, pg_template: str) -> Iterator[str]:
    """A fresh database at the newest schema, dropped after the test."""
    name = new_database(pg_server, pg_template)
    yield database_url(pg_server, name)
    drop_database(pg_server, name)


@pytest.fixture
def empty_pg_url(pg_server: str) -> Iterator[str]:
    """A fresh database no migration has touched."""
    name = new_database(pg_server, None)
    yield database_url(pg_server, name)
    drop_database(pg_server, name)


@pytest.fixture
async def pg_store(pg_url: str) -> AsyncIterator[Store]:
    from bot.store.postgres import PostgresStore

    s = await PostgresStore.open(pg_url)
    yield s
    await s.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def target(backend: str, request: pytest.FixtureRequest, db_path: Path) -> str:
    """Where a store of `backend` lives: a SQLite path, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        return str(db_path)
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
async def store(target: str) -> AsyncIterator[Store]:
    """The same store interface on each backend: the scenarios below run on both."""
    from bot.store.backends import open_store

    s = await open_store(target)
    yield s
    await s.close()

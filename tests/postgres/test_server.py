"""The tests' PostgreSQL is a real server: it answers, and each test gets its own database."""

from __future__ import annotations

import psycopg


def test_a_real_server_answers_and_each_test_has_a_database_of_its_own(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        version = conn.execute("SHOW server_version_num").fetchone()
        assert version is not None and int(version[0]) >= 130000
        name = conn.execute("SELECT current_database()").fetchone()
        assert name is not None and str(name[0]).startswith("test_")
        # migrated from the template: the schema is there and empty
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (0,)

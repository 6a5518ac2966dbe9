"""Migration 11 on PostgreSQL: the same old night as on SQLite
(tests/store/test_facts_from_events.py) migrates the same way: the copied tables go, and an
appeal of a ruling names the ruling's event, through a foreign key."""

from __future__ import annotations

import psycopg
import pytest

from bot.store.postgres.connection import connect
from bot.store.postgres.migrate import apply_pg_migrations
from tests.store.test_facts_from_events import (
    APPEAL_COLUMNS,
    APPEALS_AFTER,
    BEFORE,
    GONE,
    OLD_NIGHT,
)


def test_an_old_database_with_rows_in_the_copied_tables_migrates(empty_pg_url: str) -> None:
    with connect(empty_pg_url) as conn:
        apply_pg_migrations(conn, target=BEFORE)
        for sql in OLD_NIGHT:
            conn.execute(sql.encode())
        apply_pg_migrations(conn)
        tables = {str(r[0]) for r in conn.execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()").fetchall()}
        assert not GONE & tables and "appeals" in tables
        rows = conn.execute(f"SELECT {APPEAL_COLUMNS} FROM appeals ORDER BY id").fetchall()
        assert [tuple(r) for r in rows] == APPEALS_AFTER
        # The appeal's ruling is an event that exists.
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            conn.execute("UPDATE appeals SET ruling_id = 99 WHERE id = 3")

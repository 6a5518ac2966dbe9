"""Migration 11: a fact is kept once, in the event log. The tables that copied it
(re-buys, eliminations, rulings) go, and an appeal of a ruling names the ruling's event: a
database an older bot wrote, with rows in all of them, migrates with its appeals whole."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.store import Store, apply_migrations, load_migrations

BEFORE = 10  # the schema before the migration

# An old bot's night, in SQL both backends read: a member, a hand, a re-buy and a bust in the
# side tables, two rulings (the first with its event, written in the same transaction at the
# same time; the second's event is not there) and three appeals (of each ruling, of none).
OLD_NIGHT = (
    "INSERT INTO tournaments (id, guild_id, name, status, created_at) "
    "VALUES (1, 3, 'Friday', 'finished', 0)",
    "INSERT INTO entries (id, tournament_id, user_id, display_name, entered_at) "
    "VALUES (1, 1, 5, 'Ann', 0)",
    "INSERT INTO hands (id, tournament_id, table_no, hand_no, started_at) VALUES (1, 1, 1, 12, 0)",
    "INSERT INTO events (id, tournament_id, stream, seq, type, data, created_at) VALUES "
    "(1, 1, 'tournament', 1, 'tournament.created', '{\"type\": \"tournament.created\"}', 50), "
    "(2, 1, 'tournament', 2, 'tournament.director_ruling', "
    "'{\"type\": \"tournament.director_ruling\"}', 100)",
    "INSERT INTO rebuys (tournament_id, entry_id, kind, chips, amount, created_at) "
    "VALUES (1, 1, 'rebuy', 1500, 1000, 60)",
    "INSERT INTO eliminations (tournament_id, user_id, hand_id, eliminated_by, place, "
    "created_at) VALUES (1, 5, 1, '[6]', 2, 70)",
    "INSERT INTO rulings (id, tournament_id, hand_id, director_id, subject, decision, reason, "
    "created_at) VALUES (7, 1, 1, 77, 'director ruling', 'the hand is live', 'the hand is live', "
    "100), (8, 1, NULL, 77, 'director ruling', 'play on', 'play on', 200)",
    "INSERT INTO appeals (id, guild_id, tournament_id, hand_id, ruling_id, user_id, statement, "
    "status, decision, decided_by, created_at, decided_at) VALUES "
    "(1, 3, 1, 1, 7, 5, 'flashed on purpose', 'open', NULL, NULL, 110, NULL), "
    "(2, 3, 1, NULL, 8, 5, 'why play on?', 'closed', 'upheld', 77, 210, 220), "
    "(3, 3, NULL, NULL, NULL, 6, 'no ruling', 'open', NULL, NULL, 230, NULL)",
)
# What the appeals hold afterwards: the first names its ruling's event (2), the second's
# ruling had no event and it keeps its tournament, statement and decision.
APPEALS_AFTER = [
    (1, 3, 1, 1, 2, 5, "flashed on purpose", "open", None, None, 110.0, None),
    (2, 3, 1, None, None, 5, "why play on?", "closed", "upheld", 77, 210.0, 220.0),
    (3, 3, None, None, None, 6, "no ruling", "open", None, None, 230.0, None),
]
GONE = {"rebuys", "eliminations", "rulings"}
APPEAL_COLUMNS = ("id, guild_id, tournament_id, hand_id, ruling_id, user_id, statement, status, "
                  "decision, decided_by, created_at, decided_at")


async def test_an_old_database_with_rows_in_the_copied_tables_migrates(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA foreign_keys = ON")
        await apply_migrations(conn, load_migrations(), target=BEFORE)
        for sql in OLD_NIGHT:
            await conn.execute(sql)
    store = await Store.open(path)
    try:
        tables = {name for kind, name, _, _ in await store.schema() if kind == "table"}
        assert not GONE & tables and "appeals" in tables
        rows = await store._fetch(f"SELECT {APPEAL_COLUMNS} FROM appeals ORDER BY id")
        assert [tuple(r) for r in rows] == APPEALS_AFTER
        assert await store._fetch("PRAGMA foreign_key_check") == []
        # The appeals' indexes came back with the table: one open appeal per member per hand.
        indexes = {name for kind, name, _, _ in await store.schema() if kind == "index"}
        assert {"appeals_by_guild", "appeals_one_open_per_hand", "appeals_by_user"} <= indexes
        # An appeal now names a ruling's event, which must exist.
        (event,) = [e for e in await store.load_events(1) if e.id == 2]
        async with store.transaction() as tx:
            made = await tx.open_appeal(3, 6, "again", ruling_id=event.id)
        assert (made.tournament_id, made.ruling_id) == (1, 2)
    finally:
        await store.close()

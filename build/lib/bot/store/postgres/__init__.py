"""PostgreSQL behind the same store interface, for a league network several bot processes share.
SQLite in one file stays the default; `DATABASE_URL=postgresql://...` selects this.

A sibling of bot/store/sqlite/: the store's core (bot/store/store.py) runs on either.
store.py (PgBackend: what the core needs of PostgreSQL; PostgresStore: the core with the lease
calls), dialect.py (PostgreSQL's spelling of the statements the backends write differently),
connection.py (one session in one thread), leases.py (which process runs which tournament),
maintenance.py (check, backup, schema), migrate.py and migrations/ (the same numbered
migrations as SQLite's, in PostgreSQL's dialect), copy.py and transfer.py (a whole history
from one backend to the other).
"""

from .connection import is_postgres_url, redact_url
from .copy import CopyReport, copy_database
from .store import PgBackend, PostgresStore

__all__ = [
    "CopyReport",
    "PgBackend",
    "PostgresStore",
    "copy_database",
    "is_postgres_url",
    "redact_url",
]

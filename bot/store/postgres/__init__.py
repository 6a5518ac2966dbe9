"""PostgreSQL behind the same store interface, for a league network several bot processes share
(issue 14). SQLite in one file stays the default; `DATABASE_URL=postgresql://...` selects this.

store.py (PostgresStore: opening, transactions, group commit, check, backup), dialect.py (the
area modules' statements adapted to PostgreSQL), connection.py (one session in one thread),
leases.py (which process runs which tournament), migrate.py and migrations/ (the same numbered
migrations as SQLite's, in PostgreSQL's dialect), copy.py (a whole history from one backend to
the other).
"""

from .connection import is_postgres_url, redact_url
from .copy import CopyReport, copy_database
from .store import PgTransaction, PostgresStore

__all__ = [
    "CopyReport",
    "PgTransaction",
    "PostgresStore",
    "copy_database",
    "is_postgres_url",
    "redact_url",
]

"""The SQLite backend (the default): one file in WAL mode, one process.

backend.py (the connection, its pragmas and its thread: what the store's core needs of it),
dialect.py (SQLite's spelling of the statements the backends write differently),
maintenance.py (check, backup, schema), migrate.py and migrations/ (the numbered schema steps).
"""

from .backend import DEFAULT_BUSY_TIMEOUT_MS, SqliteBackend, Synchronous
from .dialect import SQLITE, SqliteDialect
from .migrate import apply_migrations, load_sqlite_migrations

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_MS",
    "SQLITE",
    "SqliteBackend",
    "SqliteDialect",
    "Synchronous",
    "apply_migrations",
    "load_sqlite_migrations",
]

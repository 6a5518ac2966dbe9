"""Durable storage: one SQLite file (WAL) behind an async API. See store.py for the contract.

What is where: store.py (opening, transactions, group commit: the machinery), faces.py (each
statement as an awaitable method of Store and Transaction), maintenance.py (check, backup,
schema), sql.py (the statements' common ground, run in the database thread), and one module per
area of statements: eventlog.py (events, hands, snapshots, deadlines), tournaments.py
(tournaments, tables, entries), leagues.py (servers, leagues, seasons, scoring), records.py
(results, rulings, appeals), recovery.py (what a restart reads), combined in statements.py.
"""

from .checks import CheckReport, ConservationCheck
from .errors import ChannelBusy, DatabaseCorrupt, LeagueNameTaken, StoreError
from .files import default_database_path, last_backup
from .migrate import Migration, MigrationError, apply_migrations, load_migrations
from .privacy import (
    DIRECTOR,
    PUBLIC,
    Private,
    Viewer,
    audience_for,
    redact,
    register_audience_rule,
    register_redaction,
    unregister_audience_rule,
    unregister_redaction,
)
from .rows import (
    TOURNAMENT_STREAM,
    AppealRow,
    DeadlineRow,
    DirectorActionRow,
    EliminationRow,
    EntryRow,
    GuildSettings,
    HandRow,
    LeagueRow,
    LeagueSettings,
    MessageRow,
    RebuyRow,
    RecoveredTournament,
    ResultRow,
    RulingRow,
    ScoringRow,
    SeasonRow,
    SeasonStandingRow,
    SnapshotRow,
    StoredEvent,
    TableRow,
    TournamentRow,
    hand_stream,
)
from .store import DEFAULT_BUSY_TIMEOUT_MS, SqlTransaction, Store, Synchronous, Transaction

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_MS",
    "DIRECTOR",
    "PUBLIC",
    "TOURNAMENT_STREAM",
    "AppealRow",
    "ChannelBusy",
    "CheckReport",
    "ConservationCheck",
    "DatabaseCorrupt",
    "DeadlineRow",
    "DirectorActionRow",
    "EliminationRow",
    "EntryRow",
    "GuildSettings",
    "HandRow",
    "LeagueNameTaken",
    "LeagueRow",
    "LeagueSettings",
    "MessageRow",
    "Migration",
    "MigrationError",
    "Private",
    "RebuyRow",
    "RecoveredTournament",
    "ResultRow",
    "RulingRow",
    "ScoringRow",
    "SeasonRow",
    "SeasonStandingRow",
    "SnapshotRow",
    "SqlTransaction",
    "Store",
    "StoreError",
    "StoredEvent",
    "Synchronous",
    "TableRow",
    "TournamentRow",
    "Transaction",
    "Viewer",
    "apply_migrations",
    "audience_for",
    "default_database_path",
    "hand_stream",
    "last_backup",
    "load_migrations",
    "redact",
    "register_audience_rule",
    "register_redaction",
    "unregister_audience_rule",
    "unregister_redaction",
]

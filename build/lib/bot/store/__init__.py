"""Durable storage behind an async API: a SQLite file (WAL, the default) or PostgreSQL. See
store.py for the contract.

What is where: store.py (the core both backends share: the lock, the memo, transactions, group
commit), protocol.py (what the core needs of a backend), faces.py (each statement as an
awaitable method of Store and Transaction), sql.py (the statements' common ground, run in the
database thread), dialect.py (the table of statements the backends write differently), and one
module per area of statements: eventlog.py (events, hands, snapshots, deadlines),
tournaments.py (tournaments, tables, entries), leagues.py (servers, leagues, seasons, scoring),
records.py (results, director actions, appeals), recovery.py (what a restart reads), combined in
statements.py. The backends are sibling packages, each with its connection, dialect,
maintenance and migrations: sqlite/ and postgres/; backends.py opens either.
"""

from .checks import CheckReport, ConservationCheck
from .errors import ChannelBusy, DatabaseCorrupt, LeagueNameTaken, StoreError
from .files import last_backup
from .migrate import Migration, MigrationError, load_migrations
from .nights import COMING, NightDraft, NightRow, NightStatus, SignupRow
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
    DealSettings,
    DirectorActionRow,
    EntryRow,
    GuildSettings,
    HandRow,
    LeagueRow,
    LeagueSettings,
    MessageRow,
    RecoveredTournament,
    ResultRow,
    ScoringRow,
    SeasonRow,
    SeasonStandingRow,
    SnapshotRow,
    StoredEvent,
    TableRow,
    TournamentRow,
    hand_stream,
)
from .sqlite import apply_migrations
from .store import DEFAULT_BUSY_TIMEOUT_MS, SqlTransaction, Store, Synchronous, Transaction

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_MS",
    "DIRECTOR",
    "PUBLIC",
    "TOURNAMENT_STREAM",
    "AppealRow",
    "COMING",
    "NightDraft",
    "NightRow",
    "NightStatus",
    "SignupRow",
    "ChannelBusy",
    "CheckReport",
    "ConservationCheck",
    "DatabaseCorrupt",
    "DeadlineRow",
    "DirectorActionRow",
    "EntryRow",
    "DealSettings",
    "GuildSettings",
    "HandRow",
    "LeagueNameTaken",
    "LeagueRow",
    "LeagueSettings",
    "MessageRow",
    "Migration",
    "MigrationError",
    "Private",
    "RecoveredTournament",
    "ResultRow",
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
    "hand_stream",
    "last_backup",
    "load_migrations",
    "redact",
    "register_audience_rule",
    "register_redaction",
    "unregister_audience_rule",
    "unregister_redaction",
]

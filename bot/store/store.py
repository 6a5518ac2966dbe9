"""The SQLite store: the only place in the project that speaks SQL.

Durability contract: a write is inside `async with store.transaction() as tx:`; when that block
exits normally the COMMIT has returned (WAL, synchronous=FULL by default), and only then may the
caller announce anything. If the block raises, nothing of it is in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from .checks import CheckReport, run_checks
from .migrate import Migration, apply_migrations
from .privacy import PUBLIC, Private, Viewer, audience_for, redact
from .rows import (
    TOURNAMENT_STREAM,
    UNFINISHED,
    Appeal,
    Deadline,
    DirectorAction,
    Elimination,
    Entry,
    EntryStatus,
    GuildSettings,
    HandRow,
    League,
    LeagueSettings,
    MessageRow,
    Rebuy,
    RebuyKind,
    Recovered,
    Result,
    Ruling,
    Season,
    Snapshot,
    Standing,
    StoredEvent,
    TableRow,
    TournamentRow,
    TournamentScoring,
    TournamentStatus,
    hand_stream,
)

DEFAULT_DATABASE = "league.sqlite3"
DEFAULT_BUSY_TIMEOUT_MS = 5000
Synchronous = Literal["NORMAL", "FULL", "EXTRA"]
Clock = Callable[[], float]
T = TypeVar("T")


class StoreError(RuntimeError):
    pass


class DatabaseCorrupt(StoreError):
    """The database file is damaged or is not a database: the bot refuses to start on it.

    The message is one line a person can act on: it names `python -m bot.db check` and the last
    backup `python -m bot.db backup` made of this file, if any.
    """

    def __init__(self, path: Path, detail: str) -> None:
        self.path = path
        self.detail = detail
        backup = last_backup(path)
        if backup is None:
            restore = "no backup of it made with `python -m bot.db backup` is recorded"
        else:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup[0]))
            restore = f"the last backup is {backup[1]} (made {when})"
        super().__init__(
            f"the database {path} is damaged ({detail}); refusing to start on it. "
            f"Run `python -m bot.db check --database {path}` to see what is wrong; {restore}."
        )


class ChannelBusy(StoreError):
    """A new tournament in a channel that already has an open (registering or running) one.

    The database refuses it (a unique index), so of two creates at once exactly one wins.
    """

    def __init__(self, channel_id: int, open_tournament: TournamentRow | None) -> None:
        self.channel_id = channel_id
        self.open_tournament = open_tournament
        which = "" if open_tournament is None else (
            f": {open_tournament.name} (id {open_tournament.id})")
        super().__init__(f"channel {channel_id} already has a tournament that has not "
                         f"finished{which}")


class LeagueNameTaken(StoreError):
    """A league name the server already uses, whatever its case ('Sunday' and 'sunday')."""

    def __init__(self, guild_id: int, name: str, existing: League | None) -> None:
        self.guild_id = guild_id
        self.name = name
        self.existing = existing
        super().__init__(f"there is already a league called "
                         f"'{existing.name if existing is not None else name}'")


def _is_corruption(exc: sqlite3.Error) -> bool:
    """SQLITE_CORRUPT or SQLITE_NOTADB (any extended code): the file, not the moment, is bad."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def backup_log_path(path: Path) -> Path:
    """Next to the database, not inside it: it must be readable when the database is not."""
    return Path(f"{path}.backups")


def last_backup(path: Path) -> tuple[float, Path] | None:
    """The newest backup of `path` that still exists, as (unix time, file)."""
    try:
        lines = backup_log_path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        when, _, where = line.partition("\t")
        with contextlib.suppress(ValueError):
            if where and Path(where).exists():
                return float(when), Path(where)
    return None


def _record_backup(path: Path, dest: Path, at: float) -> None:
    log = backup_log_path(path)
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        f.write(f"{at}\t{dest.resolve()}\n")


def default_database_path() -> Path:
    """DATABASE_PATH from the environment, else ./league.sqlite3 in the working folder."""
    return Path(os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _event_dict(event: Any) -> dict[str, Any]:
    data = event.to_dict() if hasattr(event, "to_dict") else event
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TypeError(f"an event must be a dict with a string 'type', got {data!r}")
    return data


def _private_file(path: Path) -> None:
    """Make the database owner-only (it holds hole cards), never opening a file SQLite may hold.

    A new file is created 0600 before SQLite first opens it (O_EXCL: an existing file is never
    opened here). An existing one, and the -wal/-shm files SQLite creates with the main file's
    mode, are tightened through the path (chmod). Opening and closing the database file a second
    time while this process has it open in SQLite would drop every POSIX lock the process holds
    on it (fcntl locks belong to the process and file, not the descriptor), so another process
    closing the database would think itself the last and delete the WAL under the running bot.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(FileNotFoundError):
            if os.stat(p).st_mode & 0o077:
                os.chmod(p, 0o600)


def _hand_id_of(stream: str) -> int | None:
    if not stream.startswith("hand:"):
        return None
    try:
        return int(stream[5:])
    except ValueError:
        raise ValueError(f"hand streams are 'hand:<hand id>', got {stream!r}") from None


# --- row mappers -------------------------------------------------------------------------------


def _tournament(r: sqlite3.Row) -> TournamentRow:
    return TournamentRow(
        id=r["id"],
        guild_id=r["guild_id"],
        league_id=r["league_id"],
        season_id=r["season_id"],
        channel_id=r["channel_id"],
        name=r["name"],
        status=r["status"],
        profile=json.loads(r["profile"]),
        config=json.loads(r["config"]),
        created_at=r["created_at"],
        started_at=r["started_at"],
        finished_at=r["finished_at"],
    )


def _event(r: sqlite3.Row) -> StoredEvent:
    audience = r["audience"]
    return StoredEvent(
        id=r["id"],
        tournament_id=r["tournament_id"],
        stream=r["stream"],
        seq=r["seq"],
        hand_id=r["hand_id"],
        type=r["type"],
        data=json.loads(r["data"]),
        audience=None if audience is None else tuple(json.loads(audience)),
        created_at=r["created_at"],
    )


def _plain(cls: type[T], r: sqlite3.Row, **json_fields: bool) -> T:
    values = {k: (json.loads(r[k]) if k in json_fields else r[k]) for k in r.keys()}
    return cls(**values)


_EVENT_COLUMNS = "id, tournament_id, stream, seq, hand_id, type, data, audience, created_at"


class _Reads:
    """Queries shared by Store (outside transactions) and Transaction (sees its own writes)."""

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self._fetch(sql, params)
        return rows[0] if rows else None

    # guild settings, leagues, seasons

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; defaults if it never saved any."""
        r = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if r is None:
            return GuildSettings(guild_id=guild_id)
        settings = _plain(
            GuildSettings,
            r,
            knob_overrides=True,
            structure_presets=True,
            payout_presets=True,
            points_system=True,
        )
        return dataclasses.replace(settings, four_colour_deck=bool(r["four_colour_deck"]))

    async def leagues(self, guild_id: int) -> list[League]:
        rows = await self._fetch(
            "SELECT * FROM leagues WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_plain(League, r) for r in rows]

    async def seasons(self, league_id: int) -> list[Season]:
        rows = await self._fetch(
            "SELECT * FROM seasons WHERE league_id = ? ORDER BY id", (league_id,)
        )
        return [_plain(Season, r) for r in rows]

    # league play (migration 0003)

    async def league(self, league_id: int) -> League | None:
        r = await self._one("SELECT * FROM leagues WHERE id = ?", (league_id,))
        return None if r is None else _plain(League, r)

    async def league_by_name(self, guild_id: int, name: str) -> League | None:
        """Case-insensitive: players type league names, they do not copy them."""
        r = await self._one(
            "SELECT * FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE ORDER BY id",
            (guild_id, name),
        )
        return None if r is None else _plain(League, r)

    async def league_settings(self, league_id: int) -> LeagueSettings:
        """The league's settings; defaults (linear points, no money) if it never saved any."""
        r = await self._one("SELECT * FROM league_settings WHERE league_id = ?", (league_id,))
        if r is None:
            return LeagueSettings(league_id=league_id)
        return _plain(LeagueSettings, r, options=True)

    async def season(self, season_id: int) -> Season | None:
        r = await self._one("SELECT * FROM seasons WHERE id = ?", (season_id,))
        return None if r is None else _plain(Season, r)

    async def active_season(self, league_id: int) -> Season | None:
        r = await self._one(
            "SELECT s.* FROM active_seasons a JOIN seasons s ON s.id = a.season_id "
            "WHERE a.league_id = ?",
            (league_id,),
        )
        return None if r is None else _plain(Season, r)

    async def season_tournaments(
        self, season_id: int, status: TournamentStatus | None = "finished"
    ) -> list[TournamentRow]:
        """A season's tournaments (by default the finished ones) in the order they were played."""
        sql = "SELECT * FROM tournaments WHERE season_id = ?"
        params: list[Any] = [season_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        sql += " ORDER BY COALESCE(finished_at, created_at), id"
        return [_tournament(r) for r in await self._fetch(sql, params)]

    async def league_tournaments(
        self, league_id: int, status: TournamentStatus | None = "finished"
    ) -> list[TournamentRow]:
        sql = "SELECT * FROM tournaments WHERE league_id = ?"
        params: list[Any] = [league_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        sql += " ORDER BY COALESCE(finished_at, created_at), id"
        return [_tournament(r) for r in await self._fetch(sql, params)]

    async def hand_by_number(self, tournament_id: int, table_no: int,
                             hand_no: int) -> HandRow | None:
        """A hand as players see it named ("<tournament>-t<table>-h<hand>")."""
        r = await self._one(
            "SELECT * FROM hands WHERE tournament_id = ? AND table_no = ? AND hand_no = ?",
            (tournament_id, table_no, hand_no),
        )
        return None if r is None else _plain(HandRow, r)

    async def tournament_scoring(self, tournament_id: int) -> TournamentScoring | None:
        r = await self._one(
            "SELECT * FROM tournament_scoring WHERE tournament_id = ?", (tournament_id,)
        )
        return None if r is None else _plain(TournamentScoring, r, options=True)

    # tournaments and their furniture

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        r = await self._one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if r is None else _tournament(r)

    async def tournaments(
        self, guild_id: int | None = None, status: TournamentStatus | None = None
    ) -> list[TournamentRow]:
        sql = "SELECT * FROM tournaments WHERE 1"
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [_tournament(r) for r in await self._fetch(sql + " ORDER BY id", params)]

    async def open_tournament_in(self, channel_id: int) -> TournamentRow | None:
        """The channel's registering or running tournament (there is at most one)."""
        r = await self._one(
            "SELECT * FROM tournaments WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *UNFINISHED),
        )
        return None if r is None else _tournament(r)

    async def unfinished_tournaments(self) -> list[TournamentRow]:
        rows = await self._fetch(
            "SELECT * FROM tournaments WHERE status IN (?, ?) ORDER BY id", UNFINISHED
        )
        return [_tournament(r) for r in rows]

    async def tables(self, tournament_id: int) -> list[TableRow]:
        rows = await self._fetch(
            "SELECT * FROM tables WHERE tournament_id = ? ORDER BY table_no", (tournament_id,)
        )
        return [_plain(TableRow, r) for r in rows]

    async def messages(self, tournament_id: int) -> list[MessageRow]:
        rows = await self._fetch(
            "SELECT * FROM messages WHERE tournament_id = ? ORDER BY key", (tournament_id,)
        )
        return [_plain(MessageRow, r) for r in rows]

    async def entries(self, tournament_id: int) -> list[Entry]:
        rows = await self._fetch(
            "SELECT * FROM entries WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_plain(Entry, r) for r in rows]

    async def rebuys(self, tournament_id: int) -> list[Rebuy]:
        rows = await self._fetch(
            "SELECT * FROM rebuys WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_plain(Rebuy, r) for r in rows]

    async def eliminations(self, tournament_id: int) -> list[Elimination]:
        rows = await self._fetch(
            "SELECT * FROM eliminations WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_plain(Elimination, r, eliminated_by=True) for r in rows]

    async def results(self, tournament_id: int) -> list[Result]:
        rows = await self._fetch(
            "SELECT * FROM results WHERE tournament_id = ? ORDER BY place, user_id",
            (tournament_id,),
        )
        return [_plain(Result, r) for r in rows]

    async def season_standings(self, season_id: int) -> list[Standing]:
        """Points table over the season's finished tournaments, best first."""
        rows = await self._fetch(
            """
            SELECT r.user_id, SUM(r.points) AS points, SUM(r.prize) AS prize,
                   COUNT(*) AS tournaments, MIN(r.place) AS best_place
            FROM results r JOIN tournaments t ON t.id = r.tournament_id
            WHERE t.season_id = ? AND t.status = 'finished'
            GROUP BY r.user_id
            ORDER BY points DESC, best_place ASC, prize DESC, r.user_id
            """,
            (season_id,),
        )
        return [_plain(Standing, r) for r in rows]

    async def rulings(self, tournament_id: int) -> list[Ruling]:
        rows = await self._fetch(
            "SELECT * FROM rulings WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_plain(Ruling, r) for r in rows]

    async def ruling(self, ruling_id: int) -> Ruling | None:
        r = await self._one("SELECT * FROM rulings WHERE id = ?", (ruling_id,))
        return None if r is None else _plain(Ruling, r)

    async def director_actions(self, tournament_id: int) -> list[DirectorAction]:
        rows = await self._fetch(
            "SELECT * FROM director_actions WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_plain(DirectorAction, r, data=True) for r in rows]

    async def appeal(self, appeal_id: int) -> Appeal | None:
        r = await self._one("SELECT * FROM appeals WHERE id = ?", (appeal_id,))
        return None if r is None else _plain(Appeal, r)

    async def appeals(self, guild_id: int, status: Literal["open", "closed"] | None = None) -> list[
        Appeal
    ]:
        sql = "SELECT * FROM appeals WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [_plain(Appeal, r) for r in await self._fetch(sql + " ORDER BY id", params)]

    # events, hands, snapshots, deadlines

    async def load_events(
        self, tournament_id: int, stream: str | None = None, *, after_id: int = 0
    ) -> list[StoredEvent]:
        """All events (unfiltered: for the engine, never for players) in commit order."""
        sql = f"SELECT {_EVENT_COLUMNS} FROM events WHERE tournament_id = ? AND id > ?"
        params: list[Any] = [tournament_id, after_id]
        if stream is not None:
            sql += " AND stream = ?"
            params.append(stream)
        return [_event(r) for r in await self._fetch(sql + " ORDER BY id", params)]

    async def hand(self, hand_id: int) -> HandRow | None:
        r = await self._one("SELECT * FROM hands WHERE id = ?", (hand_id,))
        return None if r is None else _plain(HandRow, r)

    async def tournament_hands(self, tournament_id: int) -> list[HandRow]:
        rows = await self._fetch(
            "SELECT * FROM hands WHERE tournament_id = ? ORDER BY started_at, id", (tournament_id,)
        )
        return [_plain(HandRow, r) for r in rows]

    async def hand_events(self, hand_id: int, viewer: Viewer = PUBLIC) -> list[StoredEvent]:
        """A hand's events as `viewer` may see them (default: public events only).

        A player gets public events plus those addressed to them; a director gets everything.
        """
        sql = f"SELECT {_EVENT_COLUMNS} FROM events WHERE hand_id = ?"
        params: list[Any] = [hand_id]
        sql, params = _viewer_filter(sql, params, viewer)
        events = [_event(r) for r in await self._fetch(sql + " ORDER BY id", params)]
        return _redacted(events, viewer)

    async def tournament_hand_events(
        self, tournament_id: int, viewer: Viewer = PUBLIC
    ) -> dict[int, list[StoredEvent]]:
        """Every hand of a tournament (for a whole-tournament export), filtered for `viewer`."""
        sql = (
            f"SELECT {_EVENT_COLUMNS} FROM events "
            "WHERE tournament_id = ? AND hand_id IS NOT NULL"
        )
        sql, params = _viewer_filter(sql, [tournament_id], viewer)
        out: dict[int, list[StoredEvent]] = {h.id: [] for h in await self.tournament_hands(
            tournament_id
        )}
        events = [_event(r) for r in await self._fetch(sql + " ORDER BY id", params)]
        for e in _redacted(events, viewer):
            out.setdefault(e.hand_id or 0, []).append(e)
        return out

    async def latest_snapshot(self, tournament_id: int) -> Snapshot | None:
        r = await self._one(
            "SELECT * FROM snapshots WHERE tournament_id = ? ORDER BY last_event_id DESC, id DESC "
            "LIMIT 1",
            (tournament_id,),
        )
        return None if r is None else _plain(Snapshot, r, state=True)

    async def deadlines(self, tournament_id: int) -> list[Deadline]:
        rows = await self._fetch(
            "SELECT * FROM deadlines WHERE tournament_id = ? ORDER BY due_at, kind, key",
            (tournament_id,),
        )
        return [_plain(Deadline, r, data=True) for r in rows]

    async def recover_tournament(self, tournament: TournamentRow) -> Recovered:
        snapshot = await self.latest_snapshot(tournament.id)
        after = snapshot.last_event_id if snapshot else 0
        return Recovered(
            tournament=tournament,
            snapshot=snapshot,
            events=await self.load_events(tournament.id, after_id=after),
            deadlines=await self.deadlines(tournament.id),
            tables=await self.tables(tournament.id),
            messages=await self.messages(tournament.id),
            entries=await self.entries(tournament.id),
        )


def _redacted(events: list[StoredEvent], viewer: Viewer) -> list[StoredEvent]:
    out = []
    for e in events:
        data = redact(e.data, viewer)
        if data is not None:
            out.append(e if data is e.data else dataclasses.replace(e, data=data))
    return out


def _viewer_filter(sql: str, params: list[Any], viewer: Viewer) -> tuple[str, list[Any]]:
    if viewer.director:
        return sql, params
    if viewer.user_id is None:
        return sql + " AND audience IS NULL", params
    return (
        sql + " AND (audience IS NULL OR EXISTS "
        "(SELECT 1 FROM json_each(events.audience) WHERE json_each.value = ?))",
        [*params, str(viewer.user_id)],
    )


async def _enable_wal(conn: aiosqlite.Connection, path: Path, timeout: float) -> None:
    """Switch to WAL (persistent in the file, so usually already done).

    Changing the journal mode can report "database is locked" at once, without the busy
    handler, when another process is opening the same new file: retry until the busy timeout.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode"))
            if str(rows[0][0]).lower() != "wal":
                rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            if str(rows[0][0]).lower() != "wal":
                raise StoreError(f"could not switch {path} to WAL (got {rows[0][0]})")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.01)


class Store(_Reads):
    """One SQLite file, one connection; every write serialised through `transaction()`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        self._conn = conn
        self.path = path
        self.clock = clock
        # aiosqlite serialises statements, not transactions: without this lock another task's
        # statement could land inside (or read the uncommitted state of) our transaction.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        synchronous: Synchronous = "FULL",
        clock: Clock = time.time,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
        verify: bool = True,
    ) -> Store:
        """Open (creating, 0600) the database and bring its schema up to date.

        With `verify` (the bot's start-up) SQLite's quick check runs first, and a damaged file
        raises DatabaseCorrupt instead of starting with tournaments silently missing.
        `python -m bot.db check` opens without it, to report what is wrong.
        """
        db_path = Path(path) if path is not None else default_database_path()
        if synchronous not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous level {synchronous!r}")
        _private_file(db_path)
        conn = await aiosqlite.connect(db_path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # busy_timeout first: switching to WAL needs a lock another process may hold.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await _enable_wal(conn, db_path, busy_timeout_ms / 1000)
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            if verify:
                found = [str(r[0]) for r in await conn.execute_fetchall("PRAGMA quick_check")]
                if found != ["ok"]:
                    raise DatabaseCorrupt(db_path, "; ".join(found[:3]))
            if migrate:
                await apply_migrations(conn, migrations, clock=clock)
        except sqlite3.DatabaseError as exc:
            await conn.close()
            if _is_corruption(exc):
                raise DatabaseCorrupt(db_path, str(exc)) from exc
            raise
        except BaseException:
            await conn.close()
            raise
        _private_file(db_path)  # the -wal/-shm now exist; make sure of their mode too
        return cls(conn, db_path, clock)

    async def close(self) -> None:
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self._conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- transactions --------------------------------------------------------------------------

    async def _finish(self, sql: str) -> None:
        """Run BEGIN/COMMIT/ROLLBACK to completion even if our task is cancelled meanwhile.

        Otherwise a cancelled COMMIT could still land after we released the lock, and the next
        transaction would find the connection in an unknown state.
        """
        fut = asyncio.ensure_future(self._conn.execute(sql))
        try:
            await asyncio.shield(fut)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await fut
            raise

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN IMMEDIATE ... COMMIT. When the block exits normally the data is durable."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            raise StoreError("transaction() inside a transaction of the same task")
        if self._closed:
            raise StoreError("store is closed")
        async with self._lock:
            self._owner = task
            tx = Transaction(self)
            try:
                await self._finish("BEGIN IMMEDIATE")
                try:
                    yield tx
                except BaseException:
                    tx._open = False
                    with contextlib.suppress(sqlite3.Error):
                        await self._finish("ROLLBACK")
                    raise
                tx._open = False
                try:
                    await self._finish("COMMIT")
                except sqlite3.Error:
                    with contextlib.suppress(sqlite3.Error):
                        await self._finish("ROLLBACK")
                    raise
            finally:
                tx._open = False
                self._owner = None

    async def write(self, fn: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run `fn(tx)` in its own transaction and return its result after the commit."""
        async with self.transaction() as tx:
            result = await fn(tx)
        return result

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        if self._owner is not None and self._owner is asyncio.current_task():
            return list(await self._conn.execute_fetchall(sql, params))
        async with self._lock:
            if self._closed:
                raise StoreError("store is closed")
            return list(await self._conn.execute_fetchall(sql, params))

    # --- whole-store operations ----------------------------------------------------------------

    async def recover(self) -> list[Recovered]:
        """Every unfinished tournament with what its rebuild needs (snapshot, later events,
        deadlines as absolute times, tables and messages to edit in place)."""
        return [await self.recover_tournament(t) for t in await self.unfinished_tournaments()]

    async def check(self) -> CheckReport:
        """PRAGMA integrity_check, foreign_key_check, and chip conservation per tournament."""
        try:
            integrity = [str(r[0]) for r in await self._fetch("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            # A damaged page can make the check itself fail: that is its finding.
            return CheckReport([str(exc)], [], [])
        if integrity != ["ok"]:
            return CheckReport(integrity, [], [])  # the rows below cannot be trusted
        fks = [
            f"{r[0]} rowid {r[1]} -> {r[2]}" for r in await self._fetch("PRAGMA foreign_key_check")
        ]
        reports = []
        for t in await self.tournaments():
            reports.append(run_checks(t, await self.load_events(t.id)))
        return CheckReport(integrity, fks, reports)

    async def backup(self, target: str | os.PathLike[str]) -> Path:
        """Online backup to a new self-contained file (0600), safe while the bot is writing."""
        dest = Path(target)
        if dest.exists():
            raise StoreError(f"{dest} exists; refusing to overwrite a backup")
        tmp = dest.with_name(f".{dest.name}.partial")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        target_conn = await aiosqlite.connect(tmp, isolation_level=None)
        ok = False
        try:
            # One step (pages=-1): a consistent snapshot; WAL lets writers go on meanwhile.
            async with self._lock:
                await self._conn.backup(target_conn, pages=-1)
            # A backup should be one file, not a WAL database that needs its sidecars.
            await target_conn.execute("PRAGMA journal_mode = DELETE")
            rows = list(await target_conn.execute_fetchall("PRAGMA quick_check"))
            if str(rows[0][0]) != "ok":
                raise StoreError(f"backup failed its quick_check: {rows[0][0]}")
            ok = True
        finally:
            await target_conn.close()
            if not ok:  # never leave a half-made backup that looks like a real one
                for p in (tmp, Path(f"{tmp}-journal"), Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
                    with contextlib.suppress(FileNotFoundError):
                        p.unlink()
        os.replace(tmp, dest)
        # Remembered beside the database, so a refusal to start on a damaged one can name it.
        _record_backup(self.path, dest, self.clock())
        return dest

    async def schema_version(self) -> int:
        """The newest migration applied (0 for a file no bot has migrated yet)."""
        if not await self._fetch(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        ):
            return 0
        rows = await self._fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        return int(rows[0][0])

    async def schema(self) -> list[tuple[str, str, str, str | None]]:
        """sqlite_master, sorted: what 'the same schema' means for the migration tests."""
        rows = await self._fetch(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]


class Transaction(_Reads):
    """Writes of one transaction. Valid only inside its `async with store.transaction()`."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._conn = store._conn
        self._open = True

    @property
    def now(self) -> float:
        return self._store.clock()

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        self._check_open()
        return list(await self._conn.execute_fetchall(sql, params))

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute; return lastrowid (for inserts)."""
        self._check_open()
        async with self._conn.execute(sql, params) as cur:
            return int(cur.lastrowid or 0)

    async def _returning(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row:
        self._check_open()
        rows = list(await self._conn.execute_fetchall(sql, params))
        if not rows:
            raise StoreError("no such row")
        return rows[0]

    def _check_open(self) -> None:
        if not self._open:
            raise StoreError("transaction already finished; open a new one")

    # --- events --------------------------------------------------------------------------------

    async def append_events(
        self, tournament_id: int, stream: str, events: Iterable[Any]
    ) -> list[StoredEvent]:
        """Append to `stream` ("tournament", "table:<n>", or hand_stream(hand_id)).

        Items are event dicts, engine events (anything with to_dict()), or `Private(...)`.
        """
        hand_id = _hand_id_of(stream)
        rows = await self._fetch(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE tournament_id = ? AND stream = ?",
            (tournament_id, stream),
        )
        first = int(rows[0][0]) + 1
        now = self.now
        params = []
        pending: list[tuple[int, str, dict[str, Any], tuple[str, ...] | None]] = []
        for seq, item in enumerate(events, start=first):
            explicit = item.viewers if isinstance(item, Private) else None
            data = _event_dict(item.event if isinstance(item, Private) else item)
            text = _dumps(data)
            audience = audience_for(data, explicit)
            params.append((tournament_id, stream, seq, hand_id, data["type"], text,
                           None if audience is None else _dumps(list(audience)), now))
            # Hand back what a reader will get (JSON-normalised), not the caller's object.
            pending.append((seq, data["type"], json.loads(text), audience))
        if not pending:
            return []
        self._check_open()
        # One round trip to the connection thread for the whole action, not one per event.
        await self._conn.executemany(
            "INSERT INTO events (tournament_id, stream, seq, hand_id, type, data, audience, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            params,
        )
        ids = await self._fetch(
            "SELECT seq, id FROM events WHERE tournament_id = ? AND stream = ? AND seq >= ?",
            (tournament_id, stream, first),
        )
        id_of = {r[0]: r[1] for r in ids}
        return [
            StoredEvent(id_of[seq], tournament_id, stream, seq, hand_id, type_, data, audience, now)
            for seq, type_, data, audience in pending
        ]

    async def begin_hand(
        self, tournament_id: int, table_no: int, hand_no: int, started_at: float | None = None
    ) -> HandRow:
        row = await self._returning(
            "INSERT INTO hands (tournament_id, table_no, hand_no, started_at) VALUES (?, ?, ?, ?) "
            "RETURNING *",
            (tournament_id, table_no, hand_no, self.now if started_at is None else started_at),
        )
        return _plain(HandRow, row)

    async def finish_hand(self, hand_id: int, finished_at: float | None = None) -> None:
        await self._exec(
            "UPDATE hands SET finished_at = ? WHERE id = ?",
            (self.now if finished_at is None else finished_at, hand_id),
        )

    async def save_snapshot(
        self, tournament_id: int, last_event_id: int, state: dict[str, Any], *, keep: int = 2
    ) -> Snapshot:
        """Store a state covering events up to `last_event_id`; keep only the newest `keep`."""
        row = await self._returning(
            "INSERT INTO snapshots (tournament_id, last_event_id, state, created_at) "
            "VALUES (?, ?, ?, ?) RETURNING *",
            (tournament_id, last_event_id, _dumps(state), self.now),
        )
        await self._exec(
            "DELETE FROM snapshots WHERE tournament_id = ? AND id NOT IN (SELECT id FROM snapshots "
            "WHERE tournament_id = ? ORDER BY last_event_id DESC, id DESC LIMIT ?)",
            (tournament_id, tournament_id, max(1, keep)),
        )
        return _plain(Snapshot, row, state=True)

    async def set_deadline(
        self,
        tournament_id: int,
        kind: str,
        key: str,
        due_at: float,
        data: dict[str, Any] | None = None,
    ) -> Deadline:
        """Arm (or move) a timer at an absolute unix time."""
        await self._exec(
            "INSERT INTO deadlines (tournament_id, kind, key, due_at, data) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (tournament_id, kind, key) DO UPDATE SET due_at = excluded.due_at, "
            "data = excluded.data",
            (tournament_id, kind, key, float(due_at), _dumps(data or {})),
        )
        return Deadline(tournament_id, kind, key, float(due_at), dict(data or {}))

    async def clear_deadline(self, tournament_id: int, kind: str, key: str | None = None) -> None:
        """Disarm one timer, or every timer of `kind` when key is None."""
        if key is None:
            await self._exec(
                "DELETE FROM deadlines WHERE tournament_id = ? AND kind = ?", (tournament_id, kind)
            )
        else:
            await self._exec(
                "DELETE FROM deadlines WHERE tournament_id = ? AND kind = ? AND key = ?",
                (tournament_id, kind, key),
            )

    async def clear_deadlines(self, tournament_id: int) -> None:
        await self._exec("DELETE FROM deadlines WHERE tournament_id = ?", (tournament_id,))

    # --- guild settings, leagues, seasons ------------------------------------------------------

    async def put_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        now = self.now
        await self._exec(
            "INSERT INTO guild_settings (guild_id, profile, knob_overrides, director_role_id, "
            "structure_presets, payout_presets, points_system, tournament_channel_id, updated_at, "
            "four_colour_deck, idle_ping_seconds) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "profile = excluded.profile, knob_overrides = excluded.knob_overrides, "
            "director_role_id = excluded.director_role_id, "
            "structure_presets = excluded.structure_presets, "
            "payout_presets = excluded.payout_presets, points_system = excluded.points_system, "
            "tournament_channel_id = excluded.tournament_channel_id, "
            "updated_at = excluded.updated_at, four_colour_deck = excluded.four_colour_deck, "
            "idle_ping_seconds = excluded.idle_ping_seconds",
            (
                settings.guild_id,
                settings.profile,
                _dumps(settings.knob_overrides),
                settings.director_role_id,
                _dumps(settings.structure_presets),
                _dumps(settings.payout_presets),
                _dumps(settings.points_system),
                settings.tournament_channel_id,
                now,
                int(settings.four_colour_deck),
                settings.idle_ping_seconds,
            ),
        )
        return await self.guild_settings(settings.guild_id)

    async def create_league(self, guild_id: int, name: str) -> League:
        """A new league; LeagueNameTaken if the server has one of that name in any case."""
        try:
            row = await self._returning(
                "INSERT INTO leagues (guild_id, name, created_at) VALUES (?, ?, ?) RETURNING *",
                (guild_id, name, self.now),
            )
        except sqlite3.IntegrityError as exc:
            if "leagues." not in str(exc):
                raise
            raise LeagueNameTaken(guild_id, name, await self.league_by_name(guild_id, name)) \
                from exc
        return _plain(League, row)

    async def create_season(
        self,
        league_id: int,
        name: str,
        starts_at: float | None = None,
        ends_at: float | None = None,
    ) -> Season:
        row = await self._returning(
            "INSERT INTO seasons (league_id, name, starts_at, ends_at, created_at) "
            "VALUES (?, ?, ?, ?, ?) RETURNING *",
            (league_id, name, starts_at, ends_at, self.now),
        )
        return _plain(Season, row)

    # --- league play (migration 0003) ----------------------------------------------------------

    async def put_league_settings(self, settings: LeagueSettings) -> LeagueSettings:
        await self._exec(
            "INSERT INTO league_settings (league_id, points_system, options, currency, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (league_id) DO UPDATE SET "
            "points_system = excluded.points_system, options = excluded.options, "
            "currency = excluded.currency, updated_at = excluded.updated_at",
            (settings.league_id, settings.points_system, _dumps(settings.options),
             settings.currency, self.now),
        )
        return await self.league_settings(settings.league_id)

    async def set_active_season(self, league_id: int, season_id: int) -> None:
        """Make `season_id` the league's active season. Refused if another one is active."""
        try:
            await self._exec(
                "INSERT INTO active_seasons (league_id, season_id, since) VALUES (?, ?, ?)",
                (league_id, season_id, self.now),
            )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"league {league_id} already has an active season") from exc

    async def end_season(self, season_id: int, ends_at: float | None = None) -> Season:
        """Close a season: stamp when it ended (now unless given) and make it inactive."""
        row = await self._returning(
            "UPDATE seasons SET ends_at = ? WHERE id = ? RETURNING *",
            (self.now if ends_at is None else ends_at, season_id),
        )
        await self._exec("DELETE FROM active_seasons WHERE season_id = ?", (season_id,))
        return _plain(Season, row)

    async def record_scoring(
        self, tournament_id: int, points_system: str, options: dict[str, Any] | None = None
    ) -> TournamentScoring:
        row = await self._returning(
            "INSERT INTO tournament_scoring (tournament_id, points_system, options, scored_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET "
            "points_system = excluded.points_system, options = excluded.options, "
            "scored_at = excluded.scored_at RETURNING *",
            (tournament_id, points_system, _dumps(options or {}), self.now),
        )
        return _plain(TournamentScoring, row, options=True)

    # --- tournaments ---------------------------------------------------------------------------

    async def create_tournament(
        self,
        guild_id: int,
        name: str,
        *,
        league_id: int | None = None,
        season_id: int | None = None,
        channel_id: int | None = None,
        profile: dict[str, Any] | None = None,
        config: dict[str, Any] | None = None,
    ) -> TournamentRow:
        """A new tournament, registering. ChannelBusy if its channel has an open one."""
        try:
            row = await self._returning(
                "INSERT INTO tournaments (guild_id, league_id, season_id, channel_id, name, "
                "profile, config, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    guild_id,
                    league_id,
                    season_id,
                    channel_id,
                    name,
                    _dumps(profile or {}),
                    _dumps(config or {}),
                    self.now,
                ),
            )
        except sqlite3.IntegrityError as exc:
            if channel_id is None or "tournaments.channel_id" not in str(exc):
                raise
            raise ChannelBusy(channel_id, await self.open_tournament_in(channel_id)) from exc
        return _tournament(row)

    async def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus
    ) -> TournamentRow:
        """Move a tournament along; stamping started_at/finished_at the first time."""
        now = self.now
        row = await self._returning(
            "UPDATE tournaments SET status = ?, "
            "started_at = CASE WHEN ? = 'running' THEN COALESCE(started_at, ?) "
            "ELSE started_at END, "
            "finished_at = CASE WHEN ? IN ('finished', 'cancelled') THEN COALESCE(finished_at, ?) "
            "ELSE finished_at END WHERE id = ? RETURNING *",
            (status, status, now, status, now, tournament_id),
        )
        if row["status"] in ("finished", "cancelled"):
            # A finished tournament has no clocks left to run after a restart.
            await self.clear_deadlines(tournament_id)
        return _tournament(row)

    async def set_tournament_config(
        self, tournament_id: int, config: dict[str, Any]
    ) -> TournamentRow:
        row = await self._returning(
            "UPDATE tournaments SET config = ? WHERE id = ? RETURNING *",
            (_dumps(config), tournament_id),
        )
        return _tournament(row)

    async def put_table(
        self,
        tournament_id: int,
        table_no: int,
        *,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> TableRow:
        row = await self._returning(
            "INSERT INTO tables (tournament_id, table_no, thread_id, message_id) "
            "VALUES (?, ?, ?, ?) "
            "ON CONFLICT (tournament_id, table_no) DO UPDATE SET "
            "thread_id = COALESCE(excluded.thread_id, thread_id), "
            "message_id = COALESCE(excluded.message_id, message_id) RETURNING *",
            (tournament_id, table_no, thread_id, message_id),
        )
        return _plain(TableRow, row)

    async def break_table(self, tournament_id: int, table_no: int) -> None:
        await self._exec(
            "UPDATE tables SET broken_at = ? WHERE tournament_id = ? AND table_no = ?",
            (self.now, tournament_id, table_no),
        )

    async def put_message(
        self, tournament_id: int, key: str, channel_id: int, message_id: int
    ) -> MessageRow:
        row = await self._returning(
            "INSERT INTO messages (tournament_id, key, channel_id, message_id, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, key) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "updated_at = excluded.updated_at RETURNING *",
            (tournament_id, key, channel_id, message_id, self.now),
        )
        return _plain(MessageRow, row)

    async def add_entry(self, tournament_id: int, user_id: int, display_name: str) -> Entry:
        row = await self._returning(
            "INSERT INTO entries (tournament_id, user_id, display_name, entered_at) "
            "VALUES (?, ?, ?, ?) RETURNING *",
            (tournament_id, user_id, display_name, self.now),
        )
        return _plain(Entry, row)

    async def update_entry(
        self,
        tournament_id: int,
        user_id: int,
        *,
        status: EntryStatus | None = None,
        table_no: int | None = None,
        seat_no: int | None = None,
    ) -> Entry:
        row = await self._returning(
            "UPDATE entries SET status = COALESCE(?, status), table_no = COALESCE(?, table_no), "
            "seat_no = COALESCE(?, seat_no) WHERE tournament_id = ? AND user_id = ? RETURNING *",
            (status, table_no, seat_no, tournament_id, user_id),
        )
        return _plain(Entry, row)

    async def add_rebuy(
        self, tournament_id: int, user_id: int, chips: int, *, amount: int = 0,
        kind: RebuyKind = "rebuy",
    ) -> Rebuy:
        row = await self._returning(
            "INSERT INTO rebuys (tournament_id, entry_id, kind, chips, amount, created_at) "
            "SELECT ?, id, ?, ?, ?, ? FROM entries WHERE tournament_id = ? AND user_id = ? "
            "RETURNING *",
            (tournament_id, kind, chips, amount, self.now, tournament_id, user_id),
        )
        return _plain(Rebuy, row)

    async def record_elimination(
        self,
        tournament_id: int,
        user_id: int,
        *,
        hand_id: int | None = None,
        eliminated_by: Sequence[int] = (),
        place: int | None = None,
    ) -> Elimination:
        row = await self._returning(
            "INSERT INTO eliminations (tournament_id, user_id, hand_id, eliminated_by, place, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
            (tournament_id, user_id, hand_id, _dumps(list(eliminated_by)), place, self.now),
        )
        return _plain(Elimination, row, eliminated_by=True)

    async def set_result(
        self, tournament_id: int, user_id: int, place: int, *, prize: int = 0, points: float = 0
    ) -> Result:
        row = await self._returning(
            "INSERT INTO results (tournament_id, user_id, place, prize, points) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO UPDATE SET "
            "place = excluded.place, prize = excluded.prize, points = excluded.points RETURNING *",
            (tournament_id, user_id, place, prize, points),
        )
        return _plain(Result, row)

    # --- rulings, director actions, appeals ----------------------------------------------------

    async def add_ruling(
        self,
        tournament_id: int,
        director_id: int,
        subject: str,
        decision: str,
        reason: str,
        *,
        hand_id: int | None = None,
    ) -> Ruling:
        row = await self._returning(
            "INSERT INTO rulings (tournament_id, hand_id, director_id, subject, decision, reason, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (tournament_id, hand_id, director_id, subject, decision, reason, self.now),
        )
        return _plain(Ruling, row)

    async def add_director_action(
        self,
        tournament_id: int,
        director_id: int,
        action: str,
        reason: str,
        *,
        target_user_id: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> DirectorAction:
        row = await self._returning(
            "INSERT INTO director_actions (tournament_id, director_id, action, target_user_id, "
            "data, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (tournament_id, director_id, action, target_user_id, _dumps(data or {}), reason,
             self.now),
        )
        return _plain(DirectorAction, row, data=True)

    async def open_appeal(
        self,
        guild_id: int,
        user_id: int,
        statement: str,
        *,
        tournament_id: int | None = None,
        hand_id: int | None = None,
        ruling_id: int | None = None,
    ) -> Appeal:
        """A player sends a disputed ruling to the league; the hand it concerns is kept with it."""
        if ruling_id is not None and (hand_id is None or tournament_id is None):
            ruling = await self.ruling(ruling_id)
            if ruling is None:
                raise StoreError(f"no ruling {ruling_id}")
            hand_id = ruling.hand_id if hand_id is None else hand_id
            tournament_id = ruling.tournament_id if tournament_id is None else tournament_id
        if hand_id is not None and tournament_id is None:
            hand = await self.hand(hand_id)
            tournament_id = None if hand is None else hand.tournament_id
        row = await self._returning(
            "INSERT INTO appeals (guild_id, tournament_id, hand_id, ruling_id, user_id, statement, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (guild_id, tournament_id, hand_id, ruling_id, user_id, statement, self.now),
        )
        return _plain(Appeal, row)

    async def close_appeal(self, appeal_id: int, decided_by: int, decision: str) -> Appeal:
        """Record the league's decision. An appeal is decided once; a closed one stays closed."""
        rows = await self._fetch(
            "UPDATE appeals SET status = 'closed', decision = ?, decided_by = ?, decided_at = ? "
            "WHERE id = ? AND status = 'open' RETURNING *",
            (decision, decided_by, self.now, appeal_id),
        )
        if not rows:
            existing = await self.appeal(appeal_id)
            raise StoreError(
                f"no appeal {appeal_id}" if existing is None else f"appeal {appeal_id} is closed"
            )
        return _plain(Appeal, rows[0])


__all__ = [
    "DEFAULT_BUSY_TIMEOUT_MS",
    "ChannelBusy",
    "DatabaseCorrupt",
    "LeagueNameTaken",
    "Store",
    "StoreError",
    "Transaction",
    "default_database_path",
    "hand_stream",
    "TOURNAMENT_STREAM",
]

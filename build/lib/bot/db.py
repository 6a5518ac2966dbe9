"""Database maintenance: `python -m bot.db migrate|backup PATH|backups|restore PATH|check|
health|copy --to TARGET [--database TARGET]`.

The database is a SQLite file or a postgresql:// URL; it defaults to the bot's own setting
(bot.config: $DATABASE_URL, else $DATABASE_PATH, else ./league.sqlite3; .env read too).
`backup` and `check` are safe while the bot runs (WAL: readers never block the writer;
tests/service/test_maintenance_while_playing.py checks that no announced action is lost).
`copy` moves a league's whole history into a NEW database (SQLite to PostgreSQL and back) and
checks its chips there. `backups` lists the bot's own backups (BACKUP_DIR) with their time
and size; `restore` puts a backup back, the bot stopped (refused while one runs on the file), the
database as it was kept aside. `health` is the Docker image's health check: the bot's own
heartbeat is fresh and the database opens (exit 0), else one line saying what is wrong (1).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.config import DEFAULT_BACKUP_DIR, ConfigError, load_settings
from bot.service import conservation_checks
from bot.service.service import HEARTBEAT_SECONDS
from bot.store import DatabaseCorrupt, MigrationError, StoreError
from bot.store.backends import is_database_url, newest_schema_version, open_store
from bot.store.files import recorded_backups
from bot.store.ownership import process_name
from bot.store.runlock import running_on
from bot.store.sqlite.backups import check_backup, list_backups, restore_backup

Target = str | os.PathLike[str]


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--database",
        type=str,
        default=argparse.SUPPRESS,
        help="SQLite file or postgresql:// URL "
             "(default: $DATABASE_URL, else $DATABASE_PATH or ./league.sqlite3)",
    )
    parser = argparse.ArgumentParser(prog="python -m bot.db", parents=[common])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", parents=[common], help="create or upgrade the schema")
    backup = sub.add_parser("backup", parents=[common], help="online backup to a new file")
    backup.add_argument("path", type=Path)
    sub.add_parser(
        "check", parents=[common], help="integrity check and chip conservation of every tournament"
    )
    sub.add_parser("backups", parents=[common],
                   help="list the bot's own backups (BACKUP_DIR) with their time and size")
    restore = sub.add_parser("restore", parents=[common], help="put a backup back (the bot "
                             "stopped; the database as it was is kept aside)")
    restore.add_argument("path", type=Path)
    sub.add_parser("health", parents=[common], help="exit 0 if the bot is alive: its heartbeat "
                   "is fresh and the database opens (the Docker health check)")
    copy = sub.add_parser("copy", parents=[common], help="copy the whole history into a NEW "
                          "database (SQLite <-> PostgreSQL) and check its chips")
    copy.add_argument("--to", required=True, help="new SQLite file or postgresql:// URL")
    return parser


def _target(args: argparse.Namespace) -> Target:
    """--database, else the settings' database (the environment and .env, read by
    bot.config like the bot's own: DATABASE_URL, else DATABASE_PATH, else ./league.sqlite3)."""
    given: str | None = getattr(args, "database", None)
    if given is None:
        return load_settings().database
    return given if is_database_url(given) else Path(given)


async def _run(args: argparse.Namespace) -> int:
    target = _target(args)
    if args.command in ("backups", "restore"):
        return _backups(args, target)
    if args.command != "migrate" and not is_database_url(target) and not Path(target).exists():
        print(f"{target}: no such database", file=sys.stderr)
        return 1 if args.command == "health" else 2
    if args.command == "health":
        return await health(target, process_name(load_settings().shards))
    if args.command == "check":
        return await _check(target)
    if args.command == "copy":
        from bot.store.postgres import copy_database

        report = await copy_database(target, args.to, conservation_checks())
        print("\n".join(report.lines()))
        return 0 if report.ok else 1
    # backup must not silently upgrade a database another (older) bot is running on.
    store = await open_store(target, migrate=args.command == "migrate")
    try:
        if args.command == "migrate":
            newest = newest_schema_version(target)
            print(f"{_shown(target)}: schema version {await store.schema_version()} "
                  f"(newest {newest})")
            return 0
        dest = await store.backup(args.path)
        print(f"backed up {_shown(target)} to {dest}")
        return 0
    finally:
        await store.close()


def _backups(args: argparse.Namespace, target: Target) -> int:
    """`backups` and `restore`: the SQLite file's, where the bot keeps them (BACKUP_DIR)."""
    if is_database_url(target):
        print("On PostgreSQL the bot takes no backups of its own: back the database up with "
              "pg_dump and put it back with pg_restore (docs/setup.md).", file=sys.stderr)
        return 2
    database = Path(target)
    if args.command == "backups":
        print("\n".join(backup_lines(database, _backup_dir(args, database))))
        return 0
    return restore(database, args.path)


def _backup_dir(args: argparse.Namespace, database: Path) -> Path:
    """The settings' BACKUP_DIR; with --database, its default beside that file."""
    settings = load_settings()
    if getattr(args, "database", None) is None or database == settings.database_path:
        return settings.backup_dir
    return database.parent / DEFAULT_BACKUP_DIR


def backup_lines(database: Path, folder: Path) -> list[str]:
    """The backups of `database`, oldest first: the bot's own in `folder`, and those made with
    `python -m bot.db backup` elsewhere that still exist."""
    rows = [(b.made_at, b.size, b.why, b.path) for b in list_backups(folder, database)]
    own = {row[3].resolve() for row in rows}
    rows += [(at, path.stat().st_size, "by hand", path) for at, path in
             recorded_backups(database) if path.resolve() not in own]
    if not rows:
        return [f"No backups of {database} yet (the bot makes its own in {folder})."]
    lines = [f"Backups of {database}, oldest first (times in UTC):"]
    for at, size, why, path in sorted(rows):
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))
        lines.append(f"  {when}  {_size(size):>9}  {why:<24}  {path}")
    lines.append("Put one back (the bot stopped): python -m bot.db restore PATH")
    return lines


def _size(n: int) -> str:
    size, unit = float(n), "bytes"
    for bigger in ("KB", "MB", "GB"):
        if size < 1024:
            break
        size, unit = size / 1024, bigger
    return f"{n} bytes" if unit == "bytes" else f"{size:.1f} {unit}"


def restore(database: Path, backup: Path) -> int:
    """Put `backup` back in the place of `database`, the bot stopped; checked first."""
    if not backup.is_file():
        print(f"{backup}: no such file", file=sys.stderr)
        return 2
    if database.exists() and backup.resolve() == database.resolve():
        print(f"{backup} is the database itself; name a backup", file=sys.stderr)
        return 2
    try:
        version = check_backup(backup)
        newest = newest_schema_version(database)
        if version > newest:
            raise StoreError(f"{backup} was made by a newer bot (schema {version}; this one "
                             f"knows up to {newest}): update the bot first")
        with running_on(database):
            aside = restore_backup(database, backup, time.time())
    except (StoreError, OSError) as exc:
        print(f"Not restored: {exc}", file=sys.stderr)
        return 1
    print(f"Restored {database} from {backup}.")
    if aside is not None:
        print(f"The database as it was is kept at {aside}.")
    print("Start the bot again: it brings the schema up to date by itself and resumes every "
          "unfinished tournament as the backup has it.")
    return 0


# The health check's limit: six of the bot's heartbeats missed.
HEALTHY_WITHIN = 6 * HEARTBEAT_SECONDS


async def health(target: Target, process: str) -> int:
    """0 if the bot serving `process` wrote its heartbeat within HEALTHY_WITHIN seconds and
    the database opens; else 1, with one line saying what is wrong."""
    try:
        store = await open_store(target, migrate=False, verify=False)
    except Exception as exc:  # whatever stops it opening is the finding
        print(f"unhealthy: {_shown(target)} does not open: {type(exc).__name__}")
        return 1
    try:
        at = await store.process_alive_at(process)
    except Exception as exc:
        print(f"unhealthy: {_shown(target)} cannot be read: {type(exc).__name__}")
        return 1
    finally:
        await store.close()
    if at is None:
        print("unhealthy: the bot has written no heartbeat yet (starting, or not running)")
        return 1
    age = max(0.0, time.time() - at)
    if age > HEALTHY_WITHIN:
        print(f"unhealthy: the bot's last heartbeat is {age:.0f} s old (it writes one every "
              f"{HEARTBEAT_SECONDS:.0f} s)")
        return 1
    print(f"healthy: the bot's heartbeat is {age:.0f} s old and the database opens")
    return 0


def _shown(target: Target) -> str:
    """A URL without its password: the output may be pasted anywhere."""
    text = str(target)
    if not is_database_url(text) or "@" not in text:
        return text
    scheme, rest = text.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    return f"{scheme}://{creds.split(':', 1)[0]}@{host}"


async def _check(target: Target) -> int:
    """Report what is wrong, whatever the file holds; never a traceback for a damaged one."""
    try:
        store = await open_store(target, migrate=False, verify=False)
    except DatabaseCorrupt as exc:
        print(f"{_shown(target)}: not a readable SQLite database ({exc.detail})")
        print("FAILED")
        return 1
    try:
        version, newest = await store.schema_version(), newest_schema_version(target)
        if version != newest:
            print(f"{_shown(target)}: schema version {version}, this bot expects {newest}; "
                  "run migrate")
            return 1
        report = await store.check(conservation_checks())
    except sqlite3.DatabaseError as exc:  # a page the integrity check did not reach
        print(f"{_shown(target)}: cannot be read: {exc}")
        print("FAILED")
        return 1
    finally:
        await store.close()
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return asyncio.run(_run(args))
    except (MigrationError, StoreError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ConfigError as exc:  # names the variable, never its value
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""Database maintenance: `python -m bot.db migrate|backup PATH|check|copy --to TARGET
[--database TARGET]`.

The database is a SQLite file or a postgresql:// URL; it defaults to the bot's own setting
(bot.config: $DATABASE_URL, else $DATABASE_PATH, else ./league.sqlite3; .env read too).
`backup` and `check` are safe while the bot runs (WAL: readers never block the writer;
tests/service/test_maintenance_while_playing.py checks that no announced action is lost).
`copy` moves a league's whole history into a NEW database (SQLite to PostgreSQL and back) and
checks its chips there.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.service import conservation_checks
from bot.store import DatabaseCorrupt, MigrationError, StoreError
from bot.store.backends import is_database_url, newest_schema_version, open_store

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
    if args.command != "migrate" and not is_database_url(target) and not Path(target).exists():
        print(f"{target}: no such database", file=sys.stderr)
        return 2
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

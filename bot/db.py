"""Database maintenance: `python -m bot.db migrate|backup PATH|check [--database PATH]`.

The database defaults to $DATABASE_PATH, else ./league.sqlite3. `backup` and `check` are safe
while the bot runs (WAL: readers never block the writer).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.service import conservation_checks
from bot.store import DatabaseCorrupt, MigrationError, Store, StoreError, default_database_path
from bot.store.migrate import load_migrations


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--database",
        type=Path,
        default=argparse.SUPPRESS,
        help="SQLite file (default: $DATABASE_PATH or ./league.sqlite3)",
    )
    parser = argparse.ArgumentParser(prog="python -m bot.db", parents=[common])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", parents=[common], help="create or upgrade the schema")
    backup = sub.add_parser("backup", parents=[common], help="online backup to a new file")
    backup.add_argument("path", type=Path)
    sub.add_parser(
        "check", parents=[common], help="integrity check and chip conservation of every tournament"
    )
    return parser


async def _run(args: argparse.Namespace) -> int:
    path: Path = getattr(args, "database", None) or default_database_path()
    if args.command != "migrate" and not path.exists():
        print(f"{path}: no such database", file=sys.stderr)
        return 2
    if args.command == "check":
        return await _check(path)
    # backup must not silently upgrade a database another (older) bot is running on.
    store = await Store.open(path, migrate=args.command == "migrate")
    try:
        if args.command == "migrate":
            newest = load_migrations()[-1].version
            print(f"{path}: schema version {await store.schema_version()} (newest {newest})")
            return 0
        dest = await store.backup(args.path)
        print(f"backed up {path} to {dest}")
        return 0
    finally:
        await store.close()


async def _check(path: Path) -> int:
    """Report what is wrong, whatever the file holds; never a traceback for a damaged one."""
    try:
        store = await Store.open(path, migrate=False, verify=False)
    except DatabaseCorrupt as exc:
        print(f"{path}: not a readable SQLite database ({exc.detail})")
        print("FAILED")
        return 1
    try:
        version, newest = await store.schema_version(), load_migrations()[-1].version
        if version != newest:
            print(f"{path}: schema version {version}, this bot expects {newest}; run migrate")
            return 1
        report = await store.check(conservation_checks())
    except sqlite3.DatabaseError as exc:  # a page the integrity check did not reach
        print(f"{path}: cannot be read: {exc}")
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


if __name__ == "__main__":
    sys.exit(main())

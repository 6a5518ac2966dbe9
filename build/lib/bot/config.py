"""Settings from the environment and an optional `.env` file (python-dotenv).

The token is kept out of `repr` and never logged: logs end up in bug reports. Every variable
read here is listed, with a comment, in `.env.example` (tests/test_settings_listed.py).

In the Docker image CONTAINER_VOLUME names the container's volume (/data): the league's data
must live there or it is lost with the container, whatever an `--env-file .env` copied from
`.env.example` says. A relative DATABASE_PATH is then taken inside the volume, an absolute one
outside it refused, and the screens listen on every interface (127.0.0.1 inside a container
reaches nothing outside it).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from bot.store.ownership import ShardConfigError, Shards

DEFAULT_DATABASE = "league.sqlite3"
# The bot's own backups (bot/service/backups.py): the folder, beside the database unless set
# (a relative BACKUP_DIR is taken from the database's folder), and how many it keeps.
DEFAULT_BACKUP_DIR = "backups"
DEFAULT_BACKUP_KEEP = 14
DEFAULT_GLOBAL_LIMIT = 50.0  # Discord's requests a second per bot (bot/discord_ui/global_limit.py)
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class ConfigError(ValueError):
    """A setting is present but unusable; the message says which and what is allowed."""


@dataclass(frozen=True)
class Settings:
    # repr=False: printing or logging a Settings must never leak the token.
    discord_token: str | None = field(default=None, repr=False)
    database_path: Path = Path(DEFAULT_DATABASE)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # A league's own structures/payouts/points (bot/datafiles.py); None: shipped data only.
    league_data_dir: Path | None = None
    # DATABASE_URL (postgresql://...), when set, wins over DATABASE_PATH; kept out of repr
    # because a URL may carry a password.
    database_url: str | None = field(default=None, repr=False)
    # The Discord shards this process serves (SHARD_COUNT, SHARD_IDS); None: all of them.
    shards: Shards | None = None
    # The screens' web server (bot/web): where it listens (WEB_PORT 0: off) and, behind a
    # reverse proxy, the address its links use (PUBLIC_URL).
    web_host: str = "127.0.0.1"
    web_port: int = 8080
    public_url: str | None = None
    # DISCORD_GLOBAL_LIMIT: the requests a second this process keeps to; Discord's 50 unless it
    # has raised the bot's limit.
    global_limit: float = DEFAULT_GLOBAL_LIMIT
    # Where the bot's own daily and after-tournament backups go (SQLite only), and how many of
    # them it keeps (0: it takes none).
    backup_dir: Path = Path(DEFAULT_BACKUP_DIR)
    backup_keep: int = DEFAULT_BACKUP_KEEP
    # DOCS_URL: where the league publishes the docs/ folder; /help and the first message in
    # a new server link its guides. None: no links.
    docs_url: str | None = None

    @property
    def database(self) -> str | Path:
        """Where the store is: the URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def process_global_limit(self) -> float:
        """This process's share of the global limit: the bot's token is one for all shard
        processes, so each keeps to the share of the shards it serves."""
        if self.shards is None:
            return self.global_limit
        return self.global_limit * len(self.shards.ids) / self.shards.count

    @property
    def log_level_number(self) -> int:
        level: int = logging.getLevelNamesMapping()[self.log_level]
        return level


def load_settings(env_file: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read the settings; variables already in the environment win over the `.env` file."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    token = (os.environ.get("DISCORD_TOKEN") or "").strip() or None
    volume_raw = (os.environ.get("CONTAINER_VOLUME") or "").strip()
    volume = Path(volume_raw) if volume_raw else None
    database = _on_the_volume(
        Path((os.environ.get("DATABASE_PATH") or "").strip() or DEFAULT_DATABASE), volume)
    guild_raw = (os.environ.get("DEV_GUILD_ID") or "").strip()
    dev_guild_id: int | None = None
    if guild_raw:
        if not guild_raw.isdigit():
            # The value is never echoed: a token pasted into the wrong variable would be
            # printed to the console and end up in a bug report.
            raise ConfigError(
                "DEV_GUILD_ID must be a server id (digits only; right-click the server with "
                "Developer Mode on → Copy Server ID); the value set is not one"
            )
        dev_guild_id = int(guild_raw)
    level = (os.environ.get("LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; the value set is not")
    data_raw = (os.environ.get("LEAGUE_DATA_DIR") or "").strip()
    league_data_dir = Path(data_raw) if data_raw else None
    if league_data_dir is not None and not league_data_dir.is_dir():
        raise ConfigError("LEAGUE_DATA_DIR must name an existing folder (with structures/, "
                          "payouts/ or points/ inside); the folder set does not exist")
    url = (os.environ.get("DATABASE_URL") or "").strip() or None
    try:
        shards = Shards.from_settings(os.environ.get("SHARD_COUNT"), os.environ.get("SHARD_IDS"))
    except ShardConfigError as exc:
        raise ConfigError(str(exc)) from None  # its message names the variable, not the value
    web_host, web_port, public_url = _web_settings(
        default_host="0.0.0.0" if volume is not None else "127.0.0.1")
    return Settings(
        backup_dir=database.parent / ((os.environ.get("BACKUP_DIR") or "").strip()
                                      or DEFAULT_BACKUP_DIR),
        backup_keep=_backup_keep(),
        docs_url=_docs_url(),
        global_limit=_global_limit(),
        web_host=web_host, web_port=web_port, public_url=public_url,
        database_url=url,
        shards=shards,
        discord_token=token,
        database_path=database,
        dev_guild_id=dev_guild_id,
        log_level=level,
        league_data_dir=league_data_dir,
    )


def _on_the_volume(database: Path, volume: Path | None) -> Path:
    """DATABASE_PATH as the bot uses it: inside the container's volume when there is one."""
    if volume is None:
        return database
    inside = Path(os.path.normpath(volume / database))  # an absolute one stays as it is
    if not inside.is_relative_to(volume):
        raise ConfigError(
            f"DATABASE_PATH must be inside the container's volume {volume} (or relative, "
            "which puts it there), or the league's data is lost with the container; the "
            "path set is outside it")
    return inside


def _backup_keep() -> int:
    raw = (os.environ.get("BACKUP_KEEP") or "").strip()
    if not raw:
        return DEFAULT_BACKUP_KEEP
    if not raw.isdigit() or int(raw) > 10_000:
        raise ConfigError("BACKUP_KEEP must be how many of its own backups the bot keeps (a "
                          "whole number, 0 to take none); the value set is not one")
    return int(raw)


def _global_limit() -> float:
    raw = (os.environ.get("DISCORD_GLOBAL_LIMIT") or "").strip()
    if not raw:
        return DEFAULT_GLOBAL_LIMIT
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not 1 <= value <= 100_000:
        raise ConfigError("DISCORD_GLOBAL_LIMIT must be the requests a second Discord allows the "
                          "bot (50 unless Discord has raised it; at least 1); the value set is "
                          "not one")
    return value


def _web_settings(default_host: str) -> tuple[str, int, str | None]:
    """WEB_HOST, WEB_PORT (0 turns the screens off) and PUBLIC_URL."""
    host = (os.environ.get("WEB_HOST") or "").strip() or default_host
    port_raw = (os.environ.get("WEB_PORT") or "").strip() or "8080"
    if not port_raw.isdigit() or int(port_raw) > 65535:
        raise ConfigError("WEB_PORT must be a port number from 0 to 65535 (0 turns the "
                          "screens off); the value set is not one")
    public = (os.environ.get("PUBLIC_URL") or "").strip().rstrip("/") or None
    if public is not None and not public.startswith(("http://", "https://")):
        raise ConfigError("PUBLIC_URL must start with https:// (or http://): the address the "
                          "screen links use, e.g. https://poker.example.org")
    return host, int(port_raw), public


def _docs_url() -> str | None:
    """DOCS_URL: the address of the docs/ folder (its pages are linked by name)."""
    url = (os.environ.get("DOCS_URL") or "").strip().rstrip("/") or None
    if url is not None and not url.startswith(("http://", "https://")):
        raise ConfigError("DOCS_URL must start with https:// (or http://): the address of the "
                          "docs/ folder, e.g. https://github.com/you/holdem-league-bot/blob/"
                          "main/docs")
    return url

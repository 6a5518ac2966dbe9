"""`python -m bot` runs the bot; `python -m bot demo` plays a demo without a token."""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING

from bot.config import ConfigError, load_settings
from bot.datafiles import set_league_data_dir
from bot.event_loop import run
from bot.league.points import PointsError
from bot.rulebook import RulebookError
from bot.tournament.errors import StructureError

if TYPE_CHECKING:
    from discord import Client

PERMISSIONS = (
    "Send Messages, Send Messages in Threads, Create Public Threads, Embed Links, "
    "Attach Files, Read Message History, Use Application Commands"
)
# The integer of those permissions, for the invite URL.
PERMISSIONS_INTEGER = 2048 | 274877906944 | 34359738368 | 16384 | 32768 | 65536 | 2147483648

NO_TOKEN_HELP = f"""\
DISCORD_TOKEN is not set, so the bot cannot connect to Discord.

To get a token:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. Open "Bot" in the menu on the left, then "Reset Token", and copy the token.
  3. Put it in a file named .env in this folder:   DISCORD_TOKEN=your-token-here
     (see .env.example for the other settings; never commit .env).
  4. Invite the bot to your server with this URL (replace APP_ID with the Application ID
     from "General Information"):
     https://discord.com/oauth2/authorize?client_id=APP_ID&scope=bot+applications.commands&permissions={PERMISSIONS_INTEGER}
     Scopes: bot + applications.commands. Permissions: {PERMISSIONS}.
  5. Run `python -m bot` again.

No privileged intents are needed.
To try the game without Discord or a token, run:   python -m bot demo
"""


def _run_demo(argv: list[str]) -> int:
    if argv[:1] == ["live"]:
        from bot.demo_live import run_live_demo

        return int(run_live_demo(argv[1:]) or 0)
    from bot.demo import run_demo

    return int(run_demo(argv) or 0)


class StartError(Exception):
    """Something the bot needs is missing or broken; the message is the one line to print."""


# Loggers that write what the bot sends and stores at DEBUG: aiosqlite logs every statement
# with its parameters (hole cards, deck seeds), discord.py's http, webhook and gateway loggers
# log request and event bodies (the deal DMs, private answers with a player's cards). They stay
# at INFO whatever LOG_LEVEL says, so a debug log can be shared in a bug report.
SECRET_LOGGERS = ("aiosqlite", "psycopg", "discord.http", "discord.webhook", "discord.gateway")


def configure_logging(level: int) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    keep_secrets_out_of_logs()


def keep_secrets_out_of_logs() -> None:
    for name in SECRET_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(max(logger.level, logging.INFO))


async def _serve(bot: Client, token: str) -> None:
    """What discord.py's `Client.run` runs: the bot connected until it closes, and closed on
    the way out whatever stops it."""
    async with bot:
        await bot.start(token)


async def _check_database(target: str | os.PathLike[str]) -> None:
    from bot.store.backends import open_store

    store = await open_store(target)
    await store.close()


def main(argv: list[str] | None = None) -> int:
    """Run the bot or the demo. Any error that stops either prints one clear line and gives a
    non-zero exit status; nothing is left running after it."""
    args = sys.argv[1:] if argv is None else argv
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    set_league_data_dir(settings.league_data_dir)
    if args and args[0] == "demo":
        try:
            return _run_demo(args[1:])
        except (StructureError, PointsError, RulebookError, OSError) as exc:
            print(f"The demo cannot run: {exc}", file=sys.stderr)
            return 1
    if not settings.discord_token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    configure_logging(settings.log_level_number)
    from bot.discord_ui.client import ExtensionFailed, create_bot
    from bot.store import MigrationError, StoreError

    try:
        # Before connecting to Discord: a damaged database refuses to start at once, with the
        # store's one line naming `python -m bot.db check` and the last backup.
        run(_check_database(settings.database))
    except (StoreError, MigrationError) as exc:
        print(f"The bot cannot start: {exc}", file=sys.stderr)
        return 1
    bot = create_bot(settings.database, dev_guild_id=settings.dev_guild_id,
                     shards=settings.shards, web_host=settings.web_host,
                     web_port=settings.web_port, public_url=settings.public_url,
                     global_limit=settings.process_global_limit, docs_url=settings.docs_url)
    try:
        # What discord.py's `bot.run` does, on the bot's event loop (uvloop: bot/event_loop.py);
        # logging is configured above, with the level from LOG_LEVEL.
        run(_serve(bot, settings.discord_token))
    except KeyboardInterrupt:
        return 0  # Ctrl-C: the bot closed on its way out (`async with bot`)
    except (StoreError, MigrationError, ExtensionFailed) as exc:
        # A damaged database (DatabaseCorrupt names `python -m bot.db check` and the last
        # backup), one the migrations cannot bring up to date, or a cog that cannot be loaded
        # (named, with its error): refuse to start.
        print(f"The bot cannot start: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python -m bot` runs the bot; `python -m bot demo` plays a demo without a token.

`python -m bot --demo-without-token` (what `python3 run.py` runs) plays the demo, saying so,
when no token is set: a league trying the bot for the first time sees a game at once. Plain
`python -m bot` (Docker, a service manager) exits instead, so a missing token is never taken
for a running bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import ConfigError, Settings, load_settings
from bot.datafiles import set_league_data_dir
from bot.event_loop import freeze_start_up, run
from bot.league.points import PointsError
from bot.rulebook import RulebookError
from bot.tournament.errors import StructureError

if TYPE_CHECKING:
    from discord import Client

    from bot.store import Store

log = logging.getLogger(__name__)

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
  5. Start the bot again (`python3 run.py`, or `python -m bot` in its environment).

No privileged intents are needed.
To try the game without Discord or a token, run:   python -m bot demo
"""

DEMO_INSTEAD = """\
Meanwhile, the offline demo: a short tournament among simulated players, as the channel and
each player's DMs would show it. Nothing here connects to Discord.
"""
DEMO_OVER = ("\nThat was the demo. To run the bot on your server, put its token in .env "
             "(see above) and start it again.")
DEMO_WITHOUT_TOKEN = "--demo-without-token"


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
    the way out whatever stops it. SIGTERM (`docker stop`, a service manager's stop) stops it
    as Ctrl-C does: closed cleanly, its last heartbeat written."""
    serving = asyncio.current_task()
    stopping = False

    def stop() -> None:
        nonlocal stopping
        stopping = True
        if serving is not None:
            serving.cancel()

    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # Windows: no signal handlers on the loop
        loop.add_signal_handler(signal.SIGTERM, stop)
    try:
        async with bot:
            await bot.start(token)
    except asyncio.CancelledError:
        if not stopping:
            raise
    finally:
        with contextlib.suppress(NotImplementedError):
            loop.remove_signal_handler(signal.SIGTERM)


async def _check_database(settings: Settings) -> None:
    """The database opened before connecting to Discord: a damaged one refuses to start at
    once, and its migrations run. A SQLite league that an update's migrations are about to
    change is backed up first, into BACKUP_DIR (`before-update-to-<version>`): an update that
    goes wrong is undone with `python -m bot.db restore`."""
    from bot.store.backends import is_database_url, newest_schema_version, open_store

    target = settings.database
    if is_database_url(target) or not Path(target).exists() or settings.backup_keep <= 0:
        store = await open_store(target)
        await store.close()
        return
    store = await open_store(target, migrate=False)
    try:
        version, newest = await store.schema_version(), newest_schema_version(target)
        if 0 < version < newest:
            await _before_update(store, settings.backup_dir, newest)
    finally:
        await store.close()
    store = await open_store(target, verify=False)  # checked just above
    await store.close()


async def _before_update(store: Store, folder: Path, newest: int) -> None:
    from bot.store.sqlite.backups import free_backup_path

    dest = free_backup_path(folder, store.path, time.time(), f"before-update-to-{newest}")
    try:
        await store.backup(dest)
    except Exception as exc:  # the update goes on: the daily backups say it again
        log.error("no backup before the update's migrations (%s: %s)", type(exc).__name__, exc)
    else:
        log.info("backed up before the update's migrations: %s", dest)


def main(argv: list[str] | None = None) -> int:
    """Run the bot or the demo. Any error that stops either prints one clear line and gives a
    non-zero exit status; nothing is left running after it."""
    args = sys.argv[1:] if argv is None else argv
    demo_without_token = DEMO_WITHOUT_TOKEN in args
    args = [a for a in args if a != DEMO_WITHOUT_TOKEN]
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
        if demo_without_token:
            print(DEMO_INSTEAD, file=sys.stderr, flush=True)
            played = main(["demo"])
            print(DEMO_OVER, file=sys.stderr)
            return played
        return 2
    configure_logging(settings.log_level_number)
    return _run_bot(settings, settings.discord_token)


def _run_bot(settings: Settings, token: str) -> int:
    from bot.discord_ui.client import ExtensionFailed, create_bot
    from bot.discord_ui.dpy import DiscordPyUnsupported, check_discord_py
    from bot.store import MigrationError, StoreError
    from bot.store.backends import is_database_url
    from bot.store.runlock import running_on

    try:
        # The discord.py installed against the one the bot was tested with: a warning outside
        # that range, a refusal when a name the bot needs is gone (bot/discord_ui/dpy.py).
        check_discord_py()
    except DiscordPyUnsupported as exc:
        print(f"The bot cannot start: {exc}", file=sys.stderr)
        return 1
    with contextlib.ExitStack() as running:
        try:
            if not is_database_url(settings.database):
                # One bot on a SQLite file: a second one started by mistake is refused, and
                # so is a restore while this one runs (`python -m bot.db restore`).
                running.enter_context(running_on(settings.database_path))
            # Before connecting to Discord: a damaged database refuses to start at once, with
            # the store's one line naming `python -m bot.db check` and the last backup.
            run(_check_database(settings))
        except (StoreError, MigrationError) as exc:
            print(f"The bot cannot start: {exc}", file=sys.stderr)
            return 1
        bot = create_bot(settings.database, dev_guild_id=settings.dev_guild_id,
                         shards=settings.shards, web_host=settings.web_host,
                         web_port=settings.web_port, public_url=settings.public_url,
                         global_limit=settings.process_global_limit,
                         backup_dir=settings.backup_dir, backup_keep=settings.backup_keep,
                         process_heartbeat=True, docs_url=settings.docs_url)
        bot.rulebook.warm_up()
        freeze_start_up()
        try:
            # What discord.py's `bot.run` does, on the bot's event loop (uvloop:
            # bot/event_loop.py); logging is configured above, with the level from LOG_LEVEL.
            run(_serve(bot, token))
        except KeyboardInterrupt:
            return 0  # Ctrl-C: the bot closed on its way out (`async with bot`)
        except (StoreError, MigrationError, ExtensionFailed) as exc:
            # A damaged database (DatabaseCorrupt names `python -m bot.db check` and the last
            # backup), one the migrations cannot bring up to date, or a cog that cannot be
            # loaded (named, with its error): refuse to start.
            print(f"The bot cannot start: {exc}", file=sys.stderr)
            return 1
    return 0

if __name__ == "__main__":
    sys.exit(main())

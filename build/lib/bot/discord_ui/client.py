"""The bot object: intents, the store, the game service and its announcer, the cogs, command
sync and the one error handler for every command, button and modal."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import DEFAULT_BACKUP_KEEP
from bot.discord_ui.announcer import Announcer
from bot.discord_ui.buttons import (
    answer_raise,
    answer_table_click,
    routed_here,
    routed_payload,
    table_view,
)
from bot.discord_ui.card_emojis import CardEmojiUploader, UploadFailed
from bot.discord_ui.card_faces import TEXT_ART, CardArt
from bot.discord_ui.dpy import release, slim_routed_clicks
from bot.discord_ui.freezer import Freezer
from bot.discord_ui.global_limit import GlobalPacer, Priority, for_this_task, pace_globally
from bot.discord_ui.heartbeat import Heartbeat
from bot.discord_ui.in_flight import InFlight
from bot.discord_ui.live_clock import LiveClock
from bot.discord_ui.night_desk import NightButton, NightDesk
from bot.discord_ui.nonces import nonce
from bot.discord_ui.paging import PageButton
from bot.discord_ui.presenter.input import DIRECTOR_ROLE_NAME
from bot.discord_ui.presenter.notices import (
    backups_failing_text,
    card_emojis_failed_text,
    restarting_text,
)
from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.discord_ui.remote import run_control
from bot.discord_ui.replies import error_message, generic_error_text, send_private
from bot.discord_ui.screen_touch import load_extras
from bot.engine.profile import Profile, ProfileError, make_profile
from bot.league.service import score_tournament
from bot.rulebook import Rulebook, load_rulebook
from bot.service import Outcome, Session, TournamentService
from bot.service.backups import Backups
from bot.service.collector import FREEZE_EVERY
from bot.service.session import DeckSource
from bot.store import Store
from bot.store.backends import open_store
from bot.store.ownership import Shards, process_name
from bot.tournament.events import Finished
from bot.web import Feed, ScreenLinks, WebServer

log = logging.getLogger(__name__)


class ExtensionFailed(RuntimeError):
    """A cog could not be loaded: the start-up stops and says which one and why."""

    def __init__(self, name: str, cause: BaseException) -> None:
        super().__init__(f"the cog {name} could not be loaded: {type(cause).__name__}: {cause}")
        self.name = name

# Seconds a finished tournament stays in memory (LeagueBot._finished): long enough for the room
# and the channel to read the winner and the payouts, short enough that a network's peak does
# not keep every tournament of the night (bench/NIGHT.md, "Third part: the collector").
FINISHED_KEPT_SECONDS = 600.0
# Seconds between the streets of a board run out after an all-in (LeagueBot.runout_pause).
RUNOUT_PAUSE = 2.0

# Loaded in this order; one that is missing or fails stops the start-up with its name.
EXTENSIONS: tuple[str, ...] = (
    "bot.cogs.help",
    "bot.cogs.rules",
    "bot.cogs.tournament",
    "bot.cogs.play",
    "bot.cogs.director",
    "bot.cogs.live",
    "bot.cogs.deal",
    "bot.cogs.structures",
    "bot.cogs.league",
    "bot.cogs.screen",
    "bot.cogs.night",
)


def bot_intents() -> discord.Intents:
    # No privileged intents: slash commands and buttons need no message content or members.
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.dm_messages = True
    # A league night's Discord event deleted by hand is noticed (not privileged).
    intents.guild_scheduled_events = True
    return intents


def _utc_seconds() -> float:
    # discord.utils.utcnow, not time.time: SimCord virtualises it in tests.
    return discord.utils.utcnow().timestamp()


class LeagueTree(app_commands.CommandTree["LeagueBot"]):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if not self.client.in_flight.track():  # closing: see in_flight.py
            if interaction.type is discord.InteractionType.application_command:
                await send_private(interaction, restarting_text())
            return False
        # A member waits for his command's answer: what it posts goes first under Discord's
        # global limit (global_limit.py), as a table click's does.
        for_this_task(Priority.ANSWER)
        return True


class LeagueBot(commands.Bot):
    store: Store
    tournaments: TournamentService
    announcer: Announcer
    screen_links: ScreenLinks
    screen_feed: Feed
    night_desk: NightDesk

    def __init__(
        self,
        database: str | os.PathLike[str],
        *,
        shards: Shards | None = None,
        dev_guild_id: int | None = None,
        extensions: tuple[str, ...] = EXTENSIONS,
        sync_commands: bool = True,
        rulebook: Rulebook | None = None,
        hand_delay: float = 5.0,
        stacked_deck: DeckSource | None = None,
        idle_ping_seconds: float | None = None,
        runout_pause: float | None = None,
        card_emojis: bool = True,
        web_host: str = "127.0.0.1",
        web_port: int = 0,
        public_url: str | None = None,
        freeze_every: float | None = FREEZE_EVERY,
        global_limit: float | None = None,
        backup_dir: Path | None = None,
        backup_keep: int = DEFAULT_BACKUP_KEEP,
        process_heartbeat: bool = False,
        docs_url: str | None = None,
        lean_clicks: bool = True,
        **options: Any,
    ) -> None:
        options.setdefault("intents", bot_intents())
        # User-chosen text (names, notes) must never ping; a cog that really means to mention
        # someone passes allowed_mentions for that one message.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        options.setdefault("command_prefix", commands.when_mentioned)
        options.setdefault("help_command", None)
        options.setdefault("tree_cls", LeagueTree)
        super().__init__(**options)
        # A routed click parsed without its table, answered without asking for it back
        # (dpy.py); False only to measure what that saves (bench/night.py --public-only).
        self.lean_clicks = lean_clicks
        if lean_clicks:
            slim_routed_clicks(self, routed_payload)
        # Requests a second this process keeps to (Discord's global limit, global_limit.py;
        # put in front of the HTTP client at set-up). `python -m bot` passes
        # DISCORD_GLOBAL_LIMIT (50 unless set); None: not paced (tests on SimCord, which has no
        # global limit and runs a pacer's waits on the wall clock; benchmarks of the bot's own
        # capacity).
        self.global_pacer = GlobalPacer(global_limit) \
            if global_limit is not None else None
        # A SQLite path or a postgresql:// URL, as given (Path() would mangle the URL's "//").
        self.database = database
        self.store_shards = shards  # (AutoShardedClient has a `shards` of its own)
        self.dev_guild_id = dev_guild_id
        self.docs_url = docs_url  # the league's guides, linked by /help (DOCS_URL)
        self.extension_names = extensions
        self.sync_commands = sync_commands
        self.rulebook: Rulebook = rulebook or load_rulebook()
        # Seconds between two hands at a table (tests use a short one; virtual time anyway).
        self.hand_delay = hand_delay
        self._closing: asyncio.Future[None] | None = None  # the one close (see `close`)
        # Tests only: the seed of each hand the bot deals (session.DeckSource), so a test can
        # stack the deck. `python -m bot` never passes it; no command or setting reaches it.
        self.stacked_deck = stacked_deck
        # Seconds before the player to act is pinged by a message of its own; None: each
        # server's setting (`/td settings`).
        self.idle_ping_seconds = idle_ping_seconds
        # Seconds between the streets of a board run out after an all-in, on the table message
        # (the hand is over and saved at once; the next deal waits for the showing); 0: at once.
        self.runout_pause = RUNOUT_PAUSE if runout_pause is None else runout_pause
        self.card_emojis = card_emojis  # False: cards as text (no upload; some tests)
        # Cards as text until the emojis are there (or if Discord refuses them).
        self.card_art: CardArt = TEXT_ART
        self.card_uploader: CardEmojiUploader | None = None
        # The screens' web server (bot/web): 0 turns it off, bot.web.ANY_FREE_PORT asks the
        # system for a free port (tests); `self.web` is None while it is off.
        self.web_settings = (web_host, web_port, public_url)
        self.web: WebServer | None = None
        # Seconds between two freezes of what has lived long (collector.py); None: none.
        self.freezer = Freezer(freeze_every) if freeze_every is not None else None
        self.in_flight = InFlight()  # the interactions being answered, for close()
        # The bot's own backups of a SQLite database (bot/service/backups.py): the folder
        # (None: none taken; `python -m bot` passes BACKUP_DIR) and how many are kept.
        self.backup_settings = (backup_dir, backup_keep)
        # The process's own heartbeat, whatever it runs, for its health check (`python -m
        # bot` turns it on). Off by default: a test that runs hours of virtual time would wait
        # on the wall clock for its commit every few seconds.
        self.process_heartbeat = process_heartbeat
        self.backups: Backups | None = None
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]  # discord.py's documented hook

    async def setup_hook(self) -> None:
        if self.global_pacer is not None:
            # Here, not in __init__: the client's HTTP client is the one it logs in with.
            pace_globally(self.http, self.global_pacer)
        self.store = await open_store(self.database, shards=self.store_shards)
        await self._start_tournaments()
        self._start_web()
        for name in self.extension_names:
            await self._load(name)
        if self.sync_commands:
            await self._sync()
        if self.card_emojis:
            # In the background: start-up never waits on Discord for pictures. Text cards
            # until the emojis are there; every message after that shows them.
            self.card_uploader = CardEmojiUploader(
                self, on_art=self._use_card_art, on_give_up=self._cards_stay_text)
            self.card_uploader.start()

    def _use_card_art(self, art: CardArt) -> None:
        self.card_art = art

    async def _cards_stay_text(self, failed: UploadFailed, attempts: int) -> None:
        """Said once, to one director, when the upload gives up (the log has the details): by
        DM to the director who created a running tournament, else to a server's owner."""
        await self.wait_until_ready()
        text = card_emojis_failed_text(will_retry_at_restart=failed.passing)
        for user_id in await self._directors_to_tell():
            try:
                user = self.get_user(user_id) or await self.fetch_user(user_id)
                await user.send(text, allowed_mentions=discord.AllowedMentions.none(),
                                nonce=nonce())
            except discord.HTTPException:
                continue
            return
        log.warning("card emojis: no director could be told that cards are shown as text")

    async def _directors_to_tell(self) -> list[int]:
        """Who hears about the bot itself, in order: the creators of running tournaments (the
        oldest first), then the owners of the servers the bot is in."""
        found: list[int] = []
        for tid in sorted(self.tournaments.sessions):
            found += [a.director_id for a in await self.store.director_actions(tid)
                      if a.action == "create"]
        found += [g.owner_id for g in self.guilds if g.owner_id is not None]
        return list(dict.fromkeys(found))

    async def _start_tournaments(self) -> None:
        """The game service, the announcer as its listener, the persistent table buttons, and
        every unfinished tournament brought back (same absolute timers: nobody gets extra time).
        """
        clock = _utc_seconds
        self.announcer = Announcer(self, self.store, clock=clock, components=table_view,
                                   idle_ping_seconds=self.idle_ping_seconds,
                                   runout_pause=self.runout_pause,
                                   art=lambda: self.card_art)
        # A live tournament (real cards and chips) has no table to show: its own clock message.
        self.live_clock = LiveClock(self, self.store, clock=clock, art=lambda: self.card_art)
        self.tournaments = TournamentService(
            self.store,
            clock=clock,
            seeds=secrets.token_hex,
            stacked_deck=self.stacked_deck,
            listener=self._present,
            hand_delay=self.hand_delay,
            runout_pause=self.runout_pause,
            on_finish=self._finished,
        )
        self.add_dynamic_items(PageButton)  # the table's buttons: on_interaction
        recovered = await self.tournaments.recover()
        # Written every few seconds: a restart knows how long the bot was down, and
        # the health check that this process is alive.
        self.heartbeat = Heartbeat(
            self.tournaments,
            process=process_name(self.store_shards) if self.process_heartbeat else None)
        self.heartbeat.start()
        folder, keep = self.backup_settings
        if folder is not None:
            self.backups = Backups.for_store(self.store, folder, keep=keep, clock=clock,
                                             on_failure=self._backups_failing)
            if self.backups is not None:
                self.backups.start()
        if self.freezer is not None:
            self.freezer.start()
        self.live_clock.recovered(recovered)
        self.announcer.recovered(recovered)  # a run-out cut by the restart shown whole
        # A league's coming nights: their buttons, and their steps on the bot's clock once
        # Discord is connected.
        self.night_desk = NightDesk(self, self.store, self.tournaments, clock=clock,
                                    profile_of=self.league_profile, shards=self.store_shards)
        self.add_dynamic_items(NightButton)
        self.night_desk.start()
        if recovered:
            log.info("recovered %d unfinished tournament(s)", len(recovered))
        if self.tournaments.unrecoverable:
            # Said where players will look, once the connection is up (setup_hook runs first).
            self.loop.create_task(self._report_unrecoverable())

    async def _finished(self, session: Session) -> None:
        """A tournament has finished (committed): the league's points for the night, and the
        tournament let go of FINISHED_KEPT_SECONDS later (the channel and the screens show the
        winner meanwhile; its buttons then answer that it is over)."""
        try:
            await score_tournament(self.store, session.store_id)
        finally:  # a scoring that failed (logged by the session) does not keep it for good
            self.loop.call_later(FINISHED_KEPT_SECONDS, self._forget_finished, session.store_id)
            if self.backups is not None:  # with its points (in the background)
                self.backups.after_tournament(session.store_id)

    async def _backups_failing(self, reason: str) -> None:
        """Backups fail (at most once a day): said to each server's director role, in the
        channel of its latest tournament (else the first the bot may write in)."""
        await self.wait_until_ready()
        text = backups_failing_text(reason)
        latest: dict[int, int] = {}
        for row in await self.store.tournaments():
            if row.channel_id is not None:
                latest[row.guild_id] = row.channel_id  # (by id: the latest last)
        for guild in self.guilds:
            channel = self._writable(guild, latest.get(guild.id))
            if channel is None:
                log.warning("server %s: no channel to say that backups fail", guild.id)
                continue
            role = await self._director_role(guild)
            mention = discord.AllowedMentions(roles=[role] if role is not None else False)
            try:
                await channel.send(text if role is None else f"{role.mention} {text}",
                                   allowed_mentions=mention, nonce=nonce())
            except discord.HTTPException:
                log.warning("server %s: could not say that backups fail", guild.id)

    def _writable(self, guild: discord.Guild, preferred: int | None
                  ) -> discord.TextChannel | None:
        channels = guild.text_channels
        first = guild.get_channel(preferred) if preferred is not None else None
        if isinstance(first, discord.TextChannel):
            channels = [first, *channels]
        return next((c for c in channels if c.permissions_for(guild.me).send_messages), None)

    async def _director_role(self, guild: discord.Guild) -> discord.Role | None:
        """The server's director role (`/td role`), else its role named Tournament Director."""
        role_id = (await self.store.guild_settings(guild.id)).director_role_id
        if role_id is not None:
            return guild.get_role(role_id)
        return next((r for r in guild.roles if r.name.casefold() == DIRECTOR_ROLE_NAME), None)

    def _forget_finished(self, tid: int) -> None:
        feed = getattr(self, "screen_feed", None)
        if feed is not None:
            feed.let_go(tid)  # a screen left on still says who won
        if self.tournaments.forget_finished(tid):
            self.announcer.forget(tid)
            self.live_clock.forget(tid)

    def _start_web(self) -> None:
        """The screens' server, once the tournaments are back (it never waits on Discord). A
        port that cannot be bound is logged: the bot runs on without screens."""
        self.screen_links = ScreenLinks(self.store, SCREEN_WORDS)
        self.screen_feed = Feed(self.tournaments, clock=self.tournaments.clock,
                                words=SCREEN_WORDS)
        host, port, public_url = self.web_settings
        if port == 0:
            return
        feed = self.screen_feed

        async def first_open(tid: int) -> None:
            await load_extras(self.store, feed, tid)

        async def remote(tid: int, director_id: int, action: str) -> tuple[bool, str]:
            return await run_control(self, tid, director_id, action)

        web = WebServer(self.screen_feed, self.screen_links, host=host, port=port,
                        public_url=public_url, clock=self.tournaments.clock,
                        first_open=first_open, remote=remote)
        try:
            web.start()
        except OSError as exc:
            log.error("the screens' web server cannot listen on %s:%s (%s); no screens", host,
                      port, exc)
            return
        self.web = web
        log.info("screens served at %s", web.base_url)

    async def _present(self, session: Session, outcome: Outcome) -> None:
        feed = getattr(self, "screen_feed", None)  # (a restart's news may come before it)
        if feed is not None:
            # The pages first: a set lookup when none is open.
            feed.changed(session, outcome.tournament_events)
            if session.tournament.status in ("finished", "cancelled"):
                self.screen_links.ended(session.store_id, session.tournament.last_at)
        if session.tournament.live:
            await self.live_clock.listener(session, outcome)
        else:
            await self.announcer.listener(session, outcome)
        if any(isinstance(e, Finished) for e in outcome.tournament_events):
            # After its results: a scheduled night's tournament is over, so is the night (its
            # next one announced).
            await self.night_desk.steps.tournament_over(session.store_id)

    async def _report_unrecoverable(self) -> None:
        await self.wait_until_ready()
        for lost in list(self.tournaments.unrecoverable.values()):
            await self.announcer.report_unrecoverable(lost.row, lost.reason)

    async def _load(self, name: str) -> None:
        """Load one cog, or stop the start-up naming it: a bot that came up without, say, the
        director's commands would look healthy while a league night cannot be run."""
        try:
            await self.load_extension(name)
        except Exception as exc:
            raise ExtensionFailed(name, exc) from exc

    async def _sync(self) -> None:
        try:
            if self.dev_guild_id is not None:
                guild = discord.Object(id=self.dev_guild_id)
                # A guild sync shows up at once; a global one can take a while to reach clients.
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to guild %s", len(synced), self.dev_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands", len(synced))
        except discord.HTTPException:
            log.exception("command sync failed; existing commands stay as they were")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a table button, and the Raise modal it opens, are answered here, routed
        by their custom id (buttons.py); every other interaction is discord.py's (commands,
        the other modals and buttons)."""
        if not self.in_flight.track():  # closing: see in_flight.py
            if routed_here(interaction):
                await send_private(interaction, restarting_text())
            return
        if not await answer_table_click(interaction):
            await answer_raise(interaction)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.announcer.channel_deleted(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.announcer.channel_deleted(payload.thread_id)

    async def close(self) -> None:
        """Close once: a second close (a signal handler and a `finally`, at the same time or
        after) waits for the first and does nothing more, and says nothing."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close_once())
        await asyncio.shield(self._closing)

    async def _close_once(self) -> None:
        try:
            # The interactions being answered are played out first: their commits land before
            # the store closes, their answers before the connection does (in_flight.py).
            await self.in_flight.finish()
            if self.freezer is not None:
                self.freezer.stop()
            if self.backups is not None:
                await self.backups.close()  # one being made is finished first
            desk = getattr(self, "night_desk", None)
            if desk is not None:
                await desk.close()  # the nights' timer: nothing more falls due
            heartbeat = getattr(self, "heartbeat", None)
            if heartbeat is not None:
                await heartbeat.stop()  # timers stop, and the last heartbeat is written
            service = getattr(self, "tournaments", None)
            if service is not None:
                service.close()  # timers first: nothing may fire into a closing bot
            if self.card_uploader is not None:
                self.card_uploader.stop()
            announcer = getattr(self, "announcer", None)
            if announcer is not None:
                await announcer.close()
            live = getattr(self, "live_clock", None)
            if live is not None:
                await live.close()
            if self.web is not None:
                await self.web.stop()
            await super().close()
        finally:
            store = getattr(self, "store", None)
            if store is not None:
                await store.close()

    async def league_profile(self, guild_id: int | None) -> Profile:
        """The rule profile a guild plays (its settings in the store), else the TDA profile."""
        if guild_id is None:
            return make_profile("tda")
        settings = await self.store.guild_settings(guild_id)
        try:
            return make_profile(settings.profile, **(settings.knob_overrides or {}))
        except ProfileError:
            log.warning("guild %s has unusable rule settings; answering with tda", guild_id)
            return make_profile("tda")

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The one handler for every slash command, button and modal error."""
        message = error_message(error)
        if message is None:
            log.error(
                "error in %s (interaction %s)",
                interaction.command.qualified_name if interaction.command else "an interaction",
                interaction.id,
                exc_info=(type(error), error, error.__traceback__),
            )
            message = generic_error_text(interaction)
        try:
            await send_private(interaction, message)
        finally:
            release(interaction)  # nothing answers it after this (dpy.release)

    async def on_app_command_completion(
        self, interaction: discord.Interaction,
        command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
    ) -> None:
        """A slash command has answered: its interaction is freed by reference counting, not
        left to the collector (dpy.release)."""
        release(interaction)


class ShardedLeagueBot(LeagueBot, commands.AutoShardedBot):
    """The bot for one process of several: it serves only its shards (SHARD_COUNT, SHARD_IDS)."""


def create_bot(database: str | os.PathLike[str], *,
               shards: Shards | None = None, **options: Any) -> LeagueBot:
    """Build the bot without connecting; `setup_hook` opens the store and loads the cogs.
    `database`: a SQLite file or a postgresql:// URL (`python -m bot` passes the settings'
    `database`: DATABASE_URL, else DATABASE_PATH, else ./league.sqlite3)."""
    if shards is None:
        return LeagueBot(database, **options)
    # discord.py needs both the count and this process's shard ids.
    return ShardedLeagueBot(database, shards=shards, shard_count=shards.count,
                            shard_ids=sorted(shards.ids), **options)

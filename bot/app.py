"""The bot object: intents, the store, the cogs, command sync and the one error handler."""

from __future__ import annotations

import importlib.util
import logging
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.errors import IllegalAction
from bot.engine.profile import Profile, ProfileError, make_profile
from bot.league.service import score_tournament
from bot.rulebook import Rulebook, load_rulebook
from bot.service import TournamentService
from bot.store import Store
from bot.tournament.errors import TournamentError

if TYPE_CHECKING:
    from bot.announcer import Announcer

log = logging.getLogger(__name__)

# Loaded in this order; a module that does not exist yet is skipped, one that fails is logged.
EXTENSIONS: tuple[str, ...] = (
    "cogs.rules",
    "cogs.tournament",
    "cogs.play",
    "cogs.director",
    "cogs.league",
)


class UserFacingError(Exception):
    """Raise from a command to refuse with this message (privately), without a traceback."""


def bot_intents() -> discord.Intents:
    # No privileged intents: slash commands and buttons need no message content or members.
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.dm_messages = True
    return intents


class LeagueBot(commands.Bot):
    store: Store
    tournaments: TournamentService
    announcer: Announcer

    def __init__(
        self,
        database_path: str | os.PathLike[str],
        *,
        dev_guild_id: int | None = None,
        extensions: tuple[str, ...] = EXTENSIONS,
        sync_commands: bool = True,
        rulebook: Rulebook | None = None,
        hand_delay: float = 5.0,
        **options: Any,
    ) -> None:
        options.setdefault("intents", bot_intents())
        # User-chosen text (names, notes) must never ping; a cog that really means to mention
        # someone passes allowed_mentions for that one message.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        options.setdefault("command_prefix", commands.when_mentioned)
        options.setdefault("help_command", None)
        super().__init__(**options)
        self.database_path = Path(database_path)
        self.dev_guild_id = dev_guild_id
        self.extension_names = extensions
        self.sync_commands = sync_commands
        self.rulebook: Rulebook = rulebook or load_rulebook()
        self.failed_extensions: dict[str, BaseException] = {}
        # Seconds between two hands at a table (tests use a short one; virtual time anyway).
        self.hand_delay = hand_delay
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.database_path)
        await self._start_tournaments()
        for name in self.extension_names:
            await self._load(name)
        if self.sync_commands:
            await self._sync()

    async def _start_tournaments(self) -> None:
        """The game service, the announcer as its listener, the persistent table buttons, and
        every unfinished tournament brought back (same absolute timers: nobody gets extra time).
        """
        # Late imports: the announcer and views import this module.
        from bot.announcer import Announcer
        from bot.views import DYNAMIC_ITEMS

        self.announcer = Announcer(self)
        self.tournaments = TournamentService(
            self.store,
            # discord.utils.utcnow, not time.time: SimCord virtualises it in tests.
            clock=lambda: discord.utils.utcnow().timestamp(),
            seeds=secrets.token_hex,
            listener=self.announcer.listener,
            hand_delay=self.hand_delay,
            on_finish=lambda session: score_tournament(self.store, session.store_id),
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        recovered = await self.tournaments.recover()
        if recovered:
            log.info("recovered %d unfinished tournament(s)", len(recovered))

    async def _load(self, name: str) -> None:
        try:
            if importlib.util.find_spec(name) is None:
                log.debug("extension %s does not exist yet; skipped", name)
                return
        except ModuleNotFoundError:
            return
        try:
            await self.load_extension(name)
        except Exception as exc:  # one broken cog must not take the others down
            self.failed_extensions[name] = exc
            log.exception("could not load extension %s; the bot runs without it", name)

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

    async def close(self) -> None:
        try:
            service = getattr(self, "tournaments", None)
            if service is not None:
                service.close()  # timers first: nothing may fire into a closing bot
            announcer = getattr(self, "announcer", None)
            if announcer is not None:
                await announcer.close()
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
        message = error_message(interaction, error)
        if message is None:
            log.error(
                "error in %s (interaction %s)",
                _command_name(interaction),
                interaction.id,
                exc_info=(type(error), error, error.__traceback__),
            )
            message = (
                f"Sorry, something went wrong running {_command_name(interaction)}. "
                f"It has been logged for the bot's admin (reference `{interaction.id}`)."
            )
        await send_private(interaction, message)


def _command_name(interaction: discord.Interaction) -> str:
    cmd = interaction.command
    return f"`/{cmd.qualified_name}`" if cmd is not None else "that"


def error_message(interaction: discord.Interaction, error: BaseException) -> str | None:
    """A message for errors the user can act on; None for bugs (logged with the traceback)."""
    original = getattr(error, "original", None)
    cause = original if isinstance(original, BaseException) else error
    if isinstance(cause, (UserFacingError, IllegalAction, TournamentError)):
        return str(cause)
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.BotMissingPermissions):
        perms = ", ".join(p.replace("_", " ") for p in error.missing_permissions)
        return f"I am missing permissions here: {perms}. Ask a server admin to grant them."
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return "You need the director role for that."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "That command works in a server channel, not in DMs."
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You cannot use that command here."
    if isinstance(error, app_commands.TransformerError):
        return f"I could not read {error.value!r}: {error}"
    return None


async def send_private(interaction: discord.Interaction, message: str) -> None:
    """Answer only the user, whether or not the interaction was already answered or deferred."""
    if interaction.type is discord.InteractionType.autocomplete:
        return  # autocomplete has nowhere to show text
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(message[:2000], ephemeral=True)
    except discord.HTTPException:
        # The token may have expired (15 min) or the channel gone; never retry in a loop.
        log.warning("could not tell the user about an error (interaction %s)", interaction.id)


def create_bot(database_path: str | os.PathLike[str], **options: Any) -> LeagueBot:
    """Build the bot without connecting; `setup_hook` opens the store and loads the cogs."""
    return LeagueBot(database_path, **options)

"""Posting in a tournament's channel or a table's thread, and what the announcer does when
Discord refuses: channel trouble.

Contract: `send` posts one message and returns it, or None when it could not be posted (the
bot is closing, the tournament has no channel, or Discord refused); it never raises, because
one failed post must not stop the game. Nothing sent here can ping unless the caller passes the
one mention it means (`mentions`, the idle ping); a text over the message limit is cut
(`send_long` sends a long announcement as a file instead). A refusal is acted on once:
- the tournament's channel is gone (10003): the tournament pauses (nobody can see the table)
  and the director is told how to cancel or resume it;
- a table's thread is gone: the table gets a new thread at once (`thread_lost`, given by the
  announcer: `Threads.lost`), and its table message is posted there again;
- permissions are lost (50001 Missing Access, 50013 Missing Permissions): told to the director;
- a tournament the store could not rebuild at start-up: said in its channel and to its director.
The director hears of each trouble once while the bot runs (`Places.told`): by DM to the
tournament's creator, else in the first channel of the server where the bot may write.

Discord constraint (Discord's API documentation): message content is at most 2,000
characters; `AllowedMentions` decides who is pinged and names must never ping; nothing is
retried in a loop (10,000 invalid requests in 10 minutes get the bot's IP banned for a while),
so a failed post is only logged, and the next change of the table posts it again.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import discord

from bot.discord_ui.announcer.dms import DirectMessages
from bot.discord_ui.announcer.state import Places, PlacesRegistry
from bot.discord_ui.files import MemoryFile
from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter.limits import MESSAGE_CHARS, safe_name, safe_text, truncate
from bot.discord_ui.presenter.notices import (
    CHANNEL_GONE_REASON,
    FULL_TEXT_ATTACHED,
    channel_lost_text,
    permissions_lost_text,
    unrecoverable_text,
)
from bot.discord_ui.replies import NO_PINGS
from bot.discord_ui.tasks import Tasks
from bot.service import Session
from bot.store import Store, TournamentRow
from bot.tournament.players import member_player

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013


class Sending:
    def __init__(self, client: discord.Client, store: Store, places: PlacesRegistry,
                 dms: DirectMessages, tasks: Tasks, *,
                 thread_lost: Callable[[Places, int], None]) -> None:
        self.client = client
        self.store = store
        self.places = places
        self.dms = dms  # the director is told of trouble by DM first
        self.tasks = tasks
        # A table's thread is gone: its table plays in a new one (Threads.lost).
        self.thread_lost = thread_lost

    # ------------------------------------------------------------------ sending

    async def send(self, places: Places, channel_id: int, content: str = "", *,
                   file: discord.File | None = None, embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None,
                   mentions: discord.AllowedMentions = NO_PINGS) -> discord.Message | None:
        if self.tasks.closed or not channel_id:
            return None
        channel = self.client.get_partial_messageable(channel_id)
        missing = discord.utils.MISSING
        try:
            return await channel.send(truncate(content, MESSAGE_CHARS) or None,
                                      allowed_mentions=mentions, file=file or missing,
                                      embed=embed or missing, view=view or missing,
                                      nonce=nonce())
        except discord.HTTPException as exc:
            # One failed post must not stop the game, and nothing is retried in a loop.
            log.warning("could not post in channel %s (HTTP %s, code %s)", channel_id,
                        exc.status, exc.code)
            await self.trouble(places, channel_id, exc)
            return None

    async def send_long(self, places: Places, channel_id: int, text: str,
                        filename: str) -> None:
        """A text over the message limit goes as a file with its first line as the message."""
        if len(text) <= MESSAGE_CHARS:
            await self.send(places, channel_id, text)
            return
        first = text.split("\n", 1)[0]
        await self.send(places, channel_id, truncate(first, 1900) + FULL_TEXT_ATTACHED,
                        file=MemoryFile(text.encode(), filename))

    # ------------------------------------------------------------------ trouble

    async def trouble(self, places: Places, channel_id: int, exc: discord.HTTPException) -> None:
        if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
            if channel_id == places.channel_id:
                await self._channel_lost(places)
            else:
                # A table's thread is gone: the table opens a new one at its next message.
                self.thread_lost(places, channel_id)
        elif isinstance(exc, discord.Forbidden) and exc.code in (MISSING_ACCESS,
                                                                 MISSING_PERMISSIONS):
            await self._tell_director(places, f"permissions:{channel_id}",
                                      permissions_lost_text(places.name, channel_id))

    async def channel_deleted(self, channel_id: int) -> None:
        """Discord says a channel or thread is gone: a tournament's channel pauses it and tells
        the director; a table's thread is opened again at once."""
        for places in self.places.all():
            if channel_id == places.channel_id:
                await self._channel_lost(places)
            elif channel_id in places.threads.values():
                self.thread_lost(places, channel_id)

    async def _channel_lost(self, places: Places) -> None:
        """The tournament's channel is deleted: pause it (nobody can see the table) and tell
        the director, who can cancel it from any channel (`/tournament cancel tournament:`)."""
        if "channel" in places.told:
            return
        session = self.places.session_of(places)
        if session is not None and session.tournament.status == "running" \
                and not session.tournament.paused:
            self.tasks.spawn(self._pause(session))
        await self._tell_director(places, "channel", channel_lost_text(places.name))

    async def _pause(self, session: Session) -> None:
        try:
            await session.run(lambda t, now: t.pause("bot", CHANNEL_GONE_REASON, now))
        except Exception:
            log.exception("could not pause tournament %s after its channel was lost",
                          session.store_id)

    async def report_unrecoverable(self, row: TournamentRow, reason: str) -> None:
        """A tournament the store could not rebuild at start-up: said in its channel and to its
        director, not forgotten."""
        places = Places(row.id, row.channel_id or 0, row.guild_id, safe_name(row.name))
        text = unrecoverable_text(places.name, safe_text(reason, 300))
        await self.send(places, places.channel_id, text)
        await self._tell_director(places, "unrecoverable", text)

    async def _tell_director(self, places: Places, what: str, text: str) -> None:
        """Once per trouble: by DM to the tournament's creator, else in the first channel of
        the server where the bot may write."""
        if what in places.told:
            return
        places.told.add(what)
        creators = [a.director_id for a in await self.store.director_actions(places.store_id)
                    if a.action == "create"]
        for uid in creators[:1]:
            if await self.dms.send(places, member_player(uid), text) is None:
                return
        guild = self.client.get_guild(places.guild_id) if places.guild_id else None
        if guild is None:
            log.warning("tournament %s: could not tell the director: %s", places.store_id, what)
            return
        for channel in guild.text_channels:
            if channel.permissions_for(guild.me).send_messages and channel.id != \
                    places.channel_id:
                with contextlib.suppress(discord.HTTPException):
                    await channel.send(text, allowed_mentions=NO_PINGS, nonce=nonce())
                    return

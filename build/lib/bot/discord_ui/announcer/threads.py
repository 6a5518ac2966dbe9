"""Where tables play, and where each post goes when players move between them.

Contract: a tournament that starts on one table plays in its channel; one that starts on
several gives each table its own public thread, and tables opened later get one too
(`open_threads`). A thread's id is stored (`tx.put_table`), so a restarted bot posts in the same
thread. A thread that is gone (deleted, or Discord says so at a post or an edit) is replaced at
once by a new one, where the table message is posted again as it stands (`lost`).

A tournament post (presenter/announcements.py `Post`) goes to the tables it names, to every
table, or to the channel (`post_locations`): a player moved to another table is told at both
tables, a break or a level at every table, the results in the channel. Each place gets the post
once.

Discord constraint: a thread name is at most 100 characters; creating a thread needs the
Create Public Threads permission, and a refusal is channel trouble (send.py), told to the
director once, never retried in a loop.
"""

from __future__ import annotations

import logging

import discord

from bot.discord_ui.announcer.send import Sending
from bot.discord_ui.announcer.state import Places, PlacesRegistry
from bot.discord_ui.announcer.table_edits import TableEdits
from bot.discord_ui.presenter.announcements import Post, thread_name
from bot.discord_ui.presenter.limits import truncate
from bot.discord_ui.tasks import Tasks
from bot.service import Outcome, Session
from bot.store import Store
from bot.tournament import events as tev

log = logging.getLogger(__name__)


class Threads:
    def __init__(self, client: discord.Client, store: Store, places: PlacesRegistry,
                 sending: Sending, table_edits: TableEdits, tasks: Tasks) -> None:
        self.client = client
        self.store = store
        self.places = places
        self.sending = sending  # a thread refused is channel trouble
        self.table_edits = table_edits  # a new thread gets its table's message
        self.tasks = tasks

    async def open_threads(self, session: Session, places: Places, outcome: Outcome) -> None:
        """The threads of the tables this change opened (all of them at the start, if it
        opened more than one)."""
        if any(isinstance(e, tev.Started) for e in outcome.tournament_events):
            opened = [e for e in outcome.tournament_events if isinstance(e, tev.TableOpened)]
            places.use_threads = len(opened) > 1
        if places.use_threads:
            for e in outcome.tournament_events:
                if isinstance(e, tev.TableOpened) and e.table not in places.threads:
                    await self._open_thread(session, places, e.table)

    async def _open_thread(self, session: Session, places: Places, table: int) -> None:
        channel = self.client.get_channel(places.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        name = truncate(thread_name(session.store_id, table), 100)
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for table %s (HTTP %s)", table, exc.status)
            await self.sending.trouble(places, places.channel_id, exc)
            return
        places.threads[table] = thread.id
        await self.store.commit(
            lambda tx: tx.put_table(places.store_id, table, thread_id=thread.id))

    def lost(self, places: Places, thread_id: int) -> None:
        """A table's thread is gone (Discord said so, or a post or edit there found out): the
        table plays in a new thread, where its message is posted again."""
        for table, thread in list(places.threads.items()):
            if thread == thread_id:
                del places.threads[table]
                places.messages.pop(table, None)
                self.tasks.spawn(self._reopen_table(places, table))

    async def _reopen_table(self, places: Places, table: int) -> None:
        session = self.places.session_of(places)
        if session is None or self.tasks.closed:
            return
        async with self.places.holding(places):
            await self._open_thread(session, places, table)
            self.table_edits.mark_dirty(session, places, table)

    @staticmethod
    def post_locations(places: Places, session: Session, post: Post) -> list[int]:
        where: list[int] = []
        if post.every_table:
            where += [places.location(t) for t in sorted(session.tournament.tables)]
        where += [places.location(t) for t in post.tables]
        if post.channel or not where:
            where.insert(0, places.channel_id)
        return list(dict.fromkeys(where))

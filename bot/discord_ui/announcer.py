"""What the channel and each player see, from committed outcomes of the tournament service. The
announcer only sends: every sentence comes from the presenter.

The service calls `Announcer.listener(session, outcome)` after every commit. Here:
- one table message per hand, edited as the hand goes, and nothing else in the channel during a
  hand but rulings a player could dispute. Edits are coalesced per table (an edit task renders
  the *latest* state; a change while an edit is in flight marks the table dirty and the task
  edits once more). A button click is answered by editing the table message in the click's own
  response (`answering`), so a click costs one request, not a defer, a follow-up and an edit.
- at the hand's end the deck proof is attached to the table message (no post of its own);
- hole cards by DM at every deal. A refused DM (Forbidden 50007) is remembered for the rest of
  the tournament and never retried; the channel tells those players, in one post, to use
  `/cards` or the table's **My cards** button. Any other failed DM is told the same way for that
  hand only (the next deal tries again). A restarted bot tries once more at the next deal.
- the idle ping: a player who has not acted after `idle_ping_seconds` gets a short new message
  mentioning only him (a mention added by editing does not notify); it is deleted once he acts.
  A player who acts promptly costs no request.
- trouble: a table message that is gone (deleted, or its post failed) is posted again at the
  next change; a deleted thread gets a new one; a deleted channel pauses the tournament; lost
  permissions and a lost channel are told to the director (by DM, else in the first channel the
  bot can write in), once.

Where tables play: a tournament that starts on one table plays in the channel; one that starts
on several gives each table its own thread (tables opened later get a thread too). Thread and
message ids are stored (`tx.put_table`, `tx.put_message`) so a restarted bot edits the same
table message.

Privacy: nothing here reads `PlayerState.hole` for a channel message; the presenter shows only
cards a Shown event made public, and DMs go to the card owner alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_ui.card_faces import TEXT_ART, CardArt
from bot.discord_ui.presenter.announcements import Announcements, Post, after_hand_lines
from bot.discord_ui.presenter.cards import Faces
from bot.discord_ui.presenter.clock import clock_view
from bot.discord_ui.presenter.league import night_counts_text
from bot.discord_ui.presenter.limits import MESSAGE_CHARS, safe_name, safe_text, truncate
from bot.discord_ui.presenter.notices import (
    channel_lost_text,
    dm_failed_text,
    idle_ping_text,
    permissions_lost_text,
    save_resumed_text,
    save_retrying_text,
    unrecoverable_text,
)
from bot.discord_ui.presenter.rulings import ruling_text, seat_names, worth_a_post
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.discord_ui.presenter.texts import deck_proof_filename, deck_proof_json, hole_cards_text
from bot.discord_ui.replies import NO_PINGS, ping_only
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, Ruling
from bot.league.service import night_season
from bot.service import Notice, Outcome, Session
from bot.store import Store, TournamentRow, Transaction
from bot.tournament import events as tev
from bot.tournament.hand_id import HandId

log = logging.getLogger(__name__)

DM_REFUSED = 50007
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
DEFAULT_IDLE_PING = 10.0

# Builds the table's buttons (bot/discord_ui/buttons.py); given to the announcer by the bot so
# that this module does not import the buttons, which import it.
Components = Callable[[Session, int, Hand], discord.ui.View]


@dataclass
class TableMessage:
    hand_id: str
    channel_id: int
    message_id: int


@dataclass
class IdlePing:
    key: tuple[str, int]  # the decision: (hand id, number of the hand's events)
    task: asyncio.Task[None] | None = None
    message: tuple[int, int] | None = None  # (channel, message) of the ping, once sent


@dataclass
class Places:
    """What the announcer remembers of one tournament (rebuilt from the store after a restart)."""

    store_id: int
    channel_id: int
    guild_id: int | None = None
    name: str = ""  # the tournament's name, as the director knows it
    threads: dict[int, int] = field(default_factory=dict)  # table -> thread id
    messages: dict[int, TableMessage] = field(default_factory=dict)  # table -> current hand msg
    dm_refused: set[str] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dirty: set[int] = field(default_factory=set)
    editing: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    answering: dict[int, int] = field(default_factory=dict)  # table -> message an interaction edits
    pings: dict[int, IdlePing] = field(default_factory=dict)
    proofs: set[str] = field(default_factory=set)  # hands whose proof is attached
    told: set[str] = field(default_factory=set)  # troubles already told to the director
    loaded: bool = False
    use_threads: bool = False
    four_colour: bool = True  # the server's deck colours (GuildSettings.four_colour_deck)
    idle_ping_seconds: float = DEFAULT_IDLE_PING  # 0: never ping


@dataclass(frozen=True)
class TableRender:
    embed: discord.Embed
    view: discord.ui.View
    proof: discord.File | None  # the deck proof, attached once when the hand has ended


class Announcer:
    def __init__(self, client: discord.Client, store: Store, *, clock: Callable[[], float],
                 components: Components,
                 idle_ping_seconds: float | None = None,
                 art: Callable[[], CardArt] = lambda: TEXT_ART) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        self.components = components
        # None: each server's own setting (GuildSettings.idle_ping_seconds); 0: never ping.
        self.idle_ping_override = idle_ping_seconds
        # The bot's card art: emojis once uploaded, text until then (or if refused).
        self.art = art
        self.places: dict[int, Places] = {}
        self.sessions: dict[int, Session] = {}
        self._dm_channels: dict[int, discord.DMChannel] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False

    # ------------------------------------------------------------------ state

    async def places_for(self, session: Session) -> Places:
        tid = session.store_id
        self.sessions[tid] = session
        places = self.places.get(tid)
        if places is None:
            row = await self.store.tournament(tid)
            channel_id = row.channel_id if row is not None and row.channel_id else 0
            places = self.places[tid] = Places(
                tid, channel_id, row.guild_id if row is not None else None,
                safe_name(row.name) if row is not None else f"#{tid}")
        if not places.loaded:
            places.loaded = True
            await self._load_settings(places)
            for entry in await self.store.entries(tid):
                # The service fills the names at recovery; an entry it has not seen yet counts.
                if str(entry.user_id) not in session.names:
                    session.set_name(str(entry.user_id), entry.display_name)
            for table in await self.store.tables(tid):
                if table.thread_id:
                    places.threads[table.table_no] = table.thread_id
                    places.use_threads = True
            for msg in await self.store.messages(tid):
                if not msg.key.startswith("hand:"):
                    continue
                hand_id = HandId.parse_or_none(msg.key[5:])
                if hand_id is None:
                    continue
                current = places.messages.get(hand_id.table)
                if current is None or hand_id.number >= HandId.parse(current.hand_id).number:
                    places.messages[hand_id.table] = TableMessage(str(hand_id), msg.channel_id,
                                                                  msg.message_id)
        return places

    def _names(self, places: Places) -> Mapping[str, str]:
        """The tournament's display names (kept on its session)."""
        session = self.sessions.get(places.store_id)
        return session.names if session is not None else {}

    def location(self, places: Places, table: int | None) -> int:
        if table is not None and table in places.threads:
            return places.threads[table]
        return places.channel_id

    def faces(self, places: Places) -> Faces:
        return self.art().for_server(places.four_colour).card

    async def _load_settings(self, places: Places) -> None:
        """The server's card colours and idle ping, read again at every deal (a director may
        have changed them)."""
        if places.guild_id is None:
            return
        settings = await self.store.guild_settings(places.guild_id)
        places.four_colour = settings.four_colour_deck
        places.idle_ping_seconds = float(
            settings.idle_ping_seconds if self.idle_ping_override is None
            else self.idle_ping_override)

    # ------------------------------------------------------------------ sending

    async def send(self, places: Places, channel_id: int, content: str = "", *,
                   file: discord.File | None = None, embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None,
                   mentions: discord.AllowedMentions = NO_PINGS) -> discord.Message | None:
        if self.closed or not channel_id:
            return None
        channel = self.client.get_partial_messageable(channel_id)
        missing = discord.utils.MISSING
        try:
            return await channel.send(truncate(content, MESSAGE_CHARS) or None,
                                      allowed_mentions=mentions, file=file or missing,
                                      embed=embed or missing, view=view or missing)
        except discord.HTTPException as exc:
            # One failed post must not stop the game, and nothing is retried in a loop.
            log.warning("could not post in channel %s (HTTP %s, code %s)", channel_id,
                        exc.status, exc.code)
            await self._trouble(places, channel_id, exc)
            return None

    async def send_long(self, places: Places, channel_id: int, text: str,
                        filename: str) -> None:
        """A text over the message limit goes as a file with its first line as the message."""
        if len(text) <= MESSAGE_CHARS:
            await self.send(places, channel_id, text)
            return
        first = text.split("\n", 1)[0]
        await self.send(places, channel_id, truncate(first, 1900) + "\n(Full text attached.)",
                        file=discord.File(io.BytesIO(text.encode()), filename=filename))

    async def _dm(self, places: Places, player: str, text: str) -> str | None:
        """Send a DM; None when sent, else why not ("refused" is for the rest of the
        tournament, "failed" only for this time)."""
        if player in places.dm_refused or not player.isdigit():
            return "refused"
        uid = int(player)
        try:
            channel = self._dm_channels.get(uid)
            if channel is None:
                channel = await self.client.create_dm(discord.Object(uid))
                self._dm_channels[uid] = channel
            await channel.send(text, allowed_mentions=NO_PINGS)
            return None
        except discord.Forbidden as exc:
            places.dm_refused.add(player)
            return "refused_now" if exc.code == DM_REFUSED else "refused"
        except discord.HTTPException as exc:
            log.warning("DM to a player failed (HTTP %s)", exc.status)
            return "failed"

    # ------------------------------------------------------------------ trouble

    async def _trouble(self, places: Places, channel_id: int, exc: discord.HTTPException) -> None:
        if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
            if channel_id == places.channel_id:
                await self._channel_lost(places)
            else:
                # A table's thread is gone: the table opens a new one at its next message.
                for table, thread in list(places.threads.items()):
                    if thread == channel_id:
                        del places.threads[table]
                        places.messages.pop(table, None)
                        self._task(self._reopen_table(places, table))
        elif isinstance(exc, discord.Forbidden) and exc.code in (MISSING_ACCESS,
                                                                 MISSING_PERMISSIONS):
            await self._tell_director(places, f"permissions:{channel_id}",
                                      permissions_lost_text(places.name, channel_id))

    async def _channel_lost(self, places: Places) -> None:
        """The tournament's channel is deleted: pause it (nobody can see the table) and tell
        the director, who can cancel it from any channel (`/tournament cancel tournament:`)."""
        if "channel" in places.told:
            return
        session = self.sessions.get(places.store_id)
        if session is not None and session.tournament.status == "running" \
                and not session.tournament.paused:
            self._task(self._pause(session))
        await self._tell_director(places, "channel", channel_lost_text(places.name))

    async def _pause(self, session: Session) -> None:
        try:
            await session.run(lambda t, now: t.pause("bot", "the tournament's channel is gone",
                                                     now))
        except Exception:
            log.exception("could not pause tournament %s after its channel was lost",
                          session.store_id)

    async def _reopen_table(self, places: Places, table: int) -> None:
        session = self.sessions.get(places.store_id)
        if session is None or self.closed:
            return
        async with places.lock:
            await self._open_thread(session, places, table)
            self.mark_dirty(session, places, table)

    async def channel_deleted(self, channel_id: int) -> None:
        """Discord says a channel or thread is gone: a tournament's channel pauses it and tells
        the director; a table's thread is opened again at once."""
        for places in list(self.places.values()):
            if channel_id == places.channel_id:
                await self._channel_lost(places)
            elif channel_id in places.threads.values():
                for table, thread in list(places.threads.items()):
                    if thread == channel_id:
                        del places.threads[table]
                        places.messages.pop(table, None)
                        self._task(self._reopen_table(places, table))

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
            if await self._dm(places, str(uid), text) is None:
                return
        guild = self.client.get_guild(places.guild_id) if places.guild_id else None
        if guild is None:
            log.warning("tournament %s: could not tell the director: %s", places.store_id, what)
            return
        for channel in guild.text_channels:
            if channel.permissions_for(guild.me).send_messages and channel.id != \
                    places.channel_id:
                with contextlib.suppress(discord.HTTPException):
                    await channel.send(text, allowed_mentions=NO_PINGS)
                    return

    def _task(self, coro: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ listener

    async def listener(self, session: Session, outcome: Outcome) -> None:
        if self.closed:
            return
        places = await self.places_for(session)
        async with places.lock:
            await self._present(session, places, outcome)

    async def _present(self, session: Session, places: Places, outcome: Outcome) -> None:
        if outcome.notice is Notice.SAVE_RETRYING:
            await self.send(places, places.channel_id, save_retrying_text())
        elif outcome.notice is Notice.SAVE_RESUMED:
            await self.send(places, places.channel_id, save_resumed_text())
        started = {h.hand_id for _, h in outcome.hands_started()}
        if any(isinstance(e, tev.Started) for e in outcome.tournament_events):
            opened = [e for e in outcome.tournament_events if isinstance(e, tev.TableOpened)]
            places.use_threads = len(opened) > 1
        if places.use_threads:
            for e in outcome.tournament_events:
                if isinstance(e, tev.TableOpened) and e.table not in places.threads:
                    await self._open_thread(session, places, e.table)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id not in started:
                await self._hand_update(session, places, table, hand, evs)
        await self._tournament_events(session, places, outcome.tournament_events)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id in started:
                await self._new_hand(session, places, table, hand)
                await self._hand_update(session, places, table, hand, evs, fresh=True)
        self._arm_pings(session, places)

    async def _open_thread(self, session: Session, places: Places, table: int) -> None:
        channel = self.client.get_channel(places.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        name = truncate(f"{self._thread_prefix(session)} · table {table}", 100)
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for table %s (HTTP %s)", table, exc.status)
            await self._trouble(places, places.channel_id, exc)
            return
        places.threads[table] = thread.id
        await self.store.write(
            lambda tx: tx.put_table(places.store_id, table, thread_id=thread.id))

    @staticmethod
    def _thread_prefix(session: Session) -> str:
        return f"#{session.store_id}"

    # ------------------------------------------------------------------ hands

    async def _new_hand(self, session: Session, places: Places, table: int, hand: Hand) -> None:
        await self._load_settings(places)
        await self._post_table(session, places, table, hand)
        faces = self.faces(places)
        refused_now: list[str] = []
        failed: list[str] = []
        for seat in sorted(hand.players):
            player = hand.players[seat].player
            why = await self._dm(places, player, hole_cards_text(hand, seat, faces))
            if why == "refused_now":
                refused_now.append(player)
            elif why == "failed":
                failed.append(player)
        if refused_now or failed:
            names = [self._name(places, p) for p in refused_now + failed]
            await self.send(places, self.location(places, table),
                            dm_failed_text(names, never_again=not failed))

    def _name(self, places: Places, player: str) -> str:
        raw = self._names(places).get(player)
        return safe_name(raw) if raw else "A player"

    async def _post_table(self, session: Session, places: Places, table: int,
                          hand: Hand) -> None:
        where = self.location(places, table)
        render = self.render_table(session, places, table, hand)
        msg = await self.send(places, where, embed=render.embed, view=render.view,
                              file=render.proof)
        if msg is None:
            places.messages.pop(table, None)  # posted again at the next change
            return
        if render.proof is not None:
            places.proofs.add(hand.hand_id)
        places.messages[table] = TableMessage(hand.hand_id, where, msg.id)
        store_id = places.store_id

        async def remember(tx: Transaction) -> None:
            await tx.put_message(store_id, f"hand:{hand.hand_id}", where, msg.id)
            await tx.put_table(store_id, table, message_id=msg.id)

        await self.store.write(remember)

    async def _hand_update(self, session: Session, places: Places, table: int, hand: Hand,
                           evs: list[Event], fresh: bool = False) -> None:
        where = self.location(places, table)
        by_seat = seat_names(hand, self._names(places))
        for e in evs:
            if isinstance(e, Ruling) and worth_a_post(e):
                await self.send(places, where, ruling_text(e, by_seat))
        ended = any(isinstance(e, HandEnded) for e in evs)
        if not fresh or ended:  # a message just posted already shows the latest state
            self.mark_dirty(session, places, table)

    def render_table(self, session: Session, places: Places, table: int,
                     hand: Hand) -> TableRender:
        t = session.tournament
        now = self.clock()
        live = t.tables.get(table)
        deadline = None
        if live is not None and live.hand is hand:
            deadline = table_deadline(session, table, now)
        away = [s for s, p in hand.players.items()
                if p.player in t.players and t.players[p.player].away]
        faces = self.faces(places)
        scene = TableScene(
            names=self._names(places), table=table, deadline=deadline, away=away,
            clock=clock_view(t, now) if t.status == "running" else None, faces=faces,
            after_hand=after_hand_lines(t.events, hand.hand_id, self._names(places), faces)
            if hand.is_over else ())
        proof = None
        if hand.is_over and hand.hand_id not in places.proofs:
            text = deck_proof_json(hand)
            if text is not None:
                proof = discord.File(io.BytesIO(text.encode()), filename=deck_proof_filename(hand))
        return TableRender(table_embed(hand, scene), self.components(session, table, hand), proof)

    def mark_dirty(self, session: Session, places: Places, table: int) -> None:
        places.dirty.add(table)
        task = places.editing.get(table)
        if (task is None or task.done()) and table not in places.answering:
            places.editing[table] = asyncio.get_running_loop().create_task(
                self._edit_loop(session, places, table))

    async def _edit_loop(self, session: Session, places: Places, table: int) -> None:
        while table in places.dirty and table not in places.answering and not self.closed:
            places.dirty.discard(table)
            await self._edit_table(session, places, table)

    async def _edit_table(self, session: Session, places: Places, table: int) -> None:
        msg = places.messages.get(table)
        ts = session.tournament.tables.get(table)
        current = ts.hand or ts.last_hand if ts is not None else None
        if msg is None:
            # The post failed or the message was lost: post the table again.
            if current is not None:
                async with places.lock:
                    await self._post_table(session, places, table, current)
            return
        hand = _hand_by_id(session, table, msg.hand_id)
        if hand is None:
            return
        render = self.render_table(session, places, table, hand)
        partial = self.client.get_partial_messageable(msg.channel_id).get_partial_message(
            msg.message_id)
        try:
            if render.proof is not None:
                await partial.edit(content=None, embed=render.embed, view=render.view,
                                   attachments=[render.proof], allowed_mentions=NO_PINGS)
                places.proofs.add(hand.hand_id)
            else:
                await partial.edit(content=None, embed=render.embed, view=render.view,
                                   allowed_mentions=NO_PINGS)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                await self._trouble(places, msg.channel_id, exc)
                return
            # Deleted by a moderator: post it again, as it stands now.
            log.info("table message %s is gone; posting the table again", msg.message_id)
            places.messages.pop(table, None)
            async with places.lock:
                await self._post_table(session, places, table, hand)
        except discord.HTTPException as exc:
            log.warning("could not edit table message %s (HTTP %s)", msg.message_id,
                        exc.status)
            await self._trouble(places, msg.channel_id, exc)

    async def refresh(self, session: Session, table: int) -> None:
        places = await self.places_for(session)
        self.mark_dirty(session, places, table)

    # ------------------------------------------------------------------ answering a click

    @contextlib.asynccontextmanager
    async def answering(self, interaction: discord.Interaction, session: Session,
                        table: int) -> AsyncIterator[Callable[[], bool]]:
        """While a click on the table message is being handled, the table is not edited
        separately: the click's response will carry the edit (`answer_with_table`). Yields a
        function telling whether that is the case (the click is on the current table message).
        On leaving, edits the click's response did not carry are made as usual."""
        places = await self.places_for(session)
        msg = places.messages.get(table)
        clicked = interaction.message.id if interaction.message is not None else None
        ours = msg is not None and clicked == msg.message_id
        if ours:
            places.answering[table] = clicked  # type: ignore[assignment]  # checked above
        try:
            yield lambda: ours
        finally:
            if ours:
                places.answering.pop(table, None)
                if table in places.dirty:
                    self.mark_dirty(session, places, table)

    async def answer_with_table(self, interaction: discord.Interaction, session: Session,
                                table: int, hand: Hand) -> bool:
        """Answer the click by editing the table message it was made on, showing `hand` (the
        hand the click acted in) as it stands now: one request. False when the click is not on
        that hand's table message or the answer failed; the usual edit then follows."""
        places = await self.places_for(session)
        msg = places.messages.get(table)
        clicked = interaction.message.id if interaction.message is not None else None
        if msg is None or clicked != msg.message_id or msg.hand_id != hand.hand_id \
                or interaction.response.is_done():
            return False
        places.dirty.discard(table)
        render = self.render_table(session, places, table, hand)
        try:
            if render.proof is not None:
                await interaction.response.edit_message(
                    content=None, embed=render.embed, view=render.view,
                    attachments=[render.proof])
                places.proofs.add(hand.hand_id)
            else:
                await interaction.response.edit_message(content=None, embed=render.embed,
                                                        view=render.view)
        except discord.HTTPException as exc:
            log.warning("could not answer a click with the table (HTTP %s)", exc.status)
            self.mark_dirty(session, places, table)
            return False
        return True

    # ------------------------------------------------------------------ idle ping

    def _arm_pings(self, session: Session, places: Places) -> None:
        t = session.tournament
        for table, ts in t.tables.items():
            hand = ts.hand
            key: tuple[str, int] | None = None
            if hand is not None and not hand.is_over and hand.to_act is not None \
                    and not t.paused and t.status == "running":
                player = hand.players[hand.to_act].player
                state = t.players.get(player)
                if player.isdigit() and (state is None or not state.away):
                    key = (hand.hand_id, len(hand.events))
            ping = places.pings.get(table)
            if ping is not None and ping.key == key:
                continue
            if ping is not None:
                self._end_ping(places, table, ping)
            if key is not None and hand is not None and hand.to_act is not None \
                    and places.idle_ping_seconds > 0:
                player = hand.players[hand.to_act].player
                new = IdlePing(key)
                new.task = asyncio.get_running_loop().create_task(
                    self._ping_later(places, table, new, player))
                places.pings[table] = new
        for table in [tb for tb in places.pings if tb not in t.tables]:
            self._end_ping(places, table, places.pings[table])

    def _end_ping(self, places: Places, table: int, ping: IdlePing) -> None:
        places.pings.pop(table, None)
        if ping.task is not None and not ping.task.done():
            ping.task.cancel()
        if ping.message is not None:
            channel_id, message_id = ping.message
            self._task(self._delete(channel_id, message_id))

    async def _delete(self, channel_id: int, message_id: int) -> None:
        partial = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        with contextlib.suppress(discord.HTTPException):
            await partial.delete()

    async def _ping_later(self, places: Places, table: int, ping: IdlePing,
                          player: str) -> None:
        await asyncio.sleep(places.idle_ping_seconds)
        if self.closed or places.pings.get(table) is not ping:
            return
        where = self.location(places, table)
        msg = await self.send(places, where, idle_ping_text(int(player), table),
                              mentions=ping_only(int(player)))
        if msg is None:
            return
        if places.pings.get(table) is ping:
            ping.message = (where, msg.id)
        else:  # he acted while the ping was being sent
            await self._delete(where, msg.id)

    # ------------------------------------------------------------------ tournament events

    async def _tournament_events(self, session: Session, places: Places,
                                 events: list[Event]) -> None:
        if not events:
            return
        t = session.tournament

        def table_of(player: str) -> tuple[int, ...]:
            p = t.players.get(player)
            return (p.table,) if p is not None and p.table is not None else ()

        season = ""
        if any(isinstance(e, tev.Finished) for e in events):
            season = night_counts_text(await night_season(self.store, session.store_id),
                                       finished=True)
        writer = Announcements(self._names(places), self.faces(places),
                               clock_seconds=t.profile.clock_seconds, results=t.results,
                               table_of=table_of, season=season)
        for post in writer.posts(events):
            for where in self._post_locations(places, session, post):
                await self.send_long(places, where, post.text, "announcement.txt")
        for e in events:
            table = getattr(e, "table", None)
            # The table message shows deadlines, away marks, shows and the rabbit hunt.
            if isinstance(table, int) and table in places.messages:
                self.mark_dirty(session, places, table)
            elif isinstance(e, tev.OfflinePause):  # every deadline moved (issue 18)
                for shown in list(places.messages):
                    self.mark_dirty(session, places, shown)

    def _post_locations(self, places: Places, session: Session, post: Post) -> list[int]:
        where: list[int] = []
        if post.every_table:
            where += [self.location(places, t) for t in sorted(session.tournament.tables)]
        where += [self.location(places, t) for t in post.tables]
        if post.channel or not where:
            where.insert(0, places.channel_id)
        return list(dict.fromkeys(where))

    async def close(self) -> None:
        self.closed = True
        tasks = [t for p in self.places.values() for t in p.editing.values() if not t.done()]
        tasks += [p.task for pl in self.places.values() for p in pl.pings.values()
                  if p.task is not None and not p.task.done()]
        tasks += [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def table_deadline(session: Session, table: int, now: float) -> float | None:
    """The one deadline of the player to act at this table (the clock's, once it is called):
    the director's own, which the clock post reads too."""
    turn = session.tournament.turn_deadline(table, now)
    return turn.at if turn is not None else None


def _hand_by_id(session: Session, table: int, hand_id: str) -> Hand | None:
    ts = session.tournament.tables.get(table)
    if ts is None:
        return None
    for hand in (ts.hand, ts.last_hand):
        if hand is not None and hand.hand_id == hand_id:
            return hand
    return None

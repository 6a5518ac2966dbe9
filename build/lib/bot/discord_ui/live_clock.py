"""The channel of a live tournament: its one clock message and its posts.

The bot routes every committed outcome of a live tournament here instead of to the table
announcer (there are no hands to show). Here:
- the posts of the change (the presenter's `LiveTexts`): the seat draw and seating chart, a
  short post at each level (a new message, so phones notify; an edit does not), the answer to
  a bust with the next step, the clock on a player, the chip race, the results;
- the ONE clock message of the tournament, posted at the start and edited only when its text
  changes (a level, the field, the prize pool, a pause): its times are Discord relative
  timestamps, which every screen counts down by itself. Its id is stored (`tx.put_message`,
  key "live:clock"), so a restarted bot edits the same message. If Discord refuses the edit
  (the message was deleted, or error 30046: too many edits of a message older than an hour),
  the clock is posted again and the new one is kept;
- a post one minute before a break ends, from a timer of its own, posted once per break (its
  key is stored too, so a restart in the last minute does not post it twice).

Every sentence comes from bot/discord_ui/presenter/live.py; nothing sent here can ping.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import discord

from bot.discord_ui.card_faces import TEXT_ART, CardArt
from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter.cards import Faces
from bot.discord_ui.presenter.league import night_counts_text
from bot.discord_ui.presenter.limits import chips
from bot.discord_ui.presenter.live import (
    LiveTexts,
    cancelled_clock_text,
    clock_text,
    live_names,
)
from bot.discord_ui.presenter.money import Money, money_in
from bot.discord_ui.presenter.notices import session_notice_text
from bot.discord_ui.replies import NO_PINGS
from bot.discord_ui.tasks import Tasks
from bot.league.service import night_season, points_by_player
from bot.league.service.seasons import league_money
from bot.service import Outcome, Session
from bot.store import Store
from bot.tournament import events as tev
from bot.tournament.live import BustReport
from bot.tournament.players import is_member
from bot.tournament.structure import Break

log = logging.getLogger(__name__)

CLOCK_KEY = "live:clock"
BREAK_KEY = "live:break:"  # + the break's period index (or a called break's key)
# A break the director called is keyed from here up (see `break_key`).
CALLED_BREAK_KEYS = 10**6
# The break's last minute is announced this long before it ends.
BREAK_WARNING = 60.0
# Discord: too many edits of a message older than an hour (try again later).
OLD_MESSAGE_EDITS = 30046


@dataclass
class LiveChannel:
    """What the live clock keeps of one tournament (rebuilt from the store after a restart)."""

    store_id: int
    channel_id: int = 0
    guild_id: int | None = None
    name: str = ""
    members: dict[str, str] = field(default_factory=dict)  # member id -> display name
    clock_message: int | None = None
    clock_shown: str | None = None  # the clock message's text as last sent
    warned: set[int] = field(default_factory=set)  # breaks (period index) already announced
    warning: asyncio.Task[None] | None = None
    warning_for: tuple[int, float] | None = None  # (period, ends_at) the task waits for
    four_colour: bool = True
    money: Money = chips  # how the night names money: its league's currency
    loaded: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change presented at a time
    loading: asyncio.Lock = field(default_factory=asyncio.Lock)


def break_key(session: Session, now: float) -> int:
    """Which break a "one minute" post is for: the structure's by its period index; one the
    director called by where it ends on the play clock, past every period index."""
    t = session.tournament
    if t.in_called_break(now) and t.break_until is not None:
        return CALLED_BREAK_KEYS + int(t.break_until)
    return t.period_index(now)


class LiveClock:
    def __init__(self, client: discord.Client, store: Store, *, clock: Callable[[], float],
                 art: Callable[[], CardArt] = lambda: TEXT_ART) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        self.art = art
        self.channels: dict[int, LiveChannel] = {}
        self.sessions: dict[int, Session] = {}
        self.tasks = Tasks()
        self.closed = False

    # ------------------------------------------------------------------ state

    async def channel_for(self, session: Session) -> LiveChannel:
        tid = session.store_id
        self.sessions[tid] = session
        ch = self.channels.get(tid)
        if ch is None:
            ch = self.channels[tid] = LiveChannel(tid)
        async with ch.loading:
            if not ch.loaded:
                await self._load(ch)
                ch.loaded = True
        self._name_guests(session)
        return ch

    def forget(self, tid: int) -> None:
        """A finished tournament the service no longer holds: nothing of it is kept here."""
        self.sessions.pop(tid, None)
        ch = self.channels.pop(tid, None)
        if ch is not None and ch.warning is not None:
            ch.warning.cancel()

    async def _load(self, ch: LiveChannel) -> None:
        """Where the tournament posts, its deck colours, its members' names, and the messages
        it already has (the clock, the breaks announced)."""
        tid = ch.store_id
        row = await self.store.tournament(tid)
        if row is not None:
            ch.channel_id, ch.guild_id, ch.name = row.channel_id or 0, row.guild_id, row.name
        if ch.guild_id is not None:
            settings = await self.store.guild_settings(ch.guild_id)
            ch.four_colour = settings.four_colour_deck
        if row is not None:
            ch.money = money_in(*await league_money(self.store, row.league_id))
        await self._load_members(ch)
        for msg in await self.store.messages(tid):
            if msg.key == CLOCK_KEY:
                ch.clock_message = msg.message_id
            elif msg.key.startswith(BREAK_KEY) and msg.key[len(BREAK_KEY):].isdigit():
                ch.warned.add(int(msg.key[len(BREAK_KEY):]))

    async def _load_members(self, ch: LiveChannel) -> None:
        for entry in await self.store.entries(ch.store_id):
            ch.members[str(entry.user_id)] = entry.display_name

    @staticmethod
    def _name_guests(session: Session) -> None:
        """Guests on the session's names too: every text of the bot names them (the service
        fills the session's names from the members' entries only)."""
        for player, guest in session.tournament.guests.items():
            if session.names.get(player) != guest.name:
                session.set_name(player, guest.name)

    def names(self, session: Session, ch: LiveChannel) -> dict[str, str]:
        """Every player's name: the session's (kept current by the commands), the store's
        entries, and the guests the director entered."""
        return live_names(session.tournament, {**ch.members, **session.names})

    def faces(self, ch: LiveChannel) -> Faces:
        return self.art().for_server(ch.four_colour).card

    # ------------------------------------------------------------------ the listener

    async def listener(self, session: Session, outcome: Outcome) -> None:
        """Everything a committed change of a live tournament shows in its channel."""
        if self.closed:
            return
        ch = await self.channel_for(session)
        async with ch.lock:
            await self._present(session, ch, outcome)

    async def _present(self, session: Session, ch: LiveChannel, outcome: Outcome) -> None:
        notice = session_notice_text(outcome.notice)
        if notice is not None:
            await self._send(ch, notice)
        events = outcome.tournament_events
        t = session.tournament
        if any(isinstance(e, tev.Registered | tev.LateRegistered | tev.Rebuy)
               and is_member(e.player) and e.player not in ch.members
               and e.player not in session.names for e in events):
            await self._load_members(ch)
        points = await self._points(ch) if any(isinstance(e, tev.Finished)
                                               for e in events) else None
        counted = await night_season(self.store, ch.store_id) if points is not None else None
        texts = LiveTexts(self.names(session, ch), t.profile, faces=self.faces(ch),
                          tournament_name=ch.name, money=ch.money,
                          season=night_counts_text(counted, finished=True)
                          if counted is not None and counted.season is not None else "")
        report = outcome.result if isinstance(outcome.result, BustReport) else None
        started = any(isinstance(e, tev.Started) for e in events)
        for text in texts.posts(t, events, self.clock(), report=report, points=points):
            await self._send(ch, text)
        if started or ch.clock_message is not None:
            # Posted after the seat draw, so it is the latest message when the night starts.
            await self._show_clock(session, ch)
        self._arm_warning(session, ch)

    async def _points(self, ch: LiveChannel) -> dict[str, float]:
        """League points of a finished night (scored before the listener hears of the end);
        empty when the night counts for no season."""
        return await points_by_player(self.store, ch.store_id)

    # ------------------------------------------------------------------ the clock message

    def clock_of(self, session: Session, ch: LiveChannel) -> str:
        t = session.tournament
        now = self.clock()
        names = self.names(session, ch)
        winner = names.get(t.winner) if t.winner is not None else None
        return clock_text(t.clock_view(now), title=ch.name, chip_race_due=t.chip_race_due(now),
                          smallest_chip=t.smallest_chip, winner=winner, names=names,
                          money=ch.money)

    async def _show_clock(self, session: Session, ch: LiveChannel) -> None:
        await self._show_text(ch, self.clock_of(session, ch))

    async def _show_text(self, ch: LiveChannel, text: str) -> None:
        if text == ch.clock_shown:
            return  # nothing changed: the timestamps count down by themselves
        if ch.clock_message is not None:
            partial = self.client.get_partial_messageable(ch.channel_id).get_partial_message(
                ch.clock_message)
            try:
                await partial.edit(content=text, allowed_mentions=NO_PINGS)
                ch.clock_shown = text
                return
            except discord.HTTPException as exc:
                if not (isinstance(exc, discord.NotFound) or exc.code == OLD_MESSAGE_EDITS):
                    # Anything else may pass: the next change edits it again.
                    log.warning("clock message %s of tournament %s not edited (HTTP %s, code "
                                "%s)", ch.clock_message, ch.store_id, exc.status, exc.code)
                    return
                # Deleted, or too many edits of an old message: a new clock message follows.
                log.info("clock message %s of tournament %s gone or frozen (code %s); posting "
                         "it again", ch.clock_message, ch.store_id, exc.code)
        msg = await self._send(ch, text)
        if msg is None:
            return
        ch.clock_message, ch.clock_shown = msg.id, text
        store_id, channel_id = ch.store_id, ch.channel_id
        await self.store.commit(lambda tx: tx.put_message(store_id, CLOCK_KEY, channel_id,
                                                          msg.id))

    # ------------------------------------------------------------------ the break's last minute

    def _arm_warning(self, session: Session, ch: LiveChannel) -> None:
        """A timer for the post a minute before the break ends (re-armed when a pause moves
        the end); none when not on a break or already said."""
        t = session.tournament
        now = self.clock()
        wanted: tuple[int, float] | None = None
        if t.status == "running" and not t.paused:
            key = break_key(session, now)
            view = t.clock_view(now)
            if view.on_break and view.ends_at is not None and key not in ch.warned \
                    and view.ends_at > now:
                wanted = (key, view.ends_at)
        if wanted == ch.warning_for and ch.warning is not None and not ch.warning.done():
            return
        if ch.warning is not None and not ch.warning.done():
            ch.warning.cancel()
        ch.warning, ch.warning_for = None, wanted
        if wanted is not None and not self.closed:
            ch.warning = self.tasks.spawn(self._warn_later(session, ch, *wanted))

    async def _warn_later(self, session: Session, ch: LiveChannel, key: int,
                          ends_at: float) -> None:
        await asyncio.sleep(max(0.0, ends_at - BREAK_WARNING - self.clock()))
        if self.closed:
            return
        async with ch.lock:
            t = session.tournament
            now = self.clock()
            if t.status != "running" or t.paused or break_key(session, now) != key \
                    or key in ch.warned:
                return
            s = t.structure
            period = t.period_index(now)
            if not isinstance(s.periods[period], Break) and not t.in_called_break(now):
                return
            texts = LiveTexts(self.names(session, ch), t.profile, faces=self.faces(ch),
                              money=ch.money)
            msg = await self._send(ch, texts.break_ending(
                ends_at, s.level_number(period), s.level_for_hand(period)))
            ch.warned.add(key)
            if msg is not None:
                store_id, channel_id = ch.store_id, ch.channel_id
                await self.store.commit(lambda tx: tx.put_message(
                    store_id, f"{BREAK_KEY}{key}", channel_id, msg.id))

    async def cancelled(self, session: Session) -> None:
        """The director cancelled the tournament: no break warning is posted any more, and
        the clock message says it is over instead of counting down."""
        ch = await self.channel_for(session)
        async with ch.lock:
            if ch.warning is not None and not ch.warning.done():
                ch.warning.cancel()
            ch.warning, ch.warning_for = None, None
            ch.warned.update(range(len(session.tournament.structure.periods)))
            if ch.clock_message is not None:
                await self._show_text(ch, cancelled_clock_text(ch.name))

    # ------------------------------------------------------------------ restart

    def recovered(self, sessions: Iterable[Session]) -> None:
        """After a restart: the live tournaments' clock messages brought up to date (a change
        committed just before the bot stopped may not have reached them) and the break
        warnings armed again."""
        for session in sessions:
            if session.tournament.live and not self.closed:
                self.tasks.spawn(self._resume(session))

    async def _resume(self, session: Session) -> None:
        ch = await self.channel_for(session)
        async with ch.lock:
            if ch.clock_message is not None:
                await self._show_clock(session, ch)
            self._arm_warning(session, ch)

    # ------------------------------------------------------------------ sending

    async def _send(self, ch: LiveChannel, text: str) -> discord.Message | None:
        if self.closed or not ch.channel_id:
            return None
        channel = self.client.get_partial_messageable(ch.channel_id)
        try:
            return await channel.send(text, allowed_mentions=NO_PINGS, nonce=nonce())
        except discord.HTTPException as exc:
            # A failed post must not stop the night; nothing is retried in a loop.
            log.warning("could not post in channel %s (HTTP %s, code %s)", ch.channel_id,
                        exc.status, exc.code)
            return None

    async def names_of(self, session: Session) -> Mapping[str, str]:
        """The names the live tournament's commands use (autocomplete, refusals)."""
        return self.names(session, await self.channel_for(session))

    async def close(self) -> None:
        self.closed = True
        await self.tasks.cancel_all()

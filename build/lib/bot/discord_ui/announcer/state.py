"""What the announcer remembers of each tournament (`Places`), and the registry of them every
part of the announcer is given (`PlacesRegistry`).

Contract: `PlacesRegistry.of(session)` returns the tournament's `Places`, loaded once from the
store the first time (after a restart too): its channel, the thread of each table, and the table
message of each table's latest hand (`hand:<hand id>` message rows). So a restarted bot edits
the same table messages and posts in the same threads instead of starting new ones. The
server's settings (deck colours, idle ping, who has the hole-card DMs off) are read again at
every deal, in one read (`load_settings`): a director or a player may change them during a
night. `holding(places)` is the tournament's lock, under which the parts send in order.

A `Places` is data the parts are handed with each call: where the tournament plays (kept by the
registry and threads.py), its table messages' record (table_edits.py) and the troubles told
(send.py), each marked with the part that writes it. The DMs refused and the idle pings are
their parts' own (dms.py, pings.py), kept by tournament.

Discord constraint: a table message lives by its channel and message ids only (the bot keeps no
`discord.Message` across changes: `get_partial_messageable(...).get_partial_message(...)` costs no
request), and a tournament's channel or a table's thread may be deleted at any time, so every
id here may point to nothing; the sending part finds out and says what to do (send.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field

import discord

from bot.discord_ui.card_faces import TEXT_ART, CardArt
from bot.discord_ui.click_update import SlowGuard
from bot.discord_ui.global_limit import Priority, current_priority, on_behalf_of
from bot.discord_ui.presenter.cards import Faces, text_face
from bot.discord_ui.presenter.limits import safe_name
from bot.engine.hand import Hand
from bot.service import Session
from bot.store import Store
from bot.tournament.hand_id import HandId
from bot.tournament.players import member_id

DEFAULT_IDLE_PING = 10.0

# Builds the table's buttons (bot/discord_ui/buttons.py); given to the announcer by the bot so
# that the announcer does not import the buttons, which import it.
Components = Callable[[Session, int, Hand], discord.ui.View]  # buttons.table_view


@dataclass
class TableMessage:
    hand_id: str
    channel_id: int
    message_id: int
    # The hand it shows, as posted (a Hand grows with its events): a table broken in the
    # commit that ends its last hand is gone from the tournament, and its message is still
    # drawn to the end from this. None for a message recovered after a restart.
    hand: Hand | None = field(default=None, compare=False, repr=False)


@dataclass(eq=False)
class ClickAnswer:
    """A click on a table message being answered (table_edits.py `answering`): its response
    carries the table's edit. The click's action hands it to `Session.run` (`answer=`), which
    gives it to the listener with the click's own outcome (`Outcome.answer`): the listener
    sends it before that outcome's posts; else it is sent when the click's handling ends.
    `answered`: None until tried, then whether the table was shown in the click's answer."""

    interaction: discord.Interaction
    session: Session
    table: int
    hand: Hand  # the hand the click acted in
    guard: SlowGuard | None = None  # acknowledges the click if it waits (click_update.py)
    answered: bool | None = None

    def decline(self) -> None:
        """Nothing was changed (an all-in to confirm first): the answer is the caller's own."""
        self.answered = False


@dataclass
class IdlePing:
    key: tuple[str, int]  # the decision: (hand id, number of the hand's events)
    due: float = 0.0  # the loop time it falls due (the table's wake-up: IdlePings._timers)
    posting: bool = False  # its post is made or being made (played out, never cancelled)
    message: tuple[int, int] | None = None  # (channel, message) of the ping, once sent
    player: str = ""  # the player it is for


@dataclass
class Runout:
    """A board being run out on a table message a street at a time (table_edits.py): the hand
    shown is `events[:frames[step]]` of `hand` until the last step."""

    hand: Hand  # the hand, over
    frames: list[int]  # bot.engine.runout.runout_frames of the hand
    step: int = 0
    task: asyncio.Task[None] | None = None
    shown: Hand | None = None  # the hand as of `step`, replayed once per step


@dataclass
class Places:
    """What the announcer remembers of one tournament (rebuilt from the store after a restart)."""

    # Where it plays, and its server's settings (the registry, threads.py)
    store_id: int
    channel_id: int
    guild_id: int | None = None
    name: str = ""  # the tournament's name, as the director knows it
    threads: dict[int, int] = field(default_factory=dict)  # table -> thread id
    use_threads: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # PlacesRegistry.holding
    loaded: bool = False
    four_colour: bool = True  # the server's deck colours (GuildSettings.four_colour_deck)
    idle_ping_seconds: float = DEFAULT_IDLE_PING  # 0: never ping
    # The table messages (table_edits.py)
    messages: dict[int, TableMessage] = field(default_factory=dict)  # table -> current hand msg
    dirty: set[int] = field(default_factory=set)
    editing: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    # table -> the click whose answer will edit its message: no edit of its own meanwhile
    answering: dict[int, ClickAnswer] = field(default_factory=dict)
    runouts: dict[int, Runout] = field(default_factory=dict)  # table -> run-out being shown
    proofs: set[str] = field(default_factory=set)  # hands whose proof is attached
    # Channel trouble (send.py)
    told: set[str] = field(default_factory=set)  # troubles already told to the director

    def location(self, table: int | None) -> int:
        """Where a table plays: its thread, else the tournament's channel."""
        if table is not None and table in self.threads:
            return self.threads[table]
        return self.channel_id


class PlacesRegistry:
    """Every tournament's `Places`, and what the announcer's parts share of a tournament: its
    lock (`holding`), its session (its players' names) and how its server draws cards."""

    def __init__(self, client: discord.Client, store: Store, *,
                 idle_ping_override: float | None = None,
                 art: Callable[[], CardArt] = lambda: TEXT_ART) -> None:
        self.client = client  # its global pacer (global_limit.py), read at each `holding`
        self.store = store
        # None: each server's own setting (GuildSettings.idle_ping_seconds); 0: never ping.
        self.idle_ping_override = idle_ping_override
        # The bot's card art: emojis once uploaded, text until then (or if refused).
        self.art = art
        self._known: dict[int, Places] = {}
        # A tournament's first showing loads its Places from the store (after a restart too),
        # once, even when two tasks ask at the same moment (`of`).
        self._loading: dict[int, asyncio.Lock] = {}
        self.sessions: dict[int, Session] = {}
        self._faces: dict[bool, tuple[CardArt, Faces]] = {}  # four-colour -> (art, its faces)

    def __getitem__(self, tid: int) -> Places:
        return self._known[tid]

    def __contains__(self, tid: object) -> bool:
        return tid in self._known

    def all(self) -> list[Places]:
        return list(self._known.values())

    @contextlib.asynccontextmanager
    async def holding(self, places: Places) -> AsyncIterator[None]:
        """The tournament's lock, held to send in order. Under Discord's global limit the
        holder's requests are the lock's, and a member's click or command that waits for the
        lock hurries them (global_limit.py): it would otherwise wait behind every other
        tournament's requests. The group is the lock, not `places`: a task spawned under it (an
        edit loop kept in `places.editing`) copies the group with its context, and `places`
        there would make a cycle that outlives the tournament under the collector's freezes."""
        pacer = getattr(self.client, "global_pacer", None)
        if pacer is not None and places.lock.locked() \
                and current_priority() is Priority.ANSWER:
            with pacer.hurry(places.lock):
                await places.lock.acquire()
        else:
            await places.lock.acquire()
        try:
            with on_behalf_of(places.lock):
                yield
        finally:
            places.lock.release()

    async def of(self, session: Session) -> Places:
        """The tournament's `Places`, loaded from the store the first time it is asked for."""
        tid = session.store_id
        self.sessions[tid] = session
        places = self._known.get(tid)
        if places is not None and places.loaded:
            return places
        # Two tasks may ask for a tournament not yet shown at the same moment (a click's answer
        # and a clock's edit right after a restart): one loads while the other waits, and both
        # get the same Places, whole; a second one would lose the first one's message ids and
        # lock.
        loading = self._loading.setdefault(tid, asyncio.Lock())
        async with loading:
            places = self._known.get(tid)
            if places is None:
                row = await self.store.tournament(tid)
                channel_id = row.channel_id if row is not None and row.channel_id else 0
                places = self._known[tid] = Places(
                    tid, channel_id, row.guild_id if row is not None else None,
                    safe_name(row.name) if row is not None else f"#{tid}")
            if not places.loaded:
                await self._load(session, places)
                places.loaded = True
        if self._loading.get(tid) is loading and not loading.locked():
            del self._loading[tid]
        return places

    async def _load(self, session: Session, places: Places) -> None:
        """What the store keeps of a tournament's places: its server's settings, its players'
        names, its tables' threads and each table's latest message."""
        tid = places.store_id
        await self.load_settings(places)
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

    def forget(self, tid: int) -> None:
        """A finished tournament the service no longer holds: nothing of it is kept here."""
        self.sessions.pop(tid, None)
        self._known.pop(tid, None)

    def session_of(self, places: Places) -> Session | None:
        return self.sessions.get(places.store_id)

    def names(self, places: Places) -> Mapping[str, str]:
        """The tournament's display names (kept on its session)."""
        session = self.sessions.get(places.store_id)
        return session.names if session is not None else {}

    def faces(self, places: Places) -> Faces:
        # Kept per palette while the bot's art is the same: picking a palette's emojis out of
        # the art is a dict built anew, and a table is drawn at every action.
        art = self.art()
        kept = self._faces.get(places.four_colour)
        if kept is None or kept[0] is not art:
            kept = self._faces[places.four_colour] = (art, art.for_server(places.four_colour).card)
        return kept[1]

    def card_faces(self, session: Session) -> Faces:
        """How this tournament's server draws cards (its deck colours, the bot's emojis, as read
        at the last deal): a player's private answers show his cards as his DM and the table
        do. Plain text before the announcer has shown this tournament (right after a restart):
        loading its places is the announcer's own work, under its order, not a button's."""
        places = self._known.get(session.store_id)
        return self.faces(places) if places is not None and places.loaded else text_face

    async def load_settings(self, places: Places) -> Callable[[str], bool]:
        """The server's card colours and idle ping, read again at every deal (a director may
        have changed them), and who has the hole-card DMs off: his own choice in this server,
        else the server's default (either may have changed since the last deal). One read."""
        if places.guild_id is None:
            return lambda player: False
        deal = await self.store.deal_settings(places.guild_id)
        settings = deal.settings
        places.four_colour = settings.four_colour_deck
        places.idle_ping_seconds = float(
            settings.idle_ping_seconds if self.idle_ping_override is None
            else self.idle_ping_override)

        def dm_off(player: str) -> bool:
            uid = member_id(player)
            return uid is not None and not deal.hole_card_dms(uid)

        return dm_off


def hand_by_id(session: Session, table: int, hand_id: str,
               shown: TableMessage | None = None) -> Hand | None:
    """The table's current or last hand, if it is `hand_id` (a table message shows one of
    them; an older hand is no longer kept); for a table broken since, the hand its message
    `shown` was posted with."""
    ts = session.tournament.tables.get(table)
    if ts is None:
        if shown is not None and shown.hand is not None and shown.hand.hand_id == hand_id:
            return shown.hand
        return None
    for hand in (ts.hand, ts.last_hand):
        if hand is not None and hand.hand_id == hand_id:
            return hand
    return None

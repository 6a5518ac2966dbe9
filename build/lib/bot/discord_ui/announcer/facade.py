"""The announcer: the tournament service's listener for online tournaments, which holds the parts
of this package and runs them in the order a player reads them.

Contract: `listener(session, outcome)` is called after every commit (never before: nothing
announced can be lost in a crash) and shows that one change, under the tournament's lock, so
two changes are never shown interleaved:
1. the click this change answers (`outcome.answer`, passed to `Session.run` by the click's
   action): its table, in the click's own response (table_edits.py `answer_click`);
2. the session's own notice (saving failed, saving works again);
3. the threads of the tables the change opened (threads.py);
4. the hands that went on: rulings worth a post, then the table message edited (table_edits.py);
5. the tournament's posts (presenter/announcements.py), each where it belongs (threads.py), and
   the table messages they change (deadlines, away marks, shows, the rabbit hunt, a downtime's
   pause moving every deadline);
6. each new hand: its table message posted, its hole cards sent by DM (dms.py), the post for
   those a DM did not reach; the tables dealt in one change side by side, each in its order;
7. the idle pings armed for the decisions now waiting (pings.py).

The parts, each built with what it uses (`__init__` below shows who is given whom): `places`
(state.py, the `PlacesRegistry`), `dms`, `sending` (send.py), `table_edits`, `threads`,
`pings`. The public API is this class's own methods: `listener`, `answering`, `recovered`,
`refresh`, `card_faces`, `channel_deleted`, `report_unrecoverable`, `forget`, `close`, and
`places` (every tournament's `Places`).

Discord constraint: every request here is one the player notices (a post, an edit, a DM); the
bench bench/discord_requests.py counts them per action and must not see more.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable

import discord

from bot.discord_ui.announcer import chance_counts
from bot.discord_ui.announcer.dms import DirectMessages
from bot.discord_ui.announcer.pings import IdlePings
from bot.discord_ui.announcer.send import Sending
from bot.discord_ui.announcer.state import ClickAnswer, Components, Places, PlacesRegistry
from bot.discord_ui.announcer.table_edits import TableEdits
from bot.discord_ui.announcer.threads import Threads
from bot.discord_ui.card_faces import TEXT_ART, CardArt
from bot.discord_ui.global_limit import Priority, priority, side_by_side
from bot.discord_ui.presenter.announcements import Announcements
from bot.discord_ui.presenter.cards import Faces
from bot.discord_ui.presenter.league import night_counts_text
from bot.discord_ui.presenter.money import money_in
from bot.discord_ui.presenter.notices import session_notice_text
from bot.discord_ui.tasks import Tasks
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.league.service import night_season
from bot.league.service.seasons import league_money
from bot.service import Outcome, Session
from bot.store import Store, TournamentRow
from bot.tournament import events as tev


class Announcer:
    def __init__(self, client: discord.Client, store: Store, *, clock: Callable[[], float],
                 components: Components,
                 idle_ping_seconds: float | None = None,
                 runout_pause: float = 0.0,
                 art: Callable[[], CardArt] = lambda: TEXT_ART) -> None:
        self.store = store
        # Every background task of the parts, cancelled at `close`.
        self.tasks = Tasks()
        self.places = PlacesRegistry(client, store, idle_ping_override=idle_ping_seconds,
                                     art=art)
        self.dms = DirectMessages(client, store, self.places)
        # A lost thread found while sending is the threads' to open again: they are built
        # after (they send), so the call goes through here.
        self.sending = Sending(client, store, self.places, self.dms, self.tasks,
                               thread_lost=lambda places, thread: self.threads.lost(places,
                                                                                    thread))
        self.table_edits = TableEdits(client, store, self.places, self.sending, self.tasks,
                                      clock=clock, components=components,
                                      runout_pause=runout_pause)
        self.threads = Threads(client, store, self.places, self.sending, self.table_edits,
                               self.tasks)
        self.pings = IdlePings(client, self.places, self.sending, self.tasks)

    # ------------------------------------------------------------------ the public API

    def answering(self, interaction: discord.Interaction, session: Session, table: int,
                  hand: Hand) -> contextlib.AbstractAsyncContextManager[ClickAnswer]:
        """A click on a table message, answered with the table (TableEdits.answering)."""
        return self.table_edits.answering(interaction, session, table, hand)

    def recovered(self, sessions: Iterable[Session]) -> None:
        self.table_edits.recovered(sessions)

    async def refresh(self, session: Session, table: int) -> None:
        await self.table_edits.refresh(session, table)

    def card_faces(self, session: Session) -> Faces:
        return self.places.card_faces(session)

    async def channel_deleted(self, channel_id: int) -> None:
        await self.sending.channel_deleted(channel_id)

    async def report_unrecoverable(self, row: TournamentRow, reason: str) -> None:
        await self.sending.report_unrecoverable(row, reason)

    def forget(self, tid: int) -> None:
        """A finished tournament the service no longer holds: nothing of it is kept."""
        self.places.forget(tid)
        self.dms.forget(tid)
        self.pings.forget(tid)

    async def close(self) -> None:
        self.pings.stop()
        await self.tasks.cancel_all()

    # ------------------------------------------------------------------ the listener

    async def listener(self, session: Session, outcome: Outcome) -> None:
        if self.tasks.closed:
            return
        places = await self.places.of(session)
        # Play waits for what the listener sends (hole cards, the new table, busts): under
        # Discord's global limit it goes before what only refreshes (global_limit.py).
        async with self.places.holding(places):
            with priority(Priority.GAME, raise_only=True):
                await self._present(session, places, outcome)

    async def _present(self, session: Session, places: Places, outcome: Outcome) -> None:
        # A click's own outcome: its answer (the table's edit) first, then the posts.
        shown = await self._answer_click_first(places, outcome)
        notice = session_notice_text(outcome.notice)
        if notice is not None:
            await self.sending.send(places, places.channel_id, notice)
        started = {h.hand_id for _, h in outcome.hands_started()}
        await self.threads.open_threads(session, places, outcome)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id not in started:
                await self.table_edits.hand_update(session, places, table, hand, evs,
                                                   answered=table in shown)
        await self._tournament_events(session, places, outcome.tournament_events, shown)
        # The tables dealt together (a multi-table start, the end of a break) side by side:
        # each posts to its own place (its thread) and DMs its own players, and one after
        # another 20 tables took 140 round trips under the tournament's lock.
        await side_by_side(self._deal(session, places, table, hand, evs)
                           for table, hand, evs in outcome.hand_events
                           if hand.hand_id in started)
        self.pings.arm(session, places)

    async def _answer_click_first(self, places: Places, outcome: Outcome) -> set[int]:
        """The click this outcome is the change of (`outcome.answer`, if any) answered with its
        table before anything is posted: a showdown's ruling or a bust post took a round trip
        each before it. The tables so shown."""
        click = outcome.answer
        if not isinstance(click, ClickAnswer):
            return set()
        for table, hand, evs in outcome.hand_events:
            if await self.table_edits.answer_click(click, places, table, hand, evs):
                return {table}
        return set()

    async def _deal(self, session: Session, places: Places, table: int, hand: Hand,
                    evs: list[Event]) -> None:
        await self._new_hand(session, places, table, hand)
        await self.table_edits.hand_update(session, places, table, hand, evs, fresh=True)

    async def _new_hand(self, session: Session, places: Places, table: int, hand: Hand) -> None:
        chance_counts.warm()  # before any all-in of the hand can ask it to count
        dm_off = await self.places.load_settings(places)
        await self.table_edits.post_table(session, places, table, hand)
        not_reached = await self.dms.deal_hole_cards(places, hand, dm_off)
        if not_reached is not None:
            await self.sending.send(places, places.location(table), not_reached)

    async def _tournament_events(self, session: Session, places: Places,
                                 events: list[Event], shown: set[int]) -> None:
        """Post what `events` say, and edit the tables they change, but those in `shown`: the
        click's answer drew them after the change."""
        if not events:
            return
        t = session.tournament

        def table_of(player: str) -> tuple[int, ...]:
            p = t.players.get(player)
            return (p.table,) if p is not None and p.table is not None else ()

        season, money = "", money_in(None, 0)
        if any(isinstance(e, tev.Finished) for e in events):
            season = night_counts_text(await night_season(self.store, session.store_id),
                                       finished=True)
            row = await self.store.tournament(session.store_id)
            if row is not None:  # the results name prizes in the league's currency
                money = money_in(*await league_money(self.store, row.league_id))
        writer = Announcements(self.places.names(places), self.places.faces(places),
                               clock_seconds=t.profile.clock_seconds, results=t.results,
                               table_of=table_of, season=season, money=money,
                               rebuy_until=t.rebuy_until, structure=t.structure)
        for post in writer.posts(events):
            for where in self.threads.post_locations(places, session, post):
                await self.sending.send_long(places, where, post.text, "announcement.txt")
        for e in events:
            table = getattr(e, "table", None)
            # The table message shows deadlines, away marks, shows and the rabbit hunt.
            if isinstance(table, int) and table in places.messages:
                if table not in shown:
                    self.table_edits.mark_dirty(session, places, table)
            elif isinstance(e, tev.OfflinePause):  # every deadline moved
                for other in list(places.messages):
                    if other not in shown:
                        self.table_edits.mark_dirty(session, places, other)

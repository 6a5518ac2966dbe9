"""The idle ping: a nudge for the player to act who has not acted for a while.

Contract: after every change `arm` looks at each table's decision (the hand and the
number of its events). A member to act who is not marked away, in a running tournament that is
not paused, gets one short new message after `idle_ping_seconds` (the server's setting, read at
every deal; 0: never), at his table, mentioning him alone. When the decision changes (he acted,
timed out, the hand ended, the table broke) a ping not yet due is dropped, one being posted is
played out, and a ping sent is never deleted: it is edited once to say what happened ("ann
acted at table 1: called 200.", presenter/notices.py `ping_answered_text`), without the
mention. So the notification on
his phone always opens a message that exists and is true (a deleted ping leaves a "ghost"
notification). A player who acts promptly costs no request at all; a ping costs two (the post
and its edit), as many as the post and the deletion did; a guest (no Discord account) is never
pinged.

The wait is a loop timer, one per table, and the task that posts the ping is made only when it
falls due: most players act first, and a task cancelled at every decision (its coroutine, frame
and CancelledError with its traceback, all in reference cycles) was a third of the garbage the
collector had to find at a league night's peak (bench/night.py). The timer is not replaced at
each decision either: the next player's ping falls due later than the last one's, so the armed
timer stays and, when it fires early, arms itself again for the ping now waiting. A timer
cancelled at every action left its handle and context for the collector's young passes, the
largest share of them at a thousand tables.

Discord constraint (Discord's API documentation): a mention notifies only in a new message (a
mention added by editing notifies nobody, and an edit notifies nobody again), and
`AllowedMentions` decides who is pinged: the ping allows exactly one user (`replies.ping_only`),
its edit and every other post none.
"""

from __future__ import annotations

import asyncio
import contextlib

import discord

from bot.discord_ui.announcer.send import Sending
from bot.discord_ui.announcer.state import IdlePing, Places, PlacesRegistry, hand_by_id
from bot.discord_ui.global_limit import Priority, priority
from bot.discord_ui.presenter.limits import display_name
from bot.discord_ui.presenter.notices import idle_ping_text, ping_answered_text
from bot.discord_ui.replies import NO_PINGS, ping_only
from bot.discord_ui.tasks import Tasks
from bot.service import Session
from bot.tournament.players import is_member, member_id

# A wake-up this close to the ping's moment posts it (the loop runs a timer up to its clock's
# resolution early; arming again for the same moment could spin under a virtual clock).
WAKE_SLACK = 0.001


class IdlePings:
    def __init__(self, client: discord.Client, places: PlacesRegistry, sending: Sending,
                 tasks: Tasks) -> None:
        self.client = client
        self.places = places
        self.sending = sending
        self.tasks = tasks
        # tournament -> table -> its ping, and the table's one loop timer (for its ping's
        # moment or earlier)
        self._pings: dict[int, dict[int, IdlePing]] = {}
        self._timers: dict[int, dict[int, asyncio.TimerHandle]] = {}

    def arm(self, session: Session, places: Places) -> None:
        """The pings of the decisions now waiting at the tournament's tables, after a change."""
        t = session.tournament
        pings = self._pings.setdefault(places.store_id, {})
        timers = self._timers.setdefault(places.store_id, {})
        for table, ts in t.tables.items():
            hand = ts.hand
            key: tuple[str, int] | None = None
            if hand is not None and not hand.is_over and hand.to_act is not None \
                    and not t.paused and t.status == "running":
                player = hand.players[hand.to_act].player
                state = t.players.get(player)
                if is_member(player) and (state is None or not state.away):
                    key = (hand.hand_id, len(hand.events))
            ping = pings.get(table)
            if ping is not None and ping.key == key:
                continue
            if ping is not None:
                self._end_ping(session, places, table, ping)
            if key is not None and hand is not None and hand.to_act is not None \
                    and places.idle_ping_seconds > 0:
                player = hand.players[hand.to_act].player
                loop = asyncio.get_running_loop()
                new = IdlePing(key, due=loop.time() + places.idle_ping_seconds, player=player)
                pings[table] = new
                timer = timers.get(table)
                if timer is None or timer.when() > new.due:
                    if timer is not None:
                        timer.cancel()
                    timers[table] = loop.call_at(new.due, self._ping_wake, session, places,
                                                 table)
        for table in [tb for tb in pings if tb not in t.tables]:
            self._end_ping(session, places, table, pings[table])
        for table in [tb for tb in timers if tb not in t.tables]:
            timers.pop(table).cancel()

    def stop(self) -> None:
        """On closing: no ping falls due any more (the timers are the loop's, not tasks)."""
        for tid in list(self._timers):
            self.forget(tid)

    def forget(self, tid: int) -> None:
        """A tournament no longer shown (finished, or the bot closing): nothing of its pings is
        kept, and its timers are cancelled."""
        self._pings.pop(tid, None)
        for timer in self._timers.pop(tid, {}).values():
            timer.cancel()  # drops its arguments: no cycle back to the places is left

    def _end_ping(self, session: Session, places: Places, table: int, ping: IdlePing) -> None:
        self._pings.get(places.store_id, {}).pop(table, None)
        # A ping still being posted is played out, not cancelled: Discord may have the message,
        # its answer on the way, and a cancelled post left it saying "your turn" for good (and
        # the cancelled task's cycle, kept by the collector's freezes). Played out, it sees
        # that it is no longer the table's ping and edits itself to say so (`_send_ping`).
        if ping.message is not None:
            channel_id, message_id = ping.message
            text = self._answered_text(session, places, table, ping)
            self.tasks.spawn(self._edit_ping(channel_id, message_id, text))

    def _answered_text(self, session: Session, places: Places, table: int,
                       ping: IdlePing) -> str:
        """What happened to the turn the ping was for, from the hand's events since."""
        hand_id, count = ping.key
        hand = hand_by_id(session, table, hand_id)
        seat = hand.seat_of(ping.player) if hand is not None else None
        if hand is None or seat is None:
            name = display_name(self.places.names(places), ping.player, 0)
            return ping_answered_text(name, table, -1, ())
        name = display_name(self.places.names(places), ping.player, seat)
        return ping_answered_text(name, table, seat, hand.events[count:])

    async def _edit_ping(self, channel_id: int, message_id: int, text: str) -> None:
        """One edit; a ping already gone (or any refusal) is let be: nothing is retried."""
        partial = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        with contextlib.suppress(discord.HTTPException), priority(Priority.BACKGROUND):
            await partial.edit(content=text, allowed_mentions=NO_PINGS)

    def _ping_wake(self, session: Session, places: Places, table: int) -> None:
        """The table's timer fired: post the waiting ping if it is due, else wait for it (the
        decision it was armed for is over, and the next player's ping falls due later)."""
        timers = self._timers.get(places.store_id)
        if timers is not None:
            timers.pop(table, None)
        ping = self._pings.get(places.store_id, {}).get(table)
        if self.tasks.closed or timers is None or ping is None or ping.posting:
            return
        loop = asyncio.get_running_loop()
        if ping.due - loop.time() > WAKE_SLACK:
            timers[table] = loop.call_at(ping.due, self._ping_wake, session, places, table)
            return
        ping.posting = True
        self.tasks.spawn(self._send_ping(session, places, table, ping))

    async def _send_ping(self, session: Session, places: Places, table: int,
                         ping: IdlePing) -> None:
        uid = member_id(ping.player)  # a ping is only ever set for a member
        if uid is None:
            return
        where = places.location(table)
        msg = await self.sending.send(places, where, idle_ping_text(uid, table),
                                      mentions=ping_only(uid))
        if msg is None:
            return
        if self._pings.get(places.store_id, {}).get(table) is ping:
            ping.message = (where, msg.id)
        else:  # he acted while the ping was being sent: it says so at once
            await self._edit_ping(where, msg.id, self._answered_text(session, places, table,
                                                                     ping))

"""The idle ping: a nudge for the player to act who has not acted for a while.

Contract: after every change `_arm_pings` looks at each table's decision (the hand and the
number of its events). A member to act who is not marked away, in a running tournament that is
not paused, gets one short new message after `idle_ping_seconds` (the server's setting, read at
every deal; 0: never), at his table, mentioning him alone. When the decision changes (he acted,
timed out, the hand ended, the table broke) the waiting ping is cancelled, and a ping already
sent is deleted. A player who acts promptly costs no request at all; a guest (no Discord
account) is never pinged.

Discord constraint (../shared/design/discord.md): a mention notifies only in a new message (a
mention added by editing the table message notifies nobody), and `AllowedMentions` decides who
is pinged: the ping allows exactly one user (`replies.ping_only`), every other post none.
"""

from __future__ import annotations

import asyncio

from bot.discord_ui.announcer.send import Sending
from bot.discord_ui.announcer.state import IdlePing, Places
from bot.discord_ui.presenter.notices import idle_ping_text
from bot.discord_ui.replies import ping_only
from bot.service import Session


class IdlePings(Sending):
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
                new.task = self.tasks.spawn(self._ping_later(places, table, new, player))
                places.pings[table] = new
        for table in [tb for tb in places.pings if tb not in t.tables]:
            self._end_ping(places, table, places.pings[table])

    def _end_ping(self, places: Places, table: int, ping: IdlePing) -> None:
        places.pings.pop(table, None)
        if ping.task is not None and not ping.task.done():
            ping.task.cancel()
        if ping.message is not None:
            channel_id, message_id = ping.message
            self.tasks.spawn(self._delete(channel_id, message_id))

    async def _ping_later(self, places: Places, table: int, ping: IdlePing,
                          player: str) -> None:
        await asyncio.sleep(places.idle_ping_seconds)
        if self.closed or places.pings.get(table) is not ping:
            return
        where = places.location(table)
        msg = await self.send(places, where, idle_ping_text(int(player), table),
                              mentions=ping_only(int(player)))
        if msg is None:
            return
        if places.pings.get(table) is ping:
            ping.message = (where, msg.id)
        else:  # he acted while the ping was being sent
            await self._delete(where, msg.id)

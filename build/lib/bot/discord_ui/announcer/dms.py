"""Direct messages: each player's hole cards at every deal, and the DM that tells a director of
trouble (send.py).

Contract: `DirectMessages.send(places, player, text)` sends one DM and says why it did not:
None when sent, "refused_now" when the player refused it just now (his DMs are closed, 50007),
"refused" when it is not tried (he refused earlier in this tournament, or is a guest with no
Discord account) or Discord forbade it for another reason, "failed" for any other failure (this
time only). `deal_hole_cards(places, hand, dm_off)` DMs each seated player his own two cards, to
him alone, and returns the one channel post that tells those whose DM did not arrive to use
`/cards` or the table's **My cards** button (None when every DM arrived). A deal's DMs are sent
side by side (each to a channel of its own), and the function returns once all have ended.

Discord constraint (Discord's API documentation): a DM may be refused (`discord.Forbidden`,
code 50007) and there is no way to ask in advance; a refused DM is never retried in a loop,
as invalid requests get the bot banned. So a refusal is remembered (`_refused`, by tournament)
for the rest of the tournament and never tried again; a restarted bot tries once more at its next
deal. Any other failure is told for that hand only: the next deal tries again. A player's DM
channel is opened once and kept (`create_dm` is a request of its own, under the global limit),
in memory (this part's own `_channels`) and in the store, so that a restarted bot does not
open every player's again.

A player may turn the hole-card DMs off (`/cards dm:False`, kept per server in the store), and
a server may set the default for players who have not chosen (`/td settings card_dms:`); the DM
stays the default. Both are read at every deal, with the server's other settings
(`PlacesRegistry.load_settings`, one read). A player with DMs off is sent
nothing and named in no post: his cards reach him only as his private **My cards** answer.

Privacy: the cards go to their owner only; the channel post names players, never cards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.discord_ui.announcer.state import Places, PlacesRegistry
from bot.discord_ui.global_limit import side_by_side
from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter.limits import player_name
from bot.discord_ui.presenter.notices import UNKNOWN_PLAYER, dm_failed_text
from bot.discord_ui.presenter.texts import hole_cards_text
from bot.discord_ui.replies import NO_PINGS
from bot.engine.hand import Hand
from bot.store import Store, StoreError
from bot.tournament.players import member_id

log = logging.getLogger(__name__)

DM_REFUSED = 50007


class DirectMessages:
    def __init__(self, client: discord.Client, store: Store, places: PlacesRegistry) -> None:
        self.client = client
        self.store = store
        self.places = places  # the tournaments' card faces and names
        # player -> his DM channel: opened by Discord, or known from the store
        self._channels: dict[int, discord.abc.Messageable] = {}
        # tournament -> the players who refused its DMs: not tried again in that tournament
        self._refused: dict[int, set[str]] = {}

    def forget(self, tid: int) -> None:
        """A finished tournament: its refusals are not kept."""
        self._refused.pop(tid, None)

    async def send(self, places: Places, player: str, text: str) -> str | None:
        """Send a DM; None when sent, else why not ("refused" is for the rest of the
        tournament, "failed" only for this time)."""
        uid = member_id(player)
        refused = self._refused.setdefault(places.store_id, set())
        if player in refused or uid is None:
            return "refused"
        try:
            channel = self._channels.get(uid)
            if channel is None:
                channel = await self._dm_channel(uid)
            try:
                await channel.send(text, allowed_mentions=NO_PINGS, nonce=nonce())
            except discord.NotFound:
                # A channel kept from before is gone: Discord opens it again, once.
                self._channels.pop(uid, None)
                channel = await self._open_dm(uid)
                await channel.send(text, allowed_mentions=NO_PINGS, nonce=nonce())
            return None
        except discord.Forbidden as exc:
            refused.add(player)
            return "refused_now" if exc.code == DM_REFUSED else "refused"
        except discord.HTTPException as exc:
            log.warning("DM to a player failed (HTTP %s)", exc.status)
            return "failed"

    async def _dm_channel(self, uid: int) -> discord.abc.Messageable:
        """His DM channel: known from the store (opened before a restart: no request), or
        opened by Discord now and kept."""
        known = await self.store.dm_channel(uid)
        if known is None:
            return await self._open_dm(uid)
        channel = self.client.get_partial_messageable(known, type=discord.ChannelType.private)
        self._channels[uid] = channel
        return channel

    async def _open_dm(self, uid: int) -> discord.abc.Messageable:
        channel = await self.client.create_dm(discord.Object(uid))
        self._channels[uid] = channel
        try:
            await self.store.commit(lambda tx: tx.put_dm_channel(uid, channel.id))
        except StoreError:
            # Kept in memory all the same; only a restart would open it again.
            log.warning("could not keep a player's DM channel in the store")
        return channel

    async def deal_hole_cards(self, places: Places, hand: Hand,
                               dm_off: Callable[[str], bool]) -> str | None:
        """Every seated player's cards by DM, but to those with `dm_off`; the channel post for
        those they did not reach."""
        faces = self.places.faces(places)
        refused_now: list[str] = []
        failed: list[str] = []
        to = [(seat, p.player) for seat, p in sorted(hand.players.items()) if not dm_off(p.player)]
        # Side by side: each DM is a request (two the first time) to a channel of its own, and
        # one after another a deal's DMs took a round trip each under the tournament's lock.
        whys = await side_by_side(self.send(places, player, hole_cards_text(hand, seat, faces))
                                  for seat, player in to)
        for (_, player), why in zip(to, whys, strict=True):
            if why == "refused_now":
                refused_now.append(player)
            elif why == "failed":
                failed.append(player)
        if not (refused_now or failed):
            return None
        names = [self._name(places, p) for p in refused_now + failed]
        return dm_failed_text(names, never_again=not failed)

    def _name(self, places: Places, player: str) -> str:
        return player_name(self.places.names(places), player, UNKNOWN_PLAYER)

"""The table message: one message per hand at each table, edited as the hand goes, and the click
that is answered with it.

Contract:
- `_post_table` posts a hand's table message (the presenter's embed and the table's buttons) and
  stores its ids (`tx.put_message` "hand:<hand id>", `tx.put_table`), so a restarted bot edits
  the same message. A post that failed is made again at the table's next change.
- `mark_dirty(session, places, table)` asks for the table message to show the table as it is
  now. Edits are coalesced per table: one edit task renders the *latest* state; a change while
  an edit is in flight marks the table dirty again and the task edits once more, so all the
  changes made during one edit are shown by one more edit, not one edit each. A message
  deleted by a moderator is posted again as it stands; a deleted thread is channel trouble
  (send.py).
- a button click on the table message is answered by editing that message in the click's own
  response (`answering`, then `answer_with_table`): one request, not a defer, a follow-up and
  an edit. While a click is being handled its table is not edited separately; what the answer
  did not carry is edited as usual afterwards.
- at the hand's end the deck proof is attached to the table message, once (no post of its own).
- during a hand nothing else is posted at the table but rulings a player could dispute
  (`_hand_update`).

Discord constraint (../shared/design/discord.md): an interaction is answered once, within 3
seconds (a second response is error 40060), so the click's answer is tried only while its
response is not done, and any failure falls back to the ordinary edit; edits of a message
older than an hour are capped (30046), which is why each hand gets a new message; a mention
added by an edit notifies nobody (the idle ping is a message of its own, pings.py).

Privacy: nothing here reads `PlayerState.hole`; the presenter shows only cards a Shown event
made public.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import discord

from bot.discord_ui.announcer.send import UNKNOWN_CHANNEL, Sending
from bot.discord_ui.announcer.state import Places, TableMessage, hand_by_id
from bot.discord_ui.presenter.announcements import after_hand_lines
from bot.discord_ui.presenter.clock import clock_view
from bot.discord_ui.presenter.rulings import ruling_text, seat_names, worth_a_post
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.discord_ui.presenter.texts import deck_proof_filename, deck_proof_json
from bot.discord_ui.replies import NO_PINGS
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, Ruling
from bot.service import Session
from bot.store import Transaction

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableRender:
    embed: discord.Embed
    view: discord.ui.View
    proof: discord.File | None  # the deck proof, attached once when the hand has ended


def table_deadline(session: Session, table: int, now: float) -> float | None:
    """The one deadline of the player to act at this table (the clock's, once it is called):
    the director's own, which the clock post reads too."""
    turn = session.tournament.turn_deadline(table, now)
    return turn.at if turn is not None else None


class TableEdits(Sending):
    # ------------------------------------------------------------------ drawing and posting

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

    async def _post_table(self, session: Session, places: Places, table: int,
                          hand: Hand) -> None:
        where = places.location(table)
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
        where = places.location(table)
        by_seat = seat_names(hand, self._names(places))
        for e in evs:
            if isinstance(e, Ruling) and worth_a_post(e):
                await self.send(places, where, ruling_text(e, by_seat))
        ended = any(isinstance(e, HandEnded) for e in evs)
        if not fresh or ended:  # a message just posted already shows the latest state
            self.mark_dirty(session, places, table)

    # ------------------------------------------------------------------ coalesced edits

    def mark_dirty(self, session: Session, places: Places, table: int) -> None:
        places.dirty.add(table)
        task = places.editing.get(table)
        if (task is None or task.done()) and table not in places.answering:
            places.editing[table] = self.tasks.spawn(self._edit_loop(session, places, table))

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
        hand = hand_by_id(session, table, msg.hand_id)
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

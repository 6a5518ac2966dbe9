"""The table message: one message per hand at each table, edited as the hand goes, and the click
that is answered with it.

Contract:
- `post_table` posts a hand's table message (the presenter's embed and the table's buttons) and
  stores its ids (`tx.put_message` "hand:<hand id>", `tx.put_table`), so a restarted bot edits
  the same message. A post that failed is made again at the table's next change.
- `mark_dirty(session, places, table)` asks for the table message to show the table as it is
  now. Edits are coalesced per table: one edit task renders the *latest* state; a change while
  an edit is in flight marks the table dirty again and the task edits once more, so all the
  changes made during one edit are shown by one more edit, not one edit each. A message
  deleted by a moderator is posted again as it stands; a deleted thread is channel trouble
  (send.py).
- a button click on the table message is answered by editing that message in the click's own
  response (`answering`, `answer_with_table`): one request, not a defer, a follow-up and an
  edit. The click's action passes its `ClickAnswer` to `Session.run` (`answer=`), which hands
  it to the listener with the click's own outcome (`Outcome.answer`); the listener sends it as
  soon as that outcome is committed, before its posts (`answer_click`); a click that waits
  past 2 s is acknowledged first and answered through its webhook (click_update.py). While a
  click is being handled its table is not edited separately; what the answer did not carry is
  edited as usual afterwards.
- at the hand's end the deck proof is attached to the table message, once (no post of its own).
- a board run out after an all-in (the hand over and committed at once) is shown a street at a
  time, `runout_pause` seconds apart (the bot's setting, LeagueBot.runout_pause): the table
  message shows the hand as it was before each street (hands face up, each pot's chances),
  then the whole hand with its proof. Only the showing waits; a new hand at the table shows
  the whole of the last one first; after a restart `recovered` shows it whole (nothing of a
  run-out is kept).
- during a hand nothing else is posted at the table but rulings a player could dispute
  (`hand_update`).

Cost on the event loop (bench/night.py, a league network's peak): the chances to win a face-up
hand shows (a pre-flop all-in: 10-30 ms of counting) are counted in a worker process before
the table is drawn (`_count_chances`, chance_counts.py), so drawing finds them counted; a click
that turns the hands face up is not kept waiting for them: it is answered with the table
without its chances, which follow in an edit once counted (`_show_chances`); and the
buttons are drawn straight as component rows (buttons.py `DrawnButtons`), no View of items to
build and collect.

Discord constraint (Discord's API documentation): an interaction is answered once, within 3
seconds (a second response is error 40060), so the click's answer is tried once, only while
its response is not done (or deferred), and any failure falls back to the ordinary edit;
edits of a message older than an hour are capped (30046), which is why each hand gets a new
message; a mention added by an edit notifies nobody (the idle ping is a message of its own,
pings.py).

Privacy: nothing here reads `PlayerState.hole`; the presenter shows only cards a Shown event
made public.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass

import discord

from bot.discord_ui.announcer.chance_counts import count_ahead
from bot.discord_ui.announcer.send import UNKNOWN_CHANNEL, Sending
from bot.discord_ui.announcer.state import (
    ClickAnswer,
    Components,
    Places,
    PlacesRegistry,
    Runout,
    TableMessage,
    hand_by_id,
)
from bot.discord_ui.click_update import acknowledged_if_slow, deferred, edit_table, update_message
from bot.discord_ui.files import MemoryFile
from bot.discord_ui.global_limit import Priority, priority
from bot.discord_ui.presenter.announcements import after_hand_lines
from bot.discord_ui.presenter.clock import clock_view
from bot.discord_ui.presenter.hands import shows_chances
from bot.discord_ui.presenter.rulings import ruling_text, seat_names, worth_a_post
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.discord_ui.presenter.texts import deck_proof_filename, deck_proof_json
from bot.discord_ui.replies import NO_PINGS
from bot.discord_ui.tasks import Tasks
from bot.engine.chances import all_kept
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, Ruling
from bot.engine.runout import runout_frames, runout_streets
from bot.service import Session
from bot.store import SqlTransaction, Store

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


def _chances_counted(hand: Hand) -> bool:
    """Whether the table of `hand` can be drawn without counting: it shows no chances to win,
    or every one is kept in this process already."""
    return not shows_chances(hand) or all_kept(hand)


class TableEdits:
    def __init__(self, client: discord.Client, store: Store, places: PlacesRegistry,
                 sending: Sending, tasks: Tasks, *, clock: Callable[[], float],
                 components: Components, runout_pause: float = 0.0) -> None:
        self.client = client
        self.store = store
        self.places = places
        self.sending = sending
        self.tasks = tasks
        self.clock = clock
        self.components = components
        # Seconds between the streets of a board run out after an all-in (0: shown at once).
        self.runout_pause = runout_pause

    # ------------------------------------------------------------------ drawing and posting

    def render_table(self, session: Session, places: Places, table: int,
                     hand: Hand, *, chances: bool = True) -> TableRender:
        """The table message showing `hand`; `chances` False: without its chances to win
        (not counted yet), counting nothing."""
        t = session.tournament
        now = self.clock()
        live = t.tables.get(table)
        deadline = bank = None
        if live is not None and live.hand is hand:
            deadline = table_deadline(session, table, now)
            bank = t.turn_bank(table)
        away = [s for s, p in hand.players.items()
                if p.player in t.players and t.players[p.player].away]
        faces = self.places.faces(places)
        names = self.places.names(places)
        shown = self._runout_step(places, table, hand)  # `hand`, or a step of its run-out
        scene = TableScene(
            names=names, table=table, deadline=deadline, away=away,
            clock=clock_view(t, now) if t.status == "running" else None, faces=faces,
            after_hand=after_hand_lines(t.events, hand.hand_id, names, faces)
            if shown.is_over else (), bank=bank, chances=chances)
        proof = None
        if shown.is_over and hand.hand_id not in places.proofs:
            text = deck_proof_json(hand)
            if text is not None:
                proof = MemoryFile(text.encode(), deck_proof_filename(hand))
        # The buttons are the hand's as it is (over: My cards, Show my cards).
        return TableRender(table_embed(shown, scene), self.components(session, table, hand),
                           proof)

    async def _count_chances(self, hand: Hand | None) -> None:
        """The chances to win the table of `hand` shows, counted in a worker process (kept
        here afterwards: render_table then finds them), so neither the loop nor the GIL is
        held while they are (chance_counts.py). The worker gets a copy of the hand's events,
        never the hand the loop goes on changing."""
        if hand is not None and not _chances_counted(hand):
            try:
                await count_ahead(hand.events)
            except Exception:
                # Only a head start: drawing counts what it needs itself, so no edit is lost.
                log.warning("chances of hand %s not counted ahead", hand.hand_id,
                            exc_info=True)

    async def _show_chances(self, session: Session, places: Places, table: int,
                            hand: Hand) -> None:
        """Count the chances of `hand` (the click was answered without them), then edit its
        table message to show them, if it still shows that hand."""
        await self._count_chances(hand)
        msg = places.messages.get(table)
        if msg is not None and msg.hand_id == hand.hand_id:
            self.mark_dirty(session, places, table)

    # ------------------------------------------------------------------ a paced run-out

    def recovered(self, sessions: Iterable[Session]) -> None:
        """After a restart: a hand dealt as the bot stopped, before its table message was
        posted, gets it now (else its player to act could not act before his clock ran out);
        a table message that may have stopped in the middle of a run-out (nothing of one is
        kept) is shown whole, once."""
        for session in sessions:
            if not session.tournament.live and not self.tasks.closed:
                self.tasks.spawn(self._after_restart(session))

    async def _after_restart(self, session: Session) -> None:
        places = await self.places.of(session)
        # The tables players wait for to act: the game's own messages (global_limit.py).
        async with self.places.holding(places):
            with priority(Priority.GAME, raise_only=True):
                await self._bring_back(session, places)

    async def _bring_back(self, session: Session, places: Places) -> None:
        """Post the table of a hand dealt without one; show whole a run-out cut short."""
        for table, state in list(session.tournament.tables.items()):
            msg = places.messages.get(table)
            dealt = state.hand
            if dealt is not None and (msg is None or msg.hand_id != dealt.hand_id):
                log.info("table %s of tournament %s: hand %s had no table message; "
                         "posting it", table, session.store_id, dealt.hand_id)
                await self.post_table(session, places, table, dealt)
        for table, msg in list(places.messages.items()):
            ts = session.tournament.tables.get(table)
            last = ts.last_hand if ts is not None and ts.hand is None else None
            if last is not None and last.hand_id == msg.hand_id \
                    and runout_streets(last.events):
                await self._show_whole(session, places, table, last)

    def _start_runout(self, session: Session, places: Places, table: int, hand: Hand,
                      new: int) -> None:
        """The hand just ended (`new` of its events are new) with a board run out after an
        all-in in this change: show it a street at a time. Nothing waits but the showing."""
        if self.runout_pause <= 0:
            return
        frames = runout_frames(hand.events)
        if not frames or frames[0] < len(hand.events) - new:
            return  # no run-out, or one shown before (a restart shows the hand whole)
        shown = places.runouts.get(table)
        if shown is not None and shown.hand.hand_id == hand.hand_id:
            return  # started already, for the click's answer (answer_click)
        self._end_runout(places, table)
        runout = places.runouts[table] = Runout(hand, frames)
        runout.task = self.tasks.spawn(self._pace_runout(session, places, table, runout))

    async def _pace_runout(self, session: Session, places: Places, table: int,
                           runout: Runout) -> None:
        for step in range(1, len(runout.frames)):
            await asyncio.sleep(self.runout_pause)
            if self.tasks.closed or places.runouts.get(table) is not runout:
                return
            runout.step, runout.shown = step, None
            if step == len(runout.frames) - 1:
                places.runouts.pop(table, None)  # the last step is the hand itself
            self.mark_dirty(session, places, table)

    def _end_runout(self, places: Places, table: int) -> bool:
        """Stop showing a run-out at this table (the hand is then shown whole); True if one
        was being shown."""
        runout = places.runouts.pop(table, None)
        if runout is None:
            return False
        if runout.task is not None and not runout.task.done():
            runout.task.cancel()
        return True

    async def _show_whole(self, session: Session, places: Places, table: int,
                          hand: Hand) -> None:
        """One edit of the table message of `hand` (no longer the table's) to show it whole; a
        failure is let be (the hand is over: nothing of the game depends on it)."""
        await self._count_chances(hand)
        msg = places.messages.get(table)
        if msg is None or msg.hand_id != hand.hand_id:
            return
        render = self.render_table(session, places, table, hand)
        partial = self.client.get_partial_messageable(msg.channel_id).get_partial_message(
            msg.message_id)
        with contextlib.suppress(discord.HTTPException):
            await self._edit_with(partial, render, places, hand)

    async def _edit_with(self, partial: discord.PartialMessage, render: TableRender,
                         places: Places, hand: Hand) -> None:
        """Edit the table message to show `render` (its proof attached, once)."""
        if render.proof is not None:
            await partial.edit(content=None, embed=render.embed, view=render.view,
                               attachments=[render.proof], allowed_mentions=NO_PINGS)
            places.proofs.add(hand.hand_id)
        else:
            await partial.edit(content=None, embed=render.embed, view=render.view,
                               allowed_mentions=NO_PINGS)

    def _runout_step(self, places: Places, table: int, hand: Hand) -> Hand:
        runout = places.runouts.get(table)
        if runout is None or runout.hand.hand_id != hand.hand_id \
                or runout.step >= len(runout.frames) - 1:
            return hand
        if runout.shown is None:
            runout.shown = Hand.replay(hand.events[:runout.frames[runout.step]])
        return runout.shown

    async def post_table(self, session: Session, places: Places, table: int,
                         hand: Hand) -> None:
        runout = places.runouts.get(table)
        if runout is not None and runout.hand.hand_id != hand.hand_id:
            # The next hand came before the run-out was all shown: the last hand whole first.
            self._end_runout(places, table)
            await self._show_whole(session, places, table, runout.hand)
        await self._count_chances(hand)
        where = places.location(table)
        render = self.render_table(session, places, table, hand)
        msg = await self.sending.send(places, where, embed=render.embed, view=render.view,
                                      file=render.proof)
        if msg is None:
            places.messages.pop(table, None)  # posted again at the next change
            return
        if render.proof is not None:
            places.proofs.add(hand.hand_id)
        places.messages[table] = TableMessage(hand.hand_id, where, msg.id, hand)
        store_id = places.store_id

        def remember(tx: SqlTransaction) -> None:
            tx.put_message(store_id, f"hand:{hand.hand_id}", where, msg.id)
            tx.put_table(store_id, table, message_id=msg.id)

        # One hop, committed with the game's changes: a transaction of its own would keep
        # them all waiting while its hops wait for a busy loop (bench/NIGHT.md, fifteenth part).
        await self.store.commit(remember)

    async def hand_update(self, session: Session, places: Places, table: int, hand: Hand,
                          evs: list[Event], fresh: bool = False, answered: bool = False
                          ) -> None:
        """Post the rulings of `evs` and edit the table to show them, unless the message was
        just posted (`fresh`) or a click's answer drew it after them (`answered`). Only this
        change's own edit is left out that way: an edit another task asks for meanwhile (its
        chances counted, a run-out's next street, a clock) still follows."""
        where = places.location(table)
        by_seat = seat_names(hand, self.places.names(places))
        for e in evs:
            if isinstance(e, Ruling) and worth_a_post(e):
                await self.sending.send(places, where, ruling_text(e, by_seat))
        ended = any(isinstance(e, HandEnded) for e in evs)
        if ended and not fresh:
            self._start_runout(session, places, table, hand, len(evs))
        if (not fresh or ended) and not answered:  # a message just posted shows the latest
            self.mark_dirty(session, places, table)

    # ------------------------------------------------------------------ coalesced edits

    def mark_dirty(self, session: Session, places: Places, table: int) -> None:
        places.dirty.add(table)
        task = places.editing.get(table)
        if (task is None or task.done()) and table not in places.answering:
            places.editing[table] = self.tasks.spawn(self._edit_loop(session, places, table))

    async def _edit_loop(self, session: Session, places: Places, table: int) -> None:
        # An edit only brings the message up to date, and the next one shows the latest state:
        # under Discord's global limit it waits for the game's own messages (global_limit.py).
        with priority(Priority.BACKGROUND):
            while table in places.dirty and table not in places.answering \
                    and not self.tasks.closed:
                places.dirty.discard(table)
                await self._edit_table(session, places, table)

    async def _edit_table(self, session: Session, places: Places, table: int) -> None:
        msg = places.messages.get(table)
        if msg is not None:
            await self._count_chances(hand_by_id(session, table, msg.hand_id, msg))
            msg = places.messages.get(table)
        ts = session.tournament.tables.get(table)
        current = ts.hand or ts.last_hand if ts is not None else None
        if msg is None:
            # The post failed or the message was lost: post the table again. Asked again under
            # the lock: a deal's post may have been in flight (the listener holds the lock
            # while it posts), and a second message for one hand would leave the first one's
            # buttons to be clicked on a message the bot no longer edits.
            if current is not None:
                async with self.places.holding(places):
                    if places.messages.get(table) is None:
                        with priority(Priority.GAME, raise_only=True):
                            await self.post_table(session, places, table, current)
                    else:
                        places.dirty.add(table)  # posted meanwhile: edit it to show the latest
            return
        hand = hand_by_id(session, table, msg.hand_id, msg)
        if hand is None:
            return
        render = self.render_table(session, places, table, hand)
        partial = self.client.get_partial_messageable(msg.channel_id).get_partial_message(
            msg.message_id)
        try:
            await self._edit_with(partial, render, places, hand)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                await self.sending.trouble(places, msg.channel_id, exc)
                return
            # Deleted by a moderator: post it again, as it stands now.
            log.info("table message %s is gone; posting the table again", msg.message_id)
            places.messages.pop(table, None)
            async with self.places.holding(places):
                with priority(Priority.GAME, raise_only=True):
                    await self.post_table(session, places, table, hand)
        except discord.HTTPException as exc:
            log.warning("could not edit table message %s (HTTP %s)", msg.message_id,
                        exc.status)
            await self.sending.trouble(places, msg.channel_id, exc)

    async def refresh(self, session: Session, table: int) -> None:
        places = await self.places.of(session)
        self.mark_dirty(session, places, table)

    # ------------------------------------------------------------------ answering a click

    @contextlib.asynccontextmanager
    async def answering(self, interaction: discord.Interaction, session: Session, table: int,
                        hand: Hand) -> AsyncIterator[ClickAnswer]:
        """Handle a click on a table message: the block is its action, in `hand`, and passes the
        `ClickAnswer` yielded to it to the use case (`answer=click`, down to `Session.run`); the
        click's response carries the table's edit, and the table is not edited separately
        meanwhile.

        Contract: the listener, given the click with its own outcome (`Outcome.answer`), sends
        that answer as soon as the outcome is committed, before its posts (`answer_click`: a
        showdown's ruling, a bust), under the tournament's lock; if it did not (the outcome
        changed no hand of this table, or the click is not on its current message), it is sent
        on leaving, unless the block raised (a refusal, answered privately by the caller) or
        declined it (`click.decline()`). The block is guarded: a click still in it after 2 s is
        acknowledged first (click_update.py). Afterwards `click.answered` tells whether the
        table was shown in the answer; edits it did not carry are made as usual."""
        places = await self.places.of(session)
        msg = places.messages.get(table)
        clicked = interaction.message.id if interaction.message is not None else 0
        click = ClickAnswer(interaction, session, table, hand)
        ours = msg is not None and clicked == msg.message_id
        if ours:
            places.answering[table] = click
        try:
            async with acknowledged_if_slow(interaction) as click.guard:
                yield click
            if click.answered is None:
                click.answered = await self.answer_with_table(interaction, session, table, hand)
        finally:
            if ours and places.answering.get(table) is click:
                del places.answering[table]
                if table in places.dirty:
                    self.mark_dirty(session, places, table)

    async def answer_click(self, click: ClickAnswer, places: Places, table: int, hand: Hand,
                           evs: list[Event]) -> bool:
        """The listener's part of `answering`, given the click with its own outcome (`evs` of
        `hand` at `table`): answer it now with the table as it stands, if the click acted in
        that hand and is on that table's current message (it holds the table's edits); a
        run-out is started first, so that the answer shows its first street. True when it was
        shown that way (this change's edit of the table is done)."""
        if click.table != table or places.answering.get(table) is not click \
                or click.answered is not None or click.hand.hand_id != hand.hand_id:
            return False
        if any(isinstance(e, HandEnded) for e in evs):
            self._start_runout(click.session, places, table, hand, len(evs))
        if click.guard is not None:
            await click.guard.settle()
        click.answered = await self.answer_with_table(click.interaction, click.session, table,
                                                      click.hand)
        return click.answered

    async def answer_with_table(self, interaction: discord.Interaction, session: Session,
                                table: int, hand: Hand) -> bool:
        """Answer the click by editing the table message it was made on, showing `hand` (the
        hand the click acted in) as it stands now: one request. False when the click is not on
        that hand's table message or the answer failed; the usual edit then follows."""
        places = await self.places.of(session)
        msg = places.messages.get(table)
        clicked = interaction.message.id if interaction.message is not None else None
        late = deferred(interaction)  # acknowledged while it waited: edit through its webhook
        if msg is None or clicked != msg.message_id or msg.hand_id != hand.hand_id \
                or (interaction.response.is_done() and not late):
            return False
        places.dirty.discard(table)
        # The click is not kept waiting for its table's chances to win (an all-in called:
        # 10-30 ms in the worker process, more behind other counts): they follow in an edit.
        counted = _chances_counted(hand)
        if not counted:
            self.tasks.spawn(self._show_chances(session, places, table, hand))
        render = self.render_table(session, places, table, hand, chances=counted)
        try:
            if late:
                await edit_table(interaction, embed=render.embed, view=render.view,
                                 attachments=None if render.proof is None else [render.proof])
                if render.proof is not None:
                    places.proofs.add(hand.hand_id)
            elif render.proof is not None:
                await interaction.response.edit_message(
                    content=None, embed=render.embed, view=render.view,
                    attachments=[render.proof])
                places.proofs.add(hand.hand_id)
            else:
                await update_message(interaction, embed=render.embed, view=render.view)
        except discord.HTTPException as exc:
            log.warning("could not answer a click with the table (HTTP %s)", exc.status)
            self.mark_dirty(session, places, table)
            return False
        return True

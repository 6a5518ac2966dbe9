"""What the channel and each player see, from committed outcomes of the tournament service.

The service calls `Announcer.listener(session, outcome)` after every commit. Here:
- one table message per hand, edited as the hand goes; edits are coalesced per table (an edit
  task renders the *latest* state; a change while an edit is in flight marks the table dirty
  and the task edits once more), so a burst of actions costs a couple of edits, not dozens;
- a separate message for each ruling, the deck fingerprint at the deal, the showdown, the deck
  proof (a JSON attachment), eliminations, moves, levels, the clock, director decisions;
- hole cards by DM at every deal. A refused DM (Forbidden 50007) is remembered for the rest of
  the tournament and never retried (choice: "never"): the channel tells that player, once and
  without pinging anyone else, to use `/cards` or the table's **My cards** button. A restarted
  bot has forgotten the refusal and tries once more at the next deal.

Where tables play: a tournament that starts on one table plays in the channel; one that starts
on several gives each table its own thread (tables opened later get a thread too). Moves are
announced in both threads. Thread and message ids are stored (`tx.put_table`,
`tx.put_message`) so a restarted bot edits the same table message.

Privacy: nothing here ever reads `PlayerState.hole` for a channel message; the presenter shows
only cards a Shown event made public, and DMs go to the card owner alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.cards import pretty_cards
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, HandStarted, Ruling
from bot.presenter import (
    commitment_text,
    deck_proof_json,
    hole_cards_text,
    ruling_text,
    safe_name,
    seat_names,
    seed_reveal_text,
    showdown_text,
    table_embed,
    truncate,
)
from bot.presenter.rulings import chips
from bot.service import Outcome, Session
from bot.tournament import events as tev

if TYPE_CHECKING:
    from bot.app import LeagueBot

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
DM_REFUSED = 50007
MESSAGE_CHARS = 2000


@dataclass
class TableMessage:
    hand_id: str
    channel_id: int
    message_id: int


@dataclass
class TournamentView:
    """What the announcer remembers of one tournament (rebuilt from the store after a restart)."""

    store_id: int
    channel_id: int
    names: dict[str, str] = field(default_factory=dict)
    threads: dict[int, int] = field(default_factory=dict)  # table -> thread id
    messages: dict[int, TableMessage] = field(default_factory=dict)  # table -> current hand msg
    dm_refused: set[str] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dirty: set[int] = field(default_factory=set)
    editing: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    loaded: bool = False
    use_threads: bool = False


class Announcer:
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        self.views: dict[int, TournamentView] = {}
        self._dm_channels: dict[int, discord.DMChannel] = {}
        self.closed = False

    # ------------------------------------------------------------------ state

    async def view_for(self, session: Session) -> TournamentView:
        tid = session.store_id
        view = self.views.get(tid)
        if view is None:
            row = await self.bot.store.tournament(tid)
            channel_id = row.channel_id if row is not None and row.channel_id else 0
            view = self.views[tid] = TournamentView(tid, channel_id)
            # Refusal texts name players by id; views.named() reads the names from here.
            session._announcer_names = view.names  # type: ignore[attr-defined]
        if not view.loaded:
            view.loaded = True
            for entry in await self.bot.store.entries(tid):
                view.names[str(entry.user_id)] = entry.display_name
            for table in await self.bot.store.tables(tid):
                if table.thread_id:
                    view.threads[table.table_no] = table.thread_id
                    view.use_threads = True
            for msg in await self.bot.store.messages(tid):
                if msg.key.startswith("hand:"):
                    hand_id = msg.key[5:]
                    table_no = _table_of(hand_id)
                    current = view.messages.get(table_no)
                    if current is None or _hand_no(hand_id) >= _hand_no(current.hand_id):
                        view.messages[table_no] = TableMessage(hand_id, msg.channel_id,
                                                               msg.message_id)
        return view

    def note_name(self, store_id: int, player: str, name: str) -> None:
        view = self.views.get(store_id)
        if view is not None:
            view.names[player] = name

    def location(self, view: TournamentView, table: int | None) -> int:
        if table is not None and table in view.threads:
            return view.threads[table]
        return view.channel_id

    def table_locations(self, view: TournamentView, session: Session) -> list[int]:
        tables = sorted(session.tournament.tables)
        out = list(dict.fromkeys(self.location(view, t) for t in tables))
        return out or [view.channel_id]

    # ------------------------------------------------------------------ sending

    async def send(self, channel_id: int, content: str = "", *, file: discord.File | None = None,
                   embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None,
                   mentions: discord.AllowedMentions = NO_PINGS) -> discord.Message | None:
        if self.closed or not channel_id:
            return None
        channel = self.bot.get_partial_messageable(channel_id)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions}
        if file is not None:
            kwargs["file"] = file
        if embed is not None:
            kwargs["embed"] = embed
        if view is not None:
            kwargs["view"] = view
        try:
            return await channel.send(truncate(content, MESSAGE_CHARS) or None, **kwargs)
        except discord.HTTPException:
            # One failed post must not stop the game; never retried in a loop.
            log.exception("could not post in channel %s", channel_id)
            return None

    async def send_long(self, channel_id: int, text: str, filename: str) -> None:
        """A text over the message limit goes as a file with its first line as the message."""
        if len(text) <= MESSAGE_CHARS:
            await self.send(channel_id, text)
            return
        first = text.split("\n", 1)[0]
        await self.send(channel_id, truncate(first, 1900) + "\n(full record attached)",
                        file=discord.File(io.BytesIO(text.encode()), filename=filename))

    async def dm(self, view: TournamentView, player: str, text: str,
                 table: int | None) -> bool:
        if player in view.dm_refused or not player.isdigit():
            return False
        uid = int(player)
        try:
            channel = self._dm_channels.get(uid)
            if channel is None:
                channel = await self.bot.create_dm(discord.Object(uid))
                self._dm_channels[uid] = channel
            await channel.send(text, allowed_mentions=NO_PINGS)
            return True
        except discord.Forbidden as exc:
            view.dm_refused.add(player)
            if exc.code == DM_REFUSED:
                name = self.name(view, player)
                await self.send(
                    self.location(view, table),
                    f"{name}: I cannot DM you your cards (your DMs are closed). Use `/cards` "
                    "or the table's **My cards** button; the game goes on. I will not try DMs "
                    "again in this tournament.")
            return False
        except discord.HTTPException:
            log.warning("DM to %s failed", uid)
            return False

    def name(self, view: TournamentView, player: str) -> str:
        raw = view.names.get(player)
        return safe_name(raw) if raw else f"Player {player[-4:]}"

    # ------------------------------------------------------------------ listener

    async def listener(self, session: Session, outcome: Outcome) -> None:
        if self.closed:
            return
        view = await self.view_for(session)
        async with view.lock:
            await self._present(session, view, outcome)

    async def _present(self, session: Session, view: TournamentView, outcome: Outcome) -> None:
        started = {h.hand_id for _, h in outcome.hands_started()}
        if any(isinstance(e, tev.Started) for e in outcome.tournament_events):
            opened = [e for e in outcome.tournament_events if isinstance(e, tev.TableOpened)]
            view.use_threads = len(opened) > 1
        if view.use_threads:
            for e in outcome.tournament_events:
                if isinstance(e, tev.TableOpened) and e.table not in view.threads:
                    await self._open_thread(session, view, e.table)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id not in started:
                await self._hand_update(session, view, table, hand, evs)
        for e in outcome.tournament_events:
            await self._tournament_event(session, view, e)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id in started:
                await self._new_hand(session, view, table, hand)
                await self._hand_update(session, view, table, hand, evs, fresh=True)

    async def _open_thread(self, session: Session, view: TournamentView, table: int) -> None:
        channel = self.bot.get_channel(view.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        name = truncate(f"{session.tournament.tournament_id} · table {table}", 100)
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException:
            log.exception("could not open a thread for table %s", table)
            return
        view.threads[table] = thread.id
        await self.bot.store.write(
            lambda tx: tx.put_table(view.store_id, table, thread_id=thread.id))

    # ------------------------------------------------------------------ hands

    async def _new_hand(self, session: Session, view: TournamentView, table: int,
                        hand: Hand) -> None:
        where = self.location(view, table)
        content, embed, buttons, mentions = self.render_table(session, view, table, hand)
        msg = await self.send(where, content, embed=embed, view=buttons, mentions=mentions)
        if msg is not None:
            view.messages[table] = TableMessage(hand.hand_id, where, msg.id)
            await self.bot.store.write(lambda tx: _put_hand_message(tx, view, table, hand,
                                                                    where, msg.id))
        await self.send(where, commitment_text(hand))
        for seat in sorted(hand.players):
            player = hand.players[seat].player
            await self.dm(view, player, hole_cards_text(hand, seat), table)

    async def _hand_update(self, session: Session, view: TournamentView, table: int,
                           hand: Hand, evs: list[Event], fresh: bool = False) -> None:
        where = self.location(view, table)
        by_seat = seat_names(hand, view.names)
        for e in evs:
            if isinstance(e, Ruling):
                await self.send(where, ruling_text(e, by_seat, self.bot.rulebook))
        ended = any(isinstance(e, HandEnded) for e in evs)
        if not fresh or ended:  # a message just posted already shows the latest state
            self.mark_dirty(session, view, table)
        if ended:
            await self._flush(session, view, table)
            await self.send(where, f"**Hand {hand.hand_id}**\n" + showdown_text(hand, view.names))
            proof = deck_proof_json(hand)
            if proof is not None:
                await self.send(where, seed_reveal_text(hand), file=discord.File(
                    io.BytesIO(proof.encode()), filename=f"deck-proof-{hand.hand_id}.json"))

    def render_table(self, session: Session, view: TournamentView, table: int,
                     hand: Hand) -> tuple[str, discord.Embed, discord.ui.View,
                                          discord.AllowedMentions]:
        from bot.views import table_view  # late: views import the cogs' helpers

        t = session.tournament
        now = self.bot.tournaments.clock()
        deadline = None
        live = t.tables.get(table)
        if live is not None and live.hand is hand:
            for d in t.deadlines(now):
                if d.table == table and d.kind in ("action", "clock"):
                    deadline = d.at
        away = [s for s, p in hand.players.items()
                if p.player in t.players and t.players[p.player].away]
        level = f"Level {_level_of(t, hand)}"
        title = f"Hand {hand.hand_id} · table {table}"
        embed = table_embed(hand, view.names, level, deadline, away=away, title=title)
        content = ""
        mentions = NO_PINGS
        if not hand.is_over and hand.to_act is not None:
            player = hand.players[hand.to_act].player
            if player.isdigit():
                content = f"<@{player}>, your turn."
                mentions = discord.AllowedMentions(users=[discord.Object(int(player))],
                                                   everyone=False, roles=False)
        elif hand.is_over:
            content = "Hand over."
        return content, embed, table_view(session, table, hand), mentions

    def mark_dirty(self, session: Session, view: TournamentView, table: int) -> None:
        view.dirty.add(table)
        task = view.editing.get(table)
        if task is None or task.done():
            view.editing[table] = asyncio.get_running_loop().create_task(
                self._edit_loop(session, view, table))

    async def _flush(self, session: Session, view: TournamentView, table: int) -> None:
        """Wait for the table's edits, so the final table shows before the showdown text."""
        task = view.editing.get(table)
        if task is not None and not task.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(task)

    async def _edit_loop(self, session: Session, view: TournamentView, table: int) -> None:
        while table in view.dirty and not self.closed:
            view.dirty.discard(table)
            msg = view.messages.get(table)
            if msg is None:
                return
            hand = _hand_by_id(session, table, msg.hand_id)
            if hand is None:
                return
            content, embed, buttons, mentions = self.render_table(session, view, table, hand)
            partial = self.bot.get_partial_messageable(msg.channel_id).get_partial_message(
                msg.message_id)
            try:
                await partial.edit(content=content, embed=embed, view=buttons,
                                   allowed_mentions=mentions)
            except discord.HTTPException:
                log.warning("could not edit table message %s", msg.message_id)
                return

    async def refresh(self, session: Session, table: int) -> None:
        view = await self.view_for(session)
        self.mark_dirty(session, view, table)

    # ------------------------------------------------------------------ tournament events

    async def _tournament_event(self, session: Session, view: TournamentView, e: Event) -> None:
        t = session.tournament
        n = self.name
        line: str | None = None
        where: list[int] = [self.location(view, getattr(e, "table", None))]
        if isinstance(e, tev.Started):
            line = (f"**The tournament has started** with {len(e.players)} players "
                    f"(rule `{e.rule_id}`).")
            where = [view.channel_id]
        elif isinstance(e, tev.TableOpened):
            seats = ", ".join(f"{s.seat}. {n(view, s.player)}" for s in e.seats)
            line = f"Table {e.table}: {seats}"
            where = list(dict.fromkeys([view.channel_id, self.location(view, e.table)]))
        elif isinstance(e, tev.ButtonDrawn):
            cards = ", ".join(f"{n(view, c.player)} {pretty_cards([c.card])}" for c in e.cards)
            line = (f"Button draw at table {e.table} ({e.method.replace('_', ' ')}): {cards}. "
                    f"The button is seat {e.button} (rule `{e.rule_id}`).")
        elif isinstance(e, tev.LevelStarted):
            if e.is_break:
                line = "**Break.**"
            else:
                ante = f", ante {chips(e.ante)}" if e.ante else ""
                line = (f"**Level {e.level}**: blinds {chips(e.small_blind)}/"
                        f"{chips(e.big_blind)}{ante}, from the next hand")
            if e.ends_at is not None:
                line += f"; ends <t:{int(e.ends_at)}:R>"
            line += "."
            where = self.table_locations(view, session)
        elif isinstance(e, tev.TournamentRuling):
            line = f"Ruling — {e.text} (rule `{e.rule_id}`)"
        elif isinstance(e, tev.TimedOut):
            line = (f"{n(view, e.player)} ran out of time and is now away "
                    f"(rule `{e.rule_id}`).")
        elif isinstance(e, tev.MarkedAway):
            if e.reason == "left":
                line = f"{n(view, e.player)} is away (rule `{e.rule_id}`)."
        elif isinstance(e, tev.CameBack):
            line = f"{n(view, e.player)} is back."
        elif isinstance(e, tev.AwayActed):
            how = {"fold": "folded", "check_or_fold": "checked or folded",
                   "kill": "dead"}.get(e.how, e.how)
            line = f"{n(view, e.player)} is away: hand {how} (rule `{e.rule_id}`)."
        elif isinstance(e, tev.ClockCalled):
            line = (f"⏱ **Clock** called on {n(view, e.player)} by {n(view, e.called_by)}: "
                    f"{t.profile.clock_seconds} seconds, runs out <t:{int(e.expires_at)}:R> "
                    f"(rule `{e.rule_id}`).")
        elif isinstance(e, tev.ClockCountdown):
            secs = max(0, round(e.expires_at - e.at))
            line = (f"⏱ {n(view, e.player)}: **{secs} seconds** left "
                    f"(<t:{int(e.expires_at)}:R>).")
        elif isinstance(e, tev.ClockExpired):
            how = "folded" if e.expiry == "fold" else "checked if possible, else folded"
            line = f"⏱ Time is up for {n(view, e.player)}: the hand is {how} (rule `clock`)."
        elif isinstance(e, tev.HandKilledByDirector):
            line = f"{n(view, e.player)}'s hand is dead (rule `{e.rule_id}`)."
        elif isinstance(e, tev.HandVoided):
            line = (f"Hand {e.hand_id} is void by the director: {safe_text(e.reason)}. "
                    f"Stacks go back to where they were (rule `{e.rule_id}`).")
            self.mark_dirty(session, view, e.table)
        elif isinstance(e, tev.Eliminated):
            tied = (" (tied with " + ", ".join(n(view, p) for p in e.tied_with) + ")"
                    if e.tied_with else "")
            line = f"💀 {n(view, e.player)} is out in **{_ordinal(e.place)}** place{tied}."
            where = list(dict.fromkeys([*where, view.channel_id]))
        elif isinstance(e, tev.PlayerMoved):
            line = (f"{n(view, e.player)} moves from table {e.from_table} seat {e.from_seat} "
                    f"to table {e.to_table} seat {e.to_seat} (rule `{e.rule_id}`).")
            where = list(dict.fromkeys([self.location(view, e.from_table),
                                        self.location(view, e.to_table)]))
        elif isinstance(e, tev.TableBroken):
            line = f"Table {e.table} is broken (rule `{e.rule_id}`)."
            where = list(dict.fromkeys([self.location(view, e.table), view.channel_id]))
        elif isinstance(e, tev.FinalTable):
            line = ("**Final table**: " + ", ".join(n(view, p) for p in e.players)
                    + f" (rule `{e.rule_id}`).")
            where = list(dict.fromkeys([view.channel_id, self.location(view, e.table)]))
        elif isinstance(e, tev.ChipRaced):
            rows = [f"Chip race: the {chips(e.old_chip)} chips are raced off for "
                    f"{chips(e.new_chip)} chips (rule `{e.rule_id}`)."]
            for r in e.lines:
                cards = pretty_cards(r.cards) if r.cards else "no cards"
                rows.append(f"Table {r.table} seat {r.seat} {n(view, r.player)}: {cards} → "
                            f"{chips(r.stack_before)} to {chips(r.stack_after)}"
                            + (f" ({r.won})" if r.won else ""))
            for w in self.table_locations(view, session):
                await self.send_long(w, "\n".join(rows), "chip-race.txt")
            return
        elif isinstance(e, tev.PenaltyGiven):
            line = (f"Penalty: {n(view, e.player)} sits out {e.hands} hand(s): "
                    f"{safe_text(e.reason)} (rule `{e.rule_id}`).")
        elif isinstance(e, tev.Disqualified):
            line = (f"{n(view, e.player)} is **disqualified**: {safe_text(e.reason)} "
                    f"(rule `{e.rule_id}`).")
            where = [view.channel_id]
        elif isinstance(e, tev.ChipsRemoved):
            line = (f"{n(view, e.player)}'s {chips(e.amount)} chips leave play; place "
                    f"{_ordinal(e.place)} (rule `{e.rule_id}`).")
        elif isinstance(e, tev.StackAdjusted):
            line = (f"Director: {n(view, e.player)}'s stack {chips(e.before)} → "
                    f"{chips(e.after)}: {safe_text(e.reason)} (rule `{e.rule_id}`).")
        elif isinstance(e, tev.Paused):
            line = f"⏸ The director paused the tournament: {safe_text(e.reason)}."
            where = self.table_locations(view, session)
        elif isinstance(e, tev.Resumed):
            line = "▶ The tournament resumes."
            where = self.table_locations(view, session)
        elif isinstance(e, tev.DirectorRuling):
            line = f"Ruling — director: {safe_text(e.text)} (rule `{e.rule_id}`)."
            if e.players:
                line += " Concerns " + ", ".join(n(view, p) for p in e.players) + "."
            where = [view.channel_id]
        elif isinstance(e, tev.RabbitAgreed):
            line = f"{n(view, e.player)} agrees to a rabbit hunt."
        elif isinstance(e, tev.RabbitHunted):
            line = (f"Rabbit hunt for hand {e.hand_id}: the rest of the board would have been "
                    f"**{pretty_cards(e.cards)}** (rule `{e.rule_id}`).")
        elif isinstance(e, tev.CardsShown):
            verb = "at the table's request, shows" if e.requested_by else "shows"
            line = f"{n(view, e.player)} {verb} **{pretty_cards(e.cards)}** (hand {e.hand_id})."
        elif isinstance(e, tev.LateRegistered):
            line = f"{n(view, e.player)} enters late: table {e.table} seat {e.seat}."
        elif isinstance(e, tev.Rebought):
            line = f"{n(view, e.player)} re-buys: table {e.table} seat {e.seat}."
        elif isinstance(e, tev.AddedOn):
            line = f"{n(view, e.player)} takes the add-on ({chips(e.chips)} chips)."
        elif isinstance(e, tev.Finished):
            rows = [f"🏆 **{n(view, e.winner)} wins the tournament!**"]
            for r in t.results()[:25]:
                prize = f" — {chips(r.prize)}" if r.prize else ""
                rows.append(f"{_ordinal(r.place)}: {n(view, r.player)}{prize}")
            line = "\n".join(rows)
            where = list(dict.fromkeys([view.channel_id, *view.threads.values()]))
        if line is None:
            return
        for w in where:
            await self.send(w, line)

    async def close(self) -> None:
        self.closed = True
        tasks = [t for v in self.views.values() for t in v.editing.values() if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


async def _put_hand_message(tx: Any, view: TournamentView, table: int, hand: Hand,
                            channel_id: int, message_id: int) -> None:
    await tx.put_message(view.store_id, f"hand:{hand.hand_id}", channel_id, message_id)
    await tx.put_table(view.store_id, table, message_id=message_id)


def _hand_by_id(session: Session, table: int, hand_id: str) -> Hand | None:
    ts = session.tournament.tables.get(table)
    if ts is None:
        return None
    for hand in (ts.hand, ts.last_hand):
        if hand is not None and hand.hand_id == hand_id:
            return hand
    return None


def _level_of(t: Any, hand: Hand) -> int:
    for e in reversed(t.events):
        if isinstance(e, tev.HandBegun) and e.hand_id == hand.hand_id:
            return e.level
    return 0


def _table_of(hand_id: str) -> int:
    return int(hand_id.rsplit("-t", 1)[1].split("-h")[0])


def _hand_no(hand_id: str) -> int:
    return int(hand_id.rsplit("-h", 1)[1])


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def safe_text(text: str) -> str:
    """Director-typed text: no mentions, no markdown tricks, bounded."""
    return truncate(discord.utils.escape_mentions(discord.utils.escape_markdown(text)), 500)


def started_in(evs: Iterable[Event]) -> bool:
    return any(isinstance(e, HandStarted) for e in evs)

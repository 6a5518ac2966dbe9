"""One running tournament: the aggregate, its durable log, its timers.

Every change goes through `Session.run`: under the session's lock the command runs against the
in-memory tournament, everything that follows by itself is added (the next hand dealt, a
colour-up), and all new events are committed to the store in ONE transaction. Only after the
commit does the caller (and the presenter) hear about it, so nothing announced can be lost in a
crash. If the commit fails, the in-memory tournament is rebuilt from what was committed.

Timers are absolute times from `Tournament.deadlines(now)`; one asyncio task sleeps until the
earliest and then runs `tick`. A restarted bot rebuilds the tournament from the store and first
makes up for its downtime (`back_online`: online the clocks stood still, live the
room's clock ran), then arms the deadlines: nobody gets extra time, none is charged for the
bot's downtime, and no level starts over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import ChainMap
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HandStarted
from bot.engine.runout import runout_streets
from bot.store import (
    TOURNAMENT_STREAM,
    SqlTransaction,
    Store,
    Transaction,
)
from bot.store.ownership import NotOwner
from bot.store.rows import TournamentStatus
from bot.tournament import events as tev
from bot.tournament.errors import ChipRaceDue, NotAllowed, WaitingForPlayers
from bot.tournament.hand_id import HandId
from bot.tournament.players import member_id
from bot.tournament.tournament import Tournament

log = logging.getLogger(__name__)

Clock = Callable[[], float]
SeedSource = Callable[[], str]
# The seed of the next hand at a table (the tournament, the table, now): a test's stacked deck. The
# bot never has one (`create_bot(stacked_deck=...)` is for tests only: no command or setting
# reaches it); without one every hand's seed is drawn from `SeedSource`.
DeckSource = Callable[[Tournament, int, float], str]
Command = Callable[[Tournament, float], Any]
# Store writes that go with a change (an entry row, the season a night counts in), run in the
# change's own hop to the database thread and committed with it (Store.commit). Like the
# change's statements they may run twice, the first run rolled back: statements only.
Also = Callable[[SqlTransaction], Any]
# Writes that must await reads of their own between statements (a guest's past nights linked):
# they take a transaction of their own, which keeps every other write of the process waiting
# for as long as its hops take, so nothing played often goes this way.
AlsoAwaited = Callable[[Transaction], Awaitable[Any]]


class Notice(StrEnum):
    """Something about the session itself (not the game) the channel should hear."""

    # A timed change (the next deal, a level, a clock) could not be saved (disk full, I/O
    # error): nothing of it happened and the session retries with backoff. Said once per
    # episode, not at every attempt.
    SAVE_RETRYING = "save_retrying"
    # Saving works again after SAVE_RETRYING; this outcome also carries what then happened.
    SAVE_RESUMED = "save_resumed"


@dataclass
class Outcome:
    """What one committed change produced, for the presenter."""

    tournament_events: list[Event] = field(default_factory=list)
    # table -> (hand, its new events), in the order they happened
    hand_events: list[tuple[int, Hand, list[Event]]] = field(default_factory=list)
    result: Any = None  # what the command returned
    extra: Any = None  # what the `also` store writes returned
    notice: Notice | None = None
    # Who waits in person for this change, as the caller handed it to `Session.run` (a click
    # on a table message): the listener answers it first. The service only carries it.
    answer: object = None

    def hands_started(self) -> list[tuple[int, Hand]]:
        return [(t, h) for t, h, evs in self.hand_events
                if evs and isinstance(evs[0], HandStarted)]

    def __bool__(self) -> bool:
        return bool(self.tournament_events or self.hand_events or self.notice)


# Once a player of the last hand agrees to a rabbit hunt, the next deal at that table waits
# this long for the others (the hunt needs every player of the hand).
RABBIT_WAIT = 20.0

# A timer whose change cannot be committed tries again after these waits (then the last one,
# for as long as it takes): the disk may come back in a second or an hour.
RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 5.0, 15.0, 30.0, 60.0)

# An armed timer within this many seconds of a new wake-up time is kept as it is.
TIMER_SLACK = 0.001

Listener = Callable[["Session", Outcome], Awaitable[None]]
FinishHook = Callable[["Session"], Awaitable[Any]]


class Session:
    # Seconds a table message takes per street to show a board run out after an all-in (the
    # announcer's pace): the next deal at that table waits for the showing too.
    runout_pause = 0.0

    def __init__(self, store: Store, store_id: int, tournament: Tournament, *, clock: Clock,
                 seeds: SeedSource, listener: Listener | None = None,
                 hand_delay: float = 0.0, on_finish: FinishHook | None = None,
                 stacked_deck: DeckSource | None = None) -> None:
        self.store = store
        self.store_id = store_id
        self.tournament = tournament
        self.clock = clock
        self.seeds = seeds
        self.stacked_deck = stacked_deck
        self.listener = listener
        self.hand_delay = hand_delay
        self.on_finish = on_finish
        # Told when this process loses the tournament to another (the service forgets it).
        self.on_lost: Callable[[Session], None] | None = None
        self.lock = asyncio.Lock()
        # The armed wake-up (a loop timer), the loop time the earliest deadline is due (the
        # timer may be armed earlier: see _arm), and the task a due wake-up started.
        self._timer: asyncio.TimerHandle | None = None
        self._due: float | None = None
        self._firing: asyncio.Task[None] | None = None
        # Deadlines worked out for the last commit, with the event count they are for: _arm
        # right after it reuses them instead of working them out again.
        self._planned: tuple[Tournament, int, list[float]] | None = None
        self._hand_rows: dict[str, int] = {}  # engine hand_id -> store hand id
        self._closed = False
        # Idle tables whose next deal waits out the pause after their hand (session-clock
        # time it ends). A table the timer tried and could not deal is not here: it is dealt
        # at the next wake-up (a break's end, another table's hand). Filled for every idle
        # table at the first arming, so after a restart an idle table is dealt once the bot
        # is back.
        self._deal_at: dict[int, float] = {}
        self._idle_unseen = True
        self._deal_tried = False  # the command just run was the timer's tick, which dealt
        self.retry_delays = RETRY_DELAYS
        # Player id -> the name players know him by (the Discord side keeps it current).
        self._names: dict[str, str] = {}
        # The last committed snapshot (taken at a hand's end): where a rebuild starts.
        self._snapshot: dict[str, Any] | None = None
        self._failed_timers = 0  # timer runs that failed since the last successful commit

    # ------------------------------------------------------------------ names

    @property
    def names(self) -> Mapping[str, str]:
        """Display names by player id, for every text that names a player."""
        return self._names

    def set_name(self, player: str, name: str) -> None:
        self._names[player] = name

    # ------------------------------------------------------------------ commands

    async def run(self, command: Command, also: Also | None = None, *,
                  also_awaited: AlsoAwaited | None = None, answer: object = None) -> Outcome:
        """Run a command, follow on, commit, then tell the listener. Errors from the command
        (refusals) propagate with nothing changed. `also` (or `also_awaited`) adds store writes
        (an entry, money paid) to the same transaction; what it returns is `outcome.extra`.
        `answer`: who waits for this change (a click), handed to the listener as
        `outcome.answer`. The Discord side calls this through the use cases
        (bot/service/usecases), never directly."""
        async with self.lock:
            outcome = await self._run_locked(command, also, also_awaited)
            outcome.answer = answer
            if self._failed_timers:
                # Something committed again: the retrying episode is over.
                self._failed_timers = 0
                outcome.notice = Notice.SAVE_RESUMED
            if self.on_finish is not None and any(
                    isinstance(e, tev.Finished) for e in outcome.tournament_events):
                try:
                    # After the commit that finished it: league points for the night.
                    await self.on_finish(self)
                except Exception:
                    log.exception("finishing tournament %s: hook failed", self.store_id)
        await self._notify(outcome)
        self._arm()
        return outcome

    async def _run_locked(self, command: Command, also: Also | None = None,
                          also_awaited: AlsoAwaited | None = None) -> Outcome:
        t = self.tournament
        committed = t.event_count
        before = self._hands_now()
        known = self._all_hands()
        now = self.clock()
        self._deal_tried = False
        try:
            result = command(t, now)
            if self.hand_delay <= 0:
                self._deal_where_due(now)
            elif self._deal_tried:
                # The timer's tick has just tried every idle table: one still idle waits for a
                # deadline (a break's end) or for another table's hand, not for a polling loop
                # every `hand_delay` through a whole break.
                pass
            else:
                # Deal after a short pause so players see the hand's end; once tried, a table
                # that still cannot be dealt waits for the next deadline (a break's end) or
                # for another table's hand to end, never for a polling loop.
                self._note_idle_tables(now)
        except Exception:
            # A refusal emits nothing, but rebuild to be sure no half-change survives.
            if t.event_count != committed:
                self.tournament = self._rebuilt(committed)
            raise
        outcome = self._collect(before, known, committed, result)
        if outcome or also is not None or also_awaited is not None:
            try:
                await self._commit(outcome, also, also_awaited)
            except NotOwner:
                # Another process holds this tournament now (PostgreSQL lease lost): stop
                # here; a fresh recover() claims and rebuilds it from the database.
                log.warning("tournament %s is no longer this process's; stopping", self.store_id)
                self.close()
                if self.on_lost is not None:
                    self.on_lost(self)
                raise
            except BaseException:
                log.exception("commit failed for tournament %s; rebuilding", self.store_id)
                self.tournament = self._rebuilt(committed)
                # A deal that was not saved did not happen: the idle tables still wait for one.
                self._note_idle_tables(now)
                raise
        return outcome

    def _rebuilt(self, committed: int) -> Tournament:
        """The tournament as its first `committed` events left it: from the last snapshot in
        memory and the events after it (those are still in memory, see _forget)."""
        t = self.tournament
        if self._snapshot is None:
            return Tournament.replay(t.events_since(0)[:committed])
        base = int(self._snapshot["event_count"])
        fresh = Tournament.from_snapshot(t.cfg, self._snapshot)
        fresh.apply_stored(t.events_since(base)[:committed - base])
        return fresh

    def _forget(self, snapshot: dict[str, Any]) -> None:
        """A snapshot was committed: older events are in the store and no rebuild needs them.
        Memory keeps the events since the snapshot before this one, so what the presenter
        reads of a table's last hand (its after-hand requests) outlives another table's hand
        end; the rest goes (else memory grows with every hand)."""
        if self._snapshot is not None:
            self.tournament.forget_events(int(self._snapshot["event_count"]))
        self._snapshot = snapshot

    def _note_idle_tables(self, now: float) -> None:
        """Every idle table not waiting yet waits from now: `hand_delay`, plus the pause of each
        street its last hand ran out after an all-in (the announcer shows them one by one)."""
        t = self.tournament
        if t.live:
            return  # a live tournament is dealt with real cards, not by the bot
        for table, ts in t.tables.items():
            if ts.hand is not None or table in self._deal_at:
                continue
            wait = max(self.hand_delay, 0.0)
            if self.runout_pause > 0 and ts.last_hand is not None:
                wait += self.runout_pause * runout_streets(ts.last_hand.events)
            self._deal_at[table] = now + wait

    def _deal_where_due(self, now: float) -> None:
        """Deal the next hand at every idle table whose pause after its last hand is over (and
        run a due colour-up first). A table another table's deadline wakes inside its pause
        keeps its pause."""
        t = self.tournament
        if t.status != "running" or t.paused or t.live:
            return  # a live tournament is dealt with real cards, not by the bot
        for table in sorted(t.tables):
            if t.status != "running" or table not in t.tables:
                continue
            if t.tables[table].hand is not None or self._waiting_for_rabbit(table, now):
                continue
            if self._deal_at.get(table, now) > now + TIMER_SLACK:
                continue
            self._deal_at.pop(table, None)  # tried: a table that cannot be dealt waits again
            try:
                t.start_hand(table, self._hand_seed(table, now), now)
            except ChipRaceDue:
                if any(ts.hand is not None for ts in t.tables.values()):
                    continue  # the race waits until every table is between hands
                t.run_chip_race(self.seeds(), now)
                with contextlib.suppress(WaitingForPlayers, NotAllowed):
                    t.start_hand(table, self._hand_seed(table, now), now)
            except (WaitingForPlayers, NotAllowed):
                continue

    def _hand_seed(self, table: int, now: float) -> str:
        """The deck of the next hand at `table`: a test's stacked deck, else a fresh seed."""
        if self.stacked_deck is not None:
            return self.stacked_deck(self.tournament, table, now)
        return self.seeds()

    def _waiting_for_rabbit(self, table: int, now: float) -> bool:
        ends = self.tournament.rabbit_wait_ends(table, RABBIT_WAIT)
        return ends is not None and now < ends

    def _hands_now(self) -> dict[int, tuple[Hand, int]]:
        return {
            table: (ts.hand, len(ts.hand.events))
            for table, ts in self.tournament.tables.items() if ts.hand is not None
        }

    def _all_hands(self) -> list[Hand]:
        """Every hand object at the tables (playing or just ended). Kept alive by the list, so
        identity tells a hand dealt during a change from one that was already there."""
        return [h for ts in self.tournament.tables.values()
                for h in (ts.hand, ts.last_hand) if h is not None]

    def _collect(self, before: dict[int, tuple[Hand, int]], known: list[Hand], committed: int,
                 result: Any) -> Outcome:
        t = self.tournament
        out = Outcome(tournament_events=list(t.events_since(committed)), result=result)
        for table, (hand, n) in sorted(before.items()):
            new = hand.events[n:]
            if new:
                out.hand_events.append((table, hand, list(new)))
        for table, ts in sorted(t.tables.items()):
            for dealt in (ts.last_hand, ts.hand):
                if dealt is not None and not any(dealt is h for h in known):
                    known.append(dealt)  # dealt during this change: all of its events are new
                    out.hand_events.append((table, dealt, list(dealt.events)))
        return out

    async def _commit(self, outcome: Outcome, also: Also | None = None,
                      also_awaited: AlsoAwaited | None = None) -> None:
        """Everything the change wrote, in one transaction: one hop to the database thread,
        committed together with other tables' changes (Store.commit), `also` included; only
        `also_awaited` takes a transaction of its own."""
        plan = self._plan(outcome)
        if also_awaited is not None:
            async with self.store.transaction() as tx:
                outcome.extra = await also_awaited(tx)
                new_rows = await tx.apply(plan.write)
        elif also is not None:
            write_also = also

            def write(tx: SqlTransaction) -> tuple[Any, dict[str, int]]:
                extra = write_also(tx)
                return extra, plan.write(tx)

            outcome.extra, new_rows = await self.store.commit(write)
        else:
            new_rows = await self.store.commit(plan.write)
        # Hand rows created in this transaction count only once it has committed.
        self._hand_rows.update(new_rows)
        if new_rows:
            # Only a hand still at a table can be written again: the rest would make this map
            # (and the copy each plan took of it) grow with every hand. A hand that
            # is not here is looked up by its number (_Plan.write).
            live = {h.hand_id for h in self._all_hands()}
            self._hand_rows = {k: v for k, v in self._hand_rows.items() if k in live}
        if plan.snapshot is not None:
            self._forget(plan.snapshot)

    def _plan(self, outcome: Outcome) -> _Plan:
        """What to write, as plain data taken now (the write runs in the database thread while
        this loop goes on)."""
        t = self.tournament
        plan = _Plan(self.store_id, list(outcome.tournament_events), {})
        for table, hand, _ in outcome.hand_events:
            plan.hands.append(_HandPlan(hand.hand_id, table, HandId.parse(hand.hand_id).number,
                                        hand.is_over))
        deadlines = t.deadlines(self.clock())
        plan.deadlines = [(d.kind, str(d.table or 0), d.at, {}) for d in deadlines]
        self._planned = (t, t.event_count, [d.at for d in deadlines])
        # Busts, knockouts and chips bought are the log's alone: nothing copies them.
        if any(isinstance(e, tev.Started) for e in outcome.tournament_events):
            plan.status = "running"
        if t.status == "finished":
            # A guest linked to a server member counts for the member (live mode).
            plan.results = [(uid, r.place, r.prize) for r in t.results()
                            if (uid := member_id(r.member or r.player)) is not None]
            plan.status = "finished"
        elif plan.tournament_events and any(h.over for h in plan.hands):
            # At each hand's end, in the same transaction: a restart starts from here and
            # replays only what followed, not every event of the tournament.
            plan.snapshot = t.snapshot()
        plan.hand_rows = {h.hand_id: row for h in plan.hands
                          if (row := self._hand_rows.get(h.hand_id)) is not None}
        return plan

    async def _notify(self, outcome: Outcome) -> None:
        if outcome and self.listener is not None:
            try:
                await self.listener(self, outcome)
            except Exception as exc:
                # The change is committed; a failed announcement must not undo or stop play.
                if self._closed:
                    # Shutting down: the store and Discord close under a click still being
                    # answered. Expected, so no traceback; the table is drawn anew after the
                    # restart, and "My cards" shows the hole cards.
                    log.info("the bot shut down while presenting tournament %s (%s); the change"
                             " itself is committed", self.store_id, type(exc).__name__)
                else:
                    log.exception("presenting tournament %s failed", self.store_id)

    # ------------------------------------------------------------------ timers

    def _arm(self, at_least: float = 0.0) -> None:
        """Wake up at the earliest deadline (but `at_least` seconds: a retry's backoff).

        Called after every change. Most changes move the earliest deadline later (the next
        player's clock starts when the last one acted), so an armed timer that falls due
        earlier stays armed: when it fires before the deadline it only arms itself again for
        it (_start_fire), without a task. A timer is replaced only when the deadline moves
        earlier. Each replacement leaves a cancelled handle (and its context) in asyncio's heap
        and young generation until the collector's next pass; at a thousand tables, re-arming
        at every action made them the largest share of each young pass."""
        planned, self._planned = self._planned, None
        if self._closed:
            return
        t = self.tournament
        if t.status != "running" or t.paused:
            self._disarm()
            # After a pause, idle tables wait their pause from the resumption, as after a hand.
            self._deal_at.clear()
            self._idle_unseen = True
            return
        now = self.clock()
        if self._idle_unseen:
            self._idle_unseen = False
            self._note_idle_tables(now)
        if planned is not None and planned[0] is t and planned[1] == t.event_count:
            times = list(planned[2])  # what _plan worked out for the commit just made
        else:
            times = [d.at for d in t.deadlines(now)]
        if self._deal_at:
            # A table dealt or gone no longer waits (it is noted again when next idle).
            for table in [k for k in self._deal_at
                          if k not in t.tables or t.tables[k].hand is not None]:
                del self._deal_at[table]
            if self._deal_at and not t.live:
                times.append(min(self._deal_at.values()))
        times.extend(ends for table in t.tables
                     if (ends := t.rabbit_wait_ends(table, RABBIT_WAIT)) is not None
                     and ends > now)
        if not times:
            self._disarm()
            return
        delay = max(0.0, min(times) - now, at_least)
        loop = asyncio.get_running_loop()
        self._due = due = loop.time() + delay
        if self._timer is not None and self._timer.when() < due + TIMER_SLACK:
            return  # armed for that moment or earlier: an early wake-up re-arms for `due`
        self._disarm()
        self._timer = loop.call_at(due, self._start_fire)

    def _disarm(self) -> None:
        self._due = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _start_fire(self) -> None:
        loop = asyncio.get_running_loop()
        if self._due is not None and self._due - loop.time() > TIMER_SLACK:
            # Woken before the earliest deadline (it moved later since the timer was armed).
            self._timer = loop.call_at(self._due, self._start_fire)
            return
        self._timer = None
        # Kept: the loop holds only a weak reference to a task.
        self._firing = loop.create_task(self._fire(0.0))

    async def _fire(self, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        self._disarm()  # this wake-up is spent (or called directly): run() arms a fresh one

        def tick(t: Tournament, now: float) -> list[Event]:
            events = t.tick(now)
            self._deal_where_due(now)
            self._deal_tried = True
            return events

        try:
            await self.run(tick)
        except NotOwner:
            return  # stopped (see _run_locked): nothing to retry
        except Exception:
            # Nothing of the change is kept (see _run_locked), so trying again later deals or
            # moves the clock once, never twice. Without re-arming, the tournament would stop.
            self._failed_timers += 1
            wait = self.retry_delays[min(self._failed_timers, len(self.retry_delays)) - 1]
            log.exception("timer of tournament %s failed (attempt %d); retrying in %.0f s",
                          self.store_id, self._failed_timers, wait)
            if self._failed_timers == 1:
                await self._notify(Outcome(notice=Notice.SAVE_RETRYING))
            self._arm(at_least=wait)

    def close(self) -> None:
        self._closed = True
        self._disarm()

    async def back_online(self, stopped: float) -> Outcome:
        """After a restart: the bot was down since `stopped`; the tournament makes up for it
        (`Tournament.back_online`), committed. Not told yet (`tell`), no timer armed yet."""
        async with self.lock:
            return await self._run_locked(lambda t, now: t.back_online(stopped, now))

    async def tell(self, outcome: Outcome) -> None:
        """Tell the listener of a change committed without it (`back_online`)."""
        await self._notify(outcome)

    def resume_timers(self) -> None:
        self._arm()

    # ------------------------------------------------------------------ recovery

    def remember_hands(self, rows: Sequence[tuple[str, int]]) -> None:
        self._hand_rows.update(rows)

    def rebuilt_from(self, snapshot: dict[str, Any] | None) -> None:
        """The tournament was rebuilt from this committed snapshot (and the events after it)."""
        self._snapshot = snapshot


@dataclass
class _HandPlan:
    hand_id: str  # the engine's name of the hand
    table: int
    number: int
    over: bool


@dataclass
class _Plan:
    """One committed change of a tournament, as data for the database thread.

    Only the tournament's own log is stored: a hand's events (and its deck proof) follow from
    it and are derived when asked (bot/history/hands.py), so no action is stored twice. A hand
    keeps its row, which names it for histories and appeals.
    """

    store_id: int
    tournament_events: list[Event]
    # engine hand id -> store hand id, as known before this change (of the hands it names)
    hand_rows: dict[str, int]
    hands: list[_HandPlan] = field(default_factory=list)
    deadlines: list[tuple[str, str, float, dict[str, Any]]] = field(default_factory=list)
    results: list[tuple[int, int, int]] = field(default_factory=list)
    status: TournamentStatus | None = None
    snapshot: dict[str, Any] | None = None  # the tournament after this change

    def write(self, tx: SqlTransaction) -> dict[str, int]:
        """In the database thread: the statements. Returns the hand rows it created."""
        new_rows: dict[str, int] = {}
        rows = ChainMap(new_rows, self.hand_rows)
        last_id = tx.append_log(self.store_id, TOURNAMENT_STREAM, self.tournament_events)
        if self.snapshot is not None and last_id is not None:
            tx.save_snapshot(self.store_id, last_id, self.snapshot)
        for hand in self.hands:
            row = rows.get(hand.hand_id)
            if row is None:
                found = tx.hand_by_number(self.store_id, hand.table, hand.number)
                row = new_rows[hand.hand_id] = (
                    found.id if found is not None
                    else tx.begin_hand(self.store_id, hand.table, hand.number).id)
            if hand.over:
                tx.finish_hand(row)
        tx.sync_deadlines(self.store_id, self.deadlines)
        for user, place, prize in self.results:
            tx.set_result(self.store_id, user, place, prize=prize)
        if self.status is not None:
            tx.set_tournament_status(self.store_id, self.status)
        return new_rows

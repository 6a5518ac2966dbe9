"""One running tournament: the aggregate, its durable log, its timers.

Every change goes through `Session.run`: under the session's lock the command runs against the
in-memory tournament, everything that follows by itself is added (the next hand dealt, a
colour-up), and all new events are committed to the store in ONE transaction. Only after the
commit does the caller (and the presenter) hear about it, so nothing announced can be lost in a
crash. If the commit fails, the in-memory tournament is rebuilt from what was committed.

Timers are absolute times from `Tournament.deadlines(now)`; one asyncio task sleeps until the
earliest and then runs `tick`. A restarted bot rebuilds the tournament from the store and arms
the same absolute times, so nobody gets extra time and no level starts over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import ChainMap
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import HoleCardsDealt
from bot.store import Private, Store, Transaction, hand_stream
from bot.tournament import events as tev
from bot.tournament.errors import ChipRaceDue, NotAllowed, WaitingForPlayers
from bot.tournament.tournament import Tournament

log = logging.getLogger(__name__)

Clock = Callable[[], float]
SeedSource = Callable[[], str]
Command = Callable[[Tournament, float], Any]
Also = Callable[[Transaction], Awaitable[Any]]


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

    def hands_started(self) -> list[tuple[int, Hand]]:
        return [(t, h) for t, h, evs in self.hand_events
                if evs and evs[0].type == "hand.started"]

    def __bool__(self) -> bool:
        return bool(self.tournament_events or self.hand_events or self.notice)


# Once a player of the last hand agrees to a rabbit hunt, the next deal at that table waits
# this long for the others (the hunt needs every player of the hand).
RABBIT_WAIT = 20.0

# A timer whose change cannot be committed tries again after these waits (then the last one,
# for as long as it takes): the disk may come back in a second or an hour.
RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 5.0, 15.0, 30.0, 60.0)

Listener = Callable[["Session", Outcome], Awaitable[None]]
FinishHook = Callable[["Session"], Awaitable[Any]]


class Session:
    def __init__(self, store: Store, store_id: int, tournament: Tournament, *, clock: Clock,
                 seeds: SeedSource, listener: Listener | None = None,
                 hand_delay: float = 0.0, on_finish: FinishHook | None = None) -> None:
        self.store = store
        self.store_id = store_id
        self.tournament = tournament
        self.clock = clock
        self.seeds = seeds
        self.listener = listener
        self.hand_delay = hand_delay
        self.on_finish = on_finish
        self.lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None
        self._hand_rows: dict[str, int] = {}  # engine hand_id -> store hand id
        self._closed = False
        # A table became idle and its next deal waits `hand_delay` (True after a restart too,
        # so an idle table is dealt once the bot is back).
        self._deal_pending = True
        self._rabbit_since: dict[int, float] = {}  # table -> first agreement, while pending
        self.retry_delays = RETRY_DELAYS
        self._failed_timers = 0  # timer runs that failed since the last successful commit

    # ------------------------------------------------------------------ commands

    async def run(self, command: Command, also: Also | None = None) -> Outcome:
        """Run a command, follow on, commit, then tell the listener. Errors from the command
        (refusals) propagate with nothing changed. `also` adds store writes (an entry, a
        director's reason) to the same transaction."""
        async with self.lock:
            outcome = await self._run_locked(command, also)
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

    async def _run_locked(self, command: Command, also: Also | None = None) -> Outcome:
        t = self.tournament
        committed = len(t.events)
        before = self._hands_now()
        now = self.clock()
        try:
            result = command(t, now)
            if self.hand_delay <= 0:
                self._deal_where_due(now)
            elif any(ts.hand is None for ts in t.tables.values()):
                # Deal after a short pause so players see the hand's end; once tried, a table
                # that still cannot be dealt waits for the next deadline (a break's end) or
                # for another table's hand to end, never for a polling loop.
                self._deal_pending = True
        except Exception:
            # A refusal emits nothing, but rebuild to be sure no half-change survives.
            if len(t.events) != committed:
                self.tournament = Tournament.replay(t.events[:committed])
            raise
        for e in t.events[committed:]:
            if isinstance(e, tev.RabbitAgreed):
                self._rabbit_since.setdefault(e.table, e.at)
        outcome = self._collect(before, committed, result)
        if outcome or also is not None:
            try:
                await self._commit(outcome, also)
            except BaseException:
                log.exception("commit failed for tournament %s; rebuilding", self.store_id)
                self.tournament = Tournament.replay(t.events[:committed])
                # A deal that was not saved did not happen: the idle tables still wait for one.
                self._deal_pending = True
                raise
        return outcome

    def _deal_where_due(self, now: float) -> None:
        """Deal the next hand at every idle table (and run a due colour-up first)."""
        t = self.tournament
        if t.status != "running" or t.paused:
            return
        for table in sorted(t.tables):
            if t.status != "running" or table not in t.tables:
                continue
            if t.tables[table].hand is not None or self._waiting_for_rabbit(table, now):
                continue
            try:
                t.start_hand(table, self.seeds(), now)
            except ChipRaceDue:
                if any(ts.hand is not None for ts in t.tables.values()):
                    continue  # the race waits until every table is between hands
                t.run_chip_race(self.seeds(), now)
                with contextlib.suppress(WaitingForPlayers, NotAllowed):
                    t.start_hand(table, self.seeds(), now)
            except (WaitingForPlayers, NotAllowed):
                continue

    def _waiting_for_rabbit(self, table: int, now: float) -> bool:
        ts = self.tournament.tables[table]
        if not ts.rabbit_agreed or ts.rabbit_done:
            self._rabbit_since.pop(table, None)
            return False
        since = self._rabbit_since.setdefault(table, now)
        return now < since + RABBIT_WAIT

    def _hands_now(self) -> dict[int, tuple[Hand, int]]:
        return {
            table: (ts.hand, len(ts.hand.events))
            for table, ts in self.tournament.tables.items() if ts.hand is not None
        }

    def _collect(self, before: dict[int, tuple[Hand, int]], committed: int,
                 result: Any) -> Outcome:
        t = self.tournament
        out = Outcome(tournament_events=list(t.events[committed:]), result=result)
        seen: set[int] = set()
        for table, (hand, n) in sorted(before.items()):
            new = hand.events[n:]
            seen.add(id(hand))
            if new:
                out.hand_events.append((table, hand, list(new)))
        for table, ts in sorted(t.tables.items()):
            for hand in (ts.last_hand, ts.hand):
                if hand is not None and id(hand) not in seen and _started_in(hand, out):
                    seen.add(id(hand))
                    out.hand_events.append((table, hand, list(hand.events)))
        return out

    async def _commit(self, outcome: Outcome, also: Also | None = None) -> None:
        t = self.tournament
        # Hand rows created in this transaction count only once it has committed.
        new_rows: dict[str, int] = {}
        rows = ChainMap(new_rows, self._hand_rows)
        async with self.store.transaction() as tx:
            if also is not None:
                outcome.extra = await also(tx)
            await tx.append_events(self.store_id, "tournament", outcome.tournament_events)
            for table, hand, events in outcome.hand_events:
                row = rows.get(hand.hand_id)
                if row is None:
                    hand_no = int(hand.hand_id.rsplit("-h", 1)[-1])
                    created = await tx.begin_hand(self.store_id, table, hand_no)
                    row = new_rows[hand.hand_id] = created.id
                stored = [_private_if_hole(e, hand) for e in events]
                await tx.append_events(self.store_id, hand_stream(row), stored)
                if hand.is_over:
                    await tx.finish_hand(row)
            await tx.clear_deadlines(self.store_id)
            for d in t.deadlines(self.clock()):
                await tx.set_deadline(self.store_id, d.kind, str(d.table or 0), d.at, {})
            for e in outcome.tournament_events:
                if isinstance(e, tev.Eliminated) and e.player.isdigit():
                    await tx.record_elimination(self.store_id, int(e.player), place=e.place,
                                                hand_id=rows.get(e.hand_id or ""))
                elif isinstance(e, tev.Started):
                    await tx.set_tournament_status(self.store_id, "running")
            if t.status == "finished":
                for r in t.results():
                    if r.player.isdigit():
                        await tx.set_result(self.store_id, int(r.player), r.place,
                                            prize=r.prize)
                await tx.set_tournament_status(self.store_id, "finished")
        self._hand_rows.update(new_rows)

    async def _notify(self, outcome: Outcome) -> None:
        if outcome and self.listener is not None:
            try:
                await self.listener(self, outcome)
            except Exception:
                # The change is committed; a failed announcement must not undo or stop play.
                log.exception("presenting tournament %s failed", self.store_id)

    # ------------------------------------------------------------------ timers

    def _arm(self, at_least: float = 0.0) -> None:
        """Sleep until the earliest deadline (but `at_least` seconds: a retry's backoff)."""
        if self._closed:
            return
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        t = self.tournament
        if t.status != "running" or t.paused:
            self._timer = None
            return
        now = self.clock()
        times = [d.at for d in t.deadlines(now)]
        if self._deal_pending:
            times.append(now + max(self.hand_delay, 0.0))
        times.extend(since + RABBIT_WAIT for since in self._rabbit_since.values())
        if not times:
            self._timer = None
            return
        delay = max(0.0, min(times) - now, at_least)
        self._timer = asyncio.get_running_loop().create_task(self._fire(delay))

    async def _fire(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._timer = None  # this task is finishing; let run() arm a fresh one

        def tick(t: Tournament, now: float) -> list[Event]:
            events = t.tick(now)
            self._deal_pending = False
            self._deal_where_due(now)
            return events

        try:
            await self.run(tick)
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
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def resume_timers(self) -> None:
        self._arm()

    # ------------------------------------------------------------------ recovery

    def remember_hands(self, rows: Sequence[tuple[str, int]]) -> None:
        self._hand_rows.update(rows)


def _started_in(hand: Hand, outcome: Outcome) -> bool:
    """A hand dealt during this change (its start is among the new tournament events)."""
    return any(getattr(e, "hand_id", None) == hand.hand_id and e.type == "tournament.hand_started"
               for e in outcome.tournament_events)


def _private_if_hole(event: Event, hand: Hand) -> Any:
    if isinstance(event, HoleCardsDealt):
        return Private(event, hand.player(event.seat).player)
    return event

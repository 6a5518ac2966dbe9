"""All tournaments of the bot: creating them, finding them, bringing them back after a restart.

A restart never charges its downtime to the players. While it runs, the bot writes a
heartbeat for its running tournaments (`beat`, every HEARTBEAT_SECONDS, and a last one when it
stops cleanly, `stop`). At start-up each tournament learns when the bot stopped (the later of
its heartbeat and its last event: a SIGKILL is measured the same way) and `back_online` makes
up for the downtime: online it is a pause, every clock resumes with the time it had left; a
live night's clock catches up in one post. That change is committed before any timer is armed,
and told to the channel in the background (start-up never waits on Discord).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from bot.engine.events import event_from_dict
from bot.service.collector import after_start
from bot.service.session import (
    Clock,
    DeckSource,
    FinishHook,
    Listener,
    Outcome,
    SeedSource,
    Session,
)
from bot.store import (
    TOURNAMENT_STREAM,
    HandRow,
    RecoveredTournament,
    SqlTransaction,
    Store,
    TournamentRow,
    Transaction,
)
from bot.tournament.hand_id import HandId
from bot.tournament.tournament import Tournament, TournamentConfig

log = logging.getLogger(__name__)


# What comes with a new tournament's creation, in its transaction (TournamentService.create).
Setup = Callable[[SqlTransaction, TournamentRow, Tournament, float], None]


def random_seed() -> str:
    return secrets.token_hex(16)


@dataclass(frozen=True)
class Unrecoverable:
    """An unfinished tournament whose stored log does not rebuild: where it was and why."""

    row: TournamentRow
    reason: str


def _reason(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class TournamentService:
    def __init__(self, store: Store, *, clock: Clock, seeds: SeedSource = random_seed,
                 listener: Listener | None = None, hand_delay: float = 0.0,
                 on_finish: FinishHook | None = None, runout_pause: float = 0.0,
                 stacked_deck: DeckSource | None = None) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        self.stacked_deck = stacked_deck  # tests only: Session's DeckSource
        self.listener = listener
        self.hand_delay = hand_delay
        self.runout_pause = runout_pause  # Session.runout_pause
        self.on_finish = on_finish
        self.sessions: dict[int, Session] = {}
        self.rows: dict[int, TournamentRow] = {}
        # Each guild's tournaments by id, in the order they came: `in_guild` asks at every slash
        # command, and a scan of every session took 0.5 ms at 1,000 tables (bench/night.py).
        self._by_guild: dict[int, dict[int, None]] = {}
        # Unfinished tournaments the last recover() could not rebuild, by store id.
        self.unrecoverable: dict[int, Unrecoverable] = {}
        # Announcements of the restart still being told (see `announced`).
        self._telling: set[asyncio.Task[None]] = set()
        self.closed = False

    def _session(self, row: TournamentRow, tournament: Tournament) -> Session:
        session = Session(self.store, row.id, tournament, clock=self.clock, seeds=self.seeds,
                          listener=self.listener, hand_delay=self.hand_delay,
                          on_finish=self.on_finish, stacked_deck=self.stacked_deck)
        session.runout_pause = self.runout_pause
        session.on_lost = self._lost
        self.sessions[row.id] = session
        self.rows[row.id] = row
        self._by_guild.setdefault(row.guild_id, {})[row.id] = None
        return session

    def _forget(self, tournament_id: int) -> Session | None:
        session = self.sessions.pop(tournament_id, None)
        row = self.rows.get(tournament_id)
        if row is not None:
            self._by_guild.get(row.guild_id, {}).pop(tournament_id, None)
        return session

    def forget_finished(self, tournament_id: int) -> bool:
        """Stop holding a finished tournament in memory (True if it was held and finished).
        Its log, results and points are the store's; a button on one of its old messages is
        then told it is over. At a network's peak dozens finish a minute; kept for good, they
        outgrew the memory goal within the hour (bench/NIGHT.md, "Third part: the collector")."""
        session = self.sessions.get(tournament_id)
        if session is None or session.tournament.status != "finished":
            return False
        session.close()
        self._forget(tournament_id)
        self.rows.pop(tournament_id, None)
        return True

    def _lost(self, session: Session) -> None:
        if self.sessions.get(session.store_id) is session:
            self._forget(session.store_id)

    async def create(self, *, guild_id: int, channel_id: int, name: str,
                     config: TournamentConfig, league_id: int | None = None,
                     season_id: int | None = None, created_by: int | None = None,
                     setup: Setup | None = None) -> Session:
        """A new tournament open for registration; `created_by` is kept as its creator (who
        may start it), in the same transaction. `setup` runs in that transaction too, before
        the events are written: what comes with the creation (a scheduled night's players
        registered, the night marked open); statements and pure commands only (it may run
        twice, the first run rolled back), and whatever it raises undoes the creation."""
        now = self.clock()

        def create(tx: SqlTransaction) -> tuple[TournamentRow, Tournament]:
            # One hop, committed with the game's changes (Store.commit). It may run twice, the
            # first run rolled back: Tournament.create is pure, so both give the same (on
            # PostgreSQL the first run's row id is not used again, and the lease it took on
            # that id stays with this process, on no tournament).
            row = tx.create_tournament(
                guild_id, name, league_id=league_id, season_id=season_id,
                channel_id=channel_id, profile=config.profile.to_dict(),
                config=config.to_dict(),
            )
            tournament = Tournament.create(row.id, config, now)
            if setup is not None:
                setup(tx, row, tournament, now)
            tx.append_events(row.id, "tournament", tournament.events)
            if created_by is not None:
                tx.add_director_action(row.id, created_by, "create", "created the tournament")
            return row, tournament

        row, tournament = await self.store.commit(create)
        return self._session(row, tournament)

    def get(self, tournament_id: int) -> Session | None:
        return self.sessions.get(tournament_id)

    def in_guild(self, guild_id: int) -> list[Session]:
        return [self.sessions[tid] for tid in self._by_guild.get(guild_id, ())
                if tid in self.sessions]

    def unfinished_in(self, guild_id: int) -> list[Session]:
        return [s for s in self.in_guild(guild_id)
                if s.tournament.status in ("registering", "running")]

    async def recover(self) -> list[Session]:
        """Rebuild every unfinished tournament and re-arm its timers: from its latest snapshot
        (saved at each hand's end) and the events after it, or from all its events when it has
        none yet. Everything is read in one trip to the database; the rebuilding runs in
        slices, so the event loop is never held more than about SLICE seconds.

        A tournament that cannot be rebuilt is not dropped: it stays in `unrecoverable` with
        the reason, for the Discord side to tell its channel and the director.
        """
        pause = _Slicer(SLICE)
        # What is read and rebuilt are long-lived objects by the hundred thousand: left to the
        # collector, its full passes over them hold the loop 50-250 ms at a time (in whichever
        # thread allocates). Collect nothing meanwhile, then freeze what start-up built, so
        # later passes skip it.
        collecting = gc.isenabled()
        gc.disable()
        try:
            recovering = await self.store.recover(TOURNAMENT_STREAM)
            sessions = await self._rebuild_all(recovering, pause)
        finally:
            after_start()  # frozen, the collector's passes skip it (collector.py)
            if collecting:
                gc.enable()
        await self._back_online(sessions, {rec.tournament.id: rec.alive_at
                                           for rec in recovering})
        for i, session in enumerate(sessions, start=1):
            session.resume_timers()
            if i % TIMERS_PER_TURN == 0:
                # Each timer is a task whose first step runs in the loop's next turn, all at
                # once: a few dozen per turn, not a thousand.
                await asyncio.sleep(0)
        return sessions

    async def _rebuild_all(self, recovering: list[RecoveredTournament],
                           pause: _Slicer) -> list[Session]:
        sessions = []
        for rec in recovering:
            row = rec.tournament
            try:
                tournament = await _rebuild(rec, pause)
            except Exception as exc:
                log.exception("cannot rebuild tournament %s", row.id)
                self.unrecoverable[row.id] = Unrecoverable(row, _reason(exc))
                continue
            session = self._session(row, tournament)
            session.rebuilt_from(rec.snapshot.state if rec.snapshot is not None else None)
            session.remember_hands(_hand_rows(row.id, rec.hands))
            for entry in rec.entries:
                session.set_name(str(entry.user_id), entry.display_name)
            sessions.append(session)
            await pause.maybe()
        return sessions

    async def _back_online(self, sessions: list[Session],
                           alive: Mapping[int, float | None]) -> None:
        """Make up for the downtime of every running tournament (see the module's doc): one
        commit each, several at once (the store groups them), before any timer is armed."""
        now = self.clock()
        due: list[tuple[Session, float]] = []
        for session in sessions:
            t = session.tournament
            stopped = max(alive.get(session.store_id) or 0.0, t.last_at)
            if t.status == "running" and stopped > 0 and now - stopped >= OFFLINE_AT_LEAST:
                due.append((session, stopped))
        for start in range(0, len(due), BACK_ONLINE_PER_TURN):
            batch = due[start:start + BACK_ONLINE_PER_TURN]
            done = await asyncio.gather(*(s.back_online(stopped) for s, stopped in batch),
                                        return_exceptions=True)
            for (session, _), result in zip(batch, done, strict=True):
                if isinstance(result, BaseException):
                    # Its clocks stay as stored (the old behaviour); play goes on.
                    log.error("tournament %s: the downtime could not be made up: %s",
                              session.store_id, _reason(result))
                elif result:
                    self._tell(session, result)

    def _tell(self, session: Session, outcome: Outcome) -> None:
        task = asyncio.get_running_loop().create_task(session.tell(outcome))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def announced(self) -> None:
        """Wait until what the restart had to tell the channels is told (tests)."""
        while self._telling:
            await asyncio.gather(*self._telling, return_exceptions=True)

    # ------------------------------------------------------------------ heartbeat

    def _running_ids(self) -> list[int]:
        return [tid for tid, s in self.sessions.items() if s.tournament.status == "running"]

    async def beat(self, process: str | None = None) -> None:
        """The heartbeat: this process is alive now, for each of its running tournaments and,
        given its name (`process_name`), for itself whatever it runs, which its health check
        reads (one small change, grouped with the game's commits). The host calls it every
        HEARTBEAT_SECONDS (the Discord bot: bot/discord_ui/heartbeat.py)."""
        if not self.closed:
            await self._write_beat(self._running_ids(), process)

    async def _write_beat(self, ids: list[int], process: str | None = None) -> None:
        if not ids and process is None:
            return
        at = self.clock()

        def beat(tx: SqlTransaction) -> None:
            if ids:
                tx.heartbeat(ids, at)
            if process is not None:
                tx.process_alive(process, at)

        await self.store.commit(beat)

    async def stop(self) -> None:
        """A clean stop: no timer fires any more, and a last heartbeat says when the clocks
        stopped (the store must still be open). Once: a service already stopped or closed
        writes nothing more."""
        if self.closed:
            return
        ids = self._running_ids()
        self.close()
        try:
            await self._write_beat(ids)
        except Exception:
            # The last heartbeat and event then say when it stopped: at most a beat earlier.
            log.exception("the last heartbeat could not be written")

    def unrecoverable_in(self, guild_id: int) -> list[Unrecoverable]:
        return [u for u in self.unrecoverable.values() if u.row.guild_id == guild_id]

    async def cancel_unrecoverable(self, tournament_id: int, by: int | None = None,
                                   reason: str = "") -> None:
        """The director gives up on a tournament that cannot be rebuilt: it is marked
        cancelled (its channel is free again) and leaves the list; `by` and `reason` are kept
        as the director's action, in the same transaction."""
        if tournament_id not in self.unrecoverable:
            raise KeyError(tournament_id)
        await self.store.write(lambda tx: _cancelled(tx, tournament_id, by, reason))
        del self.unrecoverable[tournament_id]

    async def cancel(self, session: Session, by: int, reason: str) -> None:
        """The director cancels a tournament: no command runs while it is taken off the table;
        marked cancelled with the director's reason in one transaction, then forgotten."""
        async with session.lock:
            await self.store.write(lambda tx: _cancelled(tx, session.store_id, by, reason))
            self.mark_cancelled(session.store_id)

    def mark_cancelled(self, tournament_id: int) -> None:
        session = self._forget(tournament_id)
        if session is not None:
            session.close()

    def close(self) -> None:
        self.closed = True
        for session in self.sessions.values():
            session.close()


# The longest stretch recovery keeps the event loop busy before letting other tasks run (a
# task waiting on a timer may need two turns of the loop: half the 20 ms aim, and margin).
SLICE = 0.005
# Events applied between two looks at the clock while rebuilding one tournament.
EVENTS_PER_LOOK = 32
TIMERS_PER_TURN = 50
# Tournaments making up for the downtime at once: each takes ~0.2 ms of the loop before its
# commit (grouped with the others'), so a batch holds the loop ~4 ms.
BACK_ONLINE_PER_TURN = 20
# How often the running bot writes its heartbeat: a SIGKILL is taken for a stop at most this
# long after it happened, so the players get at most this much time back, never less.
HEARTBEAT_SECONDS = 10.0
# A downtime shorter than this is not made up for (nor said): a quick restart.
OFFLINE_AT_LEAST = 1.0


class _Slicer:
    """Yield to the event loop once `budget` seconds have passed since the last yield."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.since = time.perf_counter()

    async def maybe(self) -> None:
        if time.perf_counter() - self.since >= self.budget:
            await asyncio.sleep(0)
            self.since = time.perf_counter()


async def _rebuild(rec: RecoveredTournament, pause: _Slicer) -> Tournament:
    """The tournament from its snapshot (if any) and the events after it, in slices."""
    if rec.snapshot is not None:
        config = TournamentConfig.from_dict(rec.tournament.config)
        tournament = Tournament.from_snapshot(config, rec.snapshot.state)
    else:
        tournament = Tournament()
    events = rec.events
    for start in range(0, len(events), EVENTS_PER_LOOK):
        tournament.apply_stored(event_from_dict(e.data)
                                for e in events[start:start + EVENTS_PER_LOOK])
        await pause.maybe()
    return tournament


async def _cancelled(tx: Transaction, tournament_id: int, by: int | None, reason: str) -> None:
    if by is not None:
        await tx.add_director_action(tournament_id, by, "cancel", reason)
    await tx.set_tournament_status(tournament_id, "cancelled")


def _hand_rows(tournament_id: int, hands: Iterable[HandRow]) -> list[tuple[str, int]]:
    """Engine hand ids ("<tournament>-t<table>-h<n>") to the store's hand rows."""
    return [(str(HandId(tournament_id, h.table_no, h.hand_no)), h.id) for h in hands]

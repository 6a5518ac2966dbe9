"""Every coming night's steps on one timer: its reminders, its start (the night's tournament
created in its channel with everyone seated registered), the automatic start of that
tournament, a start missed by far; and, once its tournament is over, the night done and a
repeating night's next one scheduled.

Contract: a step is committed before anyone hears of it (the listener is told after the
commit), and is decided again inside its write (`take_night` and the rule of
bot/schedule/steps.py), so it is done once: a reminder due while the bot was down is sent once
when it is back, if the night has not started, never twice; a night opens once. The timer is a
loop timer (`call_at`) armed for the earliest step, at most MAX_SLEEP ahead: SimCord's virtual
time drives it in tests, and a long sleep never drifts from the wall clock in production.
Only the nights of the servers this process serves (`serves`) are run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine.profile import Profile
from bot.league.service import active_season_for
from bot.schedule import (
    AUTOSTART_WAIT,
    Entrant,
    NightError,
    Taken,
    Timing,
    due_step,
    next_at,
)
from bot.schedule.steps import Step
from bot.service.server_files import resolve_payouts, resolve_structure
from bot.service.service import TournamentService
from bot.service.session import Outcome, Session
from bot.service.usecases import Refused, entries
from bot.service.usecases.nights import (
    NightView,
    entrant_of,
    next_draft,
    night_view,
    taken_night,
    view_in,
    write_lines,
)
from bot.service.usecases.running import run
from bot.store import ChannelBusy, NightRow, SqlTransaction, Store, TournamentRow
from bot.tournament.players import member_player
from bot.tournament.tournament import Tournament, TournamentConfig

log = logging.getLogger(__name__)

# The longest the timer sleeps before looking again while a night is to come or being played
# (a tournament cancelled under a night, a start the channel was not free for; a long sleep
# is not trusted to keep to the wall clock). With no night at all it sleeps until a change.
MAX_SLEEP = 900.0


@dataclass(frozen=True)
class Reminded:
    view: NightView
    reminder: int  # seconds before the start


@dataclass(frozen=True)
class Opened:
    """The night's tournament is created, everyone seated registered."""

    view: NightView
    session: Session


@dataclass(frozen=True)
class OpenDelayed:
    """The night could not open now (it is tried again at the next wake): `reason` is
    `channel-busy` (an unfinished tournament there: `busy` names it) or `failed`."""

    view: NightView
    reason: str
    busy: TournamentRow | None = None


@dataclass(frozen=True)
class AutoStarted:
    view: NightView
    outcome: Outcome


@dataclass(frozen=True)
class AutoStartRefused:
    view: NightView
    refused: Refused


@dataclass(frozen=True)
class Missed:
    """The bot was down at the start, and by too much to start it late."""

    view: NightView
    next: NightView | None


@dataclass(frozen=True)
class Over:
    """The night's tournament is over (`finished`: played to results; else cancelled)."""

    view: NightView
    next: NightView | None
    finished: bool


NightNews = Reminded | Opened | OpenDelayed | AutoStarted | AutoStartRefused | Missed | Over
Listener = Callable[[NightNews], Awaitable[None]]
ProfileOf = Callable[[int], Awaitable[Profile]]


def timing(night: NightRow) -> Timing:
    return Timing(night.status, night.starts_at, night.reminders, night.reminded,
                  night.autostart_at)


class NightClock:
    def __init__(self, store: Store, tournaments: TournamentService, *,
                 clock: Callable[[], float], listener: Listener, profile_of: ProfileOf,
                 serves: Callable[[int], bool] = lambda guild_id: True) -> None:
        self.store = store
        self.tournaments = tournaments
        self.clock = clock
        self.listener = listener
        self.profile_of = profile_of
        self.serves = serves
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._closed = False
        # Nights whose opening waits for their channel, already said (said once).
        self._delayed: set[int] = set()

    # ------------------------------------------------------------------ the timer

    def start(self) -> None:
        self.wake()

    def wake(self) -> None:
        """Look at every night now (after a change, or when the timer fires)."""
        if self._closed:
            return
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        at: float | None = None
        try:
            while True:
                self._again = False
                at = await self.run_due()
                if not self._again:
                    break
        except Exception:
            log.exception("the nights' steps failed; trying again in %.0f s", MAX_SLEEP)
            at = self.clock() + MAX_SLEEP
        finally:
            self._arm(at)

    def _arm(self, at: float | None) -> None:
        """Wake at `at` (at most MAX_SLEEP on); None: no night to run, no timer."""
        if self._closed:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if at is None:
            return
        delay = min(max(at - self.clock(), 0.0), MAX_SLEEP)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_at(loop.time() + delay, self._fired)

    def _fired(self) -> None:
        self._timer = None
        self.wake()

    async def close(self) -> None:
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def run_due(self) -> float | None:
        """Run every step due now, one by one; when to look again (None: no night to run)."""
        soonest: float | None = None
        for night in await self.store.nights_to_run():
            if not self.serves(night.guild_id):
                continue
            if night.status == "open":
                night = await self._check_over(night) or night
            step = due_step(timing(night), self.clock())
            while step is not None:
                news = await self._step(night, step)
                if news is not None:
                    await self._tell(news)
                fresh = await self.store.night(night.id)
                if fresh is None or fresh == night:
                    break  # nothing changed (a start that waits): looked at again later
                night = fresh
                step = due_step(timing(night), self.clock())
            at = next_at(timing(night))
            if at is None or (night.id in self._delayed and night.status == "scheduled"):
                # Open (its tournament ends when it ends), or waiting for its channel: looked
                # at again after the longest sleep.
                at = self.clock() + MAX_SLEEP
            if soonest is None or at < soonest:
                soonest = at
        return soonest

    async def _tell(self, news: NightNews) -> None:
        try:
            await self.listener(news)
        except Exception:
            # Committed already: a failed post must not stop the other nights.
            log.exception("telling %s of night %s failed", type(news).__name__,
                          news.view.night.id)

    async def _step(self, night: NightRow, step: Step) -> NightNews | None:
        if step.kind == "remind":
            return await self._remind(night.id, step)
        if step.kind == "open":
            return await self._open(night, step)
        if step.kind == "missed":
            return await self._missed(night.id, step)
        return await self._autostart(night)

    # ------------------------------------------------------------------ the steps

    async def _remind(self, night_id: int, step: Step) -> Reminded | None:
        now = self.clock()

        def write(tx: SqlTransaction) -> Reminded | None:
            night = taken_night(tx, night_id)
            again = due_step(timing(night), now)
            if again is None or again.kind != "remind" or again.reminder != step.reminder:
                return None  # done meanwhile (another process, a move of the night)
            done = tx.update_night(night.id, reminded=night.reminded | again.settles)
            return Reminded(view_in(tx, done), again.reminder or 0)

        return await self.store.commit(write)

    async def _missed(self, night_id: int, step: Step) -> Missed | None:
        now = self.clock()

        def write(tx: SqlTransaction) -> Missed | None:
            night = taken_night(tx, night_id)
            again = due_step(timing(night), now)
            if again is None or again.kind != "missed":
                return None
            done = tx.update_night(night.id, status="missed",
                                   reminded=night.reminded | again.settles)
            draft = next_draft(night, now)
            following = NightView(tx.create_night(draft), ()) if draft is not None else None
            return Missed(view_in(tx, done), following)

        return await self.store.commit(write)

    async def _config(self, night: NightRow) -> TournamentConfig:
        structure = await resolve_structure(self.store, night.guild_id, night.structure)
        payouts = await resolve_payouts(self.store, night.guild_id, night.payouts)
        profile = await self.profile_of(night.guild_id)
        return TournamentConfig(profile=profile, structure=structure, payouts=payouts,
                                buy_in=night.buy_in, mode=night.mode)

    async def _open(self, night: NightRow, step: Step) -> NightNews | None:
        """The start: the night's tournament created in its channel, everyone seated registered
        (guests by name), and the night marked open, in one transaction."""
        try:
            config = await self._config(night)
            league = await self.store.league(night.league_id)
            counted = await active_season_for(self.store, night.guild_id,
                                              league.name if league else None)
        except Exception:
            log.exception("night %s: its tournament's settings could not be read", night.id)
            return await self._delayed_once(night, "failed")
        opened: list[NightView] = []

        def setup(tx: SqlTransaction, row: TournamentRow, t: Tournament, now: float) -> None:
            opened.clear()
            current = taken_night(tx, night.id)
            again = due_step(timing(current), now)
            if again is None or again.kind != "open":
                raise NightError("not-due")
            view = view_in(tx, current)
            by = member_player(current.created_by)
            for line in view.seated:
                if line.user_id is None:
                    t.add_guest(line.name, by, now)
                else:
                    t.register(member_player(line.user_id), now)
                    tx.add_entry(row.id, line.user_id, line.name)
            done = tx.update_night(
                current.id, status="open", tournament_id=row.id, opened_at=now,
                autostart_at=now + AUTOSTART_WAIT if current.autostart else None,
                reminded=current.reminded | again.settles)
            opened.append(NightView(done, view.lines))

        try:
            session = await self.tournaments.create(
                guild_id=night.guild_id, channel_id=night.channel_id, name=night.name,
                config=config, league_id=counted.league.id,
                season_id=counted.season.id if counted.season else None,
                created_by=night.created_by, setup=setup)
        except NightError:
            return None  # opened meanwhile (another process)
        except ChannelBusy as busy:
            return await self._delayed_once(night, "channel-busy", busy.open_tournament)
        self._delayed.discard(night.id)
        view = opened[-1]
        for line in view.seated:
            if line.user_id is not None:
                session.set_name(member_player(line.user_id), line.name)
        return Opened(view, session)

    async def _delayed_once(self, night: NightRow, reason: str,
                            busy: TournamentRow | None = None) -> OpenDelayed | None:
        if night.id in self._delayed:
            return None
        self._delayed.add(night.id)
        return OpenDelayed(await self._view(night), reason, busy)

    async def _view(self, night: NightRow) -> NightView:
        return await night_view(self.store, night.id)

    async def _autostart(self, night: NightRow) -> NightNews | None:
        """Fifteen minutes after the night opened (or at the director's Start now): its
        tournament starts, unless it has already."""
        session = self.tournaments.get(night.tournament_id or 0)
        news: NightNews | None = None
        if session is not None and session.tournament.status == "registering":
            try:
                outcome = await entries.start(session, secrets.token_hex(16))
            except Refused as refused:
                news = AutoStartRefused(await self._view(night), refused)
            else:
                news = AutoStarted(await self._view(night), outcome)
        await self.store.commit(lambda tx: tx.update_night(night.id, autostart_at=None))
        return news

    async def start_now(self, night_id: int) -> NightNews | None:
        """The director's Start now: the no-shows are marked; the tournament starts."""
        night = await self.store.night(night_id)
        if night is None or night.status != "open":
            raise NightError("not-opened", status=night.status if night else "none")
        return await self._autostart(night)

    # ------------------------------------------------------------------ after the night

    async def _check_over(self, night: NightRow) -> NightRow | None:
        """A tournament that ended without the hook (cancelled, or finished while this process
        was down): the night is over too."""
        tid = night.tournament_id
        if tid is None:
            return None
        session = self.tournaments.get(tid)
        if session is not None:
            status: str = session.tournament.status
        else:
            row = await self.store.tournament(tid)
            status = row.status if row is not None else "cancelled"
        if status in ("registering", "running"):
            return None
        await self.tournament_over(tid, finished=status == "finished")
        return await self.store.night(night.id)

    async def tournament_over(self, tournament_id: int, *, finished: bool = True) -> None:
        """The night's tournament is over: the night is done, a repeating night's next one is
        scheduled; then told."""
        now = self.clock()

        def write(tx: SqlTransaction) -> Over | None:
            found = tx.night_by_tournament(tournament_id)
            if found is None:
                return None
            night = taken_night(tx, found.id)
            if night.status != "open":
                return None
            done = tx.update_night(night.id, status="done", autostart_at=None)
            draft = next_draft(night, now)
            following = NightView(tx.create_night(draft), ()) if draft is not None else None
            return Over(view_in(tx, done), following, finished)

        news = await self.store.commit(write)
        if news is not None:
            await self._tell(news)
            self.wake()


# ---------------------------------------------------------------------- no-shows


@dataclass(frozen=True)
class NoShow:
    """A no-show taken off the night and its tournament; `taken.promoted` got his seat."""

    view: NightView
    taken: Taken
    outcome: Outcome


def _player_of(t: Tournament, line: Entrant) -> str | None:
    if line.user_id is not None:
        return member_player(line.user_id)
    for player, guest in t.guests.items():
        if guest.name.casefold() == line.name.casefold() and player in t.players:
            return player
    return None


async def no_show(store: Store, session: Session, night_id: int, key: str,
                  by: int) -> NoShow:
    """At the start, before the tournament starts: a seated player did not come. He is taken
    off the night and unregistered; the first waiting gets his seat and is registered, in one
    transaction (the list is read again inside it: a change meanwhile refuses, `changed`)."""
    before = await store.night(night_id)
    if before is None:
        raise NightError("no-night", night=night_id)
    lines = await store.night_signups(night_id)
    plan = NightView(before, tuple(entrant_of(r) for r in lines)).roster.no_show(key)
    results: list[NightView] = []

    def command(t: Tournament, now: float) -> None:
        gone = _player_of(t, plan.entrant)
        if gone is not None:
            t.unregister(gone, now)
        for line in plan.promoted:
            if line.user_id is None:
                t.add_guest(line.name, member_player(by), now)
            else:
                t.register(member_player(line.user_id), now)

    def also(tx: SqlTransaction) -> None:
        results.clear()
        night = taken_night(tx, night_id)
        again = view_in(tx, night).roster.no_show(key)
        if again.promoted != plan.promoted:
            raise NightError("changed")
        write_lines(tx, night_id, again.written)
        for line in again.promoted:
            if line.user_id is not None:
                if any(e.user_id == line.user_id for e in tx.entries(session.store_id)):
                    tx.update_entry(session.store_id, line.user_id, status="registered")
                else:
                    tx.add_entry(session.store_id, line.user_id, line.name)
        if plan.entrant.user_id is not None:
            tx.update_entry(session.store_id, plan.entrant.user_id, status="withdrawn")
        results.append(view_in(tx, night))

    for line in plan.promoted:
        if line.user_id is not None:
            session.set_name(member_player(line.user_id), line.name)
    outcome = await run(session, command, also=also, desk=True)
    return NoShow(results[-1], plan, outcome)



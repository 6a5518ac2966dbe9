"""Discord's global rate limit, kept to before Discord has to say so.

Contract: a bot may make about 50 requests a second in all, beside each route's own limit, and
interaction answers do not count. discord.py keeps to the global limit only once Discord has
answered 429, and every such 429 counts toward the 10,000 invalid requests in ten minutes that
get the bot's IP address banned. A busy night asks about that many (bench/NIGHT.md) and a
first deal at 100 tables at once is some 700 requests in one instant.

`pace_globally(http, pacer)` puts a `GlobalPacer` in front of discord.py's `HTTPClient.request`
(through dpy.py, the one door to discord.py's insides), the road of every request made with
the bot's token; interaction answers and their follow-ups
go through discord.py's webhook adapter instead, so they are never held. The pacer is a token
bucket whose rate plus its bucket come to the limit, so no second ever sees more than the
limit, however Discord lines up its seconds. Requests that must wait are let go by their
`Priority`, then in the order they came:

- `ANSWER`: made while a player waits for his click or command to be answered (posts of its
  outcome);
- `GAME`: the game's own messages, which play waits for (hole cards, a new hand's table,
  rulings and busts: everything the announcer's listener sends);
- `DEFAULT`: everything else (idle pings, the live night's clock message, posts nobody waits
  for);
- `BACKGROUND`: what only brings a shown message up to date (the table's coalesced edits, whose
  next edit shows the latest state anyway; an idle ping's edit once he has acted).

The sending code says which with `priority(...)`. It holds for the task that said it only: a
task or timer started inside (the deal a click's timer makes five seconds later, the table's
edit) starts again at `DEFAULT`, so a click's priority never spreads to the work it leaves.

A tournament's announcer sends what it sends in order, holding the tournament's lock: its
requests carry that lock as their group (`on_behalf_of`). A click or command that must
wait for that lock while the holder waits for its turn would wait behind every other
tournament's requests, other members' answers included (a hundred tournaments started at
once post some 500 messages); so while it waits (`hurry`), the holder's requests go before
all others.

When the bot asks more than the limit for long (requests wait over `SLOW_SECONDS`), a warning
says so once a minute: Discord raises the limit of a large bot on request
(DISCORD_GLOBAL_LIMIT then says by how much).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable, Iterator
from enum import IntEnum
from typing import Any, TypeVar

from bot.discord_ui.dpy import HTTPClient, gate_requests

log = logging.getLogger(__name__)

T = TypeVar("T")

BUCKET_SHARE = 0.1  # of the limit, the most sent at once (a deal at one table, mostly); the
# rest is the steady rate
SLOW_SECONDS = 5.0  # a wait this long means the bot asks more than the limit for long
WARN_EVERY = 60.0


class Priority(IntEnum):
    """Who waits for a request; lower goes first."""

    HURRIED = -1  # a member waits for the lock its group holds (`GlobalPacer.hurry`)
    ANSWER = 0
    GAME = 1
    DEFAULT = 2
    BACKGROUND = 3


Owner = Callable[[], "asyncio.Task[Any] | None"]  # a weak reference to the task that set it


def _no_task() -> None:
    return None


def _this_task() -> Owner:
    # Weak: the task's own context holds the value, and a strong reference would make every
    # such task a cycle for the collector.
    task = asyncio.current_task()
    return weakref.ref(task) if task is not None else _no_task


def _mine(owner: Owner) -> bool:
    """Whether the running task is the one that set a value (tasks and timers started inside
    inherit the value, not its ownership)."""
    task = asyncio.current_task()
    return task is not None and owner() is task


# (priority, the task that set it): a context variable is copied into every task and timer
# started inside, so the task is kept with it and only that task reads it.
_current: contextvars.ContextVar[tuple[Priority, Owner]] = \
    contextvars.ContextVar("global_limit_priority", default=(Priority.DEFAULT, _no_task))


@contextlib.contextmanager
def priority(level: Priority, *, raise_only: bool = False) -> Iterator[None]:
    """Requests this task makes inside wait as `level`. `raise_only`: keep the current one
    when it already goes first (the announcer's listener inside a click)."""
    if raise_only:
        level = min(level, current_priority())
    token = _current.set((level, _this_task()))
    try:
        yield
    finally:
        _current.reset(token)


_group: contextvars.ContextVar[tuple[object, Owner]] = \
    contextvars.ContextVar("global_limit_group", default=(None, _no_task))


@contextlib.contextmanager
def on_behalf_of(group: object) -> Iterator[None]:
    """Requests this task makes inside are `group`'s (a tournament's, under its lock)."""
    token = _group.set((group, _this_task()))
    try:
        yield
    finally:
        _group.reset(token)


def current_group() -> object:
    group, owner = _group.get()
    return group if _mine(owner) else None


def for_this_task(level: Priority) -> None:
    """`level` for the rest of this task (discord.py runs each slash command in a task of its
    own, after the tree's `interaction_check`)."""
    _current.set((level, _this_task()))


def current_priority() -> Priority:
    level, owner = _current.get()
    return level if _mine(owner) else Priority.DEFAULT


async def side_by_side(work: Iterable[Awaitable[T]]) -> list[T]:
    """Run `work` at once, each in a task of its own with this task's priority and group (a
    task started inside would otherwise go as `DEFAULT`, outside the group a waiting click
    hurries); their results in order. Returns once all have ended: the first failure is raised
    then, so nothing still runs after the caller lets go of its lock."""
    jobs = list(work)
    if len(jobs) < 2:  # one table dealt, most often: no task to make
        return [await one for one in jobs]
    level, group = current_priority(), current_group()

    async def on_my_behalf(one: Awaitable[T]) -> T:
        with priority(level), on_behalf_of(group):
            return await one

    outcomes = await asyncio.gather(*(on_my_behalf(one) for one in jobs),
                                    return_exceptions=True)
    results: list[T] = []
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
        results.append(outcome)
    return results


class GlobalPacer:
    """A token bucket shared by every request of one bot token (one process's, so each shard
    process paces to its share: `limit` is per process)."""

    def __init__(self, limit: float, clock: Callable[[], float] = time.monotonic) -> None:
        """`clock`: seconds that never step back; Discord counts real seconds, so not the
        bot's wall clock (SimCord's virtual time stands still while a test waits for this)."""
        if limit <= 0:
            raise ValueError("the global limit is a number of requests a second above 0")
        self.limit = limit
        self.capacity = max(1.0, limit * BUCKET_SHARE)
        self.rate = limit - self.capacity
        self.clock = clock
        self.tokens = self.capacity
        self.stamp = clock()
        # (priority, arrival, the waiter, its group)
        self._queue: list[tuple[int, int, asyncio.Future[None], object]] = []
        # id(group) -> members waiting on it (hurry; by id: a group need not be hashable, and
        # it lives while hurried)
        self._hurried: dict[int, int] = {}
        self._order = itertools.count()
        self._wake: asyncio.TimerHandle | None = None
        self._warned_at: float | None = None
        self.sent = 0
        self.waited = 0  # requests that had to wait
        self.longest_wait = 0.0

    @property
    def queued(self) -> int:
        return sum(1 for _, _, fut, _ in self._queue if not fut.done())

    @contextlib.contextmanager
    def hurry(self, group: object) -> Iterator[None]:
        """While inside, `group`'s requests (those waiting and those to come) go before all
        others: a member's click or command waits for what that group is sending."""
        key = id(group)
        self._hurried[key] = self._hurried.get(key, 0) + 1
        if any(g is group and level > Priority.HURRIED for level, _, _, g in self._queue):
            self._queue = [(Priority.HURRIED if g is group else level, n, fut, g)
                           for level, n, fut, g in self._queue]
            heapq.heapify(self._queue)
        try:
            yield
        finally:
            self._hurried[key] -= 1
            if not self._hurried[key]:
                del self._hurried[key]

    async def turn(self, level: Priority, group: object = None) -> None:
        """Return once this request may be sent."""
        if group is not None and id(group) in self._hurried:
            level = Priority.HURRIED
        self._refill()
        if not self._queue and self.tokens >= 1.0:
            self.tokens -= 1.0
            self.sent += 1
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (int(level), next(self._order), fut, group))
        began = self.clock()
        self._schedule()
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self.tokens += 1.0  # granted, then cancelled before it was used: give it back
                self.sent -= 1
                self._schedule()
            raise
        waited = self.clock() - began
        self.waited += 1
        self.longest_wait = max(self.longest_wait, waited)
        if waited >= SLOW_SECONDS:
            self._warn(waited)

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def _schedule(self) -> None:
        while self._queue and self._queue[0][2].done():  # cancelled while waiting
            heapq.heappop(self._queue)
        if self._wake is not None or not self._queue:
            return
        delay = max(0.0, (1.0 - self.tokens) / self.rate)
        self._wake = asyncio.get_running_loop().call_later(delay, self._let_go)

    def _let_go(self) -> None:
        self._wake = None
        self._refill()
        while self._queue and self.tokens >= 1.0:
            _, _, fut, _ = heapq.heappop(self._queue)
            if fut.done():
                continue
            self.tokens -= 1.0
            self.sent += 1
            fut.set_result(None)
        self._schedule()

    def _warn(self, waited: float) -> None:
        now = self.clock()
        if self._warned_at is not None and now - self._warned_at < WARN_EVERY:
            return
        self._warned_at = now
        log.warning("Discord's global rate limit: a request waited %.0f s (%d waiting); the bot "
                    "asks more than %.0f requests a second. Ask Discord to raise the bot's "
                    "global limit, then set DISCORD_GLOBAL_LIMIT.", waited, self.queued,
                    self.limit)


def pace_globally(http: HTTPClient, pacer: GlobalPacer) -> None:
    """Every request `http` makes waits for its turn first (see the module's docstring); once
    per client, however often it is called."""

    async def turn() -> None:
        await pacer.turn(current_priority(), current_group())

    gate_requests(http, turn)

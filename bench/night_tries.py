"""bench/night.py --try: fixes proposed for other people's files, applied to the bot's classes
for one run only (the bot's code is not changed), so that their effect is measured."""

from __future__ import annotations

import asyncio
from typing import Any


def apply(tries: list[str]) -> None:
    """--try: fixes proposed for files of others, tried here on the bot's classes for this
    run only (the bot's code is not changed)."""
    if "equity-thread" in tries:
        # The chances to win counted in a worker thread before the table is drawn (the
        # count is cached, so drawing it then costs nothing): the loop keeps running while
        # the count holds the GIL only in 5 ms slices.
        from bot.discord_ui.announcer import Announcer, hand_by_id

        answer, edit = Announcer.answer_with_table, Announcer._edit_table

        async def answer_with_table(self: Any, interaction: Any, session: Any, table: int,
                                    hand: Any) -> bool:
            await _warm(hand)
            return await answer(self, interaction, session, table, hand)

        async def _edit_table(self: Any, session: Any, places: Any, table: int) -> None:
            msg = places.messages.get(table)
            hand = hand_by_id(session, table, msg.hand_id) if msg is not None else None
            if hand is not None:
                await _warm(hand)
            await edit(self, session, places, table)

        Announcer.answer_with_table = answer_with_table  # type: ignore[method-assign]
        Announcer._edit_table = _edit_table  # type: ignore[method-assign]

    if "view-clear" in tries:
        # A table's buttons are DynamicItems: discord.py keeps no view of them after the
        # request, so each drawn view (view <-> items, a cycle) is garbage for the
        # collector. Emptied once its request is sent, it is freed at once instead.
        from bot.discord_ui.announcer import Announcer

        drawn: dict[asyncio.Task[Any] | None, list[Any]] = {}
        render = Announcer.render_table

        def render_table(self: Any, *args: Any) -> Any:
            out = render(self, *args)
            drawn.setdefault(asyncio.current_task(), []).append(out.view)
            return out

        def emptying(method: Any) -> Any:
            async def wrapper(*args: Any) -> Any:
                try:
                    return await method(*args)
                finally:
                    for view in drawn.pop(asyncio.current_task(), ()):
                        view.clear_items()
            return wrapper

        Announcer.render_table = render_table  # type: ignore[method-assign]
        for name in ("answer_with_table", "_edit_table", "_post_table"):
            setattr(Announcer, name, emptying(getattr(Announcer, name)))

    if "ping-timer" in tries:
        _ping_timer()


def _ping_timer() -> None:
    """--try ping-timer: an idle ping's wait as a loop timer, its task made only when it is
    due. Most players act first: then neither a task nor its cancellation (a CancelledError
    with its traceback and frames, all in cycles for the collector) is ever made."""
    from bot.discord_ui.announcer.pings import IdlePings
    from bot.discord_ui.tasks import Tasks

    ping_later = IdlePings._ping_later
    spawn = Tasks.spawn

    class Due:  # what _ping_later gives instead of a coroutine
        def __init__(self, *args: Any) -> None:
            self.args = args

    class NoWait:  # the tournament's places, with a ping due now
        idle_ping_seconds = 0.0

        def __init__(self, places: Any) -> None:
            object.__setattr__(self, "_places", places)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._places, name)

        def __setattr__(self, name: str, value: Any) -> None:
            setattr(self._places, name, value)

    class Waiting:  # stands for the ping's task in IdlePing.task: done() and cancel()
        def __init__(self, tasks: Any, due: Due) -> None:
            announcer, session, places, table, ping = due.args
            self.task: asyncio.Task[None] | None = None

            def fire() -> None:
                self.task = spawn(tasks, ping_later(announcer, session, NoWait(places), table,
                                                    ping))

            self.handle = asyncio.get_running_loop().call_later(places.idle_ping_seconds, fire)

        def done(self) -> bool:
            return self.task.done() if self.task is not None else self.handle.cancelled()

        def cancel(self) -> None:
            if self.task is not None:
                self.task.cancel()
            self.handle.cancel()

    def _ping_later(self: Any, *args: Any) -> Any:
        return Due(self, *args)

    def spawn_or_wait(self: Any, coro: Any) -> Any:
        return Waiting(self, coro) if isinstance(coro, Due) else spawn(self, coro)

    IdlePings._ping_later = _ping_later  # type: ignore[method-assign]
    Tasks.spawn = spawn_or_wait  # type: ignore[method-assign]


async def _warm(hand: Any) -> None:
    """Count a face-up hand's chances in a worker thread (--try equity-thread)."""
    if hand.is_over and any(p.shown for p in hand.players.values()):
        await asyncio.to_thread(hand.face_up_equities)

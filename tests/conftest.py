"""Suite-wide guards: a failing test must never keep pytest from exiting.

A test that fails before it closes its store leaves aiosqlite's worker thread running (the
failure's traceback keeps the connection alive, so its finaliser never stops the thread), and
Python waits for that thread at exit for ever: CI then times out long after every test has
reported. At the end of the run, leaked connections are stopped; if some other thread still
blocks the exit, its name is printed and the process ends with pytest's own exit status.
"""

from __future__ import annotations

import gc
import os
import sys
import threading

import aiosqlite
import pytest

from bot.discord_ui.announcer import chance_counts

_exit_status = 0


def _stop_leaked_sqlite_connections() -> int:
    leaked = [obj for obj in gc.get_objects()
              if isinstance(obj, aiosqlite.Connection) and obj._connection is not None]
    for connection in leaked:
        # stop() queues the worker's own close-and-exit step; no event loop is needed.
        connection.stop()
    return len(leaked)


def _blocking_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate()
            if t is not threading.main_thread() and not t.daemon and t.is_alive()]


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    global _exit_status
    _exit_status = int(exitstatus)
    # The bots' chance-counting process is one per test process, as in production one per bot
    # process: it outlives each test's bot and stops here, before the threads are checked.
    chance_counts.stop(wait=True)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    leaked = _stop_leaked_sqlite_connections()
    for thread in _blocking_threads():
        thread.join(timeout=5)
    still = _blocking_threads()
    if leaked:
        print(f"\nconftest: {leaked} database connection(s) were left open by tests; closed.",
              file=sys.stderr)
    if still:
        names = ", ".join(t.name for t in still)
        print(f"conftest: threads still running at exit ({names}); ending the run.",
              file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status)


@pytest.fixture(autouse=True)
def runouts_shown_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot built in a test shows an all-in's run-out at once: a paced one (2 s a street) is
    a timer inside SimCord's settle window, waited for on the wall clock, and would hold every
    next deal. The tests of the pacing pass `runout_pause` themselves."""
    monkeypatch.setattr("bot.discord_ui.client.RUNOUT_PAUSE", 0.0)

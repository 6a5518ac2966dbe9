"""SIGKILL while a player thinks: the restart measures the downtime from the last
heartbeat, exactly as after a clean stop, so the player resumes with the time he had left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from bot.service import TournamentService
from bot.store import Store
from bot.tournament import events as tev
from tests.service.downtime_child import T0, USED
from tests.service.helpers import FakeClock

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("downtime_child.py")
DOWN = 600.0
ACTION_SECONDS = 60  # tests.service.helpers.config


def run_until_ready_then_kill(db: Path) -> tuple[int, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(CHILD), str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)
    stuck = threading.Timer(120, proc.kill)  # a child that never gets ready fails the test
    stuck.start()
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # the child prints it once its heartbeat is stored
        proc.send_signal(signal.SIGKILL)
    finally:
        stuck.cancel()
        proc.kill()
        _, err = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, err[-2000:]
    word, table, seat = line.split()
    assert word == "READY", err[-2000:]
    return int(table), int(seat)


async def test_sigkill_is_measured_from_the_last_heartbeat(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    table, seat = run_until_ready_then_kill(db)

    clock = FakeClock()
    clock.now = T0 + USED + DOWN
    store = await Store.open(db, clock=clock)
    service = TournamentService(store, clock=clock, seeds=lambda: "s")
    try:
        (session,) = await service.recover()
        t = session.tournament
        turn = t.turn_deadline(table, clock.now)
        # He had used 25 of his 60 s when the bot died: 35 s left, not 0 (the old restart)
        # and not 60 (measured from the last commit, the deal).
        assert turn is not None and turn.seat == seat
        assert turn.at == clock.now + ACTION_SECONDS - USED
        out = await session.run(lambda t, now: t.tick(now))
        assert not any(isinstance(e, tev.TimedOut | tev.MarkedAway)
                       for e in out.tournament_events)
        stored = await store.load_events(session.store_id, "tournament")
        pauses = [e for e in stored if e.type == "tournament.offline_pause"]
        assert len(pauses) == 1
        assert (pauses[0].data["stopped_at"], pauses[0].data["at"]) == (T0 + USED, clock.now)
    finally:
        service.close()
        await store.close()

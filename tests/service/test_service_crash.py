"""SIGKILL the game service at random moments of its play: every announced action survives,
nothing is half-written, every tournament rebuilds and conserves its chips. Each child has
announced an action before the kill, so every round tests a service that really played."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.engine.events import event_from_dict
from bot.service import conservation_checks
from bot.store import Store
from bot.tournament.tournament import Tournament

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("service_crash_child.py")
KILLS = 12


def run_child(db: Path, seed: int, extra: float) -> list[tuple[int, int]]:
    """Start a child, and SIGKILL it `extra` seconds after it announced its first action: the
    clock starts once it plays (importing the bot alone took two seconds on a busy machine, and
    a kill at a fixed time from the start then found nothing played)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if not first:  # it ended before playing
        _, err = proc.communicate()
        raise AssertionError(f"the child stopped before its first action:\n{err[-2000:]}")
    time.sleep(extra)
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, err[-2000:]
    acks = []
    for line in (first + out).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "A":
            acks.append((int(parts[1]), int(parts[2])))
    return acks


async def test_sigkill_during_play_loses_no_announced_action(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    rng = random.Random(int(os.environ.get("SERVICE_CRASH_SEED", "4")))
    for round_no in range(KILLS):
        acks = run_child(db, round_no, extra=rng.uniform(0.0, 0.8))
        store = await Store.open(db)
        try:
            if round_no % 4 == 3:  # the full check replays every stored tournament: not each time
                report = await store.check(conservation_checks())
                assert report.integrity == ["ok"] and not report.foreign_keys
                for t in report.tournaments:
                    assert t.checked and not t.problems, (round_no, t)
            last: dict[int, int] = {}
            for tid, n in acks:
                last[tid] = max(last.get(tid, 0), n)
            for tid, n in last.items():
                stored = await store.load_events(tid, "tournament")
                assert len(stored) >= n, f"tournament {tid}: {n} announced, {len(stored)} stored"
                rebuilt = Tournament.replay(event_from_dict(e.data) for e in stored)
                assert rebuilt.total_chips() == rebuilt.expected_chips()
        finally:
            await store.close()

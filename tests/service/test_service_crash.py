"""SIGKILL the game service at random moments: every announced action survives, nothing is
half-written, every tournament rebuilds and conserves its chips."""

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


def run_child(db: Path, seed: int, lifetime: float) -> list[tuple[int, int]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    time.sleep(lifetime)
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, err[-2000:]
    acks = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "A":
            acks.append((int(parts[1]), int(parts[2])))
    return acks


async def test_sigkill_during_play_loses_no_announced_action(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    rng = random.Random(int(os.environ.get("SERVICE_CRASH_SEED", "4")))
    acked_total = 0
    for round_no in range(KILLS):
        acks = run_child(db, round_no, lifetime=rng.uniform(0.7, 1.5))
        acked_total += len(acks)
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
    assert acked_total > KILLS  # the children really played between kills

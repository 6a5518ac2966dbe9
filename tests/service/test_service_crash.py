"""SIGKILL the game service at random moments: every announced action survives, nothing is
half-written, every tournament rebuilds and conserves its chips."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bot.engine.events import event_from_dict
from bot.service import conservation_checks
from bot.store import Store
from bot.tournament.tournament import Tournament

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("service_crash_child.py")
KILLS = 12
# A guard against a child that hangs, not a timing: importing the bot and playing a first
# action takes a second or two even on a loaded machine.
FIRST_ACTION_LIMIT = 120.0


def run_child(db: Path, seed: int, extra: float) -> list[tuple[int, int]]:
    """Start a child and SIGKILL it `extra` seconds after it announced its first action, so
    the kill lands in play however long the imports took on a busy machine. The child's
    output is read by a thread and its errors go to a file, so no full pipe can stall it; a
    child that never plays is killed after `FIRST_ACTION_LIMIT` and its round counts no acks."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile("w+") as errors:
        proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(seed)],
                                stdout=subprocess.PIPE, stderr=errors, env=env, text=True)
        lines: list[str] = []
        played = threading.Event()

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.append(line)
                played.set()
            played.set()  # it ended: its errors say why

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if played.wait(FIRST_ACTION_LIMIT):
            time.sleep(extra)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join()
        errors.seek(0)
        assert proc.returncode == -signal.SIGKILL, errors.read()[-2000:]
    acks = []
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[0] == "A":
            acks.append((int(parts[1]), int(parts[2])))
    return acks


async def test_sigkill_during_play_loses_no_announced_action(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    rng = random.Random(int(os.environ.get("SERVICE_CRASH_SEED", "4")))
    acked_total = 0
    for round_no in range(KILLS):
        acks = run_child(db, round_no, extra=rng.uniform(0.0, 0.8))
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

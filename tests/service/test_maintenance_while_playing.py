"""`python -m bot.db check` and `backup` while the bot plays: no announced action may be lost.

The bot (the real game service, tests/service/service_crash_child.py) plays and prints a line
after each commit; `check` and `backup` run in other processes meanwhile; more actions follow;
then SIGKILL and a restart. Every announced action must be in the database afterwards. Before
the fix, the bot's own os.open/os.close of the database file (to set its mode) dropped its
POSIX locks, so the maintenance process, closing last as far as SQLite could tell, deleted the
WAL under the running bot: "announced up to event 19, stored 16".
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from bot.engine.events import event_from_dict
from bot.store import Store
from bot.tournament.tournament import Tournament

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("service_crash_child.py")


class Bot:
    """The child bot, its announcements collected as they come (a thread reads its stdout)."""

    def __init__(self, db: Path, seed: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(seed)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                     text=True)
        self.acks: list[tuple[int, int]] = []
        self._cond = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            parts = line.split()
            if line.endswith("\n") and len(parts) == 3 and parts[0] == "A":
                with self._cond:
                    self.acks.append((int(parts[1]), int(parts[2])))
                    self._cond.notify_all()

    def wait_for(self, count: int, timeout: float = 60) -> None:
        """Until `count` actions have been announced in all (a count, not a time)."""
        with self._cond:
            ok = self._cond.wait_for(lambda: len(self.acks) >= count, timeout)
        assert ok, f"the bot announced only {len(self.acks)} actions: {self._stderr()}"

    def _stderr(self) -> str:
        return "" if self.proc.poll() is None else (self.proc.stderr.read()[-2000:]
                                                   if self.proc.stderr else "")

    def kill(self) -> list[tuple[int, int]]:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self._reader.join(30)
        assert self.proc.returncode == -signal.SIGKILL
        with self._cond:
            return list(self.acks)


def maintenance(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot.db", *args], capture_output=True,
                          text=True, env=env, timeout=120, cwd=ROOT)


async def missing_announced(db: Path, acks: list[tuple[int, int]]) -> list[str]:
    last: dict[int, int] = {}
    for tid, n in acks:
        last[tid] = max(last.get(tid, 0), n)
    missing = []
    store = await Store.open(db)
    try:
        for tid, n in sorted(last.items()):
            stored = await store.load_events(tid, "tournament")
            if len(stored) < n:
                missing.append(f"tournament {tid}: announced up to event {n}, "
                               f"stored {len(stored)}")
            else:
                rebuilt = Tournament.replay(event_from_dict(e.data) for e in stored)
                assert rebuilt.total_chips() == rebuilt.expected_chips()
    finally:
        await store.close()
    return missing


async def test_check_and_backup_while_the_bot_plays_lose_no_announced_action(
        tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    for round_no in range(2):
        bot = Bot(db, 40 + round_no)
        bot.wait_for(20)
        checked = maintenance("check", "--database", str(db))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        bot.wait_for(len(bot.acks) + 10)
        backup = tmp_path / f"backup-{round_no}.sqlite3"
        backed = maintenance("backup", "--database", str(db), str(backup))
        assert backed.returncode == 0, backed.stdout + backed.stderr
        assert backup.exists()
        bot.wait_for(len(bot.acks) + 20)  # actions after both maintenance runs have closed
        checked = maintenance("check", "--database", str(db))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        bot.wait_for(len(bot.acks) + 10)
        acks = bot.kill()
        missing = await missing_announced(db, acks)
        assert not missing, "\n".join(missing)

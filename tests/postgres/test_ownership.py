"""Never two owners: real bot processes on one PostgreSQL.

Two processes serving the same shard both try to run one tournament: exactly one does, the other
is refused even when it tries to write. The owner is SIGKILLed in the middle of a hand; a new
process for that shard takes the tournament over with the same absolute deadlines and every
acknowledged action, and plays on. A process for another shard never touches it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.engine.events import current_type, event_from_dict
from bot.service import TournamentService, conservation_checks
from bot.store import TOURNAMENT_STREAM
from bot.store.ownership import NotOwner, ShardConfigError, Shards
from bot.store.postgres import PostgresStore
from bot.tournament.events import OfflinePause
from tests.service.helpers import config

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("owner_child.py")
GUILD = 5 << 22  # Discord puts this server on shard 5 % 2 = 1


class Child:
    def __init__(self, url: str, shards: str, tournament_id: int, mode: str, n: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), url, "2", shards, str(tournament_id), mode, str(n)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        # A thread per pipe: a line the child printed is never stuck in a buffer select()
        # cannot see, and a chatty stderr never fills its pipe and stalls the child.
        self._stderr: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        self._stderr.extend(self.proc.stderr)

    def wait_for(self, prefix: str, timeout: float = 60.0) -> str:
        """The first line starting with `prefix` (every line read is kept in `lines`)."""
        for line in self.lines:
            if line.startswith(prefix):
                return line
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                self._queue.put(None)  # the end stays the end
                break
            self.lines.append(line)
            if line.startswith(prefix):
                return line
        raise AssertionError(f"no {prefix!r} line; got {self.lines[-5:]}; "
                             f"stderr: {''.join(self._stderr)[-3000:]}")

    def owns(self) -> list[int]:
        line = self.wait_for("OWN")
        return [int(x) for x in line.split(" ", 1)[1].split(",") if x] if " " in line else []

    def acks(self) -> list[int]:
        return [int(line.split()[1]) for line in self.lines if line.startswith("A ")]

    def finish(self, timeout: float = 60.0) -> None:
        returncode = self.proc.wait(timeout=timeout)
        while (line := self._queue.get(timeout=timeout)) is not None:
            self.lines.append(line)
        assert returncode == 0, "".join(self._stderr)[-3000:]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)


async def started_tournament(url: str) -> int:
    """A running tournament of six on server GUILD, created by a process that then exits."""
    store = await PostgresStore.open(url)
    service = TournamentService(store, clock=time.time, seeds=lambda: "parent")
    session = await service.create(guild_id=GUILD, channel_id=2, name="Tuesday",
                                   config=config())
    for uid in range(101, 107):
        await session.run(lambda t, now, u=uid: t.register(str(u), now),
                          also=lambda tx, u=uid: tx.add_entry(session.store_id, u, f"P{u}"))
    await session.run(lambda t, now: t.start("start-seed", now))
    service.close()
    await store.close()  # its session ends: the lease is free
    return session.store_id


def test_shard_settings_name_the_variable_and_never_echo_the_value() -> None:
    assert Shards.from_settings(None, None) is None
    shards = Shards.from_settings("2", "1")
    assert shards is not None and shards.owns_guild(GUILD) and not shards.owns_guild(1)
    assert Shards.from_settings("4", "0-1,3") == Shards(4, frozenset({0, 1, 3}))
    secret = "tok3n-pasted-here"
    for count, ids in ((secret, None), ("0", None), ("2", "2"), ("2", secret), (None, "1")):
        with pytest.raises(ShardConfigError) as caught:
            Shards.from_settings(count, ids)
        message = str(caught.value)
        assert "SHARD_" in message and "tok3n" not in message


async def test_one_owner_then_a_killed_owner_is_taken_over_mid_hand(pg_url: str) -> None:
    tid = await started_tournament(pg_url)
    a = Child(pg_url, "1", tid, "play", 4)
    b = Child(pg_url, "1", tid, "play", 4)
    elsewhere = Child(pg_url, "0", tid, "play", 4)  # shard 0 does not hold server GUILD
    children = [a, b, elsewhere]
    try:
        owners = [c for c in (a, b) if c.owns() == [tid]]
        assert len(owners) == 1, [(c.lines, c.owns()) for c in (a, b)]
        owner, loser = owners[0], (b if owners[0] is a else a)
        assert loser.owns() == []
        assert loser.wait_for("REFUSED") == "REFUSED NotOwner"
        loser.finish()
        assert elsewhere.owns() == []
        assert elsewhere.wait_for("REFUSED") == "REFUSED NotOwner"
        elsewhere.finish()

        paused = owner.wait_for("PAUSED")
        deadlines_before = json.loads(paused.split(" ", 1)[1])
        acked = owner.acks()
        assert len(acked) >= 4
        hand_line = [ln for ln in owner.lines if ln.startswith("A ")][-1].split()
        assert hand_line[2] != "-"  # killed with a hand being played

        # Seen from a third process: the owner's session holds the lease; writing is refused.
        store = await PostgresStore.open(pg_url)
        try:
            assert tid in await store.lease_holders([tid])
            with pytest.raises(NotOwner):
                await store.commit(lambda tx: tx.append_events(tid, TOURNAMENT_STREAM,
                                                               [{"type": "intruder"}]))
            owner.kill()
            deadline = time.monotonic() + 20
            while tid in await store.lease_holders([tid]):  # the server ends its session
                assert time.monotonic() < deadline, "the dead owner's lease was never freed"
                time.sleep(0.05)
            stored = await store.load_events(tid, TOURNAMENT_STREAM)
            assert len(stored) >= acked[-1]  # nothing acknowledged is lost
        finally:
            await store.close()

        heir = Child(pg_url, "1", tid, "resume", 6)
        children.append(heir)
        assert heir.owns() == [tid]
        recovered, hand, hand_events = heir.wait_for("RECOVERED").split(" ", 1)[1].rsplit(" ", 2)
        after = json.loads(recovered)
        assert (hand, int(hand_events)) == (hand_line[2], int(hand_line[3]))  # mid-hand, as left
        heir.finish()
        assert "DONE" in heir.lines and len(heir.acks()) == 6
        assert heir.acks()[0] > acked[-1]
    finally:
        for c in children:
            if c.proc.poll() is None:
                c.kill()

    store = await PostgresStore.open(pg_url)
    try:
        # The same deadlines, moved by the time nobody could play (a take-over is a
        # restart; under a second it moves nothing, longer and it is an OfflinePause).
        # (the owner's own start may have made up a downtime too: only the heir's counts)
        pauses = [p for e in (await store.load_events(tid, TOURNAMENT_STREAM))[len(stored):]
                  if current_type(e.type) == OfflinePause.type
                  for p in [event_from_dict({**e.data, "type": OfflinePause.type})]
                  if isinstance(p, OfflinePause)]
        assert len(pauses) <= 1
        assert [(d["kind"], d["table"]) for d in after] == \
            [(d["kind"], d["table"]) for d in deadlines_before]
        if not pauses:
            assert after == deadlines_before  # the same absolute deadlines
        else:
            p = pauses[0]
            shift = p.at - p.stopped_at
            for was, now in zip(deadlines_before, after, strict=True):
                assert was["at"] + shift - 1e-3 <= now["at"] <= \
                    max(was["at"] + shift, p.at + p.min_seconds) + 1e-3
        assert "intruder" not in {e.type for e in await store.load_events(tid)}
        report = await store.check(conservation_checks())
        assert report.ok, report.lines()
        assert [t.checked for t in report.tournaments] == [True]
    finally:
        await store.close()

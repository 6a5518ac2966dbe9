"""SIGKILL a child writing to the store at chosen points; nothing acknowledged may be lost.

The child kills itself after a chosen number of acknowledged actions, at a chosen point of the
next one (its statements ran but no COMMIT; COMMIT returned but not acknowledged; before it
began), through either write path (an interactive transaction, or Store.commit's one hop). The
crash lands by count, not by timing, so a loaded machine cannot make the test fail or pass.
STORE_CRASH_KILLS (default 50) and STORE_CRASH_SEED reproduce a run exactly.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bot.store import Store
from tests.store.fake_tournament import TRANSFER, FakeTournament, check_fake

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("crash_child.py")
KILLS = int(os.environ.get("STORE_CRASH_KILLS", "50"))
POINTS = ("statements", "committed", "start")


@dataclass
class DbState:
    actions: set[tuple[int, int]] = field(default_factory=set)  # (tournament, action)
    guild_of: dict[int, int] = field(default_factory=dict)
    finished: set[int] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


async def read_state(path: Path) -> DbState:
    state = DbState()
    store = await Store.open(path)
    try:
        report = await store.check([check_fake])
        if not report.ok:
            state.problems.extend(report.lines())
        for t in await store.tournaments():
            state.guild_of[t.id] = t.guild_id
            events = await store.load_events(t.id)
            parts: dict[int, int] = defaultdict(int)
            for e in events:
                if e.type == TRANSFER:
                    parts[e.data["action"]] += 1
                    state.actions.add((t.id, e.data["action"]))
            if t.status == "finished":
                state.finished.add(t.id)
                if await store.deadlines(t.id):
                    state.problems.append(f"finished tournament {t.id} still has deadlines")
                continue
            # The deadline was written in the same transaction as the action: they must agree.
            deadlines = {(d.kind, d.key): d for d in await store.deadlines(t.id)}
            last = max(parts, default=0)
            clock = deadlines.get(("action", "clock"))
            if (clock.data["action"] if clock else 0) != last:
                state.problems.append(f"tournament {t.id}: deadline {clock} but last action {last}")
            # Recovery from the snapshot must give what a full replay gives.
            rec = await store.recover_tournament(t)
            snap = rec.snapshot
            fast = FakeTournament.rebuild(t.id, snap and snap.state, rec.events)
            full = FakeTournament.rebuild(t.id, None, events)
            if (fast.stacks, fast.last_action) != (full.stacks, full.last_action):
                state.problems.append(f"tournament {t.id}: snapshot recovery differs from replay")
    finally:
        await store.close()
    return state


def parse_acks(out: bytes) -> tuple[set[tuple[int, int]], set[int]]:
    actions: set[tuple[int, int]] = set()
    finished: set[int] = set()
    for line in out.decode().split("\n")[:-1]:  # a line without its newline was never sent
        kind, *rest = line.split()
        if kind == "A":
            actions.add((int(rest[0]), int(rest[1])))
        elif kind == "F":
            finished.add(int(rest[0]))
    return actions, finished


def test_sigkill_loses_no_acknowledged_action_and_writes_nothing_half(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    seed = int(os.environ.get("STORE_CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    known = DbState()
    total_acks = 0
    for run in range(KILLS):
        # Every fifth round two children write at once (own guilds, own tournaments).
        guilds = [1, 2] if run % 5 == 4 else [1]
        plans = {g: (rng.choice([0, 1, 2, 5, 10, 20, 40]), rng.choice(POINTS),
                     "commit" if (run + g) % 2 else "transaction") for g in guilds}
        children = {
            g: subprocess.Popen(
                [sys.executable, str(CHILD), str(db), str(seed * 1000 + run), str(g),
                 str(die_after), point, api],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
            )
            for g, (die_after, point, api) in plans.items()
        }
        acked: dict[int, set[tuple[int, int]]] = {}
        acked_finished: set[int] = set()
        for g, child in children.items():
            out, err = child.communicate(timeout=120)
            assert child.returncode == -signal.SIGKILL, f"child died by itself:\n{err.decode()}"
            acked[g], finished = parse_acks(out)
            acked_finished |= finished
            assert len(acked[g]) == plans[g][0], (plans[g], err.decode()[-2000:])
        all_acked = set().union(*acked.values())
        total_acks += len(all_acked)

        state = asyncio.run(read_state(db))
        ctx = f"seed {seed}, run {run}, plans {plans}"
        assert not state.problems, f"{ctx}: " + "\n".join(state.problems)
        lost = (known.actions | all_acked) - state.actions
        assert not lost, f"{ctx}: acknowledged actions missing after the crash: {sorted(lost)}"
        assert (known.finished | acked_finished) <= state.finished, ctx
        for g, (_, point, _) in plans.items():
            unacked = {a for a in state.actions - known.actions - acked[g]
                       if state.guild_of[a[0]] == g}
            if point == "committed":  # COMMIT returned: durable though never acknowledged
                assert len(unacked) == 1, f"{ctx}: guild {g} committed {sorted(unacked)}"
            else:  # killed before its COMMIT: none of it may be there
                assert not unacked, f"{ctx}: guild {g} half-written {sorted(unacked)}"
        known = state

    assert total_acks >= KILLS  # the children really played between kills

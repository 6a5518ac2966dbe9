"""Crash-test child: plays fake tournaments against the store and kills itself (SIGKILL) at a
chosen point, so where the crash lands depends on a count, never on timing or load.

After each transaction has committed (and only then) it prints one line to stdout:
    A <tournament> <action> <parts>    an action of <parts> transfer events
    F <tournament>                     the tournament finished

usage: python crash_child.py DATABASE SEED GUILD DIE_AFTER POINT API
  DIE_AFTER  the number of actions it acknowledges before the crash (0: during start-up)
  POINT      where, in action DIE_AFTER + 1:  statements (its statements ran, no COMMIT),
             committed (COMMIT returned, not yet acknowledged), or start (before it began)
  API        transaction (async with store.transaction()) or commit (store.commit, one hop)

Several children may share a database if each has its own GUILD (its own tournaments).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from dataclasses import dataclass
from typing import Any

from bot.store import TOURNAMENT_STREAM, SqlTransaction, Store, hand_stream
from tests.store.fake_tournament import FakeTournament, start_fake_tournament

LIVE_TOURNAMENTS = 3
SNAPSHOT_EVERY = 15
FINISH_CHANCE = 1 / 80


def ack(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


async def recover(store: Store, guild: int) -> dict[int, FakeTournament]:
    live: dict[int, FakeTournament] = {}
    for rec in await store.recover():
        if rec.tournament.guild_id != guild:
            continue
        snap = rec.snapshot
        live[rec.tournament.id] = FakeTournament.rebuild(
            rec.tournament.id,
            None if snap is None else snap.state,
            rec.events,
            0 if snap is None else snap.last_event_id,
        )
    return live


@dataclass
class Action:
    """One action's writes, the same whichever API runs them."""

    tid: int
    fake: FakeTournament
    hand: tuple[int, int] | None
    new_hand: bool
    to_hand_stream: bool
    transfers: list[dict[str, Any]]
    action: int
    finish: bool
    crash_in_statements: bool

    def write(self, tx: SqlTransaction) -> tuple[FakeTournament, tuple[int, int]]:
        hand = self.hand
        if hand is None or self.new_hand:
            if hand is not None:
                tx.finish_hand(hand[0])
            played = tx.tournament_hands(self.tid)
            row = tx.begin_hand(self.tid, 1, max((h.hand_no for h in played), default=0) + 1)
            hand = (row.id, row.hand_no)
        stream = hand_stream(hand[0]) if self.to_hand_stream else TOURNAMENT_STREAM
        stored = tx.append_events(self.tid, stream, self.transfers)
        tx.set_deadline(self.tid, "action", "clock", tx.now + 30, {"action": self.action})
        after = FakeTournament.rebuild(self.tid, self.fake.state(), stored,
                                       self.fake.last_event_id)
        if after.last_action % SNAPSHOT_EVERY == 0:
            tx.save_snapshot(self.tid, after.last_event_id, after.state())
        if self.finish:
            ranked = sorted(after.stacks.items(), key=lambda kv: -kv[1])
            for place, (user, _) in enumerate(ranked, start=1):
                tx.set_result(self.tid, int(user), place, points=len(ranked) - place)
            tx.set_tournament_status(self.tid, "finished")
        if self.crash_in_statements:
            die()  # every statement ran; the COMMIT never happens
        return after, hand


async def play(path: str, seed: int, guild: int, die_after: int, point: str, api: str) -> None:
    rng = random.Random(seed)
    if die_after == 0 and point == "start":
        die()
    store = await Store.open(path)
    live = await recover(store, guild)
    hands: dict[int, tuple[int, int]] = {}  # tournament -> (hand id, hand no)
    acked = 0
    while True:
        while len(live) < LIVE_TOURNAMENTS:
            fake = await start_fake_tournament(store, guild_id=guild, players=rng.randint(2, 9),
                                               chips=rng.choice([1500, 3000, 10000]))
            live[fake.tournament_id] = fake
        last = acked == die_after
        if last and point == "start":
            die()
        tid = rng.choice(sorted(live))
        fake = live[tid]
        act = Action(tid, fake, hands.get(tid), rng.random() < 0.2, rng.random() < 0.7,
                     fake.random_transfers(rng, fake.last_action + 1), fake.last_action + 1,
                     rng.random() < FINISH_CHANCE, last and point == "statements")
        if api == "commit":
            after, hand = await store.commit(act.write)
        else:
            async with store.transaction() as tx:
                after, hand = await tx.apply(act.write)
        if last and point == "committed":
            die()  # committed, never acknowledged: allowed to be found, not required
        hands[tid] = hand
        live[tid] = after
        ack(f"A {tid} {act.action} {len(act.transfers)}")
        acked += 1
        if act.finish:
            del live[tid]
            hands.pop(tid, None)
            ack(f"F {tid}")


if __name__ == "__main__":
    db, seed, guild, die_after, point, api = sys.argv[1:7]
    asyncio.run(play(db, int(seed), int(guild), int(die_after), point, api))

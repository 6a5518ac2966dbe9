"""Crash-test child: plays fake tournaments against the store until it is SIGKILLed.

After each transaction has committed (and only then) it prints one line to stdout:
    A <tournament> <action> <parts>    an action of <parts> transfer events
    F <tournament>                     the tournament finished
The parent kills it at random and checks that every acknowledged line is in the database.

usage: python crash_child.py DATABASE SEED [GUILD]

Several children may share a database if each has its own GUILD (its own tournaments).
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.store import TOURNAMENT_STREAM, Store, hand_stream
from bot.store.testing import FakeTournament, start_fake_tournament

LIVE_TOURNAMENTS = 3
SNAPSHOT_EVERY = 15
FINISH_CHANCE = 1 / 80


def ack(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


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


async def play(path: str, seed: int, guild: int) -> None:
    rng = random.Random(seed)
    store = await Store.open(path)
    live = await recover(store, guild)
    hands: dict[int, tuple[int, int]] = {}  # tournament -> (hand id, hand no)
    while True:
        while len(live) < LIVE_TOURNAMENTS:
            fake = await start_fake_tournament(store, guild_id=guild, players=rng.randint(2, 9),
                                               chips=rng.choice([1500, 3000, 10000]))
            live[fake.tournament_id] = fake
        tid = rng.choice(sorted(live))
        fake = live[tid]
        action = fake.last_action + 1
        transfers = fake.random_transfers(rng, action)
        finish = rng.random() < FINISH_CHANCE
        async with store.transaction() as tx:
            hand = hands.get(tid)
            if hand is None or rng.random() < 0.2:
                if hand is not None:
                    await tx.finish_hand(hand[0])
                played = await tx.tournament_hands(tid)
                row = await tx.begin_hand(tid, 1, max((h.hand_no for h in played), default=0) + 1)
                hand = (row.id, row.hand_no)
            stream = hand_stream(hand[0]) if rng.random() < 0.7 else TOURNAMENT_STREAM
            stored = await tx.append_events(tid, stream, transfers)
            await tx.set_deadline(tid, "action", "clock", tx.now + 30, {"action": action})
            after = FakeTournament.rebuild(tid, fake.state(), stored, fake.last_event_id)
            if after.last_action % SNAPSHOT_EVERY == 0:
                await tx.save_snapshot(tid, after.last_event_id, after.state())
            if finish:
                ranked = sorted(after.stacks.items(), key=lambda kv: -kv[1])
                for place, (user, _) in enumerate(ranked, start=1):
                    await tx.set_result(tid, int(user), place, points=len(ranked) - place)
                await tx.set_tournament_status(tid, "finished")
        hands[tid] = hand
        live[tid] = after
        ack(f"A {tid} {action} {len(transfers)}")
        if finish:
            del live[tid]
            hands.pop(tid, None)
            ack(f"F {tid}")


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1))

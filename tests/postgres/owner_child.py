"""A bot process for the ownership tests: the real game service on a shared PostgreSQL.

usage: python owner_child.py URL SHARD_COUNT SHARD_IDS TOURNAMENT_ID MODE N

It opens the store for its shards and recovers (which takes the leases it can), then prints
    OWN <ids>                         the tournaments it runs (comma-separated, may be empty)
MODE "play": if it runs TOURNAMENT_ID, it plays; after each commit (when the bot would
announce the action) it prints
    A <events in the log> <hand id or -> <events of that hand>
and after N actions with a hand still being played it prints
    PAUSED <json: the tournament's deadlines>
and waits to be killed. If it does not run it, it tries to write to it anyway and prints
    REFUSED <error type>   (or WROTE, which the test counts as a failure)  and exits.
MODE "resume": prints  RECOVERED <json deadlines> <hand id> <events of that hand>  for
TOURNAMENT_ID, then plays N actions (printing A lines) and prints DONE.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import random
import sys
import time
from typing import Any

from bot.engine.errors import IllegalAction
from bot.service import Session, TournamentService
from bot.store import StoreError
from bot.store.backends import open_store
from bot.store.ownership import Shards
from bot.tournament.errors import TournamentError


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def deadlines(session: Session) -> str:
    found = session.tournament.deadlines(time.time())
    return json.dumps(sorted((dataclasses.asdict(d) for d in found), key=json.dumps),
                      sort_keys=True)


def current_hand(session: Session) -> tuple[str, int]:
    for ts in session.tournament.tables.values():
        if ts.hand is not None and not ts.hand.is_over:
            return ts.hand.hand_id, len(ts.hand.events)
    return "-", 0


async def act(session: Session, rng: random.Random) -> bool:
    t = session.tournament
    turns = [(tb, ts.hand.to_act) for tb, ts in t.tables.items()
             if ts.hand is not None and ts.hand.to_act is not None]
    if not turns:
        return False
    table, seat = turns[0]
    action = rng.choice(["check_or_call", "check_or_call", "fold"])
    try:
        await session.run(lambda t, now: t.act(table, seat, action, now=now))
    except (IllegalAction, TournamentError):
        await session.run(lambda t, now: t.act(table, seat, "check_or_call", now=now))
    hand, count = current_hand(session)
    say(f"A {session.tournament.event_count} {hand} {count}")
    return True


async def main(url: str, count: str, ids: str, tournament_id: int, mode: str, n: int) -> None:
    store = await open_store(url, shards=Shards.from_settings(count, ids))
    counter = itertools.count()
    service = TournamentService(store, clock=time.time,
                                seeds=lambda: f"child-{mode}-{next(counter)}")
    sessions = {s.store_id: s for s in await service.recover()}
    say(f"OWN {','.join(str(i) for i in sorted(sessions))}")
    rng = random.Random(n)
    session = sessions.get(tournament_id)
    if mode == "play" and session is None:
        try:
            await store.commit(lambda tx: tx.append_events(
                tournament_id, "tournament", [{"type": "intruder"}]))
            say("WROTE")
        except StoreError as exc:
            say(f"REFUSED {type(exc).__name__}")
        service.close()
        await store.close()
        return
    assert session is not None
    if mode == "resume":
        hand, hand_events = current_hand(session)
        say(f"RECOVERED {deadlines(session)} {hand} {hand_events}")
    played = 0
    while played < n:
        if not await act(session, rng):
            await asyncio.sleep(0.05)  # between hands: the session's timer deals the next one
            continue
        played += 1
        if mode == "play" and played >= n:
            if current_hand(session)[0] == "-":
                n += 1  # pause only in the middle of a hand
                continue
            say(f"PAUSED {deadlines(session)}")
            await asyncio.Event().wait()  # until SIGKILL
    say("DONE")
    service.close()
    await store.close()


def run(argv: list[str]) -> Any:
    url, count, ids, tid, mode, n = argv
    return asyncio.run(main(url, count, ids, int(tid), mode, int(n)))


if __name__ == "__main__":
    run(sys.argv[1:])

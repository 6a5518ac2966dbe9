"""A tiny stand-in tournament for exercising the store on its own (test support only).

Players hold stacks; each "action" moves chips between them in one transaction of one to four
transfer events. Chips are conserved by construction; `check_fake` is its conservation check,
passed to `store.check(checks=...)` by the tests. The game's own path is tested in tests/service.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store import TOURNAMENT_STREAM, Store, StoredEvent, TournamentRow

SEAT = "storetest.seat"
TRANSFER = "storetest.transfer"
KIND = "storetest"


@dataclass
class FakeTournament:
    tournament_id: int
    stacks: dict[str, int] = field(default_factory=dict)
    total: int = 0
    last_action: int = 0
    last_event_id: int = 0

    def apply(self, event: dict[str, Any], event_id: int = 0) -> None:
        if event["type"] == SEAT:
            self.stacks[str(event["user_id"])] = int(event["chips"])
            self.total += int(event["chips"])
        elif event["type"] == TRANSFER:
            self.stacks[str(event["src"])] -= int(event["amount"])
            self.stacks[str(event["dst"])] += int(event["amount"])
            self.last_action = max(self.last_action, int(event["action"]))
        self.last_event_id = max(self.last_event_id, event_id)

    def state(self) -> dict[str, Any]:
        return {"stacks": self.stacks, "total": self.total, "last_action": self.last_action}

    @classmethod
    def rebuild(
        cls,
        tournament_id: int,
        state: dict[str, Any] | None,
        events: Sequence[StoredEvent],
        last_event_id: int = 0,
    ) -> FakeTournament:
        t = cls(tournament_id, last_event_id=last_event_id)
        if state is not None:
            t.stacks = {k: int(v) for k, v in state["stacks"].items()}
            t.total = int(state["total"])
            t.last_action = int(state["last_action"])
        for e in events:
            t.apply(e.data, e.id)
        return t

    def random_transfers(self, rng: random.Random, action: int) -> list[dict[str, Any]]:
        """One player action: 1-4 chip movements, each affordable when it happens."""
        stacks = dict(self.stacks)
        parts = rng.randint(1, 4)
        out = []
        for part in range(parts):
            rich = [u for u, s in stacks.items() if s > 0]
            src = rng.choice(rich)
            dst = rng.choice([u for u in stacks if u != src])
            amount = rng.randint(1, stacks[src])
            stacks[src] -= amount
            stacks[dst] += amount
            out.append(
                {"type": TRANSFER, "src": src, "dst": dst, "amount": amount, "action": action,
                 "part": part, "of": parts}
            )
        return out


async def start_fake_tournament(
    store: Store, guild_id: int, players: int, chips: int, name: str = "store test"
) -> FakeTournament:
    async with store.transaction() as tx:
        row = await tx.create_tournament(guild_id, name, config={"kind": KIND})
        await tx.put_table(row.id, 1)
        for user in range(1, players + 1):
            await tx.add_entry(row.id, user, f"player {user}")
        await tx.set_tournament_status(row.id, "running")
        stored = await tx.append_events(
            row.id,
            TOURNAMENT_STREAM,
            [{"type": SEAT, "user_id": user, "chips": chips} for user in range(1, players + 1)],
        )
    fake = FakeTournament(row.id)
    for e in stored:
        fake.apply(e.data, e.id)
    return fake


def check_fake(tournament: TournamentRow, events: Sequence[StoredEvent]) -> list[str] | None:
    if tournament.config.get("kind") != KIND:
        return None
    problems: list[str] = []
    stacks: dict[str, int] = {}
    total = 0
    parts: dict[int, set[int]] = {}
    expected: dict[int, int] = {}
    for e in events:
        d = e.data
        if e.type == SEAT:
            stacks[str(d["user_id"])] = int(d["chips"])
            total += int(d["chips"])
        elif e.type == TRANSFER:
            if int(d["amount"]) <= 0:
                problems.append(f"event {e.id}: non-positive transfer {d['amount']}")
            stacks[str(d["src"])] = stacks.get(str(d["src"]), 0) - int(d["amount"])
            stacks[str(d["dst"])] = stacks.get(str(d["dst"]), 0) + int(d["amount"])
            if stacks[str(d["src"])] < 0:
                problems.append(f"event {e.id}: player {d['src']} below zero")
            parts.setdefault(int(d["action"]), set()).add(int(d["part"]))
            expected[int(d["action"])] = int(d["of"])
    if sum(stacks.values()) != total:
        problems.append(f"{sum(stacks.values())} chips in play, {total} were seated")
    for action, seen in parts.items():
        if seen != set(range(expected[action])):
            problems.append(f"action {action} half-written: parts {sorted(seen)}")
    return problems


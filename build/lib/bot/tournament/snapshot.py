"""Snapshot serialisation: the state as compact plain data, and back.

The store saves one at each hand's end; `from_snapshot` plus the events after it gives the same
tournament as a full replay (tests/tournament/test_snapshots.py checks it at every event)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Self

from bot.engine.events import Event, event_from_dict
from bot.engine.hand import Hand
from bot.tournament import events as ev
from bot.tournament.blinds import (
    Positions,
)
from bot.tournament.clock import (
    Decision,
)
from bot.tournament.core import TournamentConfig, positions_of
from bot.tournament.deals import Deal, DealOffer, DealState
from bot.tournament.hand_steps import HAND_STEPS
from bot.tournament.state import (
    Entrant,
    Guest,
    TableState,
)

# Version of `Tournament.snapshot()`'s layout; `from_snapshot` refuses others.
SNAPSHOT_VERSION = 1


class Snapshots(DealState):
    """`snapshot()` and `from_snapshot()`."""

    def snapshot(self) -> dict[str, Any]:
        """The whole state as compact JSON-able data, between commands (the store saves one at
        each hand's end). `from_snapshot(config, snapshot)` plus the events after
        `snapshot["event_count"]` equals a full replay. Hands are kept as their own short logs
        (the hand in play and the last one, for after-hand requests), not as the history."""
        out = {
            "version": SNAPSHOT_VERSION,
            "event_count": self.event_count,
            "tournament_id": self.tournament_id, "seed": self.seed, "status": self.status,
            "winner": self.winner, "final_table": self.final_table,
            "hand_counter": self.hand_counter, "smallest_chip": self.smallest_chip,
            "clock": [self.clock_base, self.running_since, self.paused, self.announced_period],
            "last_at": self.last_at,
            "level_clock": [self.level_shift, self.break_until, self.period_floor],
            "money": [self.pool, self.entries, self.chips_in, self.chips_adjusted,
                      self.chips_raced, self.chips_removed],
            "prizes": dict(sorted(self.prizes.items())),
            "players": [_entrant_data(p) for p in self.players.values()],
            "tables": [self._table_data(ts) for _, ts in sorted(self.tables.items())],
            "guests": [[g, x.name, x.member] for g, x in self.guests.items()],
            "busts": list(self.busts),
        }
        if self.deal_count:
            out["deal"] = self._deal_data()
        return out

    def _deal_data(self) -> dict[str, Any]:
        offer, deal = self.deal_offer, self.deal
        return {
            "count": self.deal_count,
            "offer": None if offer is None else [offer.proposal.to_dict(),
                                                 sorted(offer.accepted)],
            "made": None if deal is None else [deal.method, dict(deal.amounts), deal.keep],
        }

    def _deal_from_data(self, data: Mapping[str, Any]) -> None:
        self.deal_count = int(data["count"])
        if data["offer"] is not None:
            proposal = event_from_dict(data["offer"][0])
            assert isinstance(proposal, ev.DealProposed)
            self.deal_offer = DealOffer(proposal, frozenset(data["offer"][1]))
        if data["made"] is not None:
            method, amounts, keep = data["made"]
            self.deal = Deal(method, {str(p): int(a) for p, a in amounts.items()}, int(keep))

    @classmethod
    def from_snapshot(cls, config: TournamentConfig, snapshot: Mapping[str, Any]) -> Self:
        """The tournament as it was when `snapshot` was taken; apply the events after it
        (`apply_stored`) to bring it up to date."""
        if snapshot.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"not a tournament snapshot of version {SNAPSHOT_VERSION}")
        t = cls()
        t.config = config
        t._forgotten = int(snapshot["event_count"])
        t.tournament_id = int(snapshot["tournament_id"])
        t.seed = str(snapshot["seed"])
        t.status = snapshot["status"]
        t.winner = snapshot["winner"]
        t.final_table = snapshot["final_table"]
        t.hand_counter = int(snapshot["hand_counter"])
        t.smallest_chip = int(snapshot["smallest_chip"])
        t.clock_base, t.running_since, t.paused, t.announced_period = snapshot["clock"]
        t.last_at = float(snapshot.get("last_at", 0.0))
        # Older snapshots have no director's changes to the level clock (or no period floor:
        # 0, the clock as the bot that took them read it).
        level_clock = snapshot.get("level_clock", [0.0, None])
        t.level_shift, t.break_until = level_clock[0], level_clock[1]
        t.period_floor = int(level_clock[2]) if len(level_clock) > 2 else 0
        (t.pool, t.entries, t.chips_in, t.chips_adjusted, t.chips_raced,
         t.chips_removed) = snapshot["money"]
        t.prizes = dict(snapshot["prizes"])
        for data in snapshot["players"]:
            p = Entrant(**{**data, "tied": tuple(data.get("tied", ()))})
            if p.status == "playing":  # older snapshots kept the bust a re-buy bought back
                p.out_at = p.knocked_out_by = p.out_table = p.out_seat = None
            t.players[p.player] = p
        for data in snapshot["tables"]:
            ts = t._table_from_data(data)
            t.tables[ts.table] = ts
        t.guests = {str(g): Guest(name, member) for g, name, member in snapshot["guests"]}
        t.busts = list(snapshot["busts"])
        if "deal" in snapshot:
            t._deal_from_data(snapshot["deal"])
        return t

    def _table_data(self, ts: TableState) -> dict[str, Any]:
        d = ts.decision
        return {
            "table": ts.table, "seats": [[s, p] for s, p in sorted(ts.seats.items())],
            "button": ts.button,
            "positions": list(dataclasses.astuple(ts.positions)) if ts.positions else None,
            "hand": [e.to_dict() for e in ts.hand_log],
            "last_hand": [e.to_dict() for e in ts.last_hand_log],
            "penalized": list(ts.penalized), "dq_pending": list(ts.dq_pending),
            "rabbit_agreed": sorted(ts.rabbit_agreed), "rabbit_done": ts.rabbit_done,
            "rabbit_since": ts.rabbit_since,
            "decision": list(dataclasses.astuple(d)) if d is not None else None,
            "redraw_due": ts.redraw_due,
        }

    def _table_from_data(self, data: Mapping[str, Any]) -> TableState:
        ts = TableState(int(data["table"]))
        ts.seats = {int(s): str(p) for s, p in data["seats"]}
        ts.button = data["button"]
        ts.positions = Positions(*data["positions"]) if data["positions"] else None
        if data["hand"]:
            ts.hand_log = [event_from_dict(e) for e in data["hand"]]
            ts.hand = self._hand_from_log(ts.hand_log)
            dealt = ts.hand_log[0]
            assert isinstance(dealt, ev.HandDealt)
            ts.hand_positions = positions_of(dealt)
            ts.start_stacks = {s.player: s.stack for s in dealt.seats}
        if data["last_hand"]:
            ts.last_hand_log = [event_from_dict(e) for e in data["last_hand"]]
            ts.last_hand = self._hand_from_log(ts.last_hand_log)
        ts.penalized = list(data["penalized"])
        ts.dq_pending = list(data["dq_pending"])
        ts.rabbit_agreed = set(data["rabbit_agreed"])
        ts.rabbit_done = bool(data["rabbit_done"])
        ts.rabbit_since = data.get("rabbit_since")
        ts.decision = Decision(*data["decision"]) if data["decision"] else None
        ts.redraw_due = bool(data["redraw_due"])
        return ts

    def _hand_from_log(self, log: Sequence[Event]) -> Hand:
        dealt = log[0]
        assert isinstance(dealt, ev.HandDealt)
        hand = Hand.start(self._hand_config(dealt))
        for e in log[1:]:
            HAND_STEPS[type(e)](hand, e)
        return hand


def _entrant_data(p: Entrant) -> dict[str, Any]:
    """An entrant as snapshot data: his id and every field that is not at its default."""
    defaults = Entrant(p.player)
    out: dict[str, Any] = {"player": p.player}
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        if f.name != "player" and value != getattr(defaults, f.name):
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out

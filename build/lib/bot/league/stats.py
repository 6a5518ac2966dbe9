"""A player's record: nights and finishes, and what the stored hands say about how they play.

Hand statistics read only public events (who sat where, who did what pre-flop, who won which
pot): hole cards are never needed, so /stats can never leak one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.events import current_type
from bot.engine.hand_events import Acted, HandStarted, PotAwarded, StreetDealt

from .model import Night

VOLUNTARY = frozenset({"call", "bet", "raise"})  # blinds and checks are not voluntary
RAISES = frozenset({"bet", "raise"})


@dataclass
class HandTally:
    hands: int = 0
    vpip: int = 0  # hands in which the player put money in pre-flop by choice
    pfr: int = 0  # hands in which the player bet or raised pre-flop
    biggest_pot: int = 0  # the most chips won in one hand
    biggest_pot_hand: int | None = None

    def add(self, other: HandTally) -> None:
        self.hands += other.hands
        self.vpip += other.vpip
        self.pfr += other.pfr
        if other.biggest_pot > self.biggest_pot:
            self.biggest_pot, self.biggest_pot_hand = other.biggest_pot, other.biggest_pot_hand

    @property
    def vpip_pct(self) -> float | None:
        return None if not self.hands else 100.0 * self.vpip / self.hands

    @property
    def pfr_pct(self) -> float | None:
        return None if not self.hands else 100.0 * self.pfr / self.hands


def tally_hands(player: str, hands: Mapping[int, Sequence[Mapping[str, Any]]]) -> HandTally:
    """Tally `player` (the engine's player string, the user id) over hands: hand id -> its
    events as dicts with a 'type' (stored event data)."""
    out = HandTally()
    for hand_id, events in hands.items():
        seat: int | None = None
        preflop = True
        voluntary = raised = False
        won = 0
        for e in events:
            # Stored hands keep the names they were written with (`hand.started` before the
            # hand events were renamed): compared by their current name.
            kind = current_type(str(e.get("type")))
            if kind == HandStarted.type:
                seat = next((int(s["seat"]) for s in e.get("seats", ())
                             if str(s.get("player")) == player), None)
            elif seat is None:
                continue
            elif kind == StreetDealt.type:
                preflop = False
            elif kind == Acted.type and preflop and int(e.get("seat", -1)) == seat:
                voluntary |= e.get("action") in VOLUNTARY
                raised |= e.get("action") in RAISES
            elif kind == PotAwarded.type:
                winners = [int(w) for w in e.get("winners", ())]
                shares = [int(s) for s in e.get("shares", ())]
                for w, s in zip(winners, shares, strict=False):
                    if w == seat:
                        won += s
        if seat is None:
            continue
        out.hands += 1
        out.vpip += voluntary
        out.pfr += raised
        if won > out.biggest_pot:
            out.biggest_pot, out.biggest_pot_hand = won, hand_id
    return out


@dataclass(frozen=True)
class PlayerRecord:
    user_id: int
    name: str
    nights: int
    wins: int
    final_tables: int
    cashes: int
    average_finish: float | None
    best_finish: int | None
    points: float
    net: int
    hands: HandTally


def player_record(user_id: int, nights: Iterable[Night], hands: HandTally,
                  fallback_name: str) -> PlayerRecord:
    mine = [p for n in nights if (p := n.player(user_id)) is not None]
    places = [p.place for p in mine]
    return PlayerRecord(
        user_id=user_id,
        name=mine[-1].name if mine else fallback_name,
        nights=len(mine),
        wins=sum(1 for p in mine if p.place == 1),
        final_tables=sum(1 for p in mine if p.final_table),
        cashes=sum(1 for p in mine if p.prize > 0),
        average_finish=sum(places) / len(places) if places else None,
        best_finish=min(places) if places else None,
        points=sum(p.points for p in mine),
        net=sum(p.net for p in mine),
        hands=hands,
    )

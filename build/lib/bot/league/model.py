"""Plain records of finished nights: what standings, the ledger and settle-up are computed from.

Money is in the league's smallest currency unit (ints, so a ledger always balances exactly);
points are floats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HOUSE = 0  # the party that keeps (or covers) whatever the prizes and the money paid in differ by


@dataclass(frozen=True)
class PlayerNight:
    user_id: int
    name: str
    place: int
    points: float = 0.0
    prize: int = 0
    buy_ins: int = 0  # money paid to enter (a late entry pays it too)
    rebuys: int = 0  # money paid for re-buys
    addons: int = 0  # money paid for add-ons
    knockouts: float = 0.0  # players busted (a split pot shares the knockout)
    bounty_won: int = 0
    bounty_paid: int = 0
    final_table: bool = False

    @property
    def spend(self) -> int:
        return self.buy_ins + self.rebuys + self.addons

    @property
    def net(self) -> int:
        return self.prize + self.bounty_won - self.spend - self.bounty_paid


@dataclass(frozen=True)
class Night:
    tournament_id: int
    name: str
    played_at: float | None
    buy_in: int
    players: tuple[PlayerNight, ...] = field(default_factory=tuple)
    # The method of a deal made at the final table ("icm", "chip_chop", "chip_chop_min").
    deal: str | None = None

    @property
    def entrants(self) -> int:
        places = [p.place for p in self.players]
        return max([len(self.players), *places]) if places else 0

    def player(self, user_id: int) -> PlayerNight | None:
        for p in self.players:
            if p.user_id == user_id:
                return p
        return None

    def balances(self) -> dict[int, int]:
        """Each player's net for the night; HOUSE takes up any difference (rake, a prize pool
        that was not the money paid in) so the balances always sum to zero."""
        out = {p.user_id: p.net for p in self.players}
        diff = -sum(out.values())
        if diff:
            out[HOUSE] = out.get(HOUSE, 0) + diff
        return out

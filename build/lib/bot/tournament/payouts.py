"""The money: prize pool, payout tables by field size (data/payouts/), each player's prize.

Where the rules come from: the league's payout table (rule `payouts`); ties from the same hand
share the prizes of the places they cover (TDA 21; rule same-hand-eliminations in data/rules);
the seed rulebooks are silent on money.

Amounts are whole money units (the league's smallest unit, e.g. cents or dollars). Rounding
leftovers go to first place. A row may give fixed amounts instead of percents (`amounts`):
each place gets its amount, what the pool holds beyond their sum goes to first place, and a pool
smaller than their sum pays them in proportion (rounded down, leftovers to first), so the
prizes always add up to the pool; players tied for places (eliminated in the same hand with equal
starting stacks) split the prizes of the places they cover, odd units to the earlier-listed
player of the tie (tie lists are ordered by player id, so this is fixed in advance).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.datafiles import data_files
from bot.tournament.errors import StructureError
from bot.tournament.interning import interned


@dataclass(frozen=True)
class Bracket:
    min_players: int
    max_players: int
    basis_points: tuple[int, ...]  # per place, 1st first; sums to 10,000 (fixed: the amounts)
    amounts: tuple[int, ...] | None = None  # fixed amounts per place (money units), or None


@dataclass(frozen=True)
class PayoutTable:
    name: str
    brackets: tuple[Bracket, ...]

    def bracket_for(self, field_size: int) -> Bracket:
        for b in self.brackets:
            if b.min_players <= field_size <= b.max_players:
                return b
        raise StructureError(
            f"payout table {self.name!r} has no row for {field_size} players: rows cover "
            + ", ".join(f"{b.min_players}-{b.max_players}" for b in self.brackets)
        )

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "brackets": [
            {"min_players": b.min_players, "max_players": b.max_players,
             **({"amounts": list(b.amounts)} if b.amounts is not None
                else {"percents": [bp / 100 for bp in b.basis_points]})}
            for b in self.brackets]}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> PayoutTable:
        try:
            brackets = []
            for b in data["brackets"]:
                if "amounts" in b:
                    fixed = tuple(int(a) for a in b["amounts"])
                    if not fixed or any(a <= 0 for a in fixed):
                        raise StructureError(
                            f"payout row {b['min_players']}-{b['max_players']}: amounts must "
                            "be above 0")
                    if list(fixed) != sorted(fixed, reverse=True):
                        raise StructureError("a better place cannot pay less than a worse one")
                    brackets.append(Bracket(int(b["min_players"]), int(b["max_players"]),
                                            fixed, fixed))
                    continue
                bps = tuple(round(float(p) * 100) for p in b["percents"])
                if sum(bps) != 10_000 or any(x <= 0 for x in bps):
                    raise StructureError(
                        f"payout row {b['min_players']}-{b['max_players']}: percents must be "
                        "positive and add up to 100"
                    )
                if list(bps) != sorted(bps, reverse=True):
                    raise StructureError("a better place cannot pay less than a worse one")
                brackets.append(Bracket(int(b["min_players"]), int(b["max_players"]), bps))
            return interned(PayoutTable(str(data["name"]), tuple(brackets)))
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, StructureError):
                raise
            raise StructureError(
                "not a payout table: give name and brackets (min_players, max_players, "
                "percents)"
            ) from None


def payout_table_names() -> list[str]:
    return sorted(data_files("payouts"))


def load_payout_table(name: str = "standard") -> PayoutTable:
    tables = data_files("payouts")
    if name not in tables:
        raise StructureError(f"no payout table {name!r}: tables are {', '.join(sorted(tables))}")
    try:
        data = tomllib.loads(tables[name].read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise StructureError(f"payout table {name!r} is not valid TOML: {err}") from None
    return PayoutTable.from_dict(data)


def place_amounts(pool: int, field_size: int, table: PayoutTable, unit: int = 1) -> list[int]:
    """Prize per place (index 0 = 1st), rounded down to `unit`; what rounding leaves goes to 1st.

    A field smaller than the number of paid places pays only as many places as players. Fixed
    amounts are paid as they are when the pool covers them, the rest of the pool to 1st; a
    smaller pool pays them in proportion.
    """
    bracket = table.bracket_for(field_size)
    if bracket.amounts is not None:
        fixed = list(bracket.amounts[:field_size])
        if pool >= sum(fixed):
            fixed[0] += pool - sum(fixed)
            return fixed
    bps = bracket.basis_points[:field_size]
    total_bp = sum(bps)
    amounts = [(pool * bp // total_bp) // unit * unit for bp in bps]
    amounts[0] += pool - sum(amounts)
    return amounts


@dataclass(frozen=True)
class Finish:
    player: str
    place: int
    tied: tuple[str, ...] = ()  # the other players sharing this place (same-hand, same stack)


def prizes(finishes: Sequence[Finish], amounts: Sequence[int],
           withheld: frozenset[str] = frozenset()) -> dict[str, int]:
    """Each finisher's prize; a tie of k players at place p shares places p..p+k-1.

    A disqualified (withheld) player's share is not paid to anyone else: it stays with the
    league (the director may pay it out by hand).
    """
    out: dict[str, int] = {}
    done: set[str] = set()
    for f in finishes:
        if f.player in done:
            continue
        group = sorted((f.player, *f.tied))
        covered = amounts[f.place - 1 : f.place - 1 + len(group)]
        total = sum(covered)
        share, odd = divmod(total, len(group))
        for i, p in enumerate(group):
            out[p] = 0 if p in withheld else share + (1 if i < odd else 0)
            done.add(p)
    return out

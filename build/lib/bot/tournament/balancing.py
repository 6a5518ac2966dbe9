"""Table balancing and breaking (rules table-balancing, breaking-tables, final-table in
data/rules; TREPS "Moving Players"; TDA 25-27).

- A table is broken when the players left fit at one table fewer. The table broken is an idle
  one (no hand in progress) with the fewest players, the highest-numbered on a tie: TDA breaks
  tables in a set order, but a bar league cannot stop a table mid-hand, so we break the table
  that can be broken now. Its players leave in the order the big blind would reach them, each
  to the table with the fewest players (lowest-numbered on a tie), into the seat due the big
  blind next there.
- Otherwise tables are balanced when their sizes differ by two or more: the player due the big
  blind next at the fullest idle table moves to the seat due the big blind next at the shortest
  table (a table in the middle of a hand can receive a player, who is dealt in from the next
  hand, but cannot give one).
- When one table is left, it is the final table.
- Live mode: the bot cannot see where the button is at a real table, so "due the big
  blind" is unknown; `RandomSeats` then names the player who moves and the seat he takes by the
  tournament's seeded draw (TDA: a broken table's players get new seats by a random draw).
  When, which tables and how many stay the same rules as online.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from bot.tournament.blinds import player_due_big_blind, seat_due_big_blind
from bot.tournament.events import MoveReason
from bot.tournament.rng import SeededRandom


@dataclass(frozen=True)
class TableView:
    table: int
    seats: Mapping[int, str]  # occupied seat -> player
    anchor: int  # the seat after which the next big blind falls
    busy: bool  # a hand is in progress


@dataclass(frozen=True)
class Move:
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason


@dataclass(frozen=True)
class Plan:
    moves: tuple[Move, ...]
    broken: int | None  # the table broken by these moves


class SeatRule(Protocol):
    """Who leaves a table and which open seat a newcomer takes."""

    def mover(self, table: TableView, table_size: int) -> int:
        """The seat of the player who moves away from `table`."""

    def seat(self, table: TableView, table_size: int) -> int:
        """The open seat a player moved to `table` takes (the table has one)."""


class BigBlindSeats:
    """TREPS "Moving Players": the player due the big blind moves, into the seat due it."""

    def mover(self, table: TableView, table_size: int) -> int:
        return player_due_big_blind(table.anchor, table.seats, table_size)

    def seat(self, table: TableView, table_size: int) -> int:
        seat = seat_due_big_blind(table.anchor, table.seats, table_size)
        assert seat is not None, "the table has an open seat"
        return seat


@dataclass
class RandomSeats:
    """Live mode: the mover and his seat drawn from the tournament's randomness."""

    rng: SeededRandom

    def mover(self, table: TableView, table_size: int) -> int:
        return self.rng.choice(sorted(table.seats))

    def seat(self, table: TableView, table_size: int) -> int:
        return self.rng.choice([s for s in range(1, table_size + 1) if s not in table.seats])


BIG_BLIND = BigBlindSeats()


def _destination(views: dict[int, TableView], exclude: int, table_size: int,
                 rule: SeatRule) -> tuple[int, int] | None:
    open_tables = [t for t, v in views.items() if t != exclude and len(v.seats) < table_size]
    if not open_tables:
        return None
    t = min(open_tables, key=lambda t: (len(views[t].seats), t))
    return t, rule.seat(views[t], table_size)


def next_step(tables: Sequence[TableView], table_size: int,
              rule: SeatRule = BIG_BLIND) -> Plan | None:
    """The next break or balancing move to make now, or None if nothing is due or possible."""
    if len(tables) < 2:
        return None
    total = sum(len(v.seats) for v in tables)
    views = {v.table: replace(v, seats=dict(v.seats)) for v in tables}
    if total <= table_size * (len(tables) - 1):
        idle = [v for v in tables if not v.busy]
        if not idle:
            return None
        victim = min(idle, key=lambda v: (len(v.seats), -v.table))
        moves: list[Move] = []
        leaving = replace(victim, seats=dict(victim.seats))
        while leaving.seats:
            seat = rule.mover(leaving, table_size)
            remaining = {s: p for s, p in leaving.seats.items() if s != seat}
            player = leaving.seats[seat]
            leaving = replace(leaving, seats=remaining, anchor=seat)
            dest = _destination(views, victim.table, table_size, rule)
            assert dest is not None, "the players fit at the other tables"
            to = views[dest[0]]
            views[dest[0]] = replace(to, seats={**to.seats, dest[1]: player})
            moves.append(Move(player, victim.table, seat, dest[0], dest[1], "break"))
        return Plan(tuple(moves), victim.table)
    sizes = {v.table: len(v.seats) for v in tables}
    smallest = min(sizes.values())
    sources = [v for v in tables if not v.busy and len(v.seats) >= smallest + 2]
    if not sources:
        return None
    src = max(sources, key=lambda v: (len(v.seats), -v.table))
    dest_t = min((t for t in sizes if t != src.table), key=lambda t: (sizes[t], t))
    seat = rule.mover(src, table_size)
    to_seat = rule.seat(views[dest_t], table_size)
    return Plan((Move(src.seats[seat], src.table, seat, dest_t, to_seat, "balance"),), None)

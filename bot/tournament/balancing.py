"""Table balancing and breaking (rules.md "Table moves"; TREPS "Moving Players"; TDA 25-27).

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.tournament.blinds import player_due_big_blind, seat_due_big_blind


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
    reason: str  # "balance" | "break"


@dataclass(frozen=True)
class Plan:
    moves: tuple[Move, ...]
    broken: int | None  # the table broken by these moves


def _destination(views: dict[int, dict[int, str]], anchors: Mapping[int, int],
                 exclude: int, table_size: int) -> tuple[int, int] | None:
    open_tables = [t for t, seats in views.items() if t != exclude and len(seats) < table_size]
    if not open_tables:
        return None
    t = min(open_tables, key=lambda t: (len(views[t]), t))
    seat = seat_due_big_blind(anchors[t], views[t], table_size)
    assert seat is not None
    return t, seat


def next_step(tables: Sequence[TableView], table_size: int) -> Plan | None:
    """The next break or balancing move to make now, or None if nothing is due or possible."""
    if len(tables) < 2:
        return None
    total = sum(len(v.seats) for v in tables)
    views = {v.table: dict(v.seats) for v in tables}
    anchors = {v.table: v.anchor for v in tables}
    if total <= table_size * (len(tables) - 1):
        idle = [v for v in tables if not v.busy]
        if not idle:
            return None
        victim = min(idle, key=lambda v: (len(v.seats), -v.table))
        moves: list[Move] = []
        anchor = victim.anchor
        remaining = dict(victim.seats)
        while remaining:
            seat = player_due_big_blind(anchor, remaining, table_size)
            player = remaining.pop(seat)
            anchor = seat
            dest = _destination(views, anchors, victim.table, table_size)
            assert dest is not None, "the players fit at the other tables"
            views[dest[0]][dest[1]] = player
            moves.append(Move(player, victim.table, seat, dest[0], dest[1], "break"))
        return Plan(tuple(moves), victim.table)
    sizes = {v.table: len(v.seats) for v in tables}
    smallest = min(sizes.values())
    sources = [v for v in tables if not v.busy and len(v.seats) >= smallest + 2]
    if not sources:
        return None
    src = max(sources, key=lambda v: (len(v.seats), -v.table))
    dest_t = min((t for t in sizes if t != src.table), key=lambda t: (sizes[t], t))
    seat = player_due_big_blind(src.anchor, src.seats, table_size)
    to_seat = seat_due_big_blind(anchors[dest_t], views[dest_t], table_size)
    assert to_seat is not None
    return Plan((Move(src.seats[seat], src.table, seat, dest_t, to_seat, "balance"),), None)

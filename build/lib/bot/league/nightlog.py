"""What a night's own log says about its money and its busts, for the league.

The tournament's event log is the one record of a night: the buy-ins (at the start and each
late entry), every re-buy and add-on with what it cost, every bust with who made it, and the
busts the director undid. This module reads it as typed events (bot/tournament/events.py),
never by event name: a log written under earlier names decodes to the same classes.

Players are the tournament's own ids ("1234…" for a member, "guest-2" for a guest); the caller
maps them to the league's user ids (bot/league/guests.py). Pure: no store, no Discord.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.engine.events import Event, current_type
from bot.engine.hand_events import HandStarted, PotAwarded
from bot.tournament import events as tev

# When a night has no final-table event (it was one table from the start), the players who
# finished in the top seats of one table made the final table.
DEFAULT_TABLE_SEATS = 9

# The events `read_log` reads: a reader of a stored log decodes only these (`is_night_event`),
# since an online night's log is mostly the players' actions.
NIGHT_EVENTS: tuple[type[Event], ...] = (
    tev.Created, tev.Started, tev.LateRegistered, tev.Rebuy, tev.AddOn, tev.FinalTable,
    tev.Eliminated, tev.BustUndone, tev.DealMade,
)
_NIGHT_TYPES = frozenset(cls.type for cls in NIGHT_EVENTS)


def is_night_event(stored_type: str) -> bool:
    """Whether a stored event (by its stored type name, old or current) is one `read_log`
    reads."""
    return current_type(stored_type) in _NIGHT_TYPES


@dataclass(frozen=True)
class Bust:
    """A bust that stands (not undone): who went out, in which place, and who busted him when
    the director said so (live); online, the hand it happened in says who."""

    player: str
    place: int
    knocked_out_by: str | None
    hand_id: str | None  # the engine's hand id ("7-t1-h12"); None at a live night


@dataclass(frozen=True)
class NightDeal:
    """A deal made at the final table: each dealt player's prize and what the
    winner took on top. The results' prizes already hold it; this says how they were made."""

    method: tev.DealMethod
    amounts: Mapping[str, int]
    keep: int


@dataclass(frozen=True)
class NightLog:
    """A night's money in and busts, by the tournament's player ids."""

    buy_in: int = 0  # the buy-in of one entry, in money units
    seats_per_table: int = DEFAULT_TABLE_SEATS
    buy_ins: Mapping[str, int] = field(default_factory=dict)  # an entry (a late one too)
    rebuys: Mapping[str, int] = field(default_factory=dict)  # what his re-buys cost
    add_ons: Mapping[str, int] = field(default_factory=dict)  # what his add-on cost
    final_table: frozenset[str] = frozenset()  # empty: there was no final-table draw
    busts: tuple[Bust, ...] = ()  # in the order they happened
    deal: NightDeal | None = None  # the deal made at the final table, if any


def read_log(events: Iterable[Event]) -> NightLog:
    """A night's money and standing busts from its log (any events; others are skipped).

    A log with no `Created` event records no money (nothing was paid through the bot). An
    undone bust (`BustUndone`, live) takes back the latest bust of that player in that place:
    it never counts for a knockout or a bounty; a re-bought player busted again counts again.
    """
    buy_in, seats = 0, DEFAULT_TABLE_SEATS
    buy_ins: defaultdict[str, int] = defaultdict(int)
    rebuys: defaultdict[str, int] = defaultdict(int)
    add_ons: defaultdict[str, int] = defaultdict(int)
    final_table: set[str] = set()
    busts: list[Bust] = []
    deal: NightDeal | None = None
    for e in events:
        if isinstance(e, tev.Created):
            buy_in = int(e.config.get("buy_in", 0) or 0)
            seats = int(e.config.get("seats_per_table", DEFAULT_TABLE_SEATS))
        elif isinstance(e, tev.Started):
            for player in e.players:
                buy_ins[player] += buy_in
        elif isinstance(e, tev.LateRegistered):
            buy_ins[e.player] += buy_in
        elif isinstance(e, tev.Rebuy):
            rebuys[e.player] += e.cost
        elif isinstance(e, tev.AddOn):
            add_ons[e.player] += e.cost
        elif isinstance(e, tev.FinalTable):
            final_table.update(e.players)
        elif isinstance(e, tev.Eliminated):
            busts.append(Bust(e.player, e.place, e.knocked_out_by, e.hand_id))
        elif isinstance(e, tev.DealMade):
            deal = NightDeal(e.method, dict(e.amounts), e.keep)
        elif isinstance(e, tev.BustUndone):
            for i in range(len(busts) - 1, -1, -1):
                if busts[i].player == e.player and busts[i].place == e.place:
                    del busts[i]
                    break
    return NightLog(buy_in, seats, dict(buy_ins), dict(rebuys), dict(add_ons),
                    frozenset(final_table), tuple(busts), deal)


def hand_knockers(events: Iterable[Event], busted: str) -> tuple[str, ...]:
    """Who knocked `busted` out in a hand (its events, typed): the winners of the last pot he
    was in (the side pot that held his last chips), in seat order, never himself. A split pot
    shares the knockout."""
    player_at: dict[int, str] = {}
    seat: int | None = None
    last: PotAwarded | None = None
    for e in events:
        if isinstance(e, HandStarted):
            player_at = {s.seat: s.player for s in e.seats}
            seat = next((s.seat for s in e.seats if s.player == busted), None)
        elif isinstance(e, PotAwarded) and seat is not None and seat in e.eligible:
            if last is None or e.pot >= last.pot:
                last = e
    if last is None:
        return ()
    return tuple(player_at[w] for w in sorted(last.winners)
                 if w in player_at and player_at[w] != busted)

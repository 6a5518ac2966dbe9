"""Seat draws and the first button, every card of a draw kept so the channel can show it.

- Random seats (TREPS "Random Seats"; rule random-seats): the field is split into as few
  tables as hold it, sizes differing by at most one, players and seat numbers shuffled from the
  seed.
- `by_card` (TREPS "The Button"): one card to each player of a table; the highest (rank, then
  suit) takes the button and the rest sit in descending card order counter-clockwise from it.
  We put the button on the highest seat used (seat k of k players) so the others fill seats
  k-1 .. 1 and the lowest card sits on the button's left.
- `high_card`: one card to each seat clockwise from seat 1; the highest card takes the button.
- `first_ace` (Tavern "The Shuffle and Deal"): cards dealt round one at a time from a random
  seat until someone gets an ace; he is the first dealer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.cards import card_order, deck_from_seed
from bot.engine.profile import ButtonDraw
from bot.tournament.errors import StructureError
from bot.tournament.events import DrawMethod, DrawnCard
from bot.tournament.rng import SeededRandom


@dataclass(frozen=True)
class DrawResult:
    """A button draw (and, by card, the seat draw): every card in the order dealt."""

    method: DrawMethod
    cards: tuple[DrawnCard, ...]  # in the order dealt
    button: int
    first_seat: int  # where the deal started


def table_sizes(n_players: int, seats_per_table: int) -> list[int]:
    """As few tables as hold the field, sizes differing by at most one, fuller tables first."""
    if not 2 <= seats_per_table <= 10:
        raise StructureError("a table seats 2 to 10 players")
    n_tables = -(-n_players // seats_per_table)
    base, extra = divmod(n_players, n_tables)
    return [base + (1 if i < extra else 0) for i in range(n_tables)]


def random_seating(players: Sequence[str], seats_per_table: int,
                   seed: str) -> dict[int, dict[int, str]]:
    """Table number -> seat number -> player, drawn from the seed."""
    rng = SeededRandom(seed + ":seats")
    order = rng.shuffled(list(players))
    out: dict[int, dict[int, str]] = {}
    i = 0
    for t, size in enumerate(table_sizes(len(order), seats_per_table), 1):
        seat_numbers = sorted(rng.shuffled(list(range(1, seats_per_table + 1)))[:size])
        out[t] = {s: order[i + k] for k, s in enumerate(seat_numbers)}
        i += size
    return out


def seat_by_card(players: Sequence[str], seed: str) -> tuple[dict[int, str], DrawResult]:
    """TREPS: deal one card to each player (in the order given); seats by descending card
    counter-clockwise from the button, which the highest card takes."""
    deck = deck_from_seed(seed)
    dealt = list(zip(players, deck, strict=False))
    ranked = sorted(dealt, key=lambda pc: card_order(pc[1]), reverse=True)
    k = len(ranked)
    seats = {k - i: p for i, (p, _) in enumerate(ranked)}
    seat_of = {p: s for s, p in seats.items()}
    cards = tuple(DrawnCard(seat_of[p], p, c) for p, c in dealt)
    return seats, DrawResult("by_card", cards, button=k, first_seat=seat_of[players[0]])


def draw_high_card(seats: Mapping[int, str], seed: str) -> DrawResult:
    deck = deck_from_seed(seed)
    order = sorted(seats)
    cards = tuple(DrawnCard(s, seats[s], deck[i]) for i, s in enumerate(order))
    best = max(cards, key=lambda d: card_order(d.card))
    return DrawResult("high_card", cards, button=best.seat, first_seat=order[0])


def draw_first_ace(seats: Mapping[int, str], seed: str) -> DrawResult:
    deck = deck_from_seed(seed)
    order = sorted(seats)
    start = SeededRandom(seed + ":first-seat").below(len(order))
    rotation = order[start:] + order[:start]
    cards: list[DrawnCard] = []
    for i, card in enumerate(deck):  # four aces in 52 cards: the loop always finds one
        seat = rotation[i % len(rotation)]
        cards.append(DrawnCard(seat, seats[seat], card))
        if card[0] == "A":
            return DrawResult("first_ace", tuple(cards), button=seat, first_seat=rotation[0])
    raise AssertionError("a deck has aces")


def draw_button(method: ButtonDraw, seats: Mapping[int, str], seed: str) -> DrawResult:
    if method == "first_ace":
        return draw_first_ace(seats, seed)
    return draw_high_card(seats, seed)

"""The chances to win a face-up hand's table shows, counted from the hand's events alone.

`table_counts` is the work the bot hands to a worker process while an all-in runs out
(bot/discord_ui/announcer/chance_counts.py): it rebuilds the hand from its events, counts every
chance the table message will show at each board its hands were face up for (each street of a
paced run-out too), the main pot's and, with side pots, each pot's, and returns those counts as
plain data. The bot's process `remember`s them (bot.engine.equity), so drawing the table finds
every figure counted and counts nothing itself. `all_kept` asks whether that is so already
(a click is answered at once when it is not, the chances following in an edit).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.equity import Counted, CountKey, NotKept, kept_only, pot_equities, recording
from bot.engine.events import Event
from bot.engine.hand import Hand


def table_counts(events: Sequence[Event]) -> list[tuple[CountKey, Counted]]:
    """Every count the table of the hand of `events` shows (a pre-flop all-in takes 10-30 ms)."""
    with recording() as made:
        _ask_all(Hand.replay(events))
    return made


def all_kept(hand: Hand) -> bool:
    """Whether every count the table of `hand` shows is kept in this process, so that drawing
    it counts nothing (asked without counting: microseconds)."""
    try:
        with kept_only():
            _ask_all(hand)
    except NotKept:
        return False
    return True


def _ask_all(hand: Hand) -> None:
    """Ask for every count the table of `hand` shows: the main pot's at each board its hands
    were face up for and, with side pots, each pot's. The pots are asked first, so that every
    pot of a board is counted over the same boards at once (`pot_equities`); the main pot's
    count is then found kept."""
    pots = hand.table_pots()
    if len(pots) >= 2:
        up = {s: hand.players[s].shown for s in hand.live_seats
              if len(hand.players[s].shown) == 2}
        for board, _ in hand.face_up_boards():
            pot_equities([p.eligible for p in pots], up, board)
    hand.face_up_equities()


def ready() -> bool:
    """Nothing to count: a started worker process runs this once, so that it has imported what
    counting needs (eval7, the engine) before the first all-in asks it to count."""
    return True

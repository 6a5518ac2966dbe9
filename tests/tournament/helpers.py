"""Building tournaments for tests."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.events import event_from_dict
from bot.engine.hand import Hand
from bot.engine.profile import make_profile
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import Level, Structure
from bot.tournament.tournament import Tournament, TournamentConfig

T0 = 10_000.0


def structure(**kw: object) -> Structure:
    base: dict = dict(name="test", periods=(Level(25, 50, 0, 600), Level(50, 100, 0, 600),
                                            Level(100, 200, 0, 600)),
                      starting_stack=1000, chips=(25, 100, 500))
    base.update(kw)
    return Structure(**base)


def make(profile: str = "tda", n: int = 4, *, seats: int = 9, struct: Structure | None = None,
         seed: str = "s", start: bool = True, buy_in: int = 10, **opts: object) -> Tournament:
    cfg = TournamentConfig(make_profile(profile), struct or structure(),
                           load_payout_table("standard"), seats_per_table=seats,
                           buy_in=buy_in, **opts)  # type: ignore[arg-type]
    t = Tournament.create(1, cfg, T0)
    for i in range(n):
        t.register(f"p{i}", T0)
    if start:
        t.start(seed, T0)
    return t


def replayed(t: Tournament) -> Tournament:
    return Tournament.replay(event_from_dict(e.to_dict()) for e in t.events)


def seat_of(t: Tournament, player: str) -> int:
    s = t.players[player].seat
    assert s is not None
    return s


def types(events: list) -> list[str]:
    return [e.type for e in events]


def find(attempt: Callable[[str], Tournament], ok: Callable[[Tournament], bool],
         tries: int = 500) -> Tournament:
    """The first seed whose attempt gives the wanted outcome (seeds are tried in order, so
    the test is deterministic)."""
    for i in range(tries):
        t = attempt(f"find-{i}")
        if ok(t):
            return t
    raise AssertionError("no seed gives that outcome")


def play_all_in_hand(t: Tournament, table: int, seed: str, folders: set[str],
                     now: float = T0) -> Hand:
    """Start a hand; `folders` fold, everyone else goes all-in or calls."""
    hand = t.start_hand(table, seed, now)
    ts = t.tables[table]
    while t.tables[table].hand is not None and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        player = ts.seats[legal.seat]
        if player in folders:
            t.act(table, legal.seat, "fold", now=now)
        elif legal.can_raise:
            t.act(table, legal.seat, "all_in", now=now)
        else:
            t.act(table, legal.seat, "check_or_call", now=now)
    return hand

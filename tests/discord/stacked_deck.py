"""A stacked deck for tests that must see a given showdown (the bot's own seeds are random):
`create_bot(stacked_deck=...)` asks it for the seed of every hand the bot deals (bot/service/
session.py, DeckSource). No command or setting reaches it: only a test builds a bot with one.

A test plans a showdown at a table (`plan`): the next hand dealt there has a player all-in who
loses to another. The deck is found by trying seeds on a copy of the tournament (its snapshot)
that plays the hand the way the test will (`planned_action`): the hand is the real one, the
cards are the deck's, so the real hand ends the same. Every other hand gets a seed of its own.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass

from bot.engine.hand import Legal
from bot.tournament.errors import TournamentError
from bot.tournament.tournament import Tournament

# Seeds tried for one planned showdown (about half of them put the short stack out).
TRIES = 400


@dataclass(frozen=True)
class Showdown:
    """`loser` goes all-in and `winner` (who covers him) calls and wins: `loser` is out."""

    loser: str
    winner: str

    def action(self, player: str, legal: Legal) -> str:
        return planned_action(player, legal, {self.loser: "shove", self.winner: "call"})


def planned_action(player: str, legal: Legal, plan: dict[str, str]) -> str:
    """What `player` does (the engine's action name): `shove` all-in (a call when he may not
    raise), `call` (a check when he may), anyone else checks or folds."""
    what = plan.get(player, "fold")
    if what == "shove" and legal.can_raise:
        return "all_in"
    if what in ("shove", "call"):
        return "check" if legal.can_check else "call"
    return "check" if legal.can_check else "fold"


class StackedDeck:
    """The seed of each hand the bot deals: a planned showdown's, else a new one."""

    def __init__(self) -> None:
        self.planned: dict[int, Showdown] = {}
        self._seeds = (f"stacked-{n}" for n in itertools.count())

    def plan(self, table: int, loser: str, winner: str) -> None:
        self.planned[table] = Showdown(loser, winner)

    def __call__(self, t: Tournament, table: int, now: float) -> str:
        showdown = self.planned.get(table)
        if showdown is None:
            return next(self._seeds)
        for _ in range(TRIES):
            seed = next(self._seeds)
            out = _plays_out(t, table, now, seed, showdown)
            if out is None:
                return seed  # the table cannot deal now (it waits): the plan waits too
            if out:
                del self.planned[table]
                return seed
        raise AssertionError(f"no deck in {TRIES} puts {showdown.loser} out at table {table}")


def _plays_out(t: Tournament, table: int, now: float, seed: str,
               showdown: Showdown) -> bool | None:
    """Whether the hand `seed` deals at `table` ends with `showdown.loser` out, played on a
    copy of the tournament; None when the table cannot deal now."""
    copy = Tournament.from_snapshot(t.cfg, json.loads(json.dumps(t.snapshot())))
    try:
        hand = copy.start_hand(table, seed, now)
    except TournamentError:
        return None
    ts = copy.tables[table]
    while ts.hand is hand and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        copy.act(table, legal.seat, showdown.action(ts.seats[legal.seat], legal), now=now)
    return copy.players[showdown.loser].status == "out"

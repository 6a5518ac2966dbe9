"""`python -m bot demo`: a short tournament among simulated players, offline, told as a game.

No Discord and no token: the real game service runs on a temporary database, simulated players
act, and each hand is told as it happens under a heading of its own: the seats, the cards the
deal DMs show (`--no-dms` leaves them out), every action, the board as it comes, the showdown,
then the channel's posts (busts, levels, the winner and the places). Every sentence is the
presenter's, rendered for a terminal (`bot.discord_ui.terminal`): no Markdown marks, Discord's
timestamps as the times a client shows. Cards are plain text here (`Q♦`).
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bot.discord_ui.presenter.announcements import Announcements
from bot.discord_ui.presenter.narration import (
    dealt_line,
    hand_heading,
    narrated_lines,
    seats_line,
)
from bot.discord_ui.terminal import Terminal
from bot.engine.cards import RANKS
from bot.engine.evaluate import describe
from bot.engine.events import Event
from bot.engine.hand import Hand, Legal
from bot.engine.profile import make_profile
from bot.service import Outcome, Session, TournamentService
from bot.store import SqlTransaction, Store
from bot.tournament.payouts import load_payout_table
from bot.tournament.players import member_player
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig

USERS = {101: "Alex", 102: "Dana", 103: "Sam", 104: "Kim"}  # Discord user id -> name
PLAYERS: dict[str, str] = {member_player(uid): name for uid, name in USERS.items()}
START = 1_700_000_000.0
# Seconds of the demo's clock per action: a little slower than a real table, so a turbo's
# blinds rise every two or three hands and the demo ends in about thirty.
SECONDS_PER_ACTION = 30
RULE = "━" * 64
INDENT = "  "
# How strong a made hand is, by its category, for the simulated players' decisions.
_MADE = {"high_card": 0.2, "pair": 0.5, "two_pair": 0.7, "three_of_a_kind": 0.8,
         "straight": 0.85, "flush": 0.88, "full_house": 0.95, "four_of_a_kind": 1.0,
         "straight_flush": 1.0}


class Teller:
    """Prints what a reader of the channel and of every DM would follow, hand by hand."""

    def __init__(self, now: list[float], show_dms: bool, terminal: Terminal) -> None:
        self.now = now
        self.show_dms = show_dms
        self.terminal = terminal

    def print(self, text: str, indent: str = "") -> None:
        shown = self.terminal.render(text, self.now[0])
        print(indent + shown.replace("\n", "\n" + indent))

    def hand_started(self, table: int, hand: Hand) -> None:
        print()
        self.print(f"{RULE}\n{hand_heading(hand, table)}")
        self.print(seats_line(hand, PLAYERS))
        if self.show_dms:
            self.print(dealt_line(hand, PLAYERS))

    async def listener(self, session: Session, outcome: Outcome) -> None:
        """In the channel's order: the hands that went on, the tournament's posts, then the
        hands just dealt."""
        t = session.tournament
        started = {h.hand_id for _, h in outcome.hands_started()}
        for _table, hand, evs in outcome.hand_events:
            if hand.hand_id not in started:
                self.events(hand, evs)
        writer = Announcements(PLAYERS, clock_seconds=t.profile.clock_seconds,
                               results=t.results)
        for post in writer.posts(outcome.tournament_events):
            self.print(post.text)
        for table, hand, evs in outcome.hand_events:
            if hand.hand_id in started:
                self.hand_started(table, hand)
                self.events(hand, evs)

    def events(self, hand: Hand, evs: Sequence[Event]) -> None:
        for line in narrated_lines(hand, PLAYERS, evs):
            self.print(line, INDENT)


def strength(hole: Sequence[str], board: Sequence[str]) -> float:
    """A rough 0-to-1 strength for a simulated player: the two cards before the flop, the
    made hand after it."""
    if board:
        category = describe([*hole, *board]).category
        ranks = [card[0] for card in board]
        # A pair on the board is everybody's: it makes nobody's hand.
        shared = len(set(ranks)) < len(ranks) and category in ("pair", "two_pair")
        return _MADE[category] - (0.25 if shared else 0.0)
    high, low = sorted((RANKS.index(c[0]) for c in hole), reverse=True)
    if high == low:
        return 0.5 + high / 24
    suited = 0.08 if hole[0][1] == hole[1][1] else 0.0
    connected = 0.05 if high - low == 1 else 0.0
    return (high + low) / 26 * 0.8 + suited + connected


def choose(hand: Hand, legal: Legal, rng: random.Random) -> tuple[str, int | None]:
    """A simulated player's action: folds weak hands to a bet (middling ones to a big bet),
    bets and raises strong ones, now and then a bluff; amounts of half the pot to the pot, in
    big blinds."""
    hole = hand.hole_cards(legal.seat) or ()
    power = strength(hole, hand.board) if len(hole) == 2 else 0.5
    roll = rng.random()
    if legal.facing_bet:
        # The share of the pot after calling that the call costs: a big bet needs a better hand.
        price = legal.call_amount / max(hand.pot_total + legal.call_amount, 1)
        if power < 0.35 and roll < 0.8 or power < 0.6 and price > 0.3 and roll < 0.7:
            return "fold", None
        if power > 0.8 and legal.can_raise and roll < 0.5:
            return _bet(hand, legal, rng)
        return "check_or_call", None
    if legal.can_raise and (power > 0.6 and roll < 0.6 or roll < 0.08):
        return _bet(hand, legal, rng)
    return "check_or_call", None


def _bet(hand: Hand, legal: Legal, rng: random.Random) -> tuple[str, int | None]:
    unit = max(hand.big_blind, 1)
    size = hand.current_bet + hand.pot_total * rng.choice((0.5, 0.75, 1.0))
    to = max(legal.min_raise_to, round(size / unit) * unit)
    if to >= legal.max_raise_to:
        return "all_in", None
    return "raise_to", to


async def _demo(seed: int, show_dms: bool) -> None:
    # Everything that can refuse (data files) is read before the database is opened, and the
    # database is closed on every way out: an open aiosqlite connection is a non-daemon thread
    # that would keep the process alive after an error.
    config = TournamentConfig(profile=make_profile("treps"),
                              structure=load_structure("turbo"),
                              payouts=load_payout_table("standard"), seats_per_table=9,
                              buy_in=20)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo.sqlite3")
        try:
            await _play(store, config, seed, show_dms)
        finally:
            await store.close()


async def _play(store: Store, config: TournamentConfig, seed: int, show_dms: bool) -> None:
    rng = random.Random(seed)
    counter = itertools.count()
    now = [START]
    teller = Teller(now, show_dms, Terminal.for_output(sys.stdout))
    service = TournamentService(store, clock=lambda: now[0],
                                seeds=lambda: f"demo-{seed}-{next(counter)}",
                                listener=teller.listener, hand_delay=0)
    session = await service.create(guild_id=1, channel_id=1, name="Demo", config=config)
    print(f"Demo tournament: turbo structure, treps rules, buy-in 20, {len(USERS)} players")
    for uid, name in USERS.items():
        await _register(session, uid, name)
    await session.run(lambda t, at: t.start(f"demo-start-{seed}", at))
    for _ in range(5000):
        t = session.tournament
        if t.status == "finished":
            break
        acting = [(tb, ts.hand) for tb, ts in t.tables.items()
                  if ts.hand is not None and ts.hand.to_act is not None]
        if not acting:
            now[0] += 1
            await session.run(lambda tt, at: tt.tick(at))
            continue
        table, hand = acting[0]
        legal = hand.legal()
        assert legal is not None and hand.to_act is not None
        action, amount = choose(hand, legal, rng)
        now[0] += SECONDS_PER_ACTION
        await _act(session, table, hand.to_act, action, amount)
    service.close()


async def _register(session: Session, user_id: int, name: str) -> None:
    def register(t: Tournament, now: float) -> object:
        return t.register(member_player(user_id), now)

    def entry(tx: SqlTransaction) -> object:
        return tx.add_entry(session.store_id, user_id, name)

    await session.run(register, also=entry)


async def _act(session: Session, table: int, seat: int, action: str,
               amount: int | None) -> None:
    def act(t: Tournament, now: float) -> object:
        return t.act(table, seat, action, amount, now=now)

    await session.run(act)


def run_demo(argv: list[str] | None = None) -> int:
    args = argv or []
    seed = int(args[0]) if args and args[0].isdecimal() and len(args[0]) < 10 else 7
    asyncio.run(_demo(seed, show_dms="--no-dms" not in args))
    return 0

"""`python -m bot demo`: a short tournament among simulated players, offline.

No Discord and no token: the real game service runs on a temporary database, simulated players
act, and this prints what the channel and each player's DMs would show (the presenter's texts;
the table message is printed as its last action lines, once per hand).
"""

from __future__ import annotations

import asyncio
import itertools
import random
import tempfile
from pathlib import Path

from bot.engine.hand_events import HandEnded, Ruling
from bot.engine.profile import make_profile
from bot.presenter import (
    action_lines,
    commitment_text,
    hole_cards_text,
    ruling_text,
    seat_names,
    showdown_text,
)
from bot.service import Outcome, Session, TournamentService
from bot.store import Store
from bot.tournament import events as tev
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import TournamentConfig

PLAYERS = {"101": "Alex", "102": "Dana", "103": "Sam", "104": "Kim"}


def _print_outcome(session: Session, outcome: Outcome, show_dms: bool) -> None:
    names = PLAYERS
    started = {h.hand_id for _, h in outcome.hands_started()}
    for table, hand, evs in outcome.hand_events:
        if hand.hand_id in started:
            print(f"\n#poker  --- Hand {hand.hand_id} (table {table}) ---")
            print("#poker  " + commitment_text(hand).splitlines()[0])
            if show_dms:
                for seat, p in sorted(hand.players.items()):
                    print(f"DM to {names[p.player]:5}  {hole_cards_text(hand, seat)}")
        for e in evs:
            if isinstance(e, Ruling):
                print("#poker  " + ruling_text(e, seat_names(hand, names)))
        if any(isinstance(e, HandEnded) for e in evs):
            for line in action_lines(hand, names, 0):
                print(f"#poker    {line}")
            print("#poker  " + showdown_text(hand, names).replace("\n", "\n#poker  "))
    for e in outcome.tournament_events:
        if isinstance(e, tev.LevelStarted) and not e.is_break:
            print(f"#poker  Level {e.level}: blinds {e.small_blind}/{e.big_blind}")
        elif isinstance(e, tev.Eliminated):
            print(f"#poker  {names[e.player]} is out in place {e.place}.")
        elif isinstance(e, tev.Finished):
            print(f"#poker  {names[e.winner]} wins the tournament!")

async def _demo(seed: int, show_dms: bool) -> None:
    rng = random.Random(seed)
    counter = itertools.count()
    # Everything that can refuse (data files) is read before the database is opened, and the
    # database is closed on every way out: an open aiosqlite connection is a non-daemon thread
    # that would keep the process alive after an error.
    config = TournamentConfig(profile=make_profile("treps"),
                              structure=load_structure("turbo"),
                              payouts=load_payout_table("standard"), seats_per_table=9)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo.sqlite3")
        try:
            await _play(store, config, rng, counter, seed, show_dms)
        finally:
            await store.close()


async def _play(store: Store, config: TournamentConfig, rng: random.Random,
                counter: itertools.count[int], seed: int, show_dms: bool) -> None:
    clock_now = [1_700_000_000.0]

    async def listener(session: Session, outcome: Outcome) -> None:
        _print_outcome(session, outcome, show_dms)

    service = TournamentService(store, clock=lambda: clock_now[0],
                                seeds=lambda: f"demo-{seed}-{next(counter)}",
                                listener=listener, hand_delay=0)
    session = await service.create(guild_id=1, channel_id=1, name="Demo", config=config)
    print("#poker  Demo tournament: turbo structure, treps rules, 4 players")
    for uid, name in PLAYERS.items():
        await session.run(lambda t, now, u=uid: t.register(u, now),
                          also=lambda tx, u=uid, n=name: tx.add_entry(session.store_id,
                                                                      int(u), n))
    await session.run(lambda t, now: t.start(f"demo-start-{seed}", now))
    for _ in range(3000):
        t = session.tournament
        if t.status == "finished":
            break
        acting = [(tb, ts.hand) for tb, ts in t.tables.items()
                  if ts.hand is not None and ts.hand.to_act is not None]
        if not acting:
            clock_now[0] += 1
            await session.run(lambda tt, now: tt.tick(now))
            continue
        table, hand = acting[0]
        legal = hand.legal()
        assert legal is not None and hand.to_act is not None
        seat = hand.to_act
        roll = rng.random()
        if roll < 0.3 and legal.can_raise:
            action, amount = "all_in", None
        elif roll < 0.5 and legal.can_raise and legal.min_raise_to < legal.max_raise_to:
            action, amount = "raise_to", legal.min_raise_to
        elif roll < 0.6 and not legal.can_check:
            action, amount = "fold", None
        else:
            action, amount = "check_or_call", None
        clock_now[0] += 3
        await session.run(lambda tt, now, tb=table, st=seat, a=action, m=amount:
                          tt.act(tb, st, a, m, now=now))
    print("\nResults:")
    for r in session.tournament.results():
        print(f"  {r.place}. {PLAYERS[r.player]}  prize {r.prize}")
    service.close()


def run_demo(argv: list[str] | None = None) -> int:
    args = argv or []
    seed = int(args[0]) if args and args[0].isdecimal() and len(args[0]) < 10 else 7
    asyncio.run(_demo(seed, show_dms="--no-dms" not in args))
    return 0

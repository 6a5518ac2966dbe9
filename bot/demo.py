"""`python -m bot demo`: a short tournament among simulated players, offline.

No Discord and no token: the real game service runs on a temporary database, simulated players
act, and this prints what the channel and each player's DMs would show, with the presenter's
own texts: the posts the channel gets, each hand's table message as it stands when the hand
ends (printed as text: title, lines, footer), and the deal DMs. Cards are plain text here
(`Q♦`): the demo has no Discord emojis.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import tempfile
from pathlib import Path

from bot.discord_ui.presenter.announcements import Announcements
from bot.discord_ui.presenter.clock import clock_view
from bot.discord_ui.presenter.limits import embed_text
from bot.discord_ui.presenter.rulings import ruling_text, seat_names, worth_a_post
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.discord_ui.presenter.texts import hole_cards_text
from bot.engine.hand_events import HandEnded, Ruling
from bot.engine.profile import make_profile
from bot.service import Outcome, Session, TournamentService
from bot.store import SqlTransaction, Store
from bot.tournament.payouts import load_payout_table
from bot.tournament.players import member_player
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig

USERS = {101: "Alex", 102: "Dana", 103: "Sam", 104: "Kim"}  # Discord user id -> name
PLAYERS: dict[str, str] = {member_player(uid): name for uid, name in USERS.items()}
CHANNEL = "#poker  "


def _channel(text: str) -> None:
    print(CHANNEL + text.replace("\n", "\n" + CHANNEL))


def _print_outcome(session: Session, outcome: Outcome, show_dms: bool, now: float) -> None:
    """In the announcer's order: hands that went on, then the tournament's posts, then the
    hands just dealt."""
    names = PLAYERS
    t = session.tournament
    started = {h.hand_id for _, h in outcome.hands_started()}
    for table, hand, evs in outcome.hand_events:
        if hand.hand_id in started:
            continue
        for e in evs:
            if isinstance(e, Ruling) and worth_a_post(e):
                _channel(ruling_text(e, seat_names(hand, names)))
        if any(isinstance(e, HandEnded) for e in evs):
            scene = TableScene(names=names, table=table,
                               clock=clock_view(t, now) if t.status == "running" else None)
            _channel(embed_text(table_embed(hand, scene)))
    writer = Announcements(names, clock_seconds=t.profile.clock_seconds, results=t.results)
    for post in writer.posts(outcome.tournament_events):
        _channel(post.text)
    for _table, hand, _evs in outcome.hand_events:
        if hand.hand_id in started:
            print(f"\n{CHANNEL}[table message for hand {hand.hand_id} posted; edited as it goes]")
            if show_dms:
                for seat, p in sorted(hand.players.items()):
                    print(f"DM to {names[p.player]:5}  {hole_cards_text(hand, seat)}")


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
        _print_outcome(session, outcome, show_dms, clock_now[0])

    service = TournamentService(store, clock=lambda: clock_now[0],
                                seeds=lambda: f"demo-{seed}-{next(counter)}",
                                listener=listener, hand_delay=0)
    session = await service.create(guild_id=1, channel_id=1, name="Demo", config=config)
    _channel("Demo tournament: turbo structure, treps rules, 4 players")
    for uid, name in USERS.items():
        await _register(session, uid, name)
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
        await _act(session, table, seat, action, amount)
    print("\nResults:")
    for r in session.tournament.results():
        prize = f"  prize {r.prize}" if r.prize else ""
        print(f"  {r.place}. {PLAYERS[r.player]}{prize}")
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

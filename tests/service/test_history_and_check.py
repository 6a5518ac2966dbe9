"""Hand-history exports per viewer and the chip-conservation check of stored tournaments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.engine.cards import verify_proof
from bot.engine.events import current_type
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, HandStarted, HoleCardsDealt, Shown
from bot.engine.phh import parse_phh, replay_phh
from bot.history import export_hand, export_tournament, hand_events, played_hand
from bot.service import Outcome, Session, conservation_checks
from bot.store import DIRECTOR, PUBLIC, Viewer
from tests.service.helpers import FakeClock, play_out, started_service


def run_check(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.db", "check", "--database", str(db)],
                          capture_output=True, text=True, timeout=120)


async def full_hand(session: Session, row_id: int) -> Hand:
    """The hand as played, every card included (derived from the tournament's log)."""
    row = await session.store.hand(row_id)
    assert row is not None
    hand = await played_hand(session.store, row)
    assert hand is not None
    return hand


async def test_player_export_shows_only_his_cards_and_shown_ones(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    await play_out(session, clock, 11)
    store = session.store
    rows = await store.tournament_hands(session.store_id)
    assert rows
    checked_hidden = 0
    for row in rows:
        hand = await full_hand(session, row.id)
        for seat, p in hand.players.items():
            viewer = int(p.player)
            for fmt in ("phh", "text"):
                text = await export_hand(store, row.id, viewer=viewer, fmt=fmt)
                own = hand.hole_cards(seat) or ()
                if fmt == "text":
                    assert f"[{' '.join(own)}]" in text
                else:
                    assert "".join(own) in text
                shown = {c for e in hand.events if isinstance(e, Shown) for c in e.cards}
                for other, q in hand.players.items():
                    if other == seat:
                        continue
                    for card in q.hole or ():
                        if card not in shown and card not in hand.board:
                            assert card not in text, (row.id, fmt, viewer, card)
                            checked_hidden += 1
    assert checked_hidden > 0
    director_text = await export_hand(store, rows[0].id, viewer=None, director=True)
    hand = await full_hand(session, rows[0].id)
    for p in hand.players.values():
        assert "".join(p.hole or ()) in director_text
    session.close()
    await service.store.close()


async def test_exported_phh_replays_to_the_same_stacks(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    await play_out(session, clock, 5)
    store = session.store
    text = await export_tournament(store, session.store_id, viewer=None, director=True)
    assert text.count("variant = 'NT'") == len(await store.tournament_hands(session.store_id))
    checked = 0
    for row in await store.tournament_hands(session.store_id):
        hand = await full_hand(session, row.id)
        phh = await export_hand(store, row.id, viewer=None, director=True)
        replayed = replay_phh(parse_phh(phh))
        # The file names players as the table knows them (display names, not Discord ids).
        if hand.is_over:
            by_player = {f"P{p.player}": hand.final_stacks[s] for s, p in hand.players.items()}
            again = {p.player: replayed.final_stacks[s] for s, p in replayed.players.items()}
            assert again == by_player
            checked += 1
    assert checked > 0
    odd = {"101": 'Dr "Q" \\ ünï'}  # a name TOML must escape
    first = (await store.tournament_hands(session.store_id))[0]
    phh = await export_hand(store, first.id, viewer=101, names=odd)
    assert 'Dr "Q" \\ ünï' in parse_phh(phh).players
    stars = await export_tournament(store, session.store_id, viewer=101, fmt="text")
    assert stars.startswith("PokerStars Hand #")
    assert "*** HOLE CARDS ***" in stars and "*** SUMMARY ***" in stars
    session.close()
    await service.store.close()


async def test_db_check_verifies_chip_conservation_of_real_tournaments(tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    await play_out(session, clock, 2)
    report = await session.store.check(conservation_checks())
    mine = [t for t in report.tournaments if t.tournament_id == session.store_id]
    assert mine and mine[0].checked and not mine[0].problems
    assert report.ok
    cli = run_check(tmp_path / "db.sqlite3")  # as an operator would, from another process
    assert cli.returncode == 0 and "chips conserved" in cli.stdout, cli.stdout + cli.stderr

    # A forged hand that ends with more chips than it started with is reported.
    row = await session.store.tournament_hands(session.store_id)
    forged = await full_hand(session, row[0].id)
    async with session.store.transaction() as tx:
        created = await tx.create_tournament(1, "forged")
        await tx.append_events(created.id, "tournament", session.tournament.events)
        hand_row = await tx.begin_hand(created.id, 1, 1)
        bad = [e for e in forged.events if not isinstance(e, HandEnded)]
        bad.append(HandEnded({s: 10_000 for s in forged.players}))
        await tx.append_events(created.id, f"hand:{hand_row.id}", bad)
    report = await session.store.check(conservation_checks())
    forged_check = [t for t in report.tournaments if t.tournament_id == created.id]
    assert forged_check and forged_check[0].problems
    assert not report.ok
    assert any("ended with" in p for p in forged_check[0].problems)
    cli = run_check(tmp_path / "db.sqlite3")
    assert cli.returncode == 1 and "CHIPS NOT CONSERVED" in cli.stdout, cli.stdout + cli.stderr
    session.close()
    await service.store.close()


async def test_each_action_is_stored_once_and_the_hand_with_its_deck_proof_is_derived(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    await play_out(session, clock, 5)
    store = session.store
    stored = await store.load_events(session.store_id)
    assert {e.stream for e in stored} == {"tournament"}  # no second copy per hand
    rows = await store.tournament_hands(session.store_id)
    assert rows and all(r.finished_at is not None for r in rows)
    for row in rows:
        hand = await full_hand(session, row.id)
        started = hand.events[0]
        assert isinstance(started, HandStarted)
        (ended,) = [e for e in hand.events if isinstance(e, HandEnded)]
        assert ended.deck_proof is not None
        opened = verify_proof(started.commitment, ended.deck_proof)
        assert set(opened.values()) >= set(hand.board)
        # What each viewer may see of the derived hand: his own cards, never the seed.
        public = await hand_events(store, row, PUBLIC)
        assert public and all("deck_seed" not in d for d in public)
        assert not [d for d in public if current_type(d["type"]) == HoleCardsDealt.type]
        for seat, p in hand.players.items():
            mine = await hand_events(store, row, Viewer.player(p.player))
            dealt = [d for d in mine if current_type(d["type"]) == HoleCardsDealt.type]
            assert [d["seat"] for d in dealt] == [seat] * len(dealt) and dealt
        director = await hand_events(store, row, DIRECTOR)
        dealt_all = [d for d in director if current_type(d["type"]) == HoleCardsDealt.type]
        assert len(dealt_all) == len(hand.players)
    session.close()
    await service.store.close()


async def test_two_databases_never_share_a_replayed_hand(tmp_path: Path) -> None:
    """Tournament ids restart at 1 in every database: a hand read from one file must come from
    that file, even when another file's tournament 1 has a log of the same length."""
    clock = FakeClock()
    heard: list[Outcome] = []
    first = await started_service(tmp_path / "a.sqlite3", clock, heard, first_player=101)
    second = await started_service(tmp_path / "b.sqlite3", clock, heard, first_player=701)
    try:
        for (_, session), expected in ((first, {"101", "102", "103"}),
                                       (second, {"701", "702", "703"})):
            rows = await session.store.tournament_hands(session.store_id)
            assert rows and session.store_id == 1
            hand = await full_hand(session, rows[0].id)
            assert {p.player for p in hand.players.values()} == expected
    finally:
        for service, session in (first, second):
            session.close()
            await service.store.close()

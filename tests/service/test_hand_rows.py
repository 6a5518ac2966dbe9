"""A session remembers only the store rows of the hands still at its tables (issue 15: the map
grew with every hand, and each action copied it), yet every elimination still names its hand."""

from __future__ import annotations

from pathlib import Path

from bot.service import Outcome, TournamentService
from bot.store import Store
from bot.tournament import events as tev
from bot.tournament.hand_id import HandId
from tests.service.helpers import FakeClock, play_out, started_service


async def test_every_bust_names_its_hand_while_only_live_hands_are_remembered(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard, players=6)
    store = service.store
    try:
        remembered: list[int] = []
        busts: dict[int, str | None] = {}

        async def watch(s: object, outcome: Outcome) -> None:
            remembered.append(len(session._hand_rows))
            busts.update((int(e.player), e.hand_id) for e in outcome.tournament_events
                         if isinstance(e, tev.Eliminated))

        session.listener = watch
        await play_out(session, clock, seed=3)
        # Two hands at most per table (the one in play and the last one), however many hands.
        assert max(remembered) <= 2 * 2
        assert len(busts) == 5
        rows = {r.user_id: r.hand_id for r in await store.eliminations(session.store_id)}
        assert rows.keys() == busts.keys()
        for user, hand_id in busts.items():
            assert hand_id is not None
            name = HandId.parse(hand_id)
            row = await store.hand_by_number(session.store_id, name.table, name.number)
            assert row is not None and rows[user] == row.id, (user, hand_id)
    finally:
        service.close()
        await store.close()


async def test_after_a_restart_the_next_hand_and_its_bust_find_their_rows(
        tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "db.sqlite3"
    service, session = await started_service(path, clock, [], players=4)
    await service.store.close()
    service.close()
    store = await Store.open(path, clock=clock)
    try:
        service = TournamentService(store, clock=clock, seeds=lambda: "after-restart")
        (session,) = await service.recover()
        await play_out(session, clock, seed=5)
        hands = await store.tournament_hands(session.store_id)
        # One row per hand: a hand dealt before the restart was not inserted again.
        assert len({(h.table_no, h.hand_no) for h in hands}) == len(hands)
        assert len(hands) == session.tournament.hand_counter
        eliminations = await store.eliminations(session.store_id)
        assert len(eliminations) == 3
        assert all(e.hand_id in {h.id for h in hands} for e in eliminations)
    finally:
        service.close()
        await store.close()

"""A session remembers only the store rows of the hands still at its tables (the map
grew with every hand, and each action copied it), yet every stored bust still finds its hand's
row."""

from __future__ import annotations

from pathlib import Path

from bot.engine.events import event_from_dict
from bot.league.nightlog import Bust, read_log
from bot.service import Outcome, TournamentService
from bot.store import TOURNAMENT_STREAM, Store
from bot.tournament import events as tev
from bot.tournament.hand_id import HandId
from tests.service.helpers import FakeClock, play_out, started_service


async def stored_busts(store: Store, tournament_id: int) -> tuple[Bust, ...]:
    """The busts that stand, as the league reads them from the stored log (bot/league)."""
    return read_log(event_from_dict(e.data) for e in await store.load_events(
        tournament_id, TOURNAMENT_STREAM)).busts


async def hand_row(store: Store, tournament_id: int, hand_id: str | None) -> int | None:
    """The store row of the hand an engine hand id names."""
    if hand_id is None:
        return None
    name = HandId.parse(hand_id)
    row = await store.hand_by_number(tournament_id, name.table, name.number)
    return None if row is None else row.id


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
        stored = {int(b.player): b.hand_id for b in await stored_busts(store, session.store_id)}
        assert stored == busts
        for user, hand_id in busts.items():
            assert await hand_row(store, session.store_id, hand_id) is not None, (user, hand_id)
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
        busts = await stored_busts(store, session.store_id)
        assert len(busts) == 3
        rows = [await hand_row(store, session.store_id, b.hand_id) for b in busts]
        assert all(row in {h.id for h in hands} for row in rows)
    finally:
        service.close()
        await store.close()

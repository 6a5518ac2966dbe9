"""A database written before the hand events were renamed (`hand.dealt` is now
`hand.hole_cards_dealt` ...) reads, exports, tallies and checks exactly as one written today,
and no hole card or deck seed slips through an old name."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.engine.events import current_type
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import HandEnded, HandStarted, HoleCardsDealt
from bot.history.export import export_hand
from bot.history.hands import hand_events as history_hand_events
from bot.league.stats import tally_hands
from bot.service.conservation import tournament_chips
from bot.store import DIRECTOR, PUBLIC, Private, Store, StoredEvent, TournamentRow, Viewer
from bot.tournament import events as tev
from tests.engine.test_event_names import OLD_HAND_NAMES, old_form, played_hand
from tests.service.helpers import config

PLAYERS = ("1001", "1002", "1003", "1004")
NAMES = {p: f"player {p[-1]}" for p in PLAYERS}
# Hole cards nobody but their owner (and directors) may ever see: seat 1 folded, seat 4 was
# killed; neither showed.
SECRET = {"1001": ("Th", "8s"), "1004": ("6s", "8c")}


def _same(data: dict[str, Any]) -> dict[str, Any]:
    return data


async def store_hand(store: Store, form: Callable[[dict[str, Any]], dict[str, Any]]) -> int:
    """The played hand in its own stream, as bots before the derived hands stored it: hole
    cards as `Private` to their owner, except seat 4's, appended without one."""
    hand = played_hand()
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "names")
        row = await tx.begin_hand(t.id, 1, 1)
        out: list[Any] = []
        for e in hand.events:
            data = form(e.to_dict())
            if isinstance(e, HoleCardsDealt) and e.seat != 4:
                out.append(Private(data, hand.player(e.seat).player))
            else:
                out.append(data)
        await tx.append_events(t.id, row.stream, out)
    return row.id


def _untimed(text: str, row: Any, fmt: str) -> str:
    """The export with the hand's start time (the text format's header; PHH has none) masked."""
    if fmt == "phh":
        return text
    when = datetime.fromtimestamp(row.started_at, UTC).strftime("%Y/%m/%d %H:%M:%S UTC")
    assert when in text
    return text.replace(when, "<start>")


def current(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**d, "type": current_type(d["type"])} for d in events]


def cards_in(events: list[dict[str, Any]]) -> set[str]:
    return {c for d in events for c in (d.get("cards") or ())}


async def test_a_database_with_old_names_reads_and_exports_like_a_new_one(
        store: Store, tmp_path: Path) -> None:
    old_id = await store_hand(store, old_form)
    stored_types = {e.type for e in await store.hand_events(old_id, DIRECTOR)}
    assert set(OLD_HAND_NAMES) <= stored_types  # really the old names on disk
    new_store = await Store.open(tmp_path / "new.sqlite3")
    try:
        new_id = await store_hand(new_store, _same)
        assert not set(OLD_HAND_NAMES) & {e.type for e in await new_store.hand_events(new_id,
                                                                                     DIRECTOR)}
        old_row, new_row = await store.hand(old_id), await new_store.hand(new_id)
        assert old_row is not None and new_row is not None
        viewers = [PUBLIC, DIRECTOR, *(Viewer.player(p) for p in PLAYERS)]
        for viewer in viewers:
            old_view = await history_hand_events(store, old_row, viewer)
            new_view = await history_hand_events(new_store, new_row, viewer)
            assert current(old_view) == current(new_view)
            if not viewer.director:
                assert all("deck_seed" not in d for d in old_view)
                hidden = {c for p, cards in SECRET.items() if p != viewer.user_id for c in cards}
                assert not cards_in(old_view) & hidden, viewer
            else:
                assert cards_in(old_view) >= {c for cards in SECRET.values() for c in cards}
        mine = await history_hand_events(store, old_row, Viewer.player("1001"))
        assert set(SECRET["1001"]) <= cards_in(mine)

        for fmt in ("phh", "text"):
            for viewer_id, director in ((1002, False), (1001, False), (None, False),
                                        (None, True)):
                old_text = await export_hand(store, old_id, viewer=viewer_id, fmt=fmt,
                                             director=director, names=NAMES)
                new_text = await export_hand(new_store, new_id, viewer=viewer_id, fmt=fmt,
                                             director=director, names=NAMES)
                # The two hands were stored a moment apart, maybe in different seconds: the
                # export's start time is each hand's own (a flake once), the rest is the same.
                assert _untimed(old_text, old_row, fmt) == _untimed(new_text, new_row, fmt)
        assert "Dealt to player 2" in await export_hand(store, old_id, viewer=1002, fmt="text",
                                                        names=NAMES)

        old_hands = {old_id: await history_hand_events(store, old_row, PUBLIC)}
        new_hands = {new_id: await history_hand_events(new_store, new_row, PUBLIC)}
        for player in PLAYERS:
            old_tally, new_tally = tally_hands(player, old_hands), tally_hands(player, new_hands)
            assert old_tally == new_tally and old_tally.hands == 1
        assert tally_hands("1003", old_hands).pfr == 1  # the pre-flop raiser, read by old name
        assert tally_hands("1002", old_hands).biggest_pot == 1205  # the main pot, by old name
    finally:
        await new_store.close()


ROW = TournamentRow(id=1, guild_id=1, league_id=None, season_id=None, channel_id=None,
                    name="names", status="running", profile={}, config={},
                    created_at=0.0, started_at=0.0, finished_at=None)


def _stored(stream: str, events: list[dict[str, Any]]) -> list[StoredEvent]:
    return [StoredEvent(id=i, tournament_id=1, stream=stream, seq=i, hand_id=None,
                        type=d["type"], data=d, audience=None, created_at=0.0)
            for i, d in enumerate(events, 1)]


def test_chip_conservation_reads_hand_streams_stored_with_old_names() -> None:
    hand = played_hand()
    started, ended = hand.events[0], hand.events[-1]
    assert isinstance(started, HandStarted) and isinstance(ended, HandEnded)
    forged = HandEnded({s: 10_000 for s in hand.players})
    created = tev.Created(tournament_id=1, config=config().to_dict(), at=0.0).to_dict()
    for form in (old_form, _same):
        log = _stored("tournament", [created])
        good = log + _stored("hand:1", [form(started.to_dict()), form(ended.to_dict())])
        bad = log + _stored("hand:1", [form(started.to_dict()), form(forged.to_dict())])
        assert tournament_chips(ROW, good) == []
        problems = tournament_chips(ROW, bad)
        assert problems == ["hand:1: started with 3,400 chips, ended with 40,000"]


async def test_a_knockout_is_read_from_a_hand_under_either_name(store: Store) -> None:
    # The league's fallback for eliminations recorded without who busted the player: the
    # winners of the last pot he was in, read from the hand's events (old or new names).
    from bot.league.service.nights import _knockers

    seats = (Seat(1, "1001", 1000), Seat(2, "1002", 400), Seat(3, "1003", 1000))
    hand = Hand.start(HandConfig(hand_id="1-t1-h2", seats=seats, button=3, small_blind=10,
                                 big_blind=20, dealt=True, deck_seed="bust-2"))
    hand.fold(3)
    hand.all_in(1)
    hand.call(2)
    assert hand.final_stacks == {1: 1400, 2: 0, 3: 1000}
    for form in (old_form, _same):
        async with store.transaction() as tx:
            t = await tx.create_tournament(1, "knockout")
            row = await tx.begin_hand(t.id, 1, 1)
            await tx.append_events(t.id, row.stream, [form(e.to_dict()) for e in hand.events])
        assert await _knockers(store, row, "1002") == ("1001",), form.__name__

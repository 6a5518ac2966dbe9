"""Hand-history fetching: a player's view never holds another player's unshown cards."""

from __future__ import annotations

from bot.engine.events import current_type, event_from_dict
from bot.engine.hand_events import (
    Acted,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    Mucked,
    PotAwarded,
    Seat,
    Shown,
)
from bot.store import DIRECTOR, PUBLIC, Private, Store, Viewer

ANN, BOB, CAT = 1001, 1002, 1003


async def play_hand(store: Store) -> tuple[int, int, list]:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "export")
        hand = await tx.begin_hand(t.id, 1, 1)
    events = [
        HandStarted(hand_id=str(hand.id), seats=(Seat(1, str(ANN), 1000),
                    Seat(2, str(BOB), 1000), Seat(3, str(CAT), 1000)), button=1,
                    small_blind_seat=2, big_blind_seat=3, small_blind=10, big_blind=20, ante=0,
                    big_blind_ante=False, profile={}, table_size=9, commitment="abc",
                    deck_seed="SECRET-SEED"),
        Private(HoleCardsDealt(seat=1, cards=("As", "Ad")), ANN),
        Private(HoleCardsDealt(seat=2, cards=("7c", "2d")), BOB),
        Private(HoleCardsDealt(seat=3, cards=("Kh", "Qh")), CAT),
        Acted(seat=1, action="raise", added=60, to=60),
        Acted(seat=2, action="fold", added=0, to=10),
        Acted(seat=3, action="call", added=40, to=60),
        Shown(seat=1, cards=("As", "Ad"), reason="showdown"),
        Mucked(seat=3),
        PotAwarded(pot=0, amount=130, eligible=(1, 3), winners=(1,), shares=(130,)),
        HandEnded(final_stacks={1: 1070, 2: 990, 3: 940}),
    ]
    # One transaction per player action in real play; here the whole hand at once.
    async with store.transaction() as tx:
        await tx.append_events(t.id, hand.stream, events)
    return t.id, hand.id, events


def cards_in(events: list) -> set[str]:
    return {c for e in events for c in (e.data.get("cards") or ())}


async def test_a_player_sees_own_cards_and_shown_cards_only(store: Store) -> None:
    _, hand_id, _ = await play_hand(store)
    cat = await store.hand_events(hand_id, Viewer.player(CAT))
    # her own mucked hand, and Ann's shown aces; never Bob's folded 7-2
    assert cards_in(cat) == {"Kh", "Qh", "As", "Ad"}
    bob = await store.hand_events(hand_id, Viewer.player(BOB))
    assert cards_in(bob) == {"7c", "2d", "As", "Ad"}  # Cat's mucked K-Q stays hidden
    for view in (cat, bob):
        assert "SECRET-SEED" not in repr([e.data for e in view])  # the seed reveals every card


async def test_public_view_and_the_default_show_no_hole_cards(store: Store) -> None:
    _, hand_id, _ = await play_hand(store)
    assert await store.hand_events(hand_id) == await store.hand_events(hand_id, PUBLIC)
    public = await store.hand_events(hand_id)
    assert cards_in(public) == {"As", "Ad"}
    assert HoleCardsDealt.type not in {current_type(e.type) for e in public}


async def test_director_export_is_the_whole_hand_and_revives_to_engine_events(
    store: Store,
) -> None:
    _, hand_id, events = await play_hand(store)
    full = await store.hand_events(hand_id, DIRECTOR)
    originals = [e.event if isinstance(e, Private) else e for e in events]
    assert [event_from_dict(e.data) for e in full] == originals
    assert [e.seq for e in full] == list(range(1, len(events) + 1))


async def test_hole_cards_appended_without_an_owner_are_for_directors_only(store: Store) -> None:
    async with store.transaction() as tx:
        t = await tx.create_tournament(1, "careless")
        hand = await tx.begin_hand(t.id, 1, 1)
        await tx.append_events(t.id, hand.stream, [HoleCardsDealt(seat=1, cards=("As", "Ks"))])
    assert await store.hand_events(hand.id, Viewer.player(ANN)) == []
    assert len(await store.hand_events(hand.id, DIRECTOR)) == 1


async def test_whole_tournament_export_lists_every_hand_in_order(store: Store) -> None:
    tid, first, _ = await play_hand(store)
    async with store.transaction() as tx:
        second = await tx.begin_hand(tid, 1, 2)
        await tx.append_events(tid, second.stream, [Private(HoleCardsDealt(1, ("2c", "3c")), ANN)])
        await tx.append_events(tid, "tournament", [{"type": "tournament.level", "level": 2}])
    assert [h.hand_no for h in await store.tournament_hands(tid)] == [1, 2]
    by_hand = await store.tournament_hand_events(tid, Viewer.player(BOB))
    assert list(by_hand) == [first, second.id]
    assert by_hand[second.id] == []
    assert cards_in(by_hand[first]) == {"7c", "2d", "As", "Ad"}
    assert len((await store.tournament_hand_events(tid, DIRECTOR))[second.id]) == 1

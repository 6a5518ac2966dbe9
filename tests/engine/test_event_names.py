"""An event class and its stored name agree, and the names hands were stored under
before still read back to the same events, the same replay and the same exports."""

from __future__ import annotations

import re
from typing import Any

import pytest

import bot.engine.hand_events as hev
import bot.tournament.events as tev
from bot.engine.events import Event, current_type, event_aliases, event_from_dict, event_types
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.phh import to_phh
from bot.engine.pokerstars import to_pokerstars
from bot.store.privacy import DIRECTOR, PUBLIC, Viewer, audience_for, redact

PREFIX = {hev.__name__: "hand", tev.__name__: "tournament"}
CURRENT = sorted(
    (cls for name, cls in event_types().items()
     if cls.__module__ in PREFIX and name not in tev.LEGACY_NAMES),  # earlier forms: their old name
    key=lambda c: c.type)

# The hand's stored names before its events were renamed: databases written then hold them.
OLD_HAND_NAMES: dict[str, type[Event]] = {
    "hand.started": hev.HandStarted, "hand.dealt": hev.HoleCardsDealt,
    "hand.street": hev.StreetDealt, "hand.uncalled": hev.UncalledReturned,
    "hand.collected": hev.BetsCollected, "hand.showdown": hev.ShowdownStarted,
    "hand.killed": hev.HandKilled, "hand.awarded": hev.PotAwarded, "hand.ended": hev.HandEnded,
}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("cls", CURRENT, ids=lambda c: c.__name__)
def test_an_event_is_stored_under_its_prefix_and_class_name(cls: type[Event]) -> None:
    expected = f"{PREFIX[cls.__module__]}.{_snake(cls.__name__)}"
    assert cls.type == expected
    assert current_type(cls.type) == cls.type


def test_both_vocabularies_are_checked() -> None:
    modules = {cls.__module__ for cls in CURRENT}
    assert modules == set(PREFIX)
    assert len([c for c in CURRENT if c.__module__ == hev.__name__]) == 15


@pytest.mark.parametrize("old", sorted(OLD_HAND_NAMES))
def test_an_old_hand_name_reads_as_its_class_and_is_written_with_the_new(old: str) -> None:
    cls = OLD_HAND_NAMES[old]
    assert old != cls.type and event_aliases()[old] == cls.type
    assert current_type(old) == cls.type
    assert old not in event_types()


def test_current_type_leaves_unknown_names_alone() -> None:
    assert current_type("hand.nope") == "hand.nope"
    assert current_type("tournament.action") == "tournament.player_acted"


def test_hand_and_its_start_event_hold_the_same_seat_record() -> None:
    seats = (Seat(1, "A", 1000), Seat(2, "B", 800))
    hand = Hand.start(HandConfig(hand_id="h", seats=seats, button=2, small_blind=10,
                                 big_blind=20, dealt=True, deck_seed="seat"))
    started = hand.events[0]
    assert isinstance(started, hev.HandStarted)
    assert started.seats == seats and hev.Seat is Seat
    assert event_from_dict(started.to_dict()) == started


# ------------------------------------------------------------------ a hand stored with old names

def played_hand() -> Hand:
    """A dealt hand holding every renamed event: a killed hand, a fold, an uncalled bet, a
    face-up all-in, side pots. Seats 1 (folded) and 4 (killed) never show their cards."""
    seats = (Seat(1, "1001", 1000), Seat(2, "1002", 400), Seat(3, "1003", 1000),
             Seat(4, "1004", 1000))
    hand = Hand.start(HandConfig(hand_id="1-t1-h1", seats=seats, button=4, small_blind=10,
                                 big_blind=20, ante=5, dealt=True, deck_seed="old-names-seed"))
    hand.raise_to(3, 60)
    hand.kill(4, "away")
    hand.call(1)
    hand.all_in(2)
    hand.call(3)
    hand.call(1)
    hand.bet(1, 300)
    hand.call(3)
    hand.check(1)
    hand.bet(3, 500)
    hand.fold(1)
    assert hand.is_over
    return hand


def old_form(data: dict[str, Any]) -> dict[str, Any]:
    """An event as a bot before the rename stored it."""
    old = {cls.type: name for name, cls in OLD_HAND_NAMES.items()}
    return {**data, "type": old.get(data["type"], data["type"])}


def test_the_played_hand_holds_every_renamed_event() -> None:
    kinds = {type(e) for e in played_hand().events}
    assert set(OLD_HAND_NAMES.values()) <= kinds


def test_a_hand_stored_with_old_names_replays_and_exports_the_same() -> None:
    hand = played_hand()
    stored = [old_form(e.to_dict()) for e in hand.events]
    assert {d["type"] for d in stored} >= set(OLD_HAND_NAMES)
    replayed = Hand.replay(event_from_dict(d) for d in stored)
    assert replayed.events == hand.events
    assert replayed.final_stacks == hand.final_stacks == {1: 300, 2: 1205, 3: 900, 4: 995}
    # Written back, they carry the current names.
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in hand.events]
    for reveal in (set(), {1}, {4}, set(hand.players)):
        assert to_phh(replayed, reveal=reveal) == to_phh(hand, reveal=reveal)
        assert to_pokerstars(replayed, reveal=reveal) == to_pokerstars(hand, reveal=reveal)
    # The text export's hole-card section is found by the event's class, whatever its name.
    assert "Dealt to 1001 [Th 8s]" in to_pokerstars(replayed, reveal={1})


@pytest.mark.parametrize("viewer", [PUBLIC, Viewer.player("1002"), Viewer.player("1001")],
                         ids=["public", "other player", "owner of seat 1"])
def test_old_names_are_redacted_like_new_ones(viewer: Viewer) -> None:
    hand = played_hand()
    for e in hand.events:
        new = e.to_dict()
        old = old_form(new)
        # Appended without an owner, hole cards are for directors only, under either name.
        assert audience_for(old, None) == audience_for(new, None)
        assert viewer.may_see(audience_for(old, None)) == viewer.may_see(audience_for(new, None))
        shown = redact(old, viewer)
        assert shown is not None and shown == old_form(redact(new, viewer) or {"type": ""})
        assert "deck_seed" not in shown
        assert redact(old, DIRECTOR) == old
    started = old_form(hand.events[0].to_dict())
    assert started["type"] == "hand.started" and started["deck_seed"] == "old-names-seed"
    assert audience_for(old_form(hev.HoleCardsDealt(1, ("Th", "8s")).to_dict()), None) == ()

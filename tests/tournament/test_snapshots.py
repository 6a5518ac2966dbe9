"""Snapshots that rebuild a tournament exactly, a memory that does not
grow with the hands played, and the Tavern away rule's look-ahead at one step per action."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine.events import event_from_dict
from bot.engine.hand import Hand
from bot.tournament import events as ev
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, make, structure
from tests.tournament.sim import state


def _through_json(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def _fold_round(t: Tournament, table: int, now: float = T0) -> None:
    hand = t.tables[table].hand
    while hand is not None and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(table, legal.seat, "fold", now=now)


def _busy_tavern_night() -> Tournament:
    """Two tables mid-hand: a called clock, an away player, a request to show, a finished hand
    with a card shown and a rabbit agreement."""
    t = make("tavern", n=7, seats=4, clock_after_seconds=0)
    first = t.start_hand(1, "first", T0)
    _fold_round(t, 1)
    winner = next(first.player(s).player for s, v in first.final_stacks.items() if v > 1000)
    winner_seat = first.seat_of(winner)
    assert winner_seat is not None
    t.show_cards(1, winner, [first.hole_cards(winner_seat)[0]], T0)
    t.agree_rabbit_hunt(1, winner, T0)
    hand = t.start_hand(2, "second", T0 + 1)
    legal = hand.legal()
    assert legal is not None
    t.act(2, legal.seat, "call", now=T0 + 2)
    to_act = hand.to_act
    assert to_act is not None
    caller = next(p for s, p in t.tables[2].seats.items() if s != to_act)
    t.call_clock(2, caller, T0 + 3)
    t.request_show(2, caller, T0 + 4)
    away = next(p for s, p in t.tables[2].seats.items() if s != to_act and p != caller)
    t.set_away(away, T0 + 5)
    t.tick(T0 + 6)
    return t


def test_a_snapshot_mid_hand_rebuilds_the_tournament_and_it_plays_on_the_same() -> None:
    t = _busy_tavern_night()
    snap = _through_json(t.snapshot())
    rebuilt = Tournament.from_snapshot(t.cfg, snap)
    assert state(rebuilt) == state(t)
    assert rebuilt.snapshot() == snap
    assert rebuilt.turn_deadline(2, T0 + 7) == t.turn_deadline(2, T0 + 7)
    assert rebuilt.deadlines(T0 + 7) == t.deadlines(T0 + 7)
    for x in (t, rebuilt):  # the clock runs out, the hand ends, the next hand is dealt
        x.tick(T0 + 200)
        while x.tables[2].hand is not None:
            legal = x.tables[2].hand.legal()
            assert legal is not None
            x.act(2, legal.seat, "check_or_call", now=T0 + 201)
        x.start_hand(2, "third", T0 + 202)
    assert state(rebuilt) == state(t)


def test_the_events_after_a_snapshot_bring_it_up_to_date() -> None:
    t = make("treps", n=5, clock_after_seconds=0)
    t.start_hand(1, "first", T0)
    _fold_round(t, 1)
    count, snap = t.event_count, _through_json(t.snapshot())
    hand = t.start_hand(1, "second", T0 + 10)
    legal = hand.legal()
    assert legal is not None
    t.act(1, legal.seat, "call", now=T0 + 11)
    t.tick(T0 + 700)  # a new level, an action time that ran out
    rebuilt = Tournament.from_snapshot(t.cfg, snap)
    rebuilt.apply_stored(event_from_dict(e.to_dict()) for e in t.events[count:])
    full = Tournament.replay(event_from_dict(e.to_dict()) for e in t.events)
    assert state(rebuilt) == state(full) == state(t)
    assert rebuilt.event_count == t.event_count


def test_a_snapshot_of_another_layout_is_refused() -> None:
    t = make("tda", n=3)
    snap = t.snapshot()
    snap["version"] = 0
    with pytest.raises(ValueError, match="version"):
        Tournament.from_snapshot(t.cfg, snap)


def test_memory_holds_the_last_hand_per_table_not_the_history() -> None:
    """The store keeps the history; once it has the events the tournament forgets them, and
    its state (the snapshot) does not grow with the hands played."""
    t = make("tda", n=6, struct=structure(starting_stack=100_000))
    sizes = []
    for i in range(40):
        t.start_hand(1, f"h{i}", T0 + i)
        _fold_round(t, 1, T0 + i)
        t.forget_events()
        assert t.events == []
        sizes.append(len(json.dumps(t.snapshot())))
    assert max(sizes[10:]) < 1.5 * min(sizes[10:])
    assert t.event_count > 40 * 6
    ts = t.tables[1]
    assert ts.last_hand is not None and ts.last_hand.hand_id.endswith("-h40")
    # what the last hand serves after it is over still works: show one, show all
    winner = next(ts.last_hand.player(s).player for s, v in ts.last_hand.final_stacks.items()
                  if v > ts.last_hand.player(s).start_stack)
    (shown,) = t.show_cards(1, winner, None, T0 + 50)
    assert isinstance(shown, ev.CardsShown) and len(shown.cards) == 2


def test_events_since_refuses_what_was_forgotten() -> None:
    t = make("tda", n=3)
    n = t.event_count
    t.forget_events(n - 1)
    assert [e.type for e in t.events_since(n - 1)] == [t.events[-1].type]
    with pytest.raises(ValueError, match="no longer in memory"):
        t.events_since(n - 2)


def test_tavern_away_rule_looks_ahead_without_replaying_the_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tavern rule 3 (an away player still in at the end is folded) is checked before every
    action; it must cost one step, not a replay of the hand so far."""
    t = make("tavern", n=10, seats=10, struct=structure(starting_stack=100_000))
    replays = 0
    original = Hand.replay.__func__  # type: ignore[attr-defined]  # the classmethod's function

    def counting(cls: type[Hand], events: Any) -> Hand:
        nonlocal replays
        replays += 1
        result: Hand = original(cls, events)
        return result

    monkeypatch.setattr(Hand, "replay", classmethod(counting))
    hand = t.start_hand(1, "long", T0)
    bb = hand.bb_seat
    t.set_away(t.tables[1].seats[bb], T0)
    actions = 0
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(1, legal.seat, "check_or_call", now=T0)
        actions += 1
    assert actions >= 30
    assert replays <= 1
    assert not hand.player(bb).live  # still away at the end: folded, cannot win

"""How each event that acts on a hand replays on a `Hand`.

The tournament applies these to the hand in play, and a snapshot rebuilds its hands with the
same functions from their short logs, so the live hand and a restored one run the same code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.tournament import events as ev

# Events that act on the hand in play; `HAND_STEPS` replays each on a Hand (live, or rebuilt
# from a snapshot's hand log), so the tournament and its snapshots run the same code.
HandEvent = (ev.PlayerActed | ev.AwayActed | ev.ClockExpired | ev.HandDeclaredDead
              | ev.AskedToShow)


def run_action(hand: Hand, seat: int, action: ev.Action, amount: int | None) -> list[Event]:
    if action in ev.ACTIONS_WITH_AMOUNT:
        assert amount is not None
        with_amount: dict[ev.Action, Callable[[int, int], list[Event]]] = {
            "bet": hand.bet, "raise_to": hand.raise_to, "raise_by": hand.raise_by,
            "make_it": hand.make_it,
        }
        return with_amount[action](seat, amount)
    plain: dict[ev.Action, Callable[[int], list[Event]]] = {
        "fold": hand.fold, "check": hand.check, "call": hand.call,
        "check_or_call": hand.check_or_call, "all_in": hand.all_in,
    }
    return plain[action](seat)


def _acted(hand: Hand, e: ev.PlayerActed) -> None:
    run_action(hand, e.seat, e.action, e.amount)


def _away(hand: Hand, e: ev.AwayActed) -> None:
    if e.how == "kill":
        hand.kill(e.seat, "away")
    else:
        hand.timeout(e.seat, "away", e.how)


def _clock(hand: Hand, e: ev.ClockExpired) -> None:
    hand.timeout(e.seat, "clock", e.expiry)


def _dead(hand: Hand, e: ev.HandDeclaredDead) -> None:
    hand.kill(e.seat, e.rule_id)


def _asked_to_show(hand: Hand, e: ev.AskedToShow) -> None:
    seat = hand.seat_of(e.player)
    assert seat is not None
    hand.ask_to_show(seat)


def show_hand_cards(hand: Hand, e: ev.CardsShown) -> None:
    seat = hand.seat_of(e.player)
    assert seat is not None
    if e.requested_by is None:
        hand.show(seat, e.cards)
    else:
        asker = hand.seat_of(e.requested_by)
        assert asker is not None
        hand.request_show_all(asker, seat)


HAND_STEPS: dict[type[Event], Callable[[Hand, Any], None]] = {
    ev.PlayerActed: _acted,
    ev.AwayActed: _away,
    ev.ClockExpired: _clock,
    ev.HandDeclaredDead: _dead,
    ev.AskedToShow: _asked_to_show,
    ev.CardsShown: show_hand_cards,
}

"""Is this click still current? One function decides, for every button, modal and command.

A table's buttons are drawn for one moment of one hand: the custom id names the hand and the
number of its events then (bot/discord_ui/buttons.py). A click applies only if the hand at the
player's table is still that hand at that moment and it is his turn; a click on the buttons of a
hand that has ended (show my cards, rabbit hunt) applies only while that hand is still his
table's last one. `still_current` is asked twice with the same answer: before the lock, to
refuse early (a button's `interaction_check`), and inside the session's lock, against the state
the action changes (the use cases), so a queued click never lands on a later street.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from bot.engine.hand import Hand
from bot.service.usecases.refused import Refused, Why
from bot.tournament.players import PlayerId
from bot.tournament.tournament import Tournament


@dataclass(frozen=True)
class Click:
    """What a click was drawn for: a hand, and the number of its events then (None: the hand
    as a whole, for the buttons shown once it has ended)."""

    hand_id: str
    count: int | None = None

    @property
    def expect(self) -> tuple[str, int] | None:
        """The moment in the tournament's own form (`Tournament.act(expect=...)`)."""
        return None if self.count is None else (self.hand_id, self.count)


class Spot(NamedTuple):
    table: int
    hand: Hand
    seat: int


def still_current(t: Tournament, player: PlayerId, click: Click | None, *,
                  after_hand: bool = False) -> Spot:
    """Where `player` acts for this click, or `Refused` (STALE when the moment has passed).

    Playing (`after_hand` False): the hand in progress at his table, he is dealt in, it is his
    turn, and (for a click) it is the clicked hand at the clicked moment. After a hand: his
    table's last hand, the clicked one (his seat there may be none: he may not have played it).
    """
    p = t.players.get(player)
    if after_hand:
        if p is None or p.table is None or p.table not in t.tables:
            raise Refused(Why.NOT_SEATED)
        last = t.tables[p.table].last_hand
        if click is not None and (last is None or last.hand_id != click.hand_id):
            raise Refused(Why.STALE)
        if last is None:
            raise Refused(Why.NO_LAST_HAND)
        return Spot(p.table, last, last.seat_of(player) or 0)
    if t.status == "registering":
        raise Refused(Why.NOT_STARTED)
    if t.status != "running":
        raise Refused(Why.OVER)
    if p is None:
        raise Refused(Why.NOT_PLAYING)
    if p.status != "playing" or p.table is None:
        raise Refused(Why.OUT)
    if t.live:
        raise Refused(Why.LIVE_NIGHT)
    hand = t.tables[p.table].hand
    if click is not None and (hand is None or (hand.hand_id, len(hand.events))
                              != (click.hand_id, click.count)):
        raise Refused(Why.STALE)
    if hand is None:
        raise Refused(Why.NO_HAND)
    seat = hand.seat_of(player)
    if seat is None:
        raise Refused(Why.NOT_DEALT_IN)
    if hand.to_act != seat:
        to_act = hand.players[hand.to_act].player if hand.to_act is not None else None
        raise Refused(Why.NOT_YOUR_TURN, to_act=to_act, seat=hand.to_act)
    return Spot(p.table, hand, seat)


def dealt_in(t: Tournament, player: PlayerId) -> Spot:
    """His seat in the hand in progress, whoever is to act (a modal opens before his turn
    comes round again; the action itself is checked by `still_current`)."""
    try:
        return still_current(t, player, None)
    except Refused as r:
        if r.why is not Why.NOT_YOUR_TURN:
            raise
    p = t.players[player]
    assert p.table is not None
    hand = t.tables[p.table].hand
    assert hand is not None
    seat = hand.seat_of(player)
    assert seat is not None
    return Spot(p.table, hand, seat)

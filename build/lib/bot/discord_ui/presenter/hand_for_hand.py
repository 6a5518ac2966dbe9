"""Hand-for-hand on the bubble in words: the director's answer to `/td handforhand`
(online the tournament itself refuses it: the bot plays it there). The posts of its start, its
end and the places of a round are announcements (announcements.py)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.events import Event
from bot.tournament import hfh_events as hev


def hand_for_hand_answer(events: Iterable[Event]) -> str:
    """The director's private answer to `/td handforhand` (the channel has the post)."""
    for e in events:
        if isinstance(e, hev.HandForHandStarted):
            return "Hand for hand is on: announced in the channel and at every table."
        if isinstance(e, hev.HandForHandEnded):
            return "Hand for hand is off: announced in the channel and at every table."
    return "Nothing changed."

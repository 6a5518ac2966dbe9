"""The board run out after an all-in, street by street, as a table shows it.

When the betting is over with a player all-in, every live hand is turned face up and the rest of
the board is dealt at once (rule `face-up`): the hand ends, and is recorded, in one change. A
table may still show that run-out a street at a time. `runout_frames` says where each step of
the showing ends in the hand's events: the hand as it was before each street dealt after the
hands were turned face up, then the whole hand. A hand whose board was complete when the hands
were turned up (an all-in on the river) has nothing to run out: no frames.

Pure: the number of frames is what a table needs to know to pace them; the pace is the table's.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.events import Event
from bot.engine.hand_events import Ruling, StreetDealt


def runout_frames(events: Sequence[Event]) -> list[int]:
    """Event counts, one per step of the run-out: `events[:n]` for each n is the hand to show
    at that step (the first step shows the hands face up on the board as it was; the last is
    every event). Empty when no street was dealt after the hands were turned face up."""
    frames: list[int] = []
    faced = False
    for i, ev in enumerate(events):
        if isinstance(ev, Ruling) and ev.rule_id == "face-up":
            faced = True
        elif faced and isinstance(ev, StreetDealt):
            frames.append(i)
    if not frames:
        return []
    return [*frames, len(events)]


def runout_streets(events: Sequence[Event]) -> int:
    """How many streets were dealt after the hands were turned face up (pauses to show them)."""
    return max(len(runout_frames(events)) - 1, 0)

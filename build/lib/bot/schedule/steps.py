"""Which step of a night falls due when: a reminder, the start (its tournament created), the
automatic start of that tournament, or a start missed by far.

Each step is written in the store before anything is said (the service commits it first), so a
step is done once even across a restart: a reminder due while the bot was down is sent when it
is back if the night has not started (only the latest of those due: the one before it says
less), never twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.schedule.roster import Status

# With autostart, the night's tournament starts this long after it is created unless the
# director starts it first (after marking the no-shows).
AUTOSTART_WAIT = 15 * 60.0
# A night whose start the bot missed by more than this (it was down) is not started late: the
# director is told, and decides.
LATE_START_LIMIT = 6 * 3600.0

StepKind = Literal["remind", "open", "missed", "autostart"]


@dataclass(frozen=True)
class Timing:
    """What the steps need of a night."""

    status: Status
    starts_at: float
    reminders: tuple[int, ...]  # seconds before the start
    reminded: frozenset[int]  # reminders done (sent, or passed over)
    autostart_at: float | None = None  # when its tournament starts by itself (None: never)


@dataclass(frozen=True)
class Step:
    """A step due: `reminder` is the one to send (remind), `settles` every reminder it marks
    done (those passed over with it)."""

    kind: StepKind
    at: float
    reminder: int | None = None
    settles: frozenset[int] = frozenset()


def due_step(t: Timing, now: float) -> Step | None:
    """The step due at `now`, if any (the earliest first; the caller runs steps one by one)."""
    if t.status == "open":
        if t.autostart_at is not None and t.autostart_at <= now:
            return Step("autostart", t.autostart_at)
        return None
    if t.status != "scheduled":
        return None
    pending = frozenset(r for r in t.reminders if r not in t.reminded)
    if now >= t.starts_at:
        kind: StepKind = "missed" if now - t.starts_at > LATE_START_LIMIT else "open"
        return Step(kind, t.starts_at, settles=pending)
    due = sorted(r for r in pending if t.starts_at - r <= now)
    if not due:
        return None
    # The latest of them (fewest seconds before the start) says what the others would have.
    latest = due[0]
    return Step("remind", t.starts_at - latest, reminder=latest, settles=frozenset(due))


def next_at(t: Timing) -> float | None:
    """When the night's next step falls due (None: it has none)."""
    if t.status == "open":
        return t.autostart_at
    if t.status != "scheduled":
        return None
    times = [t.starts_at - r for r in t.reminders if r not in t.reminded]
    return min([*times, t.starts_at])

"""A league's coming nights before they are played: when (dates as people type them, in the
server's time zone, and how a night repeats), who has a seat and who waits, and which step
(a reminder, the start, the automatic start) falls due when.

Pure: no discord, no store, no clock of its own (the time is always given), no time-zone files
read here (the caller hands in the zone). The service (bot/service/usecases/nights.py) runs
these rules inside the store's transactions; the presenter words their answers and refusals.
"""

from bot.schedule.errors import NightError
from bot.schedule.roster import Entrant, Roster, Taken, guest_key, member_key
from bot.schedule.steps import AUTOSTART_WAIT, LATE_START_LIMIT, Step, Timing, due_step, next_at
from bot.schedule.when import (
    MAX_REMINDERS,
    Repeat,
    next_occurrence,
    passed_reminders,
    read_reminders,
    read_when,
)

__all__ = [
    "AUTOSTART_WAIT",
    "LATE_START_LIMIT",
    "MAX_REMINDERS",
    "Entrant",
    "NightError",
    "Repeat",
    "Roster",
    "Step",
    "Taken",
    "Timing",
    "due_step",
    "guest_key",
    "member_key",
    "next_at",
    "next_occurrence",
    "passed_reminders",
    "read_reminders",
    "read_when",
]

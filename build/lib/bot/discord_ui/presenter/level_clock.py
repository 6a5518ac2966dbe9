"""The director's changes to the level clock in words: time added or taken, a move
to another level, a break called or ended. Posted in the channel and at every table; the
level that starts after a move says its blinds in its own post (`LevelStarted`)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.events import Event
from bot.tournament import events as tev

# `/td time change: player:` takes only time added, as a player's decision has no "time left".
PLAYER_TIME_HELP = "For a player, give the time to add, 1 to 600 seconds: `+30s`, `+2m`."


def clock_time(seconds: float) -> str:
    """"12:00", "1:05:00": time left as a clock shows it."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    if hours:
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{rest // 60}:{rest % 60:02d}"


def span(seconds: int) -> str:
    """"2 minutes", "30 seconds", "1:30"."""
    seconds = abs(seconds)
    if seconds % 60 == 0:
        m = seconds // 60
        return f"{m} minute{'s' if m != 1 else ''}"
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return clock_time(seconds)


def _ends(ends_at: float | None) -> str:
    return f", ends <t:{int(ends_at)}:R>" if ends_at is not None else " (the clock is paused)"


def level_clock_text(e: Event) -> str | None:
    """The post of one of the director's clock events (None for any other event)."""
    if isinstance(e, tev.LevelTimeSet):
        what = "the break" if e.on_break else f"level {e.level}"
        left = f"**{clock_time(e.seconds_left)}** left"
        if e.change is None:
            head = f"⏱ The director sets the time left in {what} to {left}"
        elif e.change > 0:
            head = f"⏱ The director adds {span(e.change)} to {what}: {left}"
        else:
            head = f"⏱ The director takes {span(e.change)} off {what}: {left}"
        return head + _ends(e.ends_at) + "."
    if isinstance(e, tev.LevelSet):
        back = e.period < e.from_period
        where = f"the break before level {e.level}" if e.is_break else f"level {e.level}"
        return (f"{'⏮' if back else '⏭'} The director moves the clock {'back ' if back else ''}"
                f"to {where} (it was level {e.from_level}), from its start.")
    if isinstance(e, tev.BreakCalled):
        text = (f"☕ **Break**, called by the director: {span(e.seconds)}"
                f"{_ends(e.ends_at)}. Level {e.level} resumes after it")
        if e.level_seconds_left is not None:
            text += f" with {clock_time(e.level_seconds_left)} left"
        return text + "."
    if isinstance(e, tev.BreakEnded):
        return "▶ The director ends the break."
    return None


def level_clock_answer(events: Iterable[Event]) -> str:
    """The director's private receipt of a change to the level clock."""
    for e in events:
        if isinstance(e, tev.LevelTimeSet):
            what = "The break" if e.on_break else f"Level {e.level}"
            return f"Done: {what} has {clock_time(e.seconds_left)} left."
        if isinstance(e, tev.LevelSet):
            where = f"the break before level {e.level}" if e.is_break else f"level {e.level}"
            return f"Done: the clock is at the start of {where}."
        if isinstance(e, tev.BreakCalled):
            return f"Break called: {span(e.seconds)}."
        if isinstance(e, tev.BreakEnded):
            return "Break ended."
    return "Done."

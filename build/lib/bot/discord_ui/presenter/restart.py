"""What the channel hears after the bot was down: once per tournament and restart.

Online the downtime was a pause (`OfflinePause`): the post says how long, that the clock was
stopped, and where play resumes. A live night's clock ran in the room (`ClockCaughtUp`): one
post says where it is now, never a time that has passed.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_ui.presenter.limits import chips
from bot.tournament import events as tev


def downtime(seconds: float) -> str:
    """"45 seconds", "31 minutes", "2 hours 5 minutes"."""
    whole = max(0, round(seconds))
    if whole < 120:
        return f"{whole} second{'s' if whole != 1 else ''}"
    minutes = round(whole / 60)
    if minutes < 120:
        return f"{minutes} minutes"
    hours, rest = divmod(minutes, 60)
    return f"{hours} hours" + (f" {rest} minute{'s' if rest != 1 else ''}" if rest else "")


def time_left(seconds: float) -> str:
    """"7:12", "1:05:00"."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    if hours:
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{rest // 60}:{rest % 60:02d}"


def _blinds(small: int, big: int, ante: int) -> str:
    return f"{chips(small)}/{chips(big)}" + (f", ante {chips(ante)}" if ante else "")


def offline_pause_text(e: tev.OfflinePause) -> str:
    """"The bot was offline for 31 minutes; the clock was stopped; play resumes at level 1,
    25/50, 7:12 left." """
    blinds = _blinds(e.small_blind, e.big_blind, e.ante)
    if e.on_break:
        where = f"on the break before level {e.level} ({blinds})"
    else:
        where = f"at level {e.level}, {blinds}"
    left = (f", {time_left(e.seconds_left)} left" if e.seconds_left is not None
            else " (the last level)")
    return (f"⏯ The bot was offline for {downtime(e.at - e.stopped_at)}; the clock was "
            f"stopped; play resumes {where}{left}. Nobody's time ran while it was down.")


def caught_up_text(e: tev.ClockCaughtUp, bold_name: Callable[[str], str]) -> str:
    """The live clock after the bot was down: where the room's clock is now, in one post."""
    blinds = _blinds(e.small_blind, e.big_blind, e.ante)
    if e.on_break:
        now = f"the **break** before level {e.level} (blinds **{blinds}**)"
    else:
        now = f"**level {e.level}**, blinds **{blinds}**"
    if e.seconds_left is None or e.ends_at is None:
        left = ", the last level (it runs to the end)"
    else:
        ends = int(e.ends_at)
        left = f", {time_left(e.seconds_left)} left (until <t:{ends}:t>, <t:{ends}:R>)"
    text = (f"⏰ The bot was offline for {downtime(e.at - e.stopped_at)}; the room's clock ran "
            f"on. Now: {now}{left}.")
    if e.clocks_expired:
        who = ", ".join(bold_name(p) for p in e.clocks_expired)
        text += f"\nThe clock called on {who} ran out meanwhile."
    return text

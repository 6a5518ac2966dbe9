"""What a director is told after his `/td` commands (the receipts and the refusals of the
command itself; the use cases' refusals are worded in answers.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_ui.presenter.limits import safe_text
from bot.discord_ui.presenter.refusals import ended

# The reason a pause is given when the director gives none (kept with the pause's record).
DEFAULT_PAUSE_REASON = "director's pause"
# The bot's name when Discord has not told it yet (a first start).
UNNAMED_BOT = "the bot"

MANAGE_SERVER_NEEDED = "Setting the director role needs the Manage Server permission."
NOT_IN_TOURNAMENT = "That member is not in this tournament."
PENALTY_GIVEN = "Penalty given."
DISQUALIFIED = "Disqualified."
STACK_ADJUSTED = "Stack adjusted."
PAUSED = "Paused."
RESUMED = "Resumed."
RULING_POSTED = "Ruling posted."


def profile_refused_text(reason: str) -> str:
    """A profile or knob the engine refused, in its own words."""
    return f"Not changed: {safe_text(reason, 300)}."


def profile_set_text(profile: str, overrides: Sequence[tuple[str, object]]) -> str:
    # Knob names and values the profile accepted: plain words and numbers, shown as code.
    shown = ", ".join(f"{k}={v}" for k, v in overrides) or "no overrides"
    return (f"This server now plays `{profile}` (`{shown}`) in tournaments created from now on; "
            "`/rule` answers with these rules.")


def _tables(tables: Sequence[int]) -> str:
    return ", ".join(map(str, tables))


def which_table_text(tables: Sequence[int]) -> str:
    """More than one table (or none) plays: the director names one."""
    return f"Say which table (`table:`): {_tables(tables) or 'none is playing'}."


def no_such_table_text(table: int, tables: Sequence[int]) -> str:
    return ended(f"There is no table {table} playing; tables: {_tables(tables) or 'none'}.")


def hand_voided_text(table: int) -> str:
    return f"Hand at table {table} voided."


def time_given_text(seconds: int) -> str:
    return f"{seconds} more seconds given."

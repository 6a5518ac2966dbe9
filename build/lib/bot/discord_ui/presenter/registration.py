"""What `/tournament` answers: a tournament opened for registration, a player in or out, the
start, a cancellation, a player's own re-buy or add-on; and the refusals of these commands
themselves (the use cases' refusals are worded in answers.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_ui.presenter.announcements import add_on_when
from bot.discord_ui.presenter.limits import chips, safe_name, safe_text
from bot.discord_ui.presenter.refusals import ended
from bot.tournament.structure import Structure

# The reason a cancellation is given when the director gives none (kept for the league).
DEFAULT_CANCEL_REASON = "cancelled by the director"

IN_A_THREAD = "Create a tournament in a text channel, not in a thread."
NAME_NEEDED = ended("Give the tournament a name (1 to 80 characters).")
STARTED_NO_LEAVING = ("The tournament has started: you cannot unregister now. Use `/away` to "
                      "step away from the table.")
ONLY_CREATOR_STARTS = "Only the tournament's creator or a director can start it."
NO_REBUYS = "This tournament's structure has no re-buys."
NO_ADD_ON = "This tournament's structure has no add-on."


def channel_busy_text(name: str | None, status: str | None = None) -> str:
    """The channel's tournament is not finished (seen before creating, or by the database when
    two were created at once): one tournament a channel."""
    named = f": **{safe_name(name)}**" if name is not None else ""
    state = f" ({status})" if status is not None else ""
    return (f"This channel already has a tournament that is not finished{named}{state}. Finish "
            "or cancel it (`/tournament cancel`) first, or use another channel.")


def not_created_text(reason: str) -> str:
    """The structure or the rule profile refused (in their own words)."""
    return ended(f"I cannot create that tournament: {reason}.")


def opened_text(title: str, struct: Structure, *, buy_in: int, seats: int, rules: str,
                live: bool, action_seconds: float, bank_seconds: float,
                refill_seconds: float) -> str:
    extras: list[str] = []
    if struct.rebuys:
        extras.append(f"re-buys until level {struct.rebuys.until_level}")
    if struct.add_on:
        extras.append(f"add-on {add_on_when(struct.add_on)}")
    terms: Sequence[str] = (
        [", ".join(extras)] if extras else []) + (
        ["live: real cards and chips"] if live else [f"{action_seconds:g} s to act"]) + (
        [f"a time bank of {bank_seconds:g} s (+{refill_seconds:g} s a level)"]
        if not live and bank_seconds > 0 else [])
    return (f"**{safe_name(title)}** is open for registration: {struct.name} structure, "
            f"{chips(struct.starting_stack)} chips, buy-in {chips(buy_in)}, {seats} seats a "
            f"table, rules `{rules}`" + "".join(f", {t}" for t in terms)
            + ". Join with `/tournament join`; the creator or a director starts it with "
            "`/tournament start`.")


def joined_text(name: str, count: int) -> str:
    return f"{safe_name(name)} is in ({count} player{'s' if count != 1 else ''})."


def left_text(name: str) -> str:
    return f"{safe_name(name)} has left the tournament."


def started_text(season_words: str) -> str:
    return "Shuffle up and deal! " + season_words


def cancelled_text(tournament: str, reason: str) -> str:
    return f"**{safe_name(tournament)}** is cancelled by the director: {safe_text(reason, 300)}"


def rebought_text(amount: int) -> str:
    return f"You re-buy for {chips(amount)} chips."


def added_on_text(amount: int) -> str:
    return f"You take the add-on: {chips(amount)} chips."

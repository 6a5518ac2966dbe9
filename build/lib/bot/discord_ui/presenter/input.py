"""Why what a user typed or picked was refused, saying what is allowed: amounts, hands,
reasons, knobs, times, levels, tournaments and players by name, and who may direct; the words
a player may type for an amount, and the buttons that page a long list. The parsers
(bot/discord_ui/parsing.py, time_input.py, lookup.py) decide; the words are here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_ui.presenter.limits import safe_name, safe_text
from bot.discord_ui.presenter.refusals import ended

# What a player may type for an amount besides a number (lower case), and the size it means.
AMOUNT_WORDS = {"min": "min", "minimum": "min", "half": "half", "1/2": "half", "½": "half",
                "half pot": "half", "halfpot": "half", "pot": "pot", "all-in": "all-in",
                "allin": "all-in", "all in": "all-in", "max": "all-in", "shove": "all-in"}
AMOUNT_HELP = ended("give a whole number of chips (e.g. 600, 1,200 or 1.5k) or min, half, pot or "
                    "all-in.")
AMOUNT_ABOVE_ZERO = ended("An amount must be a whole number of chips above zero.")
TIME_HELP = ended("write `+2m` or `-30s` (also `+1m30s`, `+1:30`) to add or take time, or `12:00` "
                  "(or `12m`) for the time left.")
TIME_AT_MOST = ended("A time is at most 6 hours.")
LEVEL_HELP = ended("write `next`, `previous` or a level's number (e.g. `4`).")
HAND_NAMED = ended("Give a hand as the table message names it, such as 7-t1-h12 (tournament 7, "
                   "table 1, hand 12), or just the hand number (12) in the tournament's channel.")
NO_TOURNAMENT = ("No tournament is running in this channel. A director or player can start one "
                 "with `/tournament create`.")
TOURNAMENT_GONE = "That tournament is over or was cancelled."
TOURNAMENTS_IN_SERVER = "Tournaments are run in a server channel, not in DMs."
# The role that directs on a server that has not set one with `/td role` (matched ignoring case).
DIRECTOR_ROLE_NAME = "tournament director"
NOT_A_DIRECTOR = ("Only a tournament director can do that (the server's director role; an admin "
                  "sets it with `/td role`).")
LIST_GONE = "This list cannot be paged any more: ask for it again with its command."
# The buttons that page a long list.
PREVIOUS_PAGE = "◀ Previous"
NEXT_PAGE = "Next ▶"
COUNTS_EXAMPLE = "`Ann 120000, Bob 80000`"


def _shown(text: str) -> str:
    return safe_text(text, 24)


def amount_too_long_text() -> str:
    return f"That amount is too long to be one: {AMOUNT_HELP}"


def amount_unreadable_text(typed: str) -> str:
    return f"I could not read {_shown(typed)} as an amount: {AMOUNT_HELP}"


def amount_too_big_text(typed: str) -> str:
    return f"{_shown(typed)} is more chips than any tournament has: {AMOUNT_HELP}"


def hand_too_long_text(limit: int) -> str:
    return ended(f"A hand is named in at most {limit} characters, such as 7-t1-h12.")


def reason_blank_text(what: str, limit: int) -> str:
    """`what`: "reason" or "ruling"."""
    return ended(f"Give a {what} in words (1 to {limit} characters); it is kept for appeals.")


def reason_too_long_text(what: str, length: int, limit: int) -> str:
    return ended(f"That {what} is {length:,} characters long; keep it to {limit}.")


def screen_message_too_long_text(length: int, limit: int) -> str:
    return (f"That message is {length:,} characters long; the screen shows up to {limit}. "
            "Nothing was done.")


def knobs_too_long_text(limit: int) -> str:
    return ended(f"Knobs are at most {limit} characters: knob=value, comma-separated.")


def knob_unreadable_text(part: str) -> str:
    return ended(f"Knobs are written knob=value, comma-separated; {safe_text(part, 40)} is not.")


def knob_out_of_range_text(knob: str, value: str, low: int, high: int) -> str:
    return ended(f"{safe_text(knob, 40)} is a whole number of seconds from {low} to {high}; "
                 f"{safe_text(value, 20)} is not.")


def time_unreadable_text(typed: str) -> str:
    return f"I could not read {_shown(typed)} as a time: {TIME_HELP}"


def time_changes_nothing_text(typed: str) -> str:
    return f"{_shown(typed)} changes nothing: {TIME_HELP}"


def level_unreadable_text(typed: str) -> str:
    return f"I could not read {_shown(typed)} as a level: {LEVEL_HELP}"


def no_tournament_called_text(typed: str, unfinished: Sequence[tuple[str, int]]) -> str:
    """`unfinished`: the server's unfinished tournaments (name, number), the first few."""
    listed = ", ".join(f"{safe_name(name)} (#{number})" for name, number in unfinished)
    return (f"This server has no unfinished tournament called {safe_name(typed) or 'that'}. "
            + (f"Unfinished: {listed}." if listed else "None is unfinished."))


def player_not_in_text(what: str) -> str:
    """A list's value for someone who is not (or no longer) in this tournament."""
    return ended(f"That player is not in this tournament: pick the {what} from the list.")


def nobody_called_text(typed: str, what: str) -> str:
    return ended(f"Nobody called {safe_name(typed) or 'that'} is in this tournament: pick the "
                 f"{what} from the list.")


def several_match_text(typed: str, matching: str, what: str) -> str:
    """`matching`: the players it could be, already named."""
    return ended(f"More than one player matches {safe_name(typed) or 'that'} ({matching}): pick "
                 f"the {what} from the list.")


def count_for_nobody_text(part: str, typed: str) -> str:
    """`part`: the part of the counts, already shown as code; `typed`: the name in it."""
    return ended(f"I could not read {part}: nobody called {safe_name(typed) or 'that'} is in this "
                 f"tournament. Give each as a name and a count, e.g. {COUNTS_EXAMPLE}.")


def named_twice_text(what: str, player: str) -> str:
    """`player`: already named (`player_name`)."""
    return ended(f"The {what} name {player} twice: give each player once.")

"""Why nothing was changed, told privately to the sender of a use case: every `Refused`
(bot/service/usecases) is worded here, once, whether it came from a slash command, a button or
a modal. (The receipt of a player's action is `controls.acted_text`.)"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.discord_ui.presenter.announcements import ordinal
from bot.discord_ui.presenter.deals import REFUSALS as DEAL_REFUSALS
from bot.discord_ui.presenter.limits import chips, player_name, safe_text
from bot.discord_ui.presenter.refusals import ended, refusal_text, span_words
from bot.service.usecases import Refused, Why
from bot.tournament.errors import TournamentError

# The one answer to a click (or a typed amount) made for a moment of a hand that has passed.
PASSED = ended("That moment has passed: the table has moved on. Use the latest table message.")


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def refused_text(r: Refused) -> str:
    """Why nothing was changed, in the words a player or director reads."""
    names = r.names
    f = r.fields

    def name(player: object) -> str:
        return player_name(names, str(player))

    if r.why is Why.RULES:
        error = f.get("error")
        better = DEAL_REFUSALS.get(error.code) if isinstance(error, TournamentError) else None
        text = better or (refusal_text(error, names) if isinstance(error, Exception)
                          else str(f.get("text")))
        return ended(text)
    if r.why is Why.SAID:
        return ended(_capitalised(str(f.get("text", ""))))
    words = _WORDS.get(r.why)
    if words is None:
        return ended("That cannot be done now.")
    return ended(_capitalised(words(f, name)))


Name = Callable[[object], str]
Fields = Mapping[str, object]


def _not_your_turn(f: Fields, name: Name) -> str:
    to_act, seat = f.get("to_act"), f.get("seat")
    if seat is None:
        whose = "nobody is to act right now"
    else:
        whose = f"it is {name(to_act) if to_act is not None else f'seat {seat}'}'s turn"
    return f"Not your turn: {whose}."


def _bust_moved_on(f: Fields, name: Name) -> str:
    place = f.get("place")
    where = f" ({ordinal(int(place))} place)" if isinstance(place, int) else ""
    newer = f.get("newer")
    if isinstance(newer, tuple):
        return (f"A bust was recorded while you asked: the last one is now {name(newer[0])}'s "
                f"({ordinal(newer[1] or 0)} place), not {name(f['player'])}'s: run `/td undo` "
                "again to take it back.")
    return (f"{name(f['player'])}'s bust{where} was already undone, by another director while "
            "you asked.")


def _already_bought(f: Fields, name: Name) -> str:
    what = "re-buy" if f.get("kind") == "rebuy" else "add-on"
    if f.get("own"):
        return f"Your {what} is already recorded (sent twice?): this one bought nothing."
    return (f"{_capitalised(name(f['player']))}'s {what} was just recorded by another "
            "director: this one bought nothing.")


def _penalty_meanwhile(f: Fields, name: Name) -> str:
    return (f"Another director gave {name(f['player'])} a penalty while you asked "
            f"({f['hands']} hand(s): {safe_text(str(f['reason']), 300)}). If both are meant, "
            "give yours again.")


def _stack_changed(f: Fields, name: Name) -> str:
    stack = f["stack"]
    assert isinstance(stack, int)
    return (f"{name(f['player'])}'s stack changed while you asked (another director or a "
            f"hand): it is {chips(stack)} now. Check it, then adjust again.")


def _fixed(text: str) -> Callable[[Fields, Name], str]:
    return lambda f, name: text


# Each refusal's own words; refused_text ends them ("Nothing was changed.").
_WORDS: dict[Why, Callable[[Fields, Name], str]] = {
    Why.STALE: _fixed(PASSED),
    Why.NOT_YOUR_TURN: _not_your_turn,
    Why.NOT_STARTED: _fixed("The tournament has not started yet."),
    Why.OVER: _fixed("The tournament is over."),
    Why.NOT_PLAYING: _fixed("You are not playing in this tournament."),
    Why.OUT: _fixed("You are out of this tournament."),
    Why.NO_HAND: _fixed("No hand is in progress at your table; the next one is dealt shortly."),
    Why.LIVE_NIGHT: _fixed("This is a live night: the cards and chips are real and the bot deals "
                           "no hand to act on. Play at the table."),
    Why.NOT_DEALT_IN: _fixed("You are not dealt into this hand; you play from the next one."),
    Why.NOT_SEATED: _fixed("You are not seated in this tournament."),
    Why.NO_LAST_HAND: _fixed("Cards are shown, and a rabbit hunt is asked, after a hand and "
                             "before the next one starts."),
    Why.NOT_AT_TABLE: _fixed("Only players seated at the table may do that."),
    Why.BUST_MOVED_ON: _bust_moved_on,
    Why.ALREADY_BOUGHT: _already_bought,
    Why.PENALTY_MEANWHILE: _penalty_meanwhile,
    Why.STACK_CHANGED: _stack_changed,
}


# ---- discord.py's own refusals of a command (before it ran), in the same words as ours

NEEDS_DIRECTOR_ROLE = "You need the director role for that."
SERVER_ONLY = "That command works in a server channel, not in DMs."
NOT_HERE = "You cannot use that command here."
OPTION_UNREADABLE = ended("I could not read that value for this option: give it in the form the "
                          "option's hint shows.")


def cooldown_text(seconds: int) -> str:
    return f"Slow down: try again in {span_words(seconds)}."


def missing_permissions_text(permissions: Sequence[str]) -> str:
    """`permissions`: discord.py's names (`send_messages`)."""
    perms = ", ".join(p.replace("_", " ") for p in permissions)
    return f"I am missing permissions here: {perms}. Ask a server admin to grant them."


def went_wrong_text(command: str | None, reference: int) -> str:
    """A bug, not a refusal: the user learns it is logged, with a reference for the admin."""
    what = f"`/{command}`" if command is not None else "that"
    return (f"Sorry, something went wrong running {what}. It has been logged for the bot's "
            f"admin (reference `{reference}`).")

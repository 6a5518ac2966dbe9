"""What the live desk's commands answer (`/bust`, `/clock player:`, `/td add`, `/td link`,
`/td undo`, `/td chiprace`, `/td rebuy`, `/td addon`): the receipts, and the refusals of these
commands themselves (the use cases' refusals are worded in answers.py; the longer receipts in
live.py)."""

from __future__ import annotations

from bot.discord_ui.presenter.limits import chips, safe_name
from bot.discord_ui.presenter.refusals import ended

NOT_LIVE = ("This channel's tournament is not a live one (it is dealt online); live commands "
            "work in a tournament created with `/tournament create mode:live`.")
DESK_NOT_LOADED = ended("The live commands are not loaded.")
CLOCK_WHO_MAY = ended("Only a player of this tournament or a director may call the clock "
                      "(`/rule topic:clock`).")
CLOCK_ON_WHOM = ended("Say on whom: `/clock player:` and pick the player from the list (to stop "
                      "it, add `cancel:True`).")
CLOCK_STOPPED = "Clock stopped."
CLOCK_CALLED = "Clock called: the channel counts it down."
BUST_WHO_MAY = ended("Only a director, or the player himself, records a bust.")
# How the knocker is named when he cannot be found ("pick the … from the list").
KNOCKER = "player who busted him"
ADD_ONE_OF = ended("Give either `name:` (a guest not on Discord) or `member:` (a server member), "
                   "one of them.")
LINK_IN_SERVER = ended("Link guests in the server's channel.")
BUST_UNDONE = "The last bust is undone."
NO_CHIP_RACE = ended("No chip race is due now.")
CHIP_RACE_RUN = "Chip race run: the channel has every card."


def seat_choice(name: str, table: int | None, seat: int | None) -> str:
    """A player in the list a director picks from, with where he sits (the room by tables)."""
    where = f" · table {table} seat {seat}" if table is not None else ""
    return f"{name}{where}"


def past_guest_choice(name: str) -> str:
    """A guest of one of the server's finished nights, in the list of guests to link."""
    return f"{name} · a past night"


def guest_added_text(name: str) -> str:
    return f"{safe_name(' '.join(name.split()))} is in as a guest."


def member_seated_text(name: str) -> str:
    """A member entered once the tournament runs: the channel has his seat."""
    return f"{safe_name(name)} is in; the channel has his seat."


def member_entered_text(name: str, players: int) -> str:
    return f"{safe_name(name)} is in, entered by the director ({players} players)."


def league_refused_text(reason: str) -> str:
    """The league refused the link (its own sentence)."""
    return ended(reason)


def joined_on_discord_text(name: str) -> str:
    """`name`: already worded (`player_name`)."""
    return ended(f"{name} joined on Discord, not as a guest: there is nothing to link")


def no_such_guest_text(name: str) -> str:
    return ended(f"No guest called {safe_name(name)} played here (tonight or in a finished night): "
                 "pick the guest from the list.")


def chip_race_not_due_text(smallest_chip: int) -> str:
    """No chip race now: the smallest chip still plays in the blinds or antes."""
    return ended(f"No chip race is due now: the {chips(smallest_chip)} chips are still needed for "
                 "the blinds or antes.")


def counts_unreadable_text(part: str, help_text: str) -> str:
    """`part`: already shown as code; `help_text`: how to give the counts. A refusal's words:
    the ending ("Nothing was changed.") is added where every refusal gets it."""
    return f"I could not read {part}. {help_text}"


def _bought(kind: str) -> str:
    return "Re-buy" if kind == "rebuy" else "Add-on"


def no_buy_text(kind: str) -> str:
    """`kind`: "rebuy" or "addon"."""
    return ended(f"This tournament's structure has no {_bought(kind).lower()}s.")


def bought_text(kind: str, amount: int) -> str:
    return f"{_bought(kind)} recorded: {chips(amount)} chips."

"""Typed refusals of tournament commands. Each message says what is allowed; a refused command
changes nothing.

A refusal is a sentence with typed fields, as the engine's `IllegalAction` carries its rule id:
`code` names the refusal (`already-out`, `not-playing` ...; each class has a default), and
`fields` hold what the sentence says: the players it names as `Who` (their ids: a member's
snowflake, a guest's "guest-N"), a finishing place as `Place`, a length of time as `Span`, other
values as they are. The
sentence is a template with a `{field}` for each. `str(err)` fills it plainly (ids, "place 3":
logs, and callers that have no names); the presenter fills it with `err.words(word)`, naming
each `Who` and wording each `Place` (bot/discord_ui/presenter/refusals.py). No text is ever
rewritten by pattern."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Who:
    """A player a refusal names, by his id."""

    player: str


@dataclass(frozen=True)
class Place:
    """A finishing place a refusal states (1 is the winner)."""

    place: int


@dataclass(frozen=True)
class Span:
    """A length of time a refusal states, in seconds (the presenter reads it as a clock does:
    "11:58", "45 seconds")."""

    seconds: int


# How a refusal's field reads: a `Who`, a `Place` or a plain value -> words.
Word = Callable[[object], str]


def plain(value: object) -> str:
    """A field as `str(err)` writes it: a player's id, "place 3", a value as it is."""
    if isinstance(value, Who):
        return value.player
    if isinstance(value, Place):
        return f"place {value.place}"
    if isinstance(value, Span):
        return f"{value.seconds} s"
    return str(value)


class TournamentError(ValueError):
    """A tournament command that is not allowed now; `str(err)` says what is.

    `TournamentError("{player} is not playing", code="not-playing", player=Who(p))`."""

    code = "refused"

    def __init__(self, message: str, *, code: str | None = None, **fields: object) -> None:
        self.template = message
        self.fields: dict[str, object] = fields
        if code is not None:
            self.code = code
        super().__init__(self.words())

    @property
    def players(self) -> dict[str, str]:
        """The players the refusal names: field -> player id."""
        return {k: v.player for k, v in self.fields.items() if isinstance(v, Who)}

    def words(self, word: Word = plain) -> str:
        """The sentence, each field read by `word`."""
        if not self.fields:
            return self.template
        return self.template.format_map({k: word(v) for k, v in self.fields.items()})


class StructureError(TournamentError):
    """A blind structure or payout table that cannot be played."""

    code = "structure"


class RegistrationError(TournamentError):
    code = "registration"


class UnknownPlayer(TournamentError):
    code = "unknown-player"


class NotAllowed(TournamentError):
    """The command exists but the state of play (or the rule profile) forbids it now."""

    code = "not-allowed"


class ChipRaceDue(NotAllowed):
    """A colour-up is due: no hand starts until the chip race has been run."""

    code = "chip-race-due"


class WaitingForPlayers(NotAllowed):
    """The table has fewer than two players; it waits for a move or a break."""

    code = "waiting-for-players"

"""Typed refusals of tournament commands. Each message says what is allowed; a refused command
changes nothing."""

from __future__ import annotations


class TournamentError(ValueError):
    """A tournament command that is not allowed now; `str(err)` says what is."""


class StructureError(TournamentError):
    """A blind structure or payout table that cannot be played."""


class RegistrationError(TournamentError):
    pass


class UnknownPlayer(TournamentError):
    pass


class NotAllowed(TournamentError):
    """The command exists but the state of play (or the rule profile) forbids it now."""


class ChipRaceDue(NotAllowed):
    """A colour-up is due: no hand starts until the chip race has been run."""


class WaitingForPlayers(NotAllowed):
    """The table has fewer than two players; it waits for a move or a break."""

"""The one way a use case runs a command on a session: under its lock, committed in one
transaction, and every refusal turned into `Refused` with the names it may need."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.errors import IllegalAction
from bot.service.session import Also, AlsoAwaited, Outcome, Session
from bot.service.usecases.refused import Refused, from_game
from bot.tournament.errors import TournamentError
from bot.tournament.tournament import Tournament

Command = Callable[[Tournament, float], Any]


def names_now(session: Session) -> dict[str, str]:
    """Every player's name as known now: members by display name, guests by the name the
    director entered."""
    names = dict(session.names)
    for player, guest in session.tournament.guests.items():
        names[player] = guest.name
    return names


def refused_in(session: Session, refused: Refused, *, desk: bool = False) -> Refused:
    """A refusal met on this session with every player's name it may need: the one place a
    refusal is given names (`desk`: a live desk command)."""
    return refused.naming(names_now(session), desk=desk)


async def run(session: Session, command: Command, *, also: Also | None = None,
              also_awaited: AlsoAwaited | None = None, desk: bool = False,
              answer: object = None) -> Outcome:
    """`command` against the tournament (its checks made again there, under the lock) and
    `also`'s rows in the same transaction (Session.run); a refusal of the game, of a re-check
    or of the still-current check is raised as `Refused`, nothing changed. `desk`: a live
    desk command. `answer`: who waits for the change (a click), for the listener."""
    try:
        return await session.run(command, also=also, also_awaited=also_awaited, answer=answer)
    except Refused as refused:
        raise refused_in(session, refused, desk=desk) from None
    except (IllegalAction, TournamentError) as exc:
        raise refused_in(session, from_game(exc), desk=desk) from None

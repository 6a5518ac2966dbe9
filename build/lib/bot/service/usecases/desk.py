"""The live night's desk: busts and their undo, the chip race, guests and members
entered by the director, a guest linked to a member, the clock called on a player, and chips
bought (re-buys and add-ons, by the director for anyone or by a player for himself).

What the director saw when he asked is passed in and compared again under the session's lock:
of two directors at once, one is obeyed and the other is told what happened meanwhile. Money
is the tournament's events' (a re-buy's event says what it cost), kept nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from bot.service.session import AlsoAwaited, Outcome, Session
from bot.service.usecases.entries import entry_row
from bot.service.usecases.refused import Refused, Why
from bot.service.usecases.running import run
from bot.store import Transaction
from bot.tournament.live import bust_report
from bot.tournament.players import PlayerId, member_player
from bot.tournament.tournament import Tournament

Kind = Literal["rebuy", "addon"]


async def bust(session: Session, player: str, by: PlayerId, *,
               knocked_out_by: str | None = None) -> Outcome:
    """`player` is out (`result`: his `BustReport`: place, prize, what comes next)."""
    return await run(session, lambda t, now: bust_report(t, t.bust(
        player, now, knocked_out_by=knocked_out_by, recorded_by=by)), desk=True)


def last_bust(t: Tournament) -> tuple[str, int | None] | None:
    """The bust `undo_bust` takes back: the player and his place."""
    return (t.busts[-1], t.players[t.busts[-1]].place) if t.busts else None


async def undo_bust(session: Session, by: PlayerId, *,
                    seen: tuple[str, int | None] | None) -> Outcome:
    """Take back the last bust, the one the director saw (`seen`): if another director undid
    it or recorded a newer one meanwhile, nothing is done."""
    def command(t: Tournament, now: float) -> object:
        now_last = last_bust(t)
        if seen is not None and now_last != seen:
            newer = now_last if now_last is not None and (now_last[1] or 0) < (seen[1] or 0) \
                else None
            raise Refused(Why.BUST_MOVED_ON, player=seen[0], place=seen[1], newer=newer)
        return t.undo_bust(by, now)

    return await run(session, command, desk=True)


async def chip_race(session: Session, odd_chips: Mapping[str, int],
                    only_odd: Sequence[str]) -> Outcome:
    return await run(session, lambda t, now: t.race_odd_chips(
        dict(odd_chips), now, only_odd_chips=list(only_odd)), desk=True)


def bought(t: Tournament, player: str, kind: Kind) -> int | None:
    """How many re-buys (or add-ons) the player has bought: what a buyer saw, compared again
    under the lock, so two sent at once buy once."""
    p = t.players.get(player)
    if p is None:
        return None
    return p.rebuys if kind == "rebuy" else p.add_ons


async def buy(session: Session, player: str, kind: Kind, *, seen: int | None,
              own: bool) -> Outcome:
    """A re-buy or the add-on for `player` (`own`: he bought it himself; else a director at the
    desk). `seen`: what `bought` said when he asked. Its event is its record, money too (the
    night's money is read from the log: bot/league/nightlog.py)."""
    def command(t: Tournament, now: float) -> object:
        if bought(t, player, kind) != seen:
            raise Refused(Why.ALREADY_BOUGHT, player=player, kind=kind, own=own)
        return t.rebuy(player, now) if kind == "rebuy" else t.add_on(player, now)

    return await run(session, command, desk=not own)


async def add_guest(session: Session, name: str, by: PlayerId) -> Outcome:
    return await run(session, lambda t, now: t.add_guest(name, by, now), desk=True)


async def add_member(session: Session, user_id: int, display: str) -> Outcome:
    """A server member entered by the director, as if he had joined."""
    player = member_player(user_id)
    session.set_name(player, display)
    return await run(session, lambda t, now: t.register(player, now),
                     also=entry_row(session.store_id, user_id, display), desk=True)


async def link_guest(session: Session, guest: str, user_id: int, member_name: str,
                     by: int, *, past: AlsoAwaited) -> Outcome:
    """Tonight's guest is this member; `past` links him in the finished nights, in the same
    transaction (its result is the outcome's `extra`)."""
    target = member_player(user_id)
    session.set_name(target, member_name)

    async def linked(tx: Transaction) -> object:
        done = await past(tx)
        # The league names him by his member name.
        if all(e.user_id != user_id for e in await tx.entries(session.store_id)):
            await tx.add_entry(session.store_id, user_id, member_name)
        return done

    return await run(session, lambda t, now: t.link_guest(guest, target, member_player(by), now),
                     also_awaited=linked, desk=True)


async def clock_player(session: Session, player: str, by: PlayerId, *,
                       cancel: bool = False) -> Outcome:
    """Live: the clock called on `player` (or stopped: he acted)."""
    if cancel:
        return await run(session, lambda t, now: t.cancel_clock(player, by, now), desk=True)
    return await run(session, lambda t, now: t.clock_player(player, by, now), desk=True)

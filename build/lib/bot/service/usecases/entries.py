"""Entering and leaving a tournament, and starting it."""

from __future__ import annotations

from bot.league.service import stamp_season
from bot.service.session import Also, Outcome, Session
from bot.service.usecases.running import run
from bot.store import SqlTransaction
from bot.tournament.players import member_player


def entry_row(store_id: int, user_id: int, display: str) -> Also:
    """His entry row, written with the registration: a withdrawn one registered again, else a
    new one. Read in the transaction: another command may have entered him meanwhile."""

    def entry(tx: SqlTransaction) -> None:
        if any(e.user_id == user_id for e in tx.entries(store_id)):
            tx.update_entry(store_id, user_id, status="registered")
        else:
            tx.add_entry(store_id, user_id, display)

    return entry


async def join(session: Session, user_id: int, display: str) -> Outcome:
    """He registers (his entry row in the same transaction)."""
    player = member_player(user_id)
    session.set_name(player, display)
    return await run(session, lambda t, now: t.register(player, now),
                     also=entry_row(session.store_id, user_id, display))


async def leave(session: Session, user_id: int) -> Outcome:
    return await run(session, lambda t, now: t.unregister(member_player(user_id), now),
                     also=lambda tx: tx.update_entry(session.store_id, user_id,
                                                     status="withdrawn"))


async def start(session: Session, seed: str) -> Outcome:
    """Shuffle up and deal; the night counts in the season active now (`extra`: which),
    recorded in the same transaction."""
    return await run(session, lambda t, now: t.start(seed, now),
                     also=lambda tx: stamp_season(tx, session.store_id))

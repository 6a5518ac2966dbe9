"""Entering and leaving a tournament, and starting it."""

from __future__ import annotations

from bot.league.service import stamp_season
from bot.service.session import Outcome, Session
from bot.service.usecases.running import run
from bot.store import SqlTransaction
from bot.tournament.players import member_player


async def join(session: Session, user_id: int, display: str) -> Outcome:
    """He registers (his entry row, a withdrawn one registered again, in the transaction)."""
    player = member_player(user_id)
    session.set_name(player, display)

    def entry(tx: SqlTransaction) -> None:
        if any(e.user_id == user_id for e in tx.entries(session.store_id)):
            tx.update_entry(session.store_id, user_id, status="registered")
        else:
            tx.add_entry(session.store_id, user_id, display)

    return await run(session, lambda t, now: t.register(player, now), also=entry)


async def leave(session: Session, user_id: int) -> Outcome:
    return await run(session, lambda t, now: t.unregister(member_player(user_id), now),
                     also=lambda tx: tx.update_entry(session.store_id, user_id,
                                                     status="withdrawn"))


async def start(session: Session, seed: str) -> Outcome:
    """Shuffle up and deal; the night counts in the season active now (`extra`: which),
    recorded in the same transaction."""
    return await run(session, lambda t, now: t.start(seed, now),
                     also=lambda tx: stamp_season(tx, session.store_id))

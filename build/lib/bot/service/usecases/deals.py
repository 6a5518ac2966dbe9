"""A deal at the final table: the director's proposal and its answers.

Each call runs through the one path (`running.run`): the tournament's deal rules
(bot/tournament/deals.py) decide under the session's lock, so of two clicks at once each is
counted once, and a refusal is one `Refused`, worded by the presenter. A deal's refusals end in
"Nothing was changed." whether online or live (`desk=True`): what is at stake is the night's
money, so the answer says that none of it moved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.service.session import Session
from bot.service.usecases.running import run
from bot.tournament import events as tev
from bot.tournament.tournament import Tournament


async def propose(session: Session, by: str, method: tev.DealMethod, *, keep: int,
                  stacks: Mapping[str, int] | None) -> tev.DealProposed:
    """The director proposes a deal (`stacks`: live, every player's chips as counted; online
    None, the table's are used). Returns the proposal as posted."""
    counted = None if stacks is None else dict(stacks)
    outcome = await run(session, lambda t, now: t.propose_deal(by, method, now, keep=keep,
                                                               stacks=counted), desk=True)
    return next(e for e in outcome.tournament_events if isinstance(e, tev.DealProposed))


@dataclass(frozen=True)
class Answered:
    """A proposal after one answer: who has accepted it, and whether that made or ended it."""

    proposal: tev.DealProposed
    accepted: frozenset[str]
    made: tev.DealMade | None
    ended: tev.DealEnded | None


async def answer(session: Session, number: int, by: str, *, accept: bool,
                 player: str | None = None) -> Answered:
    """An answer to proposal `number`. Online `by` answers for himself; live the director
    (`by`) confirms `player`'s acceptance (None: his own), or calls the deal off (`accept`
    False)."""
    asked: list[tev.DealProposed] = []

    def command(t: Tournament, now: float) -> object:
        if t.deal_offer is not None:
            asked.append(t.deal_offer.proposal)
        if not t.live:
            return t.answer_deal(number, by, accept, by, now)
        if not accept:
            return t.call_off_deal(number, by, now)
        return t.answer_deal(number, player or by, True, by, now)

    outcome = await run(session, command, desk=True)
    events = outcome.tournament_events
    made = next((e for e in events if isinstance(e, tev.DealMade)), None)
    ended = next((e for e in events if isinstance(e, tev.DealEnded)), None)
    proposal = asked[-1]  # answered, so it was open
    offer = session.tournament.deal_offer
    accepted = (frozenset(proposal.players) if made is not None
                else offer.accepted if offer is not None else frozenset())
    return Answered(proposal, accepted, made, ended)

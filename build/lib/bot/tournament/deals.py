"""Deals at the final table, as tournament commands; the arithmetic is deal.py's.

The director proposes (`propose_deal`): from the stacks at the table (online: the bot's, with
the tournament paused and no hand in play, so they cannot change while the players decide;
live: the stacks he counted, which must add up to the chips in play). Every player still in
answers (`answer_deal`; online each for himself, live the director for each). The first refusal
ends the proposal; the last acceptance makes the deal (`DealMade`): each player's prize is his
share, and the winner of the play that goes on takes the amount kept on top of his. A proposal
runs out `DEAL_SECONDS` after it was made: answers after that are refused and nothing changes;
the director may propose again. If the table changed before everyone accepted (a stack, or who
is still in), the proposal ends without a deal.

A deal cannot be made while re-buys, the add-on or late entries are still open (the money left
could still grow), nor twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.events import Event
from bot.tournament import events as ev
from bot.tournament.core import TournamentCore
from bot.tournament.deal import DealError, max_keep, propose
from bot.tournament.errors import NotAllowed, Who
from bot.tournament.flow import Flow
from bot.tournament.payouts import place_amounts
from bot.tournament.state import ClockView, DealView

# How long the players have to answer a proposal (seconds).
DEAL_SECONDS = 300.0


@dataclass(frozen=True)
class DealOffer:
    """The open proposal and who has accepted it so far."""

    proposal: ev.DealProposed
    accepted: frozenset[str] = frozenset()

    @property
    def players(self) -> tuple[str, ...]:
        return self.proposal.players

    @property
    def waiting_for(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.accepted)


@dataclass(frozen=True)
class Deal:
    """The deal made: each dealt player's prize, and what the winner takes on top."""

    method: ev.DealMethod
    amounts: dict[str, int]
    keep: int

    def prize(self, player: str, winner: str | None = None) -> int | None:
        """A dealt player's prize (the winner's with the kept amount); None if not dealt."""
        if player not in self.amounts:
            return None
        return self.amounts[player] + (self.keep if player == winner else 0)


def shares(p: ev.DealProposed, method: ev.DealMethod) -> dict[str, int]:
    """Each player's share under `method` in proposal `p`."""
    return {"icm": p.icm, "chip_chop": p.chip_chop, "chip_chop_min": p.chip_chop_min}[method]


def locked_up(p: ev.DealProposed) -> int:
    """What every player still in is sure of: the prize of the last of their places."""
    return p.payouts[-1] if p.payouts else 0


class DealState(TournamentCore):
    """The deal's part of the state (its appliers are in appliers.py). Immutable values, so
    the class-level defaults are safe."""

    deal_offer: DealOffer | None = None
    deal: Deal | None = None
    deal_count = 0  # proposals made so far


class DealMaking(DealState, Flow):
    """The director's deal and the players' answers."""

    def open_deal(self, now: float) -> DealOffer | None:
        """The proposal still open at `now` (None once answered, ended or run out)."""
        offer = self.deal_offer
        if offer is None or now >= offer.proposal.expires_at:
            return None
        return offer

    def clock_view(self, now: float) -> ClockView:
        """After a deal the clock shows the dealt prizes and what is still played for, not
        the payout table's places (nobody still in is paid by them any more)."""
        view = super().clock_view(now)
        deal = self.deal
        if deal is None:
            return view
        prizes = {p: 0 if self.players[p].disqualified else a for p, a in deal.amounts.items()}
        shown = DealView(deal.method, tuple(sorted(prizes.items(), key=lambda x: (-x[1], x[0]))),
                         deal.keep)
        return dataclasses.replace(view, payouts=(), deal=shown)

    def propose_deal(self, by: str, method: ev.DealMethod, now: float, *, keep: int = 0,
                     stacks: Mapping[str, int] | None = None,
                     seconds: float = DEAL_SECONDS) -> list[Event]:
        """Propose a deal (see the module). Online `stacks` is None (the table's are used);
        live it is every player still in with his chips."""
        self._require_running()
        if self.deal is not None:
            raise NotAllowed("a deal was already made in this tournament", code="deal-made")
        if self.open_deal(now) is not None:
            raise NotAllowed("a deal is already proposed; wait for the answers or until it "
                             "runs out", code="deal-open")
        if method not in ev.DEAL_METHODS:
            raise NotAllowed("a deal is made by icm, chip_chop or chip_chop_min",
                             code="deal-method")
        if len(self.tables) != 1:
            raise NotAllowed("a deal is made at the final table: {tables} tables still play",
                             code="deal-not-final-table", tables=len(self.tables))
        self._require_no_more_money(now)
        (table,) = self.tables.values()
        players = [p for _, p in sorted(table.seats.items())]
        if self.live:
            chips = self._counted_stacks(players, stacks)
        else:
            if stacks is not None:
                raise NotAllowed("online the bot knows the stacks: give none",
                                 code="deal-stacks-online")
            if not self.paused:
                raise NotAllowed("pause the tournament first, so that no hand is dealt while "
                                 "the players decide", code="deal-not-paused")
            if table.hand is not None:
                raise NotAllowed("wait until the hand at table {table} is over",
                                 code="deal-hand-in-play", table=table.table)
            chips = {p: self.players[p].stack for p in players}
        payouts = self._prizes_left(len(players))
        most = max_keep(payouts, len(players), method)
        if method == "chip_chop_min" and keep > most:
            raise NotAllowed("with chip_chop_min at most {most} may be kept to play for: the "
                             "first prize less the {locked} every player has locked up",
                             code="deal-keep", most=most, locked=payouts[-1])
        try:
            offer = propose(chips, payouts, keep=keep, unit=self.cfg.payout_unit)
        except DealError as err:
            raise NotAllowed(str(err), code=f"deal-{err.code}") from None
        start = len(self.events)
        self._emit(ev.DealProposed(
            self.deal_count + 1, by, method, keep, tuple(chips), dict(chips), offer.payouts,
            offer.icm.as_dict(), offer.chip_chop.as_dict(), now + seconds, now,
            chip_chop_min=offer.chip_chop_min.as_dict()))
        return self.events[start:]

    def answer_deal(self, number: int, player: str, accepted: bool, by: str,
                    now: float) -> list[Event]:
        """A player's answer to proposal `number` (online: `by` is the player himself)."""
        self._require_running()
        offer = self._require_open(number, now)
        if player not in offer.proposal.stacks:
            if not self.live:  # online the player answers for himself: he is told so
                raise NotAllowed("you are not in this deal", code="deal-not-a-player")
            raise NotAllowed("{player} is not in this deal", code="deal-not-in",
                             player=Who(player))
        if not self.live and by != player:
            raise NotAllowed("each player answers for himself", code="deal-not-yours")
        if accepted and player in offer.accepted:
            raise NotAllowed("{player} has already accepted", code="deal-answered",
                             player=Who(player))
        start = len(self.events)
        changed = self._deal_table_changed(offer)
        if changed is not None:
            self._emit(ev.DealEnded(number, changed, now))
            return self.events[start:]
        self._emit(ev.DealAnswered(number, player, accepted, by, now))
        if not accepted:
            self._emit(ev.DealEnded(number, "refused", now))
        elif not offer.waiting_for or offer.waiting_for == (player,):
            p = offer.proposal
            amounts = shares(p, p.method)
            self._emit(ev.DealMade(number, p.method, dict(amounts), p.keep, now))
        return self.events[start:]

    def call_off_deal(self, number: int, by: str, now: float) -> list[Event]:
        """Live: the director says the table refused proposal `number` (someone said no)."""
        self._require_running()
        self._require_open(number, now)
        start = len(self.events)
        self._emit(ev.DealEnded(number, "refused", now))
        return self.events[start:]

    # ------------------------------------------------------------------ helpers

    def _require_open(self, number: int, now: float) -> DealOffer:
        offer = self.deal_offer
        if self.deal is not None:
            raise NotAllowed("the deal was already made", code="deal-made")
        if offer is None or offer.proposal.number != number:
            raise NotAllowed("this deal proposal is no longer open", code="deal-closed")
        if now >= offer.proposal.expires_at:
            raise NotAllowed("this deal proposal ran out before your answer",
                             code="deal-expired")
        return offer

    def _require_no_more_money(self, now: float) -> None:
        """No deal while the money left could still grow (re-buys, the add-on, late
        entries)."""
        level = self.level_number(now)
        rb = self.structure.rebuys
        late = self.structure.late_registration_level
        if rb is not None and level <= rb.until_level:
            raise NotAllowed("re-buys are open until level {level}: the prize pool may still "
                             "grow", code="deal-rebuys-open", level=rb.until_level)
        ao = self.structure.add_on
        if ao is not None and self.add_on_window(now) != "closed":
            raise NotAllowed("the add-on is open until level {level}: the prize pool may still "
                             "grow", code="deal-add-on-open", level=ao.until_level)
        if late is not None and level <= late:
            raise NotAllowed("late registration is open until level {level}: the prize pool "
                             "may still grow", code="deal-late-open", level=late)

    def _counted_stacks(self, players: list[str],
                        stacks: Mapping[str, int] | None) -> dict[str, int]:
        if not stacks:
            raise NotAllowed("give every player's stack, as counted at the table",
                             code="deal-no-stacks")
        for p in stacks:
            if p not in players:
                raise NotAllowed("{player} is not still in", code="deal-not-in",
                                 player=Who(p))
        missing = [p for p in players if p not in stacks]
        if missing:
            raise NotAllowed("give a stack for every player still in: {player} has none",
                             code="deal-missing", player=Who(missing[0]))
        total = sum(stacks.values())
        expected = self.expected_chips()
        if total != expected:
            raise NotAllowed("the stacks add up to {total} chips, but {expected} are in play "
                             "(starting stacks, re-buys, add-ons and chip races): count again",
                             code="deal-chips", total=f"{total:,}", expected=f"{expected:,}")
        return {p: stacks[p] for p in players}

    def _prizes_left(self, left: int) -> tuple[int, ...]:
        """The prizes of places 1..left, as the tournament would pay them now."""
        field_size = sum(1 for p in self.players.values() if p.status != "registered")
        amounts = place_amounts(self.pool, field_size, self.cfg.payouts, self.cfg.payout_unit)
        return tuple(amounts[:left]) + (0,) * max(0, left - len(amounts))

    def _deal_table_changed(self, offer: DealOffer) -> ev.DealEnd | None:
        stacks = offer.proposal.stacks
        if sorted(self.playing) != sorted(stacks):
            return "players-changed"
        if not self.live and any(self.players[p].stack != s for p, s in stacks.items()):
            return "stacks-changed"
        if not self.live and any(ts.hand is not None for ts in self.tables.values()):
            return "stacks-changed"
        return None

    def _with_deal(self, winner: str, prizes: dict[str, int]) -> dict[str, int]:
        """The end's prizes with the deal's for the players it dealt (the winner's with the
        amount kept to play for)."""
        deal = self.deal
        if deal is None:
            return prizes
        out = dict(prizes)
        for p in deal.amounts:
            # A dealt player disqualified later has his prize withheld, as anyone's.
            out[p] = 0 if self.players[p].disqualified else deal.prize(p, winner) or 0
        return out

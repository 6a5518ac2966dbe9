"""The appliers: one per event class, the only code that changes the tournament's state.

As in the hand engine (`_APPLY` in bot/engine/hand.py), `_apply` looks the event's class up in
`_APPLIERS`; replaying the log through them rebuilds a tournament exactly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.tournament import events as ev
from bot.tournament.clock import (
    Decision,
)
from bot.tournament.core import TournamentConfig, positions_of
from bot.tournament.deals import Deal, DealOffer, DealState
from bot.tournament.errors import (
    TournamentError,
)
from bot.tournament.hand_steps import HAND_STEPS, HandEvent, show_hand_cards
from bot.tournament.state import (
    Entrant,
    Guest,
    TableState,
)


class Appliers(DealState):
    """One applier per event class: the only code that changes the tournament's state."""

    def _apply(self, e: Event) -> None:
        applier = _APPLIERS.get(type(e))
        if applier is None:
            raise TournamentError(f"not a tournament event: {e.type}")
        applier(self, e)

    def _new_decision(self, ts: TableState, at: float) -> None:
        self._return_bank(ts, at)
        hand = ts.hand
        if hand is None or hand.is_over or hand.to_act is None:
            ts.decision = None
        else:
            ts.decision = Decision(hand.to_act, self.play_time(at))

    def _return_bank(self, ts: TableState, at: float) -> None:
        """The decision at `ts` is over: the time bank its player did not use is his again."""
        old = ts.decision
        if old is not None and old.bank > 0 and old.seat in ts.seats:
            p = self.players[ts.seats[old.seat]]
            back = old.unused_bank(self.cfg.action_seconds, self.play_time(at))
            p.time_bank = min(self.cfg.time_bank_seconds, p.time_bank + back)

    def _has_played(self, table: int) -> bool:
        ts = self.tables[table]
        return ts.positions is not None or ts.hand is not None

    def _seat(self, player: str, table: int, seat: int) -> None:
        ts = self.tables.setdefault(table, TableState(table))
        assert seat not in ts.seats, "seat taken"
        ts.seats[seat] = player
        p = self.players[player]
        p.table, p.seat = table, seat

    def _unseat(self, player: str) -> None:
        p = self.players[player]
        if p.table is not None and p.seat is not None and p.table in self.tables:
            ts = self.tables[p.table]
            ts.seats.pop(p.seat, None)
            if ts.hand is None and ts.decision is not None and ts.decision.seat == p.seat:
                ts.decision = None  # live mode: a clock on a player who leaves the table ends
        p.table = p.seat = None

    def _hand_step(self, e: HandEvent) -> TableState:
        """Apply an event that acts on the hand in play; returns its table."""
        ts = self.tables[e.table]
        assert ts.hand is not None
        HAND_STEPS[type(e)](ts.hand, e)
        ts.hand_log.append(e)
        return ts

    # ------------------------------------------------------------------ appliers

    def _on_created(self, e: ev.Created) -> None:
        self.tournament_id = int(e.tournament_id)
        self.config = TournamentConfig.from_dict(e.config)
        self.status = "registering"

    def _on_registered(self, e: ev.Registered) -> None:
        self.players[e.player] = Entrant(e.player)

    def _on_unregistered(self, e: ev.Unregistered) -> None:
        del self.players[e.player]

    def _on_started(self, e: ev.Started) -> None:
        self.status = "running"
        self.seed = e.seed
        self.running_since = e.at
        self.clock_base = 0.0
        self.smallest_chip = self.structure.chips[0]
        self.entries = len(self.players)
        self.pool = self.cfg.buy_in * self.entries
        self.chips_in = self.structure.starting_stack * self.entries
        for p in self.players.values():
            p.status = "playing"
            p.stack = self._stack_shown(self.structure.starting_stack)
            p.time_bank = self.cfg.time_bank_seconds

    def _on_table_opened(self, e: ev.TableOpened) -> None:
        self.tables[e.table] = TableState(e.table)
        for s in e.seats:
            self._seat(s.player, e.table, s.seat)

    def _on_seats_drawn(self, e: ev.SeatsDrawn) -> None:
        ts = self.tables[e.table]
        ts.seats = {}
        for s in e.seats:
            ts.seats[s.seat] = s.player
            p = self.players[s.player]
            p.seat, p.waits_for_button = s.seat, False
        ts.positions = ts.button = None
        ts.redraw_due = False

    def _on_button_drawn(self, e: ev.ButtonDrawn) -> None:
        self.tables[e.table].button = e.button

    def _on_late_registered(self, e: ev.LateRegistered) -> None:
        # A late entry enlarges the field: everyone already out finishes one place lower.
        for q in self.players.values():
            if q.place is not None:
                q.place += 1
        self.players[e.player] = Entrant(e.player, "playing", self._stack_shown(e.stack),
                                         time_bank=self.cfg.time_bank_seconds)
        self._seat(e.player, e.table, e.seat)
        self.players[e.player].waits_for_button = self._has_played(e.table)
        self.entries += 1
        self.pool += self.cfg.buy_in
        self.chips_in += e.stack

    def _on_rebuy(self, e: ev.Rebuy) -> None:
        p = self.players[e.player]
        old_place = p.place
        assert old_place is not None
        # He is back in: everyone who went out after him, and those tied with him, drop a place.
        for q in self.players.values():
            if q is p or q.place is None:
                continue
            if q.place < old_place or e.player in q.tied:
                q.place += 1
                q.tied = tuple(x for x in q.tied if x != e.player)
        p.status, p.stack, p.place, p.tied, p.away = (
            "playing", self._stack_shown(e.chips), None, (), False)
        # His new entry's fate is still open: the bust he bought back from is not his result.
        p.out_at = p.knocked_out_by = p.out_table = p.out_seat = None
        p.rebuys += 1
        if e.player in self.busts:  # back in by buying: his bust is no longer undoable
            self.busts.remove(e.player)
        self._seat(e.player, e.table, e.seat)
        p.waits_for_button = self._has_played(e.table)
        self.pool += e.cost
        self.chips_in += e.chips

    def _on_add_on(self, e: ev.AddOn) -> None:
        p = self.players[e.player]
        p.stack += self._stack_shown(e.chips)
        p.add_ons += 1
        self.pool += e.cost
        self.chips_in += e.chips

    def _on_level_started(self, e: ev.LevelStarted) -> None:
        if not e.is_break and e.period > self.announced_period:
            # A new level refills every player's time bank by the refill, up to the start's.
            cap, refill = self.cfg.time_bank_seconds, self.cfg.time_bank_refill_seconds
            for p in self.players.values():
                if p.status == "playing":
                    p.time_bank = min(cap, p.time_bank + refill)
        self.announced_period = e.period
        self.break_until = None  # a called break ends with the level it held starting again

    # The director's hand on the level clock (level_events.py): each sets the shift so that
    # the structure's clock reads what the event says at its moment.

    def _on_level_time_set(self, e: ev.LevelTimeSet) -> None:
        play = self.play_time(e.at)
        self.period_floor = e.period
        if self.break_until is not None and play < self.break_until:
            held = self.break_until + self.level_shift  # the called break: its own time
            self.break_until = play + e.seconds_left
            self.level_shift = held - self.break_until
            return
        self.level_shift = self.structure.period_start(e.period + 1) - play - e.seconds_left

    def _on_level_set(self, e: ev.LevelSet) -> None:
        self.break_until = None
        self.period_floor = e.period
        self.level_shift = self.structure.period_start(e.period) - self.play_time(e.at)
        self.announced_period = e.period - 1  # its LevelStarted follows

    def _on_break_called(self, e: ev.BreakCalled) -> None:
        play = self.play_time(e.at)
        self.period_floor = e.period
        held = play + self.level_shift
        self.break_until = play + e.seconds
        self.level_shift = held - self.break_until

    def _on_break_ended(self, e: ev.BreakEnded) -> None:
        play = self.play_time(e.at)
        if self.break_until is not None and play < self.break_until:
            held = self.break_until + self.level_shift
        else:
            held = self.structure.period_start(e.period)
        self.break_until = None
        self.level_shift = held - play
        self.period_floor = e.period
        self.announced_period = e.period - 1  # its LevelStarted follows

    def _on_hand_dealt(self, e: ev.HandDealt) -> None:
        ts = self.tables[e.table]
        ts.hand = Hand.start(self._hand_config(e))
        for s in e.seats:
            self.players[s.player].waits_for_button = False
        ts.hand_positions = positions_of(e)
        ts.start_stacks = {s.player: s.stack for s in e.seats}
        ts.hand_log = [e]
        ts.penalized = []
        ts.last_hand = None
        ts.last_hand_log = []
        ts.trial = None
        ts.rabbit_agreed = set()
        ts.rabbit_done = False
        ts.rabbit_since = None
        self.hand_counter += 1
        self._new_decision(ts, e.at)

    def _on_nothing(self, e: Event) -> None:
        """Events that change no state (rulings, the time-out notice before `MarkedAway`)."""

    def _on_player_acted(self, e: ev.PlayerActed) -> None:
        self._new_decision(self._hand_step(e), e.at)

    def _on_marked_away(self, e: ev.MarkedAway) -> None:
        self.players[e.player].away = True

    def _on_came_back(self, e: ev.CameBack) -> None:
        self.players[e.player].away = False

    def _on_away_acted(self, e: ev.AwayActed) -> None:
        self._new_decision(self._hand_step(e), e.at)

    def _on_clock_called(self, e: ev.ClockCalled) -> None:
        ts = self.tables[e.table]
        called = self.play_time(e.at)
        if ts.decision is None:  # live mode: the clock makes the decision
            ts.decision = Decision(e.seat, called)
        d = ts.decision
        # From the event's own times: a clock called before a profile change keeps its length.
        d.clock_by = e.called_by
        d.clock_expires = called + (e.expires_at - e.at)
        d.clock_countdown = called + (e.countdown_at - e.at)

    def _on_clock_countdown(self, e: ev.ClockCountdown) -> None:
        d = self.tables[e.table].decision
        assert d is not None
        d.countdown_posted = True

    def _on_clock_expired(self, e: ev.ClockExpired) -> None:
        if e.hand_id is None:  # live mode: the table folds the hand; the clock is done
            self.tables[e.table].decision = None
            return
        self._new_decision(self._hand_step(e), e.at)

    def _on_clock_cancelled(self, e: ev.ClockCancelled) -> None:
        self.tables[e.table].decision = None

    def _on_hand_declared_dead(self, e: ev.HandDeclaredDead) -> None:
        ts = self._hand_step(e)
        if e.rule_id == "penalty":
            self.players[e.player].penalty_hands -= 1
            ts.penalized.append(e.player)
        self._new_decision(ts, e.at)

    def _on_hand_finished(self, e: ev.HandFinished) -> None:
        ts = self.tables[e.table]
        for player, stack in e.stacks.items():
            self.players[player].stack = stack
        ts.positions = ts.hand_positions
        ts.button = None
        ts.last_hand, ts.last_hand_log = ts.hand, ts.hand_log
        ts.hand, ts.hand_log, ts.trial = None, [], None
        ts.hand_positions = None
        ts.decision = None

    def _on_hand_voided(self, e: ev.HandVoided) -> None:
        ts = self.tables[e.table]
        for player, stack in ts.start_stacks.items():
            self.players[player].stack = stack
        for player in ts.penalized:
            self.players[player].penalty_hands += 1
        ts.penalized = []
        self._return_bank(ts, e.at)
        ts.hand, ts.hand_log, ts.trial = None, [], None
        ts.hand_positions = None
        ts.decision = None

    def _on_eliminated(self, e: ev.Eliminated) -> None:
        p = self.players[e.player]
        p.out_table, p.out_seat = p.table, p.seat
        p.status, p.stack, p.place, p.tied, p.away = "out", 0, e.place, e.tied_with, False
        p.penalty_hands = 0
        p.out_at, p.knocked_out_by = e.at, e.knocked_out_by
        if e.hand_id is None:
            self.busts.append(e.player)
        self._unseat(e.player)

    def _on_bust_undone(self, e: ev.BustUndone) -> None:
        p = self.players[e.player]
        p.status, p.place, p.out_at, p.knocked_out_by = "playing", None, None, None
        p.out_table = p.out_seat = None
        self.busts.remove(e.player)
        self._seat(e.player, e.table, e.seat)

    def _on_guest_added(self, e: ev.GuestAdded) -> None:
        self.guests[e.player] = Guest(e.name)

    def _on_guest_linked(self, e: ev.GuestLinked) -> None:
        self.guests[e.player].member = e.member

    def _on_player_moved(self, e: ev.PlayerMoved) -> None:
        self._unseat(e.player)
        self._seat(e.player, e.to_table, e.to_seat)

    def _on_table_broken(self, e: ev.TableBroken) -> None:
        assert not self.tables[e.table].seats
        del self.tables[e.table]

    def _on_final_table(self, e: ev.FinalTable) -> None:
        self.final_table = e.table
        self.tables[e.table].redraw_due = True

    def _on_chip_raced(self, e: ev.ChipRaced) -> None:
        for line in e.lines:
            if not self.live:
                self.players[line.player].stack = line.stack_after
            self.chips_raced += line.stack_after - line.stack_before
        self.smallest_chip = e.new_chip

    def _on_penalty_given(self, e: ev.PenaltyGiven) -> None:
        self.players[e.player].penalty_hands += e.hands

    def _on_disqualified(self, e: ev.Disqualified) -> None:
        p = self.players[e.player]
        p.disqualified = True
        if p.table is not None:
            ts = self.tables[p.table]
            if ts.hand is not None and ts.hand.seat_of(e.player) is not None:
                ts.dq_pending.append(e.player)

    def _on_chips_removed(self, e: ev.ChipsRemoved) -> None:
        p = self.players[e.player]
        self.chips_removed += e.amount
        p.status, p.stack, p.place, p.away = "out", 0, e.place, False
        if p.table is not None and e.player in self.tables[p.table].dq_pending:
            self.tables[p.table].dq_pending.remove(e.player)
        self._unseat(e.player)

    def _on_stack_adjusted(self, e: ev.StackAdjusted) -> None:
        self.players[e.player].stack = e.after
        self.chips_adjusted += e.after - e.before

    def _on_paused(self, e: ev.Paused) -> None:
        self.clock_base = self.play_time(e.at)
        self.running_since = None
        self.paused = True

    def _on_resumed(self, e: ev.Resumed) -> None:
        self.running_since = e.at
        self.paused = False

    def _on_time_given(self, e: ev.TimeGiven) -> None:
        d = self.tables[e.table].decision
        if d is None or d.seat != e.seat:
            return
        if d.clock_expires is None:
            d.grace += e.seconds
            return
        d.clock_expires += e.seconds
        if d.clock_countdown is not None and not d.countdown_posted:
            d.clock_countdown += e.seconds

    def _on_time_bank_used(self, e: ev.TimeBankUsed) -> None:
        d = self.tables[e.table].decision
        if d is None or d.seat != e.seat or d.clock_expires is not None:
            return
        p = self.players[e.player]
        p.time_bank = max(0.0, p.time_bank - e.seconds)
        d.grace += e.seconds
        d.bank += e.seconds

    def _on_offline_pause(self, e: ev.OfflinePause) -> None:
        if self.running_since is None:
            return  # paused by the director: no clock ran
        self.clock_base = self.play_time(max(e.stopped_at, self.running_since))
        self.running_since = e.at
        for ts in self.tables.values():
            if ts.decision is not None and ts.hand is not None:
                ts.decision.give_at_least(e.min_seconds, self.clock_base,
                                          self.cfg.action_seconds)

    def _on_clock_caught_up(self, e: ev.ClockCaughtUp) -> None:
        self.announced_period = max(self.announced_period, e.period)
        for ts in self.tables.values():
            d = ts.decision
            if d is not None and ts.hand is None and ts.seats.get(d.seat) in e.clocks_expired:
                ts.decision = None  # the room's clock on him ran out while the bot was down

    def _on_rabbit_agreed(self, e: ev.RabbitAgreed) -> None:
        ts = self.tables[e.table]
        ts.rabbit_agreed.add(e.player)
        if ts.rabbit_since is None:
            ts.rabbit_since = self.play_time(e.at)

    def _on_rabbit_hunted(self, e: ev.RabbitHunted) -> None:
        self.tables[e.table].rabbit_done = True

    def _on_asked_to_show(self, e: ev.AskedToShow) -> None:
        self._hand_step(e)

    def _on_cards_shown(self, e: ev.CardsShown) -> None:
        ts = self.tables[e.table]
        assert ts.last_hand is not None
        show_hand_cards(ts.last_hand, e)
        ts.last_hand_log.append(e)

    def _on_finished(self, e: ev.Finished) -> None:
        self.status = "finished"
        self.winner = e.winner
        self.players[e.winner].place = 1
        self.prizes = dict(e.prizes)
        self.running_since = None

    def _on_deal_proposed(self, e: ev.DealProposed) -> None:
        self.deal_offer = DealOffer(e)
        self.deal_count = e.number

    def _on_deal_answered(self, e: ev.DealAnswered) -> None:
        offer = self.deal_offer
        if offer is not None and e.accepted:
            self.deal_offer = DealOffer(offer.proposal, offer.accepted | {e.player})

    def _on_deal_ended(self, e: ev.DealEnded) -> None:
        self.deal_offer = None

    def _on_deal_made(self, e: ev.DealMade) -> None:
        self.deal = Deal(e.method, dict(e.amounts), e.keep)
        self.deal_offer = None



_APPLIERS: dict[type[Event], Callable[[Appliers, Any], None]] = {
    ev.Created: Appliers._on_created,
    ev.Registered: Appliers._on_registered,
    ev.Unregistered: Appliers._on_unregistered,
    ev.Started: Appliers._on_started,
    ev.TableOpened: Appliers._on_table_opened,
    ev.SeatsDrawn: Appliers._on_seats_drawn,
    ev.ButtonDrawn: Appliers._on_button_drawn,
    ev.LateRegistered: Appliers._on_late_registered,
    ev.Rebuy: Appliers._on_rebuy,
    ev.AddOn: Appliers._on_add_on,
    ev.LevelStarted: Appliers._on_level_started,
    ev.HandDealt: Appliers._on_hand_dealt,
    ev.TournamentRuling: Appliers._on_nothing,
    ev.PlayerActed: Appliers._on_player_acted,
    ev.TimedOut: Appliers._on_nothing,
    ev.MarkedAway: Appliers._on_marked_away,
    ev.CameBack: Appliers._on_came_back,
    ev.AwayActed: Appliers._on_away_acted,
    ev.ClockCalled: Appliers._on_clock_called,
    ev.ClockCountdown: Appliers._on_clock_countdown,
    ev.ClockExpired: Appliers._on_clock_expired,
    ev.ClockCancelled: Appliers._on_clock_cancelled,
    ev.HandDeclaredDead: Appliers._on_hand_declared_dead,
    ev.HandFinished: Appliers._on_hand_finished,
    ev.HandVoided: Appliers._on_hand_voided,
    ev.Eliminated: Appliers._on_eliminated,
    ev.PlayerMoved: Appliers._on_player_moved,
    ev.TableBroken: Appliers._on_table_broken,
    ev.FinalTable: Appliers._on_final_table,
    ev.ChipRaced: Appliers._on_chip_raced,
    ev.PenaltyGiven: Appliers._on_penalty_given,
    ev.Disqualified: Appliers._on_disqualified,
    ev.ChipsRemoved: Appliers._on_chips_removed,
    ev.StackAdjusted: Appliers._on_stack_adjusted,
    ev.Paused: Appliers._on_paused,
    ev.Resumed: Appliers._on_resumed,
    ev.OfflinePause: Appliers._on_offline_pause,
    ev.ClockCaughtUp: Appliers._on_clock_caught_up,
    ev.DirectorRuling: Appliers._on_nothing,
    ev.TimeGiven: Appliers._on_time_given,
    ev.TimeBankUsed: Appliers._on_time_bank_used,
    ev.LevelTimeSet: Appliers._on_level_time_set,
    ev.LevelSet: Appliers._on_level_set,
    ev.BreakCalled: Appliers._on_break_called,
    ev.BreakEnded: Appliers._on_break_ended,
    ev.RabbitAgreed: Appliers._on_rabbit_agreed,
    ev.RabbitHunted: Appliers._on_rabbit_hunted,
    ev.AskedToShow: Appliers._on_asked_to_show,
    ev.CardsShown: Appliers._on_cards_shown,
    ev.Finished: Appliers._on_finished,
    ev.GuestAdded: Appliers._on_guest_added,
    ev.GuestLinked: Appliers._on_guest_linked,
    ev.BustUndone: Appliers._on_bust_undone,
    ev.DealProposed: Appliers._on_deal_proposed,
    ev.DealAnswered: Appliers._on_deal_answered,
    ev.DealEnded: Appliers._on_deal_ended,
    ev.DealMade: Appliers._on_deal_made,
}

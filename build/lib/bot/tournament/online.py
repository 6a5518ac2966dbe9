"""Online play: the hands the bot deals and what the players do in them and after them."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.engine.events import Event
from bot.engine.hand import Hand, Seat
from bot.tournament import events as ev
from bot.tournament.chip_race import chip_race
from bot.tournament.clock import (
    clock_timing,
    countdown_moments,
)
from bot.tournament.core import MOVED_ON, Expectation
from bot.tournament.errors import (
    ChipRaceDue,
    NotAllowed,
    Span,
    WaitingForPlayers,
    Who,
)
from bot.tournament.flow import Flow
from bot.tournament.hand_id import HandId
from bot.tournament.hand_steps import run_action
from bot.tournament.seating import draw_button
from bot.tournament.structure import Break


class OnlinePlay(Flow):
    """The hands the bot deals: the deal, the players' actions, the clock on the player to
    act, away players, the chip race, and what may be asked after a hand."""

    # ================================================================== hands

    def start_hand(self, table: int, seed: str, now: float) -> Hand:
        """Deal the next hand at `table` (the deck from `seed`); returns the live hand."""
        self._require_running()
        if self.live:
            raise NotAllowed("this is a live tournament: the cards are dealt at the table",
                             code="live")
        ts = self._table(table)
        if self.paused:
            raise NotAllowed("the director has paused the tournament: no hand starts until "
                             "he resumes it", code="paused")
        if ts.hand is not None:
            raise NotAllowed("a hand ({hand_id}) is already in progress at table {table}",
                             code="hand-in-progress", hand_id=ts.hand.hand_id, table=table)
        self._announce(now)
        idx = self.period_index(now)
        period = self.structure.periods[idx]
        if self.in_called_break(now):
            end = (self._future_absolute(self.break_until) if self.break_until is not None
                   else None)
            raise NotAllowed("break: play resumes at {at}", code="break", at=end)
        if isinstance(period, Break):
            end = self._period_moment(idx + 1)
            raise NotAllowed("break: play resumes at {at}", code="break", at=end)
        new_chip = self.chip_race_due(now)
        if new_chip is not None:
            raise ChipRaceDue("colour-up: the {chip} chips are no longer needed; run the chip "
                              "race before the next hand", chip=self.smallest_chip,
                              code="chip-race-due")
        self._balance(now)
        self._redraw_final_table_when_idle()
        found = self.tables.get(table)
        if found is None:
            raise WaitingForPlayers("table {table} was broken; its players moved",
                                    code="table-broken", table=table)
        ts = found
        if len(ts.seats) < 2:
            raise WaitingForPlayers("table {table} has {count} player(s); it waits for players "
                                    "to be moved to it", table=table, count=len(ts.seats),
                                    code="table-short")
        if ts.positions is None and ts.button is None:
            draw = draw_button(self.profile.button_draw, ts.seats, f"{seed}:button")
            self._emit_draw(table, draw)
        pos, rulings, sitting_out = self._positions_for_next_hand(ts)
        for r in rulings:
            players = tuple(ts.seats[s] for s in (pos.big_blind_seat,) if s in ts.seats)
            self._emit(ev.TournamentRuling(r.rule_id, table, None, players, r.case))
        for s in sorted(sitting_out):
            # He sits out this hand: a new player is not dealt in between the small blind and
            # the button, and plays once the button has passed him.
            self._emit(ev.TournamentRuling("late-registration", table, None, (ts.seats[s],)))
        level = self.structure.level_for_hand(idx)
        hand_id = str(HandId(self.tournament_id, table, self.hand_counter + 1))
        self._emit(ev.HandDealt(
            table=table, hand_id=hand_id, seed=seed,
            seats=tuple(Seat(s, p, self.players[p].stack)
                        for s, p in sorted(ts.seats.items()) if s not in sitting_out),
            button=pos.button, small_blind_seat=pos.small_blind_seat,
            small_blind_posted=pos.small_blind_posted, big_blind_seat=pos.big_blind_seat,
            small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante,
            big_blind_ante=self.structure.big_blind_ante, level=self.structure.level_number(idx),
            at=now, chip_unit=self.smallest_chip,
        ))
        hand = ts.hand
        assert hand is not None
        for seat in hand.players_in_hand:
            p = self.players[ts.seats[seat]]
            if hand.is_over or not hand.player(seat).live:
                continue
            if p.penalty_hands > 0:
                self._emit(ev.HandDeclaredDead(table, hand_id, seat, p.player, "penalty", now))
            elif p.away and self.profile.away == "dead_at_deal":
                self._emit(ev.AwayActed(table, hand_id, seat, p.player, "kill", now))
        self._settle(table, now)
        return hand

    def act(self, table: int, seat: int, action: str, amount: int | None = None, *,
            now: float, expect: Expectation | None = None) -> list[Event]:
        """A player's action; the hand engine refuses what is not allowed (IllegalAction).

        `expect`: the hand and its number of events the player saw when he clicked; if the
        hand has moved on since, nothing is done (NotAllowed). A click queued behind other
        commands then never lands on a later street.
        """
        ts = self._table(table)
        hand = ts.hand
        _check_expected(hand, expect)
        if hand is None:
            raise NotAllowed("no hand is in progress at table {table}", code="no-hand",
                             table=table)
        name = _action(action)
        if (name in ev.ACTIONS_WITH_AMOUNT) != (amount is not None):
            needs = "needs" if name in ev.ACTIONS_WITH_AMOUNT else "takes no"
            raise NotAllowed("{action} {needs} amount", code="amount", action=name, needs=needs)
        player = ts.seats.get(seat)
        if player is None or hand.seat_of(player) != seat:
            raise NotAllowed("seat {seat} is not in the hand at table {table}",
                             code="seat-not-in-hand", seat=seat, table=table)
        start = len(self.events)
        if hand.to_act == seat:
            def step(h: Hand) -> object:
                return run_action(h, seat, name, amount)

            if self._guard_away_at_end(table, step, now):
                return self.events[start:]
        self._emit(ev.PlayerActed(table, hand.hand_id, seat, player, name, amount, now))
        self._settle(table, now)
        return self.events[start:]

    def call_clock(self, table: int, by: str, now: float, *,
                   expect: Expectation | None = None) -> list[Event]:
        """Call the clock on the player to act (`expect`: the decision the caller saw)."""
        ts = self._table(table)
        hand, d = ts.hand, ts.decision
        _check_expected(hand, expect)
        if hand is None or d is None:
            raise NotAllowed("nobody is to act at table {table}", code="nobody-to-act",
                             table=table)
        if self.paused:
            raise NotAllowed("the tournament is paused", code="paused")
        if by not in ts.seats.values():
            raise NotAllowed("only a player seated at this table may call the clock "
                             "(table-presence)", code="clock-not-seated")
        if self.players[by].away:
            raise NotAllowed("a player must be at the table to call the clock (table-presence)",
                             code="clock-caller-away")
        target = ts.seats[d.seat]
        if by == target:
            raise NotAllowed("you cannot call the clock on yourself", code="clock-on-self")
        if d.clock_by is not None:
            raise NotAllowed("the clock is already running on {player} (one clock per decision)",
                             code="clock-running", player=Who(target))
        wait = d.may_call_clock_at(self.cfg.clock_after_seconds) - self.play_time(now)
        if wait > 0:
            raise NotAllowed("the clock may be called once {player} has had {after}; {wait} "
                             "to go", code="clock-too-soon", player=Who(target),
                             after=Span(round(self.cfg.clock_after_seconds)),
                             wait=Span(math.ceil(wait)))
        countdown_at, expires, moments = countdown_moments(
            now, clock_timing(self.profile), self.profile.clock_countdown_seconds)
        start = len(self.events)
        self._emit(ev.ClockCalled(table, hand.hand_id, d.seat, target, by, now, countdown_at,
                                  expires, moments))
        return self.events[start:]

    def use_time_bank(self, table: int, player: str, now: float, *,
                      expect: Expectation | None = None) -> list[Event]:
        """The player to act spends his time bank (the **Time** button): all of it is added
        to this decision's action time; what he leaves unused is his again once he acts. Not
        while the clock is called on him: the clock's time is the rules' (clock.py)."""
        ts = self._table(table)
        hand, d = ts.hand, ts.decision
        _check_expected(hand, expect)
        if hand is None or d is None or ts.seats.get(d.seat) != player:
            raise NotAllowed("only the player to act may use his time bank", code="bank-not-to-act")
        if self.paused:
            raise NotAllowed("the tournament is paused", code="paused")
        if d.clock_expires is not None:
            raise NotAllowed("the clock is called on you: the time bank does not extend the "
                             "clock", code="bank-on-clock")
        bank = self.players[player].time_bank
        if bank <= 0:
            raise NotAllowed("your time bank is empty; it refills by {refill} at each new "
                             "level", code="bank-empty",
                             refill=Span(round(self.cfg.time_bank_refill_seconds)))
        start = len(self.events)
        self._emit(ev.TimeBankUsed(table, hand.hand_id, d.seat, player, bank, False, now))
        return self.events[start:]

    def set_away(self, player: str, now: float) -> list[Event]:
        """A player leaves the table (or the director marks him away)."""
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed("{player} is not playing", code="not-playing", player=Who(player))
        if p.away:
            raise NotAllowed("{player} is already away", code="already-away", player=Who(player))
        start = len(self.events)
        self._emit(ev.MarkedAway(player, now, "left"))
        if p.table is not None:
            self._settle(p.table, now)
        return self.events[start:]

    def come_back(self, player: str, now: float) -> list[Event]:
        p = self.player(player)
        if not p.away:
            raise NotAllowed("{player} is not away", code="not-away", player=Who(player))
        start = len(self.events)
        self._emit(ev.CameBack(player, now))
        return self.events[start:]

    def run_chip_race(self, seed: str, now: float) -> list[Event]:
        """Race off every chip no longer needed, at every table (all tables must be idle)."""
        self._require_running()
        if self.live:
            raise NotAllowed("in a live tournament the chip race needs each player's odd "
                             "chips: use the live chip race", code="live")
        if self.chip_race_due(now) is None:
            raise NotAllowed("no colour-up is due: the {chip} chips are still needed for the "
                             "blinds or antes", code="no-colour-up", chip=self.smallest_chip)
        busy = [t for t, s in self.tables.items() if s.hand is not None]
        if busy:
            raise NotAllowed("the chip race waits until the hands in progress are over (tables "
                             "{tables})", code="hands-in-progress",
                             tables=", ".join(map(str, busy)))
        start = len(self.events)
        while (new_chip := self.chip_race_due(now)) is not None:
            lines: list[ev.RaceLine] = []
            race_seed = f"{seed}:{self.smallest_chip}"
            for t in sorted(self.tables):
                ts = self.tables[t]
                stacks = {s: self.players[p].stack for s, p in ts.seats.items()}
                result = chip_race(t, stacks, ts.seats, self.smallest_chip, new_chip,
                                   f"{race_seed}:table{t}", self.profile.chip_race)
                lines.extend(result.lines)
            self._emit(ev.ChipRaced(self.smallest_chip, new_chip, self.profile.chip_race,
                                    race_seed, tuple(lines), now))
        return self.events[start:]

    # ================================================================== after the hand

    def agree_rabbit_hunt(self, table: int, player: str, now: float, *,
                          hand_id: str | None = None) -> list[Event]:
        """`hand_id`: the finished hand the player saw (refused if another has ended since)."""
        ts = self._table(table)
        hand = ts.last_hand
        _check_last_hand(hand, hand_id)
        if not self.profile.rabbit_hunt:
            raise NotAllowed("this league's rules do not allow a rabbit hunt (rabbit-hunt)",
                             code="no-rabbit-hunt")
        if hand is None:
            raise NotAllowed("a rabbit hunt is asked after a hand, before the next one starts",
                             code="no-last-hand")
        if hand.seat_of(player) is None:
            raise NotAllowed("only the players of the hand may agree to a rabbit hunt",
                             code="not-in-last-hand")
        if ts.rabbit_done:
            raise NotAllowed("the rabbit has already been hunted", code="rabbit-hunted")
        if not hand.rabbit_cards():
            raise NotAllowed("the board was dealt out: there is nothing to hunt",
                             code="nothing-to-hunt")
        if player in ts.rabbit_agreed:
            raise NotAllowed("{player} has already agreed", code="already-agreed",
                             player=Who(player))
        start = len(self.events)
        self._emit(ev.RabbitAgreed(table, hand.hand_id, player, now))
        everyone = {hand.player(s).player for s in hand.players_in_hand}
        if everyone <= ts.rabbit_agreed:
            self._emit(ev.RabbitHunted(table, hand.hand_id, tuple(hand.rabbit_cards()), now))
        return self.events[start:]

    def request_show(self, table: int, player: str, now: float, *,
                     expect: Expectation | None = None) -> list[Event]:
        """During the hand: show my hand at the showdown even if it cannot win."""
        hand = self._table(table).hand
        _check_expected(hand, expect)
        if hand is None:
            raise NotAllowed("no hand is in progress at this table", code="no-hand")
        if hand.seat_of(player) is None:
            raise NotAllowed("{player} is not in this hand", code="not-in-hand",
                             player=Who(player))
        start = len(self.events)
        self._emit(ev.AskedToShow(table, hand.hand_id, player, now))
        return self.events[start:]

    def show_cards(self, table: int, player: str, cards: Sequence[str] | None,
                   now: float, *, hand_id: str | None = None) -> list[Event]:
        """After the hand, a player shows one or both of his cards (`hand_id`: the hand he
        saw; refused if another hand has ended since)."""
        ts = self._table(table)
        hand = ts.last_hand
        _check_last_hand(hand, hand_id)
        if hand is None:
            raise NotAllowed("cards are shown after the hand, before the next one starts",
                             code="no-last-hand")
        seat = hand.seat_of(player)
        if seat is None:
            raise NotAllowed("{player} was not in the last hand", code="not-in-last-hand",
                             player=Who(player))
        hole = hand.hole_cards(seat) or ()
        wanted = tuple(cards) if cards else tuple(hole)
        if not wanted or any(c not in hole for c in wanted):
            raise NotAllowed("you can only show your own hole cards", code="not-your-cards")
        new = tuple(c for c in wanted if c not in hand.player(seat).shown)
        if not new:
            raise NotAllowed("those cards are already face up", code="already-shown")
        start = len(self.events)
        self._emit(ev.CardsShown(table, hand.hand_id, player, new, None, now))
        return self.events[start:]

    def ask_to_see(self, table: int, asker: str, target: str, now: float, *,
                   hand_id: str | None = None) -> list[Event]:
        """Show one, show all: anyone dealt in may ask to see the rest of a shown hand."""
        ts = self._table(table)
        hand = ts.last_hand
        _check_last_hand(hand, hand_id)
        if hand is None:
            raise NotAllowed("show one, show all applies after the hand", code="no-last-hand")
        a, s = hand.seat_of(asker), hand.seat_of(target)
        if a is None:
            raise NotAllowed("only players at the table may ask", code="not-in-last-hand")
        if s is None or not hand.player(s).shown:
            raise NotAllowed("{player} has shown nothing, so nothing more can be asked",
                             code="shown-nothing", player=Who(target))
        hole = hand.hole_cards(s) or ()
        rest = tuple(c for c in hole if c not in hand.player(s).shown)
        if not rest:
            raise NotAllowed("both cards are already face up", code="already-shown")
        start = len(self.events)
        self._emit(ev.CardsShown(table, hand.hand_id, target, rest, asker, now))
        return self.events[start:]


def _action(action: str) -> ev.Action:
    for name in ev.ACTIONS:
        if action == name:
            return name
    raise NotAllowed("unknown action {action}: actions are {actions}", code="unknown-action",
                     action=repr(action), actions=", ".join(ev.ACTIONS))




def _check_expected(hand: Hand | None, expect: Expectation | None) -> None:
    """Refuse a command made for a moment of the hand that has passed (runs inside the
    session's lock, against the state the command is applied to)."""
    if expect is None:
        return
    hand_id, count = expect
    if hand is None or hand.hand_id != hand_id or len(hand.events) != count:
        raise NotAllowed(MOVED_ON, code="moved-on")


def _check_last_hand(hand: Hand | None, hand_id: str | None) -> None:
    if hand_id is not None and (hand is None or hand.hand_id != hand_id):
        raise NotAllowed("That hand is over and another has been dealt since you clicked. "
                         "Nothing was changed.", code="hand-over")

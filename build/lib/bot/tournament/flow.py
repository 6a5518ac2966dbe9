"""Time passing and what follows each command, in both modes.

The timers that ran out (`tick`), the away players acted for, a finished hand processed
(eliminations placed by rule same-hand-eliminations), the tables balanced and broken, the final
table drawn afresh, the end and its prizes."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine.events import Event
from bot.engine.hand import Hand, Seat
from bot.engine.profile import ClockExpiry
from bot.tournament import events as ev
from bot.tournament.balancing import BIG_BLIND, RandomSeats, TableView, next_step
from bot.tournament.blinds import (
    BlindRuling,
    Positions,
    due_big_blind_anchor,
    first_positions,
    next_positions,
)
from bot.tournament.clock import (
    in_turn_away_expiry,
)
from bot.tournament.core import TournamentCore
from bot.tournament.errors import (
    TournamentError,
)
from bot.tournament.payouts import Finish, place_amounts, prizes
from bot.tournament.seating import DrawResult, draw_button, random_seating, seat_by_card
from bot.tournament.state import (
    TableState,
)
from bot.tournament.structure import Break


class Flow(TournamentCore):
    """Time passing (`tick`) and what follows a command: the hand settled for away players and
    processed when over, eliminations placed, tables balanced and broken, the final table
    drawn, the end of the tournament."""

    def _emit_draw(self, table: int, draw: DrawResult) -> None:
        self._emit(ev.ButtonDrawn(
            table, draw.method, draw.cards, draw.button,
            "first-dealer" if draw.method == "first_ace" else "button-draw",
        ))

    def tick(self, now: float) -> list[Event]:
        """Levels and breaks that began, action times and clocks that ran out, by `now`."""
        start = len(self.events)
        if self.status != "running":
            return []
        self._announce(now)
        for table in sorted(self.tables):
            while True:
                ts = self.tables.get(table)
                if ts is None or ts.decision is None:
                    break
                if ts.hand is None:
                    self._tick_live_clock(ts, now)
                    break
                d = ts.decision
                play_now = self.play_time(now)
                hand = ts.hand
                seat = d.seat
                player = ts.seats[seat]
                if d.clock_expires is not None:
                    if not self._post_countdown(ts, now):
                        break
                    at = self.absolute(d.clock_expires, now)
                    expiry = self.profile.clock_expiry

                    def timeout(h: Hand, s: int = seat, x: ClockExpiry = expiry) -> object:
                        return h.timeout(s, "clock", x)

                    if self._guard_away_at_end(table, timeout, at):
                        continue
                    self._emit(ev.ClockExpired(table, hand.hand_id, seat, player, expiry, at))
                else:
                    deadline = d.deadline(self.cfg.action_seconds)
                    if play_now < deadline:
                        break
                    at = self.absolute(deadline, now)
                    bank = self.players[player].time_bank
                    if bank > 0:
                        # His action time ran out: his time bank is spent for him first.
                        self._emit(ev.TimeBankUsed(table, hand.hand_id, seat, player, bank,
                                                   True, at))
                        continue
                    self._emit(ev.TimedOut(table, hand.hand_id, seat, player, at))
                    self._emit(ev.MarkedAway(player, at, "timed_out"))
                self._settle(table, now)
        return self.events[start:]

    def _post_countdown(self, ts: TableState, now: float) -> bool:
        """Post the clock's countdown once its moment has come; True once time is up."""
        d = ts.decision
        assert d is not None and d.clock_expires is not None and d.clock_countdown is not None
        play_now = self.play_time(now)
        if not d.countdown_posted and play_now >= d.clock_countdown:
            expires = (self.absolute(d.clock_expires, now) if play_now >= d.clock_expires
                       else (self._future_absolute(d.clock_expires) or now))
            self._emit(ev.ClockCountdown(
                ts.table, ts.hand.hand_id if ts.hand is not None else None, d.seat,
                ts.seats[d.seat], self.absolute(d.clock_countdown, now), expires))
        return play_now >= d.clock_expires

    def _tick_live_clock(self, ts: TableState, now: float) -> None:
        d = ts.decision
        assert d is not None
        if d.clock_expires is None or not self._post_countdown(ts, now):
            return
        at = self.absolute(d.clock_expires, now)
        self._emit(ev.ClockExpired(ts.table, None, d.seat, ts.seats[d.seat],
                                   self.profile.clock_expiry, at))

    def _announce(self, now: float) -> None:
        if self.status != "running":
            return
        current = self.period_index(now)
        s = self.structure
        if (self.break_until is not None and self.announced_period >= current
                and not self.in_called_break(now)):
            # A break the director called is over: the level it held runs again.
            self._emit_level_started(current, self.absolute(self.break_until, now))
        while self.announced_period < current:
            i = self.announced_period + 1
            self._emit_level_started(i, self.absolute(s.period_start(i) - self.level_shift, now))

    def _emit_level_started(self, i: int, at: float) -> None:
        s = self.structure
        p = s.periods[i]
        lv = s.level_for_hand(i)
        last_level = i == max(k for k, q in enumerate(s.periods) if not isinstance(q, Break))
        ends = None if last_level else self._period_moment(i + 1)
        self._emit(ev.LevelStarted(
            i, s.level_number(i), isinstance(p, Break), lv.small_blind, lv.big_blind,
            lv.ante, at, ends, "blind-levels"))

    def _settle(self, table: int, now: float) -> None:
        """Act for away players whose turn it is, then process the hand if it is over."""
        ts = self.tables[table]
        while ts.hand is not None and not ts.hand.is_over:
            hand = ts.hand
            seat = hand.to_act
            if seat is None:
                break
            p = self.players[ts.seats[seat]]
            if not p.away:
                break
            how = in_turn_away_expiry(self.profile.away)

            def timeout(h: Hand, s: int = seat, w: ClockExpiry = how) -> object:
                return h.timeout(s, "away", w)

            if self._guard_away_at_end(table, timeout, now):
                continue
            self._emit(ev.AwayActed(table, hand.hand_id, seat, p.player, how, now,
                                    "table-presence" if self.profile.away == "fold" else "away"))
        if ts.hand is not None and ts.hand.is_over:
            self._after_hand(table, now)

    def _guard_away_at_end(self, table: int, step: Callable[[Hand], object],
                           now: float) -> bool:
        """Tavern rule 3: an away player still in when the hand ends is folded and cannot win.

        Tries `step` on the table's trial copy of the hand; if it would end the hand, the away
        players still in are folded first. Returns True if that ended the hand (the step is
        then moot). The copy is kept in step with the hand (the caller applies the same step
        to the hand next), so each look-ahead costs one step; it is rebuilt from the hand's
        events only when it has fallen out of step (a player went away mid-hand, a step that
        needed no look-ahead).
        """
        if self.profile.away != "check_or_fold":
            return False
        ts = self.tables[table]
        hand = ts.hand
        assert hand is not None
        away = [s for s in hand.live_seats if self.players[ts.seats[s]].away]
        if not away:
            return False
        trial = ts.trial
        if trial is None or not _in_step(trial, hand):
            trial = ts.trial = Hand.replay(hand.events)
        try:
            step(trial)
        except TournamentError:
            raise
        except ValueError:
            return False  # refused, trial unchanged; the caller's step raises the refusal
        if not trial.is_over:
            return False
        ts.trial = None
        for s in away:
            if not hand.is_over and hand.player(s).live:
                self._emit(ev.HandDeclaredDead(table, hand.hand_id, s, ts.seats[s], "away",
                                               now))
        if hand.is_over:
            self._after_hand(table, now)
            return True
        return False

    def _after_hand(self, table: int, now: float) -> None:
        ts = self.tables[table]
        hand = ts.hand
        assert hand is not None and hand.is_over
        stacks = {hand.player(s).player: st for s, st in hand.final_stacks.items()}
        start_stacks = dict(ts.start_stacks)
        self._emit(ev.HandFinished(table, hand.hand_id, stacks, now))
        self._remove_disqualified(table, now)
        busted = [p for p, st in stacks.items()
                  if st == 0 and self.players[p].status == "playing"]
        if busted:
            remaining = len(self.playing)
            by_stack = sorted(busted, key=lambda p: (-start_stacks[p], p))
            place = remaining - len(busted) + 1
            groups: list[list[str]] = []
            for p in by_stack:
                if groups and start_stacks[groups[-1][0]] == start_stacks[p]:
                    groups[-1].append(p)
                else:
                    groups.append([p])
            if len(busted) > 1:
                # Placed by their stacks at the start of the hand; equal stacks share the place.
                self._emit(ev.TournamentRuling("same-hand-eliminations", table, hand.hand_id,
                                               tuple(by_stack), "places"))
            for g in groups:
                for p in g:
                    self._emit(ev.Eliminated(
                        p, place, tuple(q for q in g if q != p), table, hand.hand_id,
                        start_stacks[p], now,
                        "same-hand-eliminations" if len(busted) > 1 else None))
                place += len(g)
        self._after_count_change(now)
        self._redraw_final_table_when_idle()

    def _remove_disqualified(self, table: int, now: float) -> None:
        ts = self.tables[table]
        for player in list(ts.dq_pending):
            self._remove_chips(player, now)

    def _remove_chips(self, player: str, now: float) -> None:
        p = self.players[player]
        self._emit(ev.ChipsRemoved(player, p.stack, len(self.playing), now))

    def _after_count_change(self, now: float) -> None:
        playing = self.playing
        if len(playing) == 1 and self.status == "running":
            self._finish(playing[0], now)
            return
        self._balance(now)

    def _finish(self, winner: str, now: float) -> None:
        field_size = sum(1 for p in self.players.values() if p.status != "registered")
        amounts = place_amounts(self.pool, field_size, self.cfg.payouts, self.cfg.payout_unit)
        finishes = [Finish(winner, 1)] + [
            Finish(p.player, p.place, p.tied) for p in self.players.values()
            if p.place is not None
        ]
        amounts = list(amounts) + [0] * (field_size - len(amounts))
        withheld = frozenset(p.player for p in self.players.values() if p.disqualified)
        self._emit(ev.Finished(winner, self.pool,
                               self._with_deal(winner, prizes(finishes, amounts, withheld)),
                               now))

    def _with_deal(self, winner: str, prizes: dict[str, int]) -> dict[str, int]:
        """The prizes as a deal at the final table fixed them (deals.py overrides it)."""
        return prizes

    def _positions_for_next_hand(
            self, ts: TableState) -> tuple[Positions, list[BlindRuling], set[int]]:
        """Button and blinds of the next hand, and the seats that sit it out.

        A late entry or re-entry is dealt in at once unless his seat lies between the small
        blind and the button of the hand (TDA "Alternates, Late Registration and
        Re-Entries"): there he would play a hand without posting before the blinds reach him,
        so he sits out until the button has passed him. A new table (no hand played yet) deals
        everyone in.
        """
        size = self.cfg.seats_per_table
        seated = set(ts.seats)
        rule = self.profile.blinds_after_elimination
        if ts.positions is None:
            assert ts.button is not None
            return first_positions(ts.button, seated, size), [], set()
        newcomers = {s for s, p in ts.seats.items() if self.players[p].waits_for_button}
        sitting_out: set[int] = set()
        if newcomers and len(seated - newcomers) >= 2:
            first, _ = next_positions(ts.positions, seated - newcomers, size, rule)
            sitting_out = {s for s in newcomers
                           if _strictly_between(first.button, first.small_blind_seat, s, size)}
        pos, rulings = next_positions(ts.positions, seated - sitting_out, size, rule)
        return pos, rulings, sitting_out

    def _seat_for_newcomer(self) -> tuple[int, int]:
        """A random open seat at the tables with the fewest players (so no balancing move is
        needed for him), or a seat at a new table when every seat is taken (rule late-registration;
        TDA: late entries and re-entries draw a random seat)."""
        size = self.cfg.seats_per_table
        open_tables = [t for t, s in self.tables.items() if len(s.seats) < size]
        rng = self._rng("seat")
        if not open_tables:
            return max(self.tables, default=0) + 1, rng.below(size) + 1
        fewest = min(len(self.tables[t].seats) for t in open_tables)
        pool = [(t, s) for t in sorted(open_tables) if len(self.tables[t].seats) == fewest
                for s in range(1, size + 1) if s not in self.tables[t].seats]
        return rng.choice(pool)

    def _draw_final_table(self, table: int) -> None:
        """Seats and the button drawn afresh for the final table, by the profile's method
        (TREPS "The Button": a new table draws by high card, seats by descending card; tavern:
        random seats, first ace; tda: random seats, high card). Every card goes in the log."""
        ts = self.tables[table]
        players = [p for _, p in sorted(ts.seats.items())]
        label = f"{self.seed}:final-table"
        seats: Mapping[int, str]
        if self.profile.seat_draw == "by_card":
            seats, draw = seat_by_card(players, f"{label}:cards")
        else:
            (seats,) = random_seating(players, self.cfg.seats_per_table, label).values()
            draw = draw_button(self.profile.button_draw, seats, f"{label}:button")
        self._emit(ev.SeatsDrawn(table, tuple(
            Seat(s, p, self._stack_shown(self.players[p].stack))
            for s, p in sorted(seats.items())), self.profile.seat_draw))
        self._emit_draw(table, draw)

    def _redraw_final_table_when_idle(self) -> None:
        ft = self.final_table
        if self.status != "running" or ft is None or ft not in self.tables:
            return
        ts = self.tables[ft]
        if ts.redraw_due and ts.hand is None and len(ts.seats) >= 2:
            self._draw_final_table(ft)

    def _anchor(self, ts: TableState) -> int:
        pos = ts.hand_positions if ts.hand is not None else ts.positions
        return due_big_blind_anchor(pos, ts.button, set(ts.seats), self.cfg.seats_per_table)

    def _balance(self, now: float) -> None:
        if self.status != "running":
            return
        while True:
            views = [TableView(t, dict(ts.seats), self._anchor(ts), ts.hand is not None)
                     for t, ts in sorted(self.tables.items())]
            rule = RandomSeats(self._rng("move")) if self.live else BIG_BLIND
            plan = next_step(views, self.cfg.seats_per_table, rule)
            if plan is None:
                return
            for m in plan.moves:
                self._emit(ev.PlayerMoved(m.player, m.from_table, m.from_seat, m.to_table,
                                          m.to_seat, m.reason,
                                          "breaking-tables" if m.reason == "break"
                                          else "table-balancing"))
            if plan.broken is not None:
                self._emit(ev.TableBroken(plan.broken))
                if len(self.tables) == 1:
                    final = next(iter(self.tables))
                    self._emit(ev.FinalTable(final, tuple(
                        p for _, p in sorted(self.tables[final].seats.items()))))
                    self._redraw_final_table_when_idle()


def _in_step(trial: Hand, hand: Hand) -> bool:
    """Whether the trial copy holds exactly the hand's events (same count, same last one)."""
    n = len(hand.events)
    return (trial.hand_id == hand.hand_id and len(trial.events) == n
            and (n == 0 or trial.events[-1] == hand.events[-1]))




def _strictly_between(start: int, end: int, seat: int, table_size: int) -> bool:
    """Whether `seat` lies clockwise after `start` and before `end` (both excluded)."""
    if start == end:
        return False  # heads-up: the button is the small blind
    for k in range(1, table_size):
        s = (start - 1 + k) % table_size + 1
        if s == end:
            return False
        if s == seat:
            return True
    return False

"""Hand-for-hand on the bubble (rule `hand-for-hand`).

Online, when the next elimination is the bubble (players left = places paid + 1) and more than
one table plays, the tables play hand for hand: a table deals its next hand only when every
table has finished the current one (a *round*: one hand at each table). `start_hand` refuses
a table that must wait (the session tries again when another table's hand ends, so no timer
deals it). Players out in the same round, at one table or several, are placed by their stacks
at the start of their hands: the larger, the better place; equal stacks share the place and
its prize (TDA 2024 Rule 21 "Hand-for-Hand"; TREPS and Tavern are silent, so every profile
follows the TDA: design/rules.md). Hand-for-hand ends when the bubble bursts or one table is
left; a round in play is still finished and placed as one, and a bubble burst in it ends
hand-for-hand only then (once its outs are placed, so the player out on the bubble is known).

The level clock during hand-for-hand is the profile's knob `hand_for_hand_clock`: "hands_only"
(the TDA's practice, the default of every profile: time is taken off the level only while
hands are dealt, so the clock stands while every table waits between the rounds) or "runs"
(the clock runs as always). Held time is folded into `level_shift` when the next round is dealt,
so the structure's clock reads as if the wait never happened.

Live (no hands dealt by the bot): the director turns it on and off (`set_hand_for_hand`), the
bust that bursts the bubble turns it off (as online), and the clock message and screen show it
(`ClockView.hand_for_hand`).

The state lives in this mixin (immutable values, replaced on change, so class-level defaults
are safe); `_apply` here handles its events and keeps the round's book on `HandDealt`,
`HandFinished` and `Eliminated` after their own appliers."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.tournament import events as ev
from bot.tournament import hfh_events as hev
from bot.tournament.core import TournamentCore
from bot.tournament.errors import NotAllowed, StructureError, WaitingForPlayers
from bot.tournament.online import OnlinePlay
from bot.tournament.state import ClockView, Deadline

# Director clock changes: the held wait is folded into the level clock before they apply.
_CLOCK_CHANGES = (ev.LevelTimeSet, ev.LevelSet, ev.BreakCalled, ev.BreakEnded)


class HandForHandState(TournamentCore):
    """Hand-for-hand's part of the state, and its part of the snapshot."""

    hand_for_hand = False
    hfh_round = 0  # rounds dealt since the tournament began (for the words: "hand 3")
    hfh_dealt: frozenset[int] = frozenset()  # tables that dealt in the current round
    # Players out in the current round, in the order they went out, with their starting stacks.
    hfh_busts: tuple[tuple[str, int], ...] = ()
    hfh_idle_since: float | None = None  # play time the level clock stands still from
    # While a hand's end is applied (not state: commands only): the bubble's end waits until
    # the outs of the round are placed.
    _hfh_finishing = False


    # ================================================================== snapshot: the
    # Tournament's `snapshot`/`from_snapshot` add this part (absent while it never started)

    def _hand_for_hand_data(self) -> list[Any] | None:
        if not (self.hand_for_hand or self.hfh_round or self.hfh_dealt or self.hfh_busts):
            return None
        return [self.hand_for_hand, self.hfh_round, sorted(self.hfh_dealt),
                [list(b) for b in self.hfh_busts], self.hfh_idle_since]

    def _hand_for_hand_from_data(self, data: Sequence[Any]) -> None:
        on, rnd, dealt, busts, idle = data
        self.hand_for_hand, self.hfh_round = bool(on), int(rnd)
        self.hfh_dealt = frozenset(int(x) for x in dealt)
        self.hfh_busts = tuple((str(p), int(s)) for p, s in busts)
        self.hfh_idle_since = None if idle is None else float(idle)


class HandForHandPlay(HandForHandState, OnlinePlay):
    """Hand-for-hand: when it starts and ends, the deal held for the round, the round's
    eliminations placed together, the level clock held between rounds."""

    # ================================================================== queries

    def places_paid(self) -> int:
        """How many places the payout table pays for the field (0 when it has no row)."""
        field = sum(1 for p in self.players.values() if p.status != "registered")
        try:
            bracket = self.cfg.payouts.bracket_for(max(field, 1))
        except StructureError:
            return 0
        return sum(1 for bp in bracket.basis_points[:field] if bp > 0)

    def hand_for_hand_waits(self, table: int) -> tuple[int, ...]:
        """The tables whose hand `table` waits for before it may deal (empty: it may)."""
        if self.live:
            return ()
        busy = frozenset(t for t, ts in self.tables.items() if t != table and ts.hand is not None)
        if not self.hand_for_hand:
            # Over (the bubble burst): the round still in play is finished first, so nobody
            # goes out between the outs of one round.
            return tuple(sorted(busy & self.hfh_dealt))
        if busy - self.hfh_dealt or (table in self.hfh_dealt and busy):
            return tuple(sorted(busy))
        return ()

    def _hfh_held(self, now: float) -> bool:
        return self.hfh_idle_since is not None and not self.in_called_break(now)

    def level_time(self, now: float) -> float:
        at = super().level_time(now)
        if self.hfh_idle_since is not None and not self.in_called_break(now):
            at -= max(0.0, self.play_time(now) - self.hfh_idle_since)
        return at

    def deadlines(self, now: float) -> list[Deadline]:
        out = super().deadlines(now)
        if self._hfh_held(now):
            # The level clock stands until the next round is dealt: no level ends meanwhile.
            out = [d for d in out if d.kind != "level"]
        return out

    def clock_view(self, now: float) -> ClockView:
        view = super().clock_view(now)
        if self._hfh_held(now) and view.seconds_left is not None:
            held = max(0.0, self.play_time(now) - (self.hfh_idle_since or 0.0))
            view = dataclasses.replace(view, seconds_left=view.seconds_left + held,
                                       ends_at=None)
        if self.hand_for_hand == view.hand_for_hand:
            return view  # most of the time (not on the bubble): no copy at every table drawn
        return dataclasses.replace(view, hand_for_hand=self.hand_for_hand)

    # ================================================================== commands

    def start_hand(self, table: int, seed: str, now: float) -> Hand:
        self._check_hand_for_hand(now)  # e.g. a field that starts on the bubble
        waits = self.hand_for_hand_waits(table) if table in self.tables else ()
        if waits and self.status == "running":
            # A wait like a short table's: the deal comes once the others have finished.
            raise WaitingForPlayers("hand for hand: table {table} deals when tables {tables} "
                                    "have finished their hands", code="hand-for-hand",
                                    table=table, tables=", ".join(map(str, waits)))
        try:
            return super().start_hand(table, seed, now)
        finally:
            self._check_hand_for_hand(now)  # balancing may have formed the final table

    def set_hand_for_hand(self, on: bool, by: str, now: float) -> list[Event]:
        """`/td handforhand on|off` at a live night (online the bot plays it by itself)."""
        self._require_running()
        self._require_live("the bot plays hand for hand by itself on the bubble")
        if on == self.hand_for_hand:
            raise NotAllowed("hand for hand is already {state}", code="hand-for-hand-same",
                             state="on" if on else "off")
        start = len(self.events)
        left, paid = len(self.playing), self.places_paid()
        if on:
            self._emit(hev.HandForHandStarted(left, paid, tuple(sorted(self.tables)), now, by))
        else:
            self._emit(hev.HandForHandEnded(left, paid, "director", now, by))
        return self.events[start:]

    # ================================================================== what follows a hand

    def _after_count_change(self, now: float) -> None:
        super()._after_count_change(now)
        self._check_hand_for_hand(now)

    def _check_hand_for_hand(self, now: float) -> None:
        """Start or end hand-for-hand as the field and the tables now stand (online); at a live
        night the director starts it, and the bust that bursts the bubble ends it."""
        if self.status != "running":
            return
        if self.live:
            left, paid = len(self.playing), self.places_paid()
            if self.hand_for_hand and paid and left <= paid:
                self._emit(hev.HandForHandEnded(left, paid, "bubble", now))
            return
        left, paid = len(self.playing), self.places_paid()
        if not self.hand_for_hand:
            if paid and left == paid + 1 and len(self.tables) > 1:
                self._emit(hev.HandForHandStarted(left, paid, tuple(sorted(self.tables)), now))
            return
        reason = ("bubble" if left <= paid else "final-table" if len(self.tables) <= 1
                  else "field" if left > paid + 1 else None)
        if reason == "bubble" and (self._hfh_finishing or any(
                t in self.tables and self.tables[t].hand is not None for t in self.hfh_dealt)):
            # The round in play is finished and its outs placed first: who went out on the
            # bubble is known only then (a bigger stack out first at another table takes the
            # better place).
            return
        if reason is not None:
            self._emit(hev.HandForHandEnded(left, paid, reason, now))

    def _after_hand(self, table: int, now: float) -> None:
        in_round = table in self.hfh_dealt
        before = {p for p, _ in self.hfh_busts}
        self._hfh_finishing = True
        try:
            super()._after_hand(table, now)
        finally:
            self._hfh_finishing = False
        busts = self.hfh_busts
        # Nobody out at this table: the others' places stand.
        if in_round and before and self.status == "running" and {p for p, _ in busts} - before:
            self._place_round(busts, now)
        self._check_hand_for_hand(now)  # the bubble's end waits for the round's places

    def _place_round(self, busts: tuple[tuple[str, int], ...], now: float) -> None:
        """Place everyone out in the round by starting stack (they hold the places from the
        best one any of them holds down); equal stacks share the place."""
        # Those still out (a re-entry is back in play and takes no place of the round).
        stacks = {p: s for p, s in busts
                  if self.players[p].status == "out" and self.players[p].place is not None}
        held = sorted((self.players[p].place or 0) + sorted((p, *self.players[p].tied)).index(p)
                      for p in stacks)
        if len(stacks) < 2 or held != list(range(held[0], held[0] + len(held))):
            return  # not one run of places (a disqualification between them): time order
        top = held[0]
        order = tuple(sorted(stacks, key=lambda p: (-stacks[p], p)))
        place = top
        i = 0
        while i < len(order):
            group = [p for p in order[i:] if stacks[p] == stacks[order[i]]]
            for p in group:
                tied = tuple(q for q in group if q != p)
                e = self.players[p]
                if (e.place, e.tied) != (place, tied):
                    self._emit(hev.HandForHandPlaced(p, place, e.place or 0, tied, stacks[p],
                                                    order, now))
            place += len(group)
            i += len(group)

    # ================================================================== state changes

    def _apply(self, e: Event) -> None:
        if isinstance(e, hev.HandForHandStarted):
            self.hand_for_hand = True
            self.hfh_dealt, self.hfh_busts = frozenset(), ()
            if (not self.live and self.profile.hand_for_hand_clock == "hands_only"
                    and all(ts.hand is None for ts in self.tables.values())):
                self.hfh_idle_since = self.play_time(e.at)
            return
        if isinstance(e, hev.HandForHandEnded):
            self._hfh_resume(e.at)
            self.hand_for_hand = False
            return
        if isinstance(e, hev.HandForHandPlaced):
            p = self.players[e.player]
            p.place, p.tied = e.place, e.tied_with
            return
        if isinstance(e, ev.HandDealt):
            self._hfh_dealing(e)
        elif isinstance(e, _CLOCK_CHANGES):
            self._hfh_resume(e.at)
        super()._apply(e)
        if isinstance(e, ev.HandFinished):
            if (self.hand_for_hand and self.profile.hand_for_hand_clock == "hands_only"
                    and all(ts.hand is None for ts in self.tables.values())):
                self.hfh_idle_since = self.play_time(e.at)
        elif isinstance(e, ev.Eliminated):
            if e.hand_id is not None and e.table in self.hfh_dealt:
                self.hfh_busts = (*self.hfh_busts, (e.player, e.start_stack))

    def _hfh_dealing(self, e: ev.HandDealt) -> None:
        if self.hand_for_hand:
            if e.table in self.hfh_dealt or not self.hfh_dealt:
                self.hfh_round += 1  # a new round: every table finished the last one
                self.hfh_dealt, self.hfh_busts = frozenset({e.table}), ()
            else:
                self.hfh_dealt = self.hfh_dealt | {e.table}
            self._hfh_resume(e.at)
        elif self.hfh_dealt:
            self.hfh_dealt = self.hfh_dealt - {e.table}
            if not self.hfh_dealt:
                self.hfh_busts = ()

    def _hfh_resume(self, at: float) -> None:
        """The level clock runs again: the time it stood still is taken out of it."""
        if self.hfh_idle_since is None:
            return
        held = max(0.0, self.play_time(at) - self.hfh_idle_since)
        if not self.in_called_break(at):
            self.level_shift -= held
        self.hfh_idle_since = None



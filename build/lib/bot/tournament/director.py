"""Director powers: a misdeal, penalties, disqualification, stack adjustment, pause and
resume, the bot's own downtime, and a ruling in the director's words."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.events import Event
from bot.tournament import events as ev
from bot.tournament.clock import (
    RESUME_MINIMUM,
)
from bot.tournament.errors import (
    NotAllowed,
    Who,
)
from bot.tournament.flow import Flow


class DirectorPowers(Flow):
    """What only a director may do, in both modes."""

    def void_hand(self, table: int, by: str, reason: str, now: float) -> list[Event]:
        """Misdeal: the hand is void and every stack goes back to what it was at its start."""
        ts = self._table(table)
        if ts.hand is None:
            raise NotAllowed("no hand is in progress at table {table}", code="no-hand",
                             table=table)
        start = len(self.events)
        self._emit(ev.HandVoided(table, ts.hand.hand_id, by, reason, now))
        if ts.dq_pending:
            self._remove_disqualified(table, now)
            self._after_count_change(now)
        return self.events[start:]

    def penalize(self, player: str, hands: int, by: str, reason: str,
                 now: float) -> list[Event]:
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed("{player} is not playing", code="not-playing", player=Who(player))
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise NotAllowed("a penalty is a whole number of hands, 1 or more",
                             code="penalty-hands")
        start = len(self.events)
        self._emit(ev.PenaltyGiven(player, hands, by, reason, now))
        return self.events[start:]

    def disqualify(self, player: str, by: str, reason: str, now: float) -> list[Event]:
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed("{player} is not playing", code="not-playing", player=Who(player))
        start = len(self.events)
        self._emit(ev.Disqualified(player, by, reason, now))
        ts = self.tables[p.table] if p.table is not None else None
        hand = ts.hand if ts else None
        seat = hand.seat_of(player) if hand else None
        if ts is not None and hand is not None and seat is not None:
            if not hand.is_over and hand.player(seat).live:
                self._emit(ev.HandDeclaredDead(ts.table, hand.hand_id, seat, player,
                                               "disqualification", now))
            self._settle(ts.table, now)
        else:
            self._remove_chips(player, now)
            self._after_count_change(now)
        return self.events[start:]

    def adjust_stack(self, player: str, new_stack: int, by: str, reason: str,
                     now: float) -> list[Event]:
        p = self.player(player)
        if self.live:
            raise NotAllowed("in a live tournament the chips are at the table: nobody counts "
                             "stacks, so there is none to adjust", code="live")
        if p.status != "playing":
            raise NotAllowed("{player} is not playing", code="not-playing", player=Who(player))
        if isinstance(new_stack, bool) or not isinstance(new_stack, int) or new_stack < 1:
            raise NotAllowed("a stack is set to a whole number of chips, 1 or more (to take "
                             "all of a player's chips, disqualify him)", code="stack-amount")
        if not reason:
            raise NotAllowed("a stack adjustment needs a reason", code="reason-missing")
        self._require_not_dealt_in(p)
        start = len(self.events)
        self._emit(ev.StackAdjusted(player, p.stack, new_stack, by, reason, now))
        return self.events[start:]

    def pause(self, by: str, reason: str, now: float) -> list[Event]:
        self._require_running()
        if self.paused:
            raise NotAllowed("the tournament is already paused", code="already-paused")
        start = len(self.events)
        self.tick(now)
        self._emit(ev.Paused(by, reason, now))
        return self.events[start:]

    def resume(self, by: str, now: float) -> list[Event]:
        self._require_running()
        if not self.paused:
            raise NotAllowed("the tournament is not paused", code="not-paused")
        start = len(self.events)
        self._emit(ev.Resumed(by, now))
        return self.events[start:]

    def back_online(self, stopped: float, now: float, *,
                    min_seconds: float = RESUME_MINIMUM) -> list[Event]:
        """The bot is back at `now` after being down since `stopped` (its last sign of life,
        from its heartbeat; never earlier than the last event). Nobody is charged the downtime:
        - online, nobody could play meanwhile: the downtime is a pause (`OfflinePause`). Every
          clock resumes with the time it had left, the player to act has at least
          `min_seconds`;
        - live, the room's clock ran: it catches up in one event (`ClockCaughtUp`) instead of
          a level post for each level that passed, and a clock called on a player that ran
          out meanwhile is over.
        Nothing when the tournament's clock is not running (registration, a director's pause,
        the end) or no time passed."""
        stopped = max(stopped, self.last_at)
        if self.status != "running" or self.running_since is None or now <= stopped:
            return []
        start = len(self.events)
        if self.live:
            view = self.clock_view(now)
            play_now = self.play_time(now)
            expired = tuple(
                ts.seats[d.seat] for _, ts in sorted(self.tables.items())
                if (d := ts.decision) is not None and ts.hand is None
                and d.clock_expires is not None and play_now >= d.clock_expires)
            self._emit(ev.ClockCaughtUp(
                stopped, now, self.period_index(now), view.level, view.on_break,
                view.small_blind, view.big_blind, view.ante, view.seconds_left, view.ends_at,
                expired))
        else:
            view = self.clock_view(stopped)  # the clock as it stood, and resumes
            self._emit(ev.OfflinePause(
                stopped, now, min_seconds, view.level, view.on_break, view.small_blind,
                view.big_blind, view.ante, view.seconds_left))
        return self.events[start:]

    def give_time(self, player: str, seconds: int, by: str, now: float) -> list[Event]:
        """Online: the player to act gets `seconds` more for this decision (1 to 600)."""
        if self.live:
            raise NotAllowed("in a live tournament the room keeps the time: call the clock "
                             "on a player, or cancel it, instead", code="live")
        self._require_running()
        p = self.player(player)
        ts = self.tables.get(p.table) if p.table is not None else None
        d = ts.decision if ts is not None else None
        if ts is None or ts.hand is None or d is None or ts.seats.get(d.seat) != player:
            raise NotAllowed("more time is given to the player to act, while he decides",
                             code="not-to-act")
        if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= 600:
            raise NotAllowed("more time is a whole number of seconds, 1 to 600",
                             code="time-seconds")
        start = len(self.events)
        self._emit(ev.TimeGiven(ts.table, ts.hand.hand_id, d.seat, player, seconds, by, now))
        return self.events[start:]

    def ruling(self, by: str, text: str, players: Sequence[str], now: float) -> list[Event]:
        if not text.strip():
            raise NotAllowed("a ruling needs its text", code="ruling-text-missing")
        for p in players:
            self.player(p)
        start = len(self.events)
        self._emit(ev.DirectorRuling(by, text, tuple(players), now))
        return self.events[start:]

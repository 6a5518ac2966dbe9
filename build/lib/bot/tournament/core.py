"""The tournament's core: its configuration and state, the log, emitting an event, the queries.

`TournamentCore` is the base of every concern of `Tournament` (see tournament.py): it holds the
state they share and the few guards and helpers all of them use. Only the appliers
(appliers.py) change the state, through `_emit`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Self

from bot.engine.events import Event
from bot.engine.hand import Hand, HandConfig
from bot.engine.profile import Profile
from bot.tournament import events as ev
from bot.tournament.blinds import (
    Positions,
)
from bot.tournament.clock import TurnBank
from bot.tournament.errors import (
    NotAllowed,
    StructureError,
    UnknownPlayer,
    Who,
)
from bot.tournament.payouts import PayoutTable, place_amounts
from bot.tournament.rng import SeededRandom
from bot.tournament.state import (
    ClockView,
    Deadline,
    Entrant,
    Guest,
    Result,
    TableState,
    TournamentStatus,
    TurnDeadline,
)
from bot.tournament.structure import Break, Level, Structure, chip_no_longer_needed

# What a player saw when he clicked: the hand's id and its number of events
# (`len(hand.events)`), as the table message's buttons carry them.
Expectation = tuple[str, int]
MOVED_ON = "The hand has moved on since you clicked. Nothing was changed."


# Where the add-on stands: not open yet (it is taken at a break), open, or closed.
AddOnWindow = Literal["before", "open", "closed"]

# What `/tournament create action_time: time_bank: bank_refill:` may set (seconds).
ACTION_SECONDS_RANGE = (15, 600)
TIME_BANK_RANGE = (0, 900)
BANK_REFILL_RANGE = (0, 300)


def _within(value: float, bounds: tuple[int, int], what: str) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise StructureError(f"{what} must be {low} to {high} seconds (it was {value:g})")


@dataclass(frozen=True)
class TournamentConfig:
    profile: Profile
    structure: Structure
    payouts: PayoutTable
    seats_per_table: int = 9
    buy_in: int = 0  # money units
    payout_unit: int = 1
    action_seconds: float = 120.0  # time to act before being marked away
    clock_after_seconds: float = 30.0  # the "reasonable time" before the clock may be called
    mode: ev.Mode = "online"
    # Each player's time bank at the start (0: none), and what each new level adds back to it
    # (never above the starting bank): see bot/tournament/clock.py.
    time_bank_seconds: float = 0.0
    time_bank_refill_seconds: float = 10.0

    def __post_init__(self) -> None:
        if not 2 <= self.seats_per_table <= 10:
            raise StructureError("seats per table must be 2 to 10")
        if self.action_seconds <= 0 or self.clock_after_seconds < 0:
            raise StructureError("action time must be above 0 and the clock wait 0 or more")
        _within(self.action_seconds, ACTION_SECONDS_RANGE, "the action time")
        _within(self.time_bank_seconds, TIME_BANK_RANGE, "the time bank")
        _within(self.time_bank_refill_seconds, BANK_REFILL_RANGE, "the time bank's refill")
        if self.buy_in < 0 or self.payout_unit < 1:
            raise StructureError("the buy-in must be 0 or more and the payout unit 1 or more")
        if self.mode not in ev.MODES:
            raise StructureError(f"mode must be one of {', '.join(ev.MODES)}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "profile": self.profile.to_dict(), "structure": self.structure.to_dict(),
            "payouts": self.payouts.to_dict(), "seats_per_table": self.seats_per_table,
            "buy_in": self.buy_in, "payout_unit": self.payout_unit,
            "action_seconds": self.action_seconds,
            "clock_after_seconds": self.clock_after_seconds, "mode": self.mode,
            "time_bank_seconds": self.time_bank_seconds,
            "time_bank_refill_seconds": self.time_bank_refill_seconds,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> TournamentConfig:
        mode = data.get("mode", "online")  # configs stored before live mode are online
        if mode not in ev.MODES:
            raise StructureError(f"mode must be one of {', '.join(ev.MODES)}")
        return TournamentConfig(
            profile=Profile.from_dict(data["profile"]),
            structure=Structure.from_dict(data["structure"]),
            payouts=PayoutTable.from_dict(data["payouts"]),
            seats_per_table=int(data["seats_per_table"]), buy_in=int(data["buy_in"]),
            payout_unit=int(data["payout_unit"]), action_seconds=float(data["action_seconds"]),
            clock_after_seconds=float(data["clock_after_seconds"]), mode=mode,
            # Configs stored before the time bank existed have none.
            time_bank_seconds=float(data.get("time_bank_seconds", 0.0)),
            time_bank_refill_seconds=float(data.get("time_bank_refill_seconds", 10.0)),
        )



class TournamentCore:
    """The state every concern shares, the log, emitting an event, and the queries.

    The concerns are mixins on it (bot/tournament/tournament.py puts them together); a mixin
    calls another's method only through the declarations at the end of this class."""

    def __init__(self) -> None:
        # The log's events since the tournament was built or last told to forget (see
        # `forget_events`); `event_count` counts the whole log.
        self.events: list[Event] = []
        self._forgotten = 0
        self.tournament_id = 0
        self.seed = ""  # the start's seed: the director's own draws after it derive from it
        self.config: TournamentConfig | None = None
        self.status: TournamentStatus = "new"
        self.players: dict[str, Entrant] = {}
        self.tables: dict[int, TableState] = {}
        self.final_table: int | None = None
        self.clock_base = 0.0  # play seconds run before `running_since`
        self.running_since: float | None = None
        self.paused = False
        self.announced_period = -1
        # The director's hand on the level clock: the structure's time is play time
        # plus `level_shift` (/td time, /td level), held during a break he called until
        # `break_until` (play time; None when none is called). See `level_time`.
        self.level_shift = 0.0
        self.break_until: float | None = None
        # The period the director's last change left running: the clock never reads an
        # earlier one (time added early in a level makes that level longer; it never takes the
        # clock back into the break or level before it). See `period_index`.
        self.period_floor = 0
        # The latest time an event names: the tournament's last sign of life in its log (a
        # restart takes the later of it and the bot's heartbeat as when the bot stopped).
        self.last_at = 0.0
        self.smallest_chip = 0
        self.hand_counter = 0
        self.pool = 0
        self.entries = 0
        self.chips_in = 0  # starting stacks, re-buys, add-ons
        self.chips_adjusted = 0  # director adjustments
        self.chips_raced = 0  # chip races (can be + or -)
        self.chips_removed = 0  # disqualifications
        self.winner: str | None = None
        self.prizes: dict[str, int] = {}
        # Live mode: players entered by name, and the busts in order (the last can be undone).
        self.guests: dict[str, Guest] = {}
        self.busts: list[str] = []

    # ================================================================== construction

    @classmethod
    def create(cls, tournament_id: int, config: TournamentConfig, now: float) -> Self:
        t = cls()
        t._emit(ev.Created(tournament_id, config.to_dict(), now))
        return t

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Self:
        t = cls()
        t.apply_stored(events)
        return t

    def apply_stored(self, events: Iterable[Event]) -> None:
        """Apply events read back from the log (after `from_snapshot`, those after it)."""
        for e in events:
            self._emit(e)

    @property
    def cfg(self) -> TournamentConfig:
        assert self.config is not None
        return self.config

    @property
    def profile(self) -> Profile:
        return self.cfg.profile

    @property
    def structure(self) -> Structure:
        return self.cfg.structure

    @property
    def live(self) -> bool:
        """Live mode: real cards and chips; the bot deals no hands."""
        return self.cfg.mode == "live"

    # ================================================================== the log in memory

    @property
    def event_count(self) -> int:
        """How many events the whole log holds (those forgotten included)."""
        return self._forgotten + len(self.events)

    def events_since(self, count: int) -> list[Event]:
        """The events after the first `count` of the log (they must still be in memory)."""
        if count < self._forgotten:
            raise ValueError(f"events before {self._forgotten} are no longer in memory")
        return self.events[count - self._forgotten:]

    def forget_events(self, upto: int | None = None) -> None:
        """Drop from memory the log's first `upto` events (all by default) once the caller has
        stored them: the state never needs them again, and the store has the history. Call it
        between commands (a command's events are `events[len before:]`)."""
        upto = self.event_count if upto is None else upto
        drop = max(0, min(upto - self._forgotten, len(self.events)))
        del self.events[:drop]
        self._forgotten += drop

    # ================================================================== queries

    def play_time(self, at: float) -> float:
        if self.running_since is None:
            return self.clock_base
        return self.clock_base + (at - self.running_since)

    def absolute(self, play: float, now: float) -> float:
        """The absolute time of a play-time moment (not later than `now` if it has passed)."""
        if self.running_since is None:
            return now
        return min(now, self.running_since + (play - self.clock_base))

    def _future_absolute(self, play: float) -> float | None:
        if self.running_since is None:
            return None
        return self.running_since + (play - self.clock_base)

    def level_time(self, now: float) -> float:
        """Where the structure's clock stands at `now` (seconds into its periods): play time
        moved by the director's changes, held while a break he called runs."""
        play = self.play_time(now)
        if self.break_until is not None:
            play = max(play, self.break_until)
        return play + self.level_shift

    def in_called_break(self, now: float) -> bool:
        """Whether a break the director called (`/td break`) is running at `now`."""
        return self.break_until is not None and self.play_time(now) < self.break_until

    def play_until_period(self, index: int, now: float) -> float:
        """Play seconds from `now` until period `index` of the structure starts (negative once
        it has)."""
        return self.structure.period_start(index) - self.level_shift - self.play_time(now)

    def _period_moment(self, index: int) -> float | None:
        """When period `index` starts, as an absolute time (None while the clock is stopped)."""
        return self._future_absolute(self.structure.period_start(index) - self.level_shift)

    def period_index(self, now: float) -> int:
        """The period running at `now`: where the structure's clock stands, never before the
        period a director's change left running (more time than the structure gives a level
        keeps that level on the clock, it does not bring back the one before)."""
        return max(self.structure.period_at(self.level_time(now)), self.period_floor)

    def level_number(self, now: float) -> int:
        return self.structure.level_number(self.period_index(now))

    @property
    def playing(self) -> list[str]:
        return [p.player for p in self.players.values() if p.status == "playing"]

    def hand(self, table: int) -> Hand | None:
        return self._table(table).hand

    def player(self, player: str) -> Entrant:
        try:
            return self.players[player]
        except KeyError:
            raise UnknownPlayer("{player} is not in this tournament", code="not-in-tournament",
                                player=Who(player)) from None

    def total_chips(self) -> int:
        """Chips in play: the stacks, with players dealt in counted at their start-of-hand
        stack (a hand moves chips between its players but never creates any). Live mode:
        nobody counts stacks, so this is what was put in play (`expected_chips`)."""
        if self.config is not None and self.live:
            return self.expected_chips()
        return sum(p.stack for p in self.players.values() if p.status == "playing")

    def expected_chips(self) -> int:
        return self.chips_in + self.chips_adjusted + self.chips_raced - self.chips_removed

    def chip_race_due(self, now: float) -> int | None:
        """The new smallest chip if a colour-up is due now (no hand starts until it is run)."""
        if self.status != "running":
            return None
        return chip_no_longer_needed(self.structure, self.smallest_chip, self.period_index(now))

    def rebuy_until(self, player: str, at: float) -> int | None:
        """The last level at which `player`, out at `at`, may still buy back in (None when he
        may not: no re-buys, his re-buys spent, disqualified, or the re-buys closed). Until it
        ends his place is not final."""
        rb = self.structure.rebuys
        p = self.players.get(player)
        if (rb is None or p is None or p.disqualified or p.rebuys >= rb.max_per_player
                or self.level_number(at) > rb.until_level):
            return None
        return rb.until_level

    def add_on_window(self, now: float) -> AddOnWindow:
        """Where the add-on stands at `now`: open to the end of its last level and in the break
        right after it (`at_break`: only in that break), closed after."""
        ao = self.structure.add_on
        if ao is None:
            return "closed"
        index = self.period_index(now)
        if index == self.structure.break_after(ao.until_level):
            return "open"
        if self.level_number(now) > ao.until_level:
            return "closed"
        return "before" if ao.at_break else "open"

    def results(self) -> list[Result]:
        out = [
            Result(p.player, p.place, p.tied, self.prizes.get(p.player, 0), p.disqualified,
                   p.out_at, p.knocked_out_by,
                   self.guests[p.player].member if p.player in self.guests else None,
                   p.rebuys, p.add_ons)
            for p in self.players.values() if p.place is not None
        ]
        return sorted(out, key=lambda r: (r.place, r.player))

    def turn_deadline(self, table: int, now: float) -> TurnDeadline | None:
        """When the player to act at `table` must act: THE one deadline of his decision.

        The clock's end once it is called (it replaces the action time), else the end of his
        action time. The table message and the clock post both read this, so they never show
        two deadlines. None when nobody is to act or the director has paused the tournament
        (every timer is frozen then). Live mode: a clock called on a player at that table.
        """
        if self.status != "running":
            return None
        ts = self.tables.get(table)
        d = ts.decision if ts is not None else None
        if ts is None or d is None or d.seat not in ts.seats:
            return None
        at = self._future_absolute(d.deadline(self.cfg.action_seconds))
        if at is None:
            return None
        countdown = None
        if d.clock_countdown is not None:
            countdown = self._future_absolute(d.clock_countdown)
        return TurnDeadline(
            table=table, hand_id=ts.hand.hand_id if ts.hand is not None else None, seat=d.seat,
            player=ts.seats[d.seat], at=at,
            kind="clock" if d.clock_expires is not None else "action",
            countdown_at=countdown, countdown_posted=d.countdown_posted, clock_by=d.clock_by)

    def turn_bank(self, table: int) -> TurnBank | None:
        """The time bank of the player to act at `table` (None: no bank in this tournament, or
        nobody to act in a hand)."""
        if self.status != "running" or self.cfg.time_bank_seconds <= 0:
            return None
        ts = self.tables.get(table)
        d = ts.decision if ts is not None else None
        if ts is None or ts.hand is None or d is None or d.seat not in ts.seats:
            return None
        player = ts.seats[d.seat]
        return TurnBank(player, self.players[player].time_bank, d.bank,
                        d.clock_expires is not None)

    def deadlines(self, now: float) -> list[Deadline]:
        """Moments the bot should wake up and call `tick` (absolute times; empty while paused)."""
        out: list[Deadline] = []
        if self.status != "running" or self.running_since is None:
            return out
        i = self.period_index(now)
        if self.in_called_break(now):
            at = self._future_absolute(self.break_until) if self.break_until is not None else None
            if at is not None:
                out.append(Deadline(at, "level", None))
        elif i + 1 < len(self.structure.periods):
            at = self._period_moment(i + 1)
            if at is not None:
                out.append(Deadline(at, "level", None))
        for t in sorted(self.tables):
            turn = self.turn_deadline(t, now)
            if turn is None:
                continue
            if turn.kind == "clock":
                if not turn.countdown_posted and turn.countdown_at is not None:
                    out.append(Deadline(turn.countdown_at, "clock_countdown", t))
                out.append(Deadline(turn.at, "clock", t))
            else:
                out.append(Deadline(turn.at, "action", t))
        return sorted(out, key=lambda d: d.at)

    def clock_view(self, now: float) -> ClockView:
        """The tournament clock as a room reads it at `now` (before the start: level 1 and the
        field registered). Nobody counts chips at a live table, so the average stack is what
        was put in play (starting stacks, re-buys, add-ons, chip races) over the players left."""
        s = self.structure
        running = self.status in ("running", "finished")
        index = self.period_index(now) if self.status == "running" else 0
        period = s.periods[index]
        level = s.level_for_hand(index)
        ends_at = seconds_left = next_break_at = None
        called = self.status == "running" and self.in_called_break(now)
        if called:
            assert self.break_until is not None
            seconds_left = max(0.0, self.break_until - self.play_time(now))
            if not self.paused:
                ends_at = self.absolute(self.break_until, float("inf"))
        elif self.status == "running" and index + 1 < len(s.periods):
            seconds_left = max(0.0, self.play_until_period(index + 1, now))
            if not self.paused:
                ends_at = self.absolute(s.period_start(index + 1) - self.level_shift,
                                        float("inf"))
        if self.status == "running" and not self.paused:
            later = [i for i in range(index + 1, len(s.periods))
                     if isinstance(s.periods[i], Break)]
            if later:
                next_break_at = self.absolute(s.period_start(later[0]) - self.level_shift,
                                              float("inf"))
        following = s.periods[index + 1] if index + 1 < len(s.periods) else None
        if called:
            following = s.level_for_hand(index)  # the level the break holds resumes after it
        entries = self.entries if running else len(self.players)
        left = len(self.playing) if running else len(self.players)
        chips = self.expected_chips() if running else s.starting_stack * len(self.players)
        pool = self.pool if running else self.cfg.buy_in * len(self.players)
        try:
            payouts = tuple(place_amounts(pool, max(entries, 1), self.cfg.payouts,
                                          self.cfg.payout_unit)) if pool else ()
        except StructureError:
            payouts = ()  # a field the payout table has no row for yet
        return ClockView(
            status=self.status, paused=self.paused,
            level=self.level_number(now) if running else 1,
            on_break=called or isinstance(period, Break), small_blind=level.small_blind,
            big_blind=level.big_blind, ante=level.ante, ends_at=ends_at,
            seconds_left=seconds_left,
            next_level=(following if isinstance(following, Level) and called
                        else s.level_for_hand(index + 1) if following is not None else None),
            next_is_break=isinstance(following, Break), next_break_at=next_break_at,
            players_left=left, entries=entries,
            rebuys=sum(p.rebuys for p in self.players.values()),
            add_ons=sum(p.add_ons for p in self.players.values()),
            chips_in_play=chips, average_stack=chips // left if left else 0,
            prize_pool=pool, payouts=payouts,
        )

    def rabbit_wait_ends(self, table: int, wait: float) -> float | None:
        """When the next deal at `table` stops waiting for the others to agree to a rabbit
        hunt (`wait` seconds of play time after the first agreement), as an absolute time;
        None when no hunt is pending. Play time: a pause or the bot's downtime stops it."""
        ts = self.tables.get(table)
        if ts is None or not ts.rabbit_agreed or ts.rabbit_done or ts.rabbit_since is None:
            return None
        at = self._future_absolute(ts.rabbit_since + wait)
        return float("inf") if at is None else at

    def display_name(self, player: str) -> str | None:
        """A guest's name as the director entered it (members are named by the bot: None)."""
        guest = self.guests.get(player)
        return guest.name if guest is not None else None

    # ================================================================== guards and helpers

    def _require_running(self) -> None:
        if self.status == "registering":
            raise NotAllowed("the tournament has not started", code="not-started")
        if self.status != "running":
            raise NotAllowed("the tournament is over", code="over")

    def _require_not_dealt_in(self, p: Entrant) -> None:
        if p.table is None:
            return
        hand = self.tables[p.table].hand
        if hand is not None and hand.seat_of(p.player) is not None:
            raise NotAllowed("{player} is in the hand at table {table}; wait until it is over",
                             code="in-the-hand", player=Who(p.player), table=p.table)

    def _table(self, table: int) -> TableState:
        try:
            return self.tables[table]
        except KeyError:
            raise NotAllowed("there is no table {table}: tables are {tables}", code="no-table",
                             table=table,
                             tables=", ".join(map(str, sorted(self.tables)))) from None

    def _stack_shown(self, stack: int) -> int:
        """A stack as the seating records it: live mode counts no chips (0)."""
        return 0 if self.live else stack

    def _require_live(self, online: str) -> None:
        if not self.live:
            raise NotAllowed("this is not a live tournament: " + online, code="not-live")

    def _rng(self, purpose: str) -> SeededRandom:
        """The tournament's own randomness after the start: drawn from the start's seed, the
        purpose and the log's length, so it replays exactly and never repeats a stream."""
        return SeededRandom(f"{self.seed}:{purpose}:{self.event_count}")

    def _hand_config(self, e: ev.HandDealt) -> HandConfig:
        pos = positions_of(e)
        return HandConfig(
            hand_id=e.hand_id,
            seats=tuple(e.seats),
            button=e.button, small_blind_seat=pos.posted_small_blind_seat,
            big_blind_seat=e.big_blind_seat, small_blind=e.small_blind,
            big_blind=e.big_blind, ante=e.ante, big_blind_ante=e.big_blind_ante,
            profile=self.profile, deck_seed=e.seed, table_size=self.cfg.seats_per_table,
            chip_unit=e.chip_unit,
        )

    # ================================================================== state changes

    def _emit(self, e: Event) -> None:
        current = ev.upgraded(e)
        self._apply(current)
        self.events.append(current)
        at = getattr(current, "at", None)
        if isinstance(at, float | int) and at > self.last_at:
            self.last_at = float(at)

    # ================================================================== provided by the mixins

    def _apply(self, e: Event) -> None:
        """Change the state by one event (appliers.py)."""
        raise NotImplementedError

    def _check_registration(self, player: str, now: float) -> None:
        """Refuse an entry that is not allowed now (entries.py)."""
        raise NotImplementedError

    def _enter(self, player: str, now: float) -> None:
        """Register or late-register a player (entries.py)."""
        raise NotImplementedError


def positions_of(e: ev.HandDealt) -> Positions:
    return Positions(e.button, e.small_blind_seat, e.small_blind_posted, e.big_blind_seat,
                     len(e.seats))

"""The tournament aggregate: commands -> events -> state.

Every command checks what it may, then emits events; the appliers (`_APPLIERS`, one per event
class, as in the hand engine) are the only code that changes state, so `Tournament.replay`
rebuilds a tournament exactly, live hands included (a hand is rebuilt by dealing it from the
seed in its `HandDealt` and re-running the recorded actions). `snapshot()` writes the state as
compact plain data, and `from_snapshot` plus the events after it gives the same tournament as a
full replay. Time (`now`, absolute seconds), randomness (seed strings) and player input are all
arguments; nothing here reads a clock or a random source.

The bot drives it: `start_hand(table, seed, now)`, then `act(...)` for each player action,
`tick(now)` whenever a timer it armed fires (see `deadlines()`), director commands as they come.
A hand that ends is processed at once: stacks, eliminations and places, table moves, the end
of the tournament.

Where the rules come from: the two seed rulebooks (TREPS, Tavern) and the TDA where both are
silent, as the bot's rulebook (data/rules) states them; each module names its sections
(blinds.py, balancing.py, chip_race.py, clock.py, seating.py). Choices where the rules are
silent:
- Players eliminated in the same hand are placed by their stacks at the start of the hand
  (TDA 21; rule same-hand-eliminations). Equal starting stacks tie: they share the better
  place and split the prizes of the places they cover, so "3rd" may be held by two players and
  nobody is 4th.
- While the director has paused the event, the level clock and all action/clock timers stop and
  no new hand starts; a hand in progress may still be played out.
- A disqualified player's hand is killed at once; his chips behind leave play when the hand
  ends. He takes the place of an elimination at that moment and his prize is withheld.
- Re-buys re-enter a busted player (his place is given back and the field's places shift). A
  late entry or re-entry draws a random open seat at the tables with the fewest players (a new
  table is opened if every seat is taken) and is dealt in from the next hand, unless his seat is
  between the small blind and the button (TDA): then he waits for the button to pass.
- Under tavern, a player still away when the hand would end is folded just before the action
  that would end it (he "cannot win a pot without being there"). A hand that ends as it is
  dealt (every player all-in on the blinds) cannot be caught this way.
- The final table, formed from two or more tables, draws seats and button afresh by the
  profile's method (TREPS "The Button": a new table draws again) as soon as it is between hands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.events import Event, event_from_dict
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import ClockExpiry, Profile, make_profile
from bot.tournament import events as ev
from bot.tournament.balancing import BIG_BLIND, RandomSeats, TableView, next_step
from bot.tournament.blinds import (
    BlindRuling,
    Positions,
    due_big_blind_anchor,
    first_positions,
    next_positions,
)
from bot.tournament.chip_race import chip_race
from bot.tournament.clock import (
    RESUME_MINIMUM,
    Decision,
    clock_timing,
    countdown_moments,
    in_turn_away_expiry,
)
from bot.tournament.errors import (
    ChipRaceDue,
    NotAllowed,
    RegistrationError,
    StructureError,
    TournamentError,
    UnknownPlayer,
    WaitingForPlayers,
)
from bot.tournament.hand_id import HandId
from bot.tournament.payouts import Finish, PayoutTable, place_amounts, prizes
from bot.tournament.rng import SeededRandom
from bot.tournament.seating import DrawResult, draw_button, random_seating, seat_by_card
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
from bot.tournament.structure import Break, Structure, chip_no_longer_needed

__all__ = ["Tournament", "TournamentConfig", "Result", "Entrant", "Expectation", "MOVED_ON",
           "new_tournament"]

# What a player saw when he clicked: the hand's id and its number of events
# (`len(hand.events)`), as the table message's buttons carry them.
Expectation = tuple[str, int]
MOVED_ON = "The hand has moved on since you clicked; nothing was done."

GUEST_NAME_LENGTH = 64

# Version of `Tournament.snapshot()`'s layout; `from_snapshot` refuses others.
SNAPSHOT_VERSION = 1


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

    def __post_init__(self) -> None:
        if not 2 <= self.seats_per_table <= 10:
            raise StructureError("seats per table must be 2 to 10")
        if self.action_seconds <= 0 or self.clock_after_seconds < 0:
            raise StructureError("action time must be above 0 and the clock wait 0 or more")
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
        )


class Tournament:
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
    def create(cls, tournament_id: int, config: TournamentConfig, now: float) -> Tournament:
        t = cls()
        t._emit(ev.Created(tournament_id, config.to_dict(), now))
        return t

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Tournament:
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
        """Live mode: real cards and chips; the bot deals no hands (issue 12)."""
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

    def period_index(self, now: float) -> int:
        return self.structure.period_at(self.play_time(now))

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
            raise UnknownPlayer(f"{player!r} is not in this tournament") from None

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

    def results(self) -> list[Result]:
        out = [
            Result(p.player, p.place, p.tied, self.prizes.get(p.player, 0), p.disqualified,
                   p.out_at, p.knocked_out_by,
                   self.guests[p.player].member if p.player in self.guests else None)
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

    def deadlines(self, now: float) -> list[Deadline]:
        """Moments the bot should wake up and call `tick` (absolute times; empty while paused)."""
        out: list[Deadline] = []
        if self.status != "running" or self.running_since is None:
            return out
        i = self.period_index(now)
        if i + 1 < len(self.structure.periods):
            at = self._future_absolute(self.structure.period_start(i + 1))
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

    # ================================================================== snapshots

    def snapshot(self) -> dict[str, Any]:
        """The whole state as compact JSON-able data, between commands (the store saves one at
        each hand's end). `from_snapshot(config, snapshot)` plus the events after
        `snapshot["event_count"]` equals a full replay. Hands are kept as their own short logs
        (the hand in play and the last one, for after-hand requests), not as the history."""
        return {
            "version": SNAPSHOT_VERSION,
            "event_count": self.event_count,
            "tournament_id": self.tournament_id, "seed": self.seed, "status": self.status,
            "winner": self.winner, "final_table": self.final_table,
            "hand_counter": self.hand_counter, "smallest_chip": self.smallest_chip,
            "clock": [self.clock_base, self.running_since, self.paused, self.announced_period],
            "last_at": self.last_at,
            "money": [self.pool, self.entries, self.chips_in, self.chips_adjusted,
                      self.chips_raced, self.chips_removed],
            "prizes": dict(sorted(self.prizes.items())),
            "players": [_entrant_data(p) for p in self.players.values()],
            "tables": [self._table_data(ts) for _, ts in sorted(self.tables.items())],
            "guests": [[g, x.name, x.member] for g, x in self.guests.items()],
            "busts": list(self.busts),
        }

    @classmethod
    def from_snapshot(cls, config: TournamentConfig, snapshot: Mapping[str, Any]) -> Tournament:
        """The tournament as it was when `snapshot` was taken; apply the events after it
        (`apply_stored`) to bring it up to date."""
        if snapshot.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"not a tournament snapshot of version {SNAPSHOT_VERSION}")
        t = cls()
        t.config = config
        t._forgotten = int(snapshot["event_count"])
        t.tournament_id = int(snapshot["tournament_id"])
        t.seed = str(snapshot["seed"])
        t.status = snapshot["status"]
        t.winner = snapshot["winner"]
        t.final_table = snapshot["final_table"]
        t.hand_counter = int(snapshot["hand_counter"])
        t.smallest_chip = int(snapshot["smallest_chip"])
        t.clock_base, t.running_since, t.paused, t.announced_period = snapshot["clock"]
        t.last_at = float(snapshot.get("last_at", 0.0))
        (t.pool, t.entries, t.chips_in, t.chips_adjusted, t.chips_raced,
         t.chips_removed) = snapshot["money"]
        t.prizes = dict(snapshot["prizes"])
        for data in snapshot["players"]:
            p = Entrant(**{**data, "tied": tuple(data.get("tied", ()))})
            t.players[p.player] = p
        for data in snapshot["tables"]:
            ts = t._table_from_data(data)
            t.tables[ts.table] = ts
        t.guests = {str(g): Guest(name, member) for g, name, member in snapshot["guests"]}
        t.busts = list(snapshot["busts"])
        return t

    def _table_data(self, ts: TableState) -> dict[str, Any]:
        d = ts.decision
        return {
            "table": ts.table, "seats": [[s, p] for s, p in sorted(ts.seats.items())],
            "button": ts.button,
            "positions": list(dataclasses.astuple(ts.positions)) if ts.positions else None,
            "hand": [e.to_dict() for e in ts.hand_log],
            "last_hand": [e.to_dict() for e in ts.last_hand_log],
            "penalized": list(ts.penalized), "dq_pending": list(ts.dq_pending),
            "rabbit_agreed": sorted(ts.rabbit_agreed), "rabbit_done": ts.rabbit_done,
            "rabbit_since": ts.rabbit_since,
            "decision": list(dataclasses.astuple(d)) if d is not None else None,
            "redraw_due": ts.redraw_due,
        }

    def _table_from_data(self, data: Mapping[str, Any]) -> TableState:
        ts = TableState(int(data["table"]))
        ts.seats = {int(s): str(p) for s, p in data["seats"]}
        ts.button = data["button"]
        ts.positions = Positions(*data["positions"]) if data["positions"] else None
        if data["hand"]:
            ts.hand_log = [event_from_dict(e) for e in data["hand"]]
            ts.hand = self._hand_from_log(ts.hand_log)
            dealt = ts.hand_log[0]
            assert isinstance(dealt, ev.HandDealt)
            ts.hand_positions = _positions(dealt)
            ts.start_stacks = {s.player: s.stack for s in dealt.seats}
        if data["last_hand"]:
            ts.last_hand_log = [event_from_dict(e) for e in data["last_hand"]]
            ts.last_hand = self._hand_from_log(ts.last_hand_log)
        ts.penalized = list(data["penalized"])
        ts.dq_pending = list(data["dq_pending"])
        ts.rabbit_agreed = set(data["rabbit_agreed"])
        ts.rabbit_done = bool(data["rabbit_done"])
        ts.rabbit_since = data.get("rabbit_since")
        ts.decision = Decision(*data["decision"]) if data["decision"] else None
        ts.redraw_due = bool(data["redraw_due"])
        return ts

    def _hand_from_log(self, log: Sequence[Event]) -> Hand:
        dealt = log[0]
        assert isinstance(dealt, ev.HandDealt)
        hand = Hand.start(self._hand_config(dealt))
        for e in log[1:]:
            _HAND_STEPS[type(e)](hand, e)
        return hand

    # ================================================================== registration

    def register(self, player: str, now: float) -> list[Event]:
        start = len(self.events)
        if not player or not isinstance(player, str):
            raise RegistrationError("a player is registered by a non-empty id")
        self._check_registration(player, now)
        self._enter(player, now)
        return self.events[start:]

    def _check_registration(self, player: str, now: float) -> None:
        """Refuse an entry that is not allowed now (before anything is emitted)."""
        if self.status == "registering":
            if player in self.players:
                raise RegistrationError(f"{player} is already registered")
            return
        if self.status != "running":
            raise RegistrationError("registration is closed: the tournament is over")
        if player in self.players:
            raise RegistrationError(
                f"{player} has already entered" + (
                    "; a busted player may re-buy instead" if self.structure.rebuys else "")
            )
        late = self.structure.late_registration_level
        if late is None:
            raise RegistrationError("registration closed when the tournament started: this "
                                    "structure has no late registration")
        if self.level_number(now) > late:
            raise RegistrationError(f"late registration closed after level {late}")
        self.cfg.payouts.bracket_for(sum(1 for p in self.players.values()
                                         if p.status != "registered") + 1)

    def _enter(self, player: str, now: float) -> None:
        """Before the start a registration; while running a late registration (checked)."""
        if self.status == "registering":
            self._emit(ev.Registered(player, now))
            return
        table, seat = self._seat_for_newcomer()
        self._emit(ev.LateRegistered(player, table, seat, self.structure.starting_stack, now))
        self._balance(now)

    def unregister(self, player: str, now: float) -> list[Event]:
        if self.status != "registering":
            raise RegistrationError("players can unregister only before the start")
        if player not in self.players:
            raise UnknownPlayer(f"{player} is not registered")
        start = len(self.events)
        self._emit(ev.Unregistered(player, now))
        return self.events[start:]

    def start(self, seed: str, now: float) -> list[Event]:
        """Random seats from the seed, then the first button at each table by the profile."""
        if self.status != "registering":
            raise NotAllowed("the tournament has already started")
        if len(self.players) < 2:
            raise RegistrationError(f"a tournament needs at least 2 players; "
                                    f"{len(self.players)} registered")
        self.cfg.payouts.bracket_for(len(self.players))
        start = len(self.events)
        players = tuple(self.players)
        self._emit(ev.Started(seed, players, now))
        layout = random_seating(players, self.cfg.seats_per_table, seed)
        for table, seats in layout.items():
            stack = self._stack_shown(self.structure.starting_stack)
            if self.profile.seat_draw == "by_card":
                ordered = [seats[s] for s in sorted(seats)]
                new_seats, draw = seat_by_card(ordered, f"{seed}:table{table}:draw")
                self._emit(ev.TableOpened(table, tuple(
                    Seat(s, p, stack) for s, p in sorted(new_seats.items()))))
            else:
                self._emit(ev.TableOpened(table, tuple(
                    Seat(s, p, stack) for s, p in sorted(seats.items()))))
                draw = draw_button(self.profile.button_draw, seats,
                                   f"{seed}:table{table}:button")
            self._emit_draw(table, draw)
        self._announce(now)
        return self.events[start:]

    def _emit_draw(self, table: int, draw: DrawResult) -> None:
        self._emit(ev.ButtonDrawn(
            table, draw.method, draw.cards, draw.button,
            "first-dealer" if draw.method == "first_ace" else "button-draw",
        ))

    def rebuy(self, player: str, now: float) -> list[Event]:
        p = self.player(player)
        rb = self.structure.rebuys
        self._require_running()
        if rb is None:
            raise NotAllowed("this structure has no re-buys")
        if p.status != "out" or p.disqualified:
            raise NotAllowed("only a busted player may re-buy")
        if self.level_number(now) > rb.until_level:
            raise NotAllowed(f"re-buys closed after level {rb.until_level}")
        if p.rebuys >= rb.max_per_player:
            raise NotAllowed(f"at most {rb.max_per_player} re-buy(s) a player")
        start = len(self.events)
        table, seat = self._seat_for_newcomer()
        self._emit(ev.Rebuy(player, table, seat, rb.chips, rb.cost, now))
        self._balance(now)
        return self.events[start:]

    def add_on(self, player: str, now: float) -> list[Event]:
        p = self.player(player)
        ao = self.structure.add_on
        self._require_running()
        if ao is None:
            raise NotAllowed("this structure has no add-on")
        if p.status != "playing":
            raise NotAllowed("only a player still in the tournament may add on")
        if self.level_number(now) > ao.until_level:
            raise NotAllowed(f"the add-on closed after level {ao.until_level}")
        if p.add_ons:
            raise NotAllowed("one add-on a player")
        self._require_not_dealt_in(p)
        start = len(self.events)
        self._emit(ev.AddOn(player, ao.chips, ao.cost, now))
        return self.events[start:]

    # ================================================================== hands

    def start_hand(self, table: int, seed: str, now: float) -> Hand:
        """Deal the next hand at `table` (the deck from `seed`); returns the live hand."""
        self._require_running()
        if self.live:
            raise NotAllowed("this is a live tournament: the cards are dealt at the table")
        ts = self._table(table)
        if self.paused:
            raise NotAllowed("the director has paused the tournament: no hand starts until "
                             "he resumes it")
        if ts.hand is not None:
            raise NotAllowed(f"a hand ({ts.hand.hand_id}) is already in progress at table "
                             f"{table}")
        self._announce(now)
        idx = self.period_index(now)
        period = self.structure.periods[idx]
        if isinstance(period, Break):
            end = self._future_absolute(self.structure.period_start(idx + 1))
            raise NotAllowed(f"break: play resumes at {end}")
        new_chip = self.chip_race_due(now)
        if new_chip is not None:
            raise ChipRaceDue(f"colour-up: the {self.smallest_chip} chips are no longer needed; "
                              "run the chip race before the next hand")
        self._balance(now)
        self._redraw_final_table_when_idle()
        found = self.tables.get(table)
        if found is None:
            raise WaitingForPlayers(f"table {table} was broken; its players moved")
        ts = found
        if len(ts.seats) < 2:
            raise WaitingForPlayers(f"table {table} has {len(ts.seats)} player(s); it waits "
                                    "for players to be moved to it")
        if ts.positions is None and ts.button is None:
            draw = draw_button(self.profile.button_draw, ts.seats, f"{seed}:button")
            self._emit_draw(table, draw)
        pos, rulings, sitting_out = self._positions_for_next_hand(ts)
        for r in rulings:
            players = tuple(ts.seats[s] for s in (pos.big_blind_seat,) if s in ts.seats)
            self._emit(ev.TournamentRuling(r.rule_id, r.text, table, None, players))
        for s in sorted(sitting_out):
            self._emit(ev.TournamentRuling(
                "late-registration",
                f"{ts.seats[s]} sits out this hand: a new player is not dealt in between the "
                "small blind and the button, and plays once the button has passed him.",
                table, None, (ts.seats[s],)))
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
        commands then never lands on a later street (issue 9).
        """
        ts = self._table(table)
        hand = ts.hand
        _check_expected(hand, expect)
        if hand is None:
            raise NotAllowed(f"no hand is in progress at table {table}")
        name = _action(action)
        if (name in ev.ACTIONS_WITH_AMOUNT) != (amount is not None):
            needs = "needs" if name in ev.ACTIONS_WITH_AMOUNT else "takes no"
            raise NotAllowed(f"{name} {needs} amount")
        player = ts.seats.get(seat)
        if player is None or hand.seat_of(player) != seat:
            raise NotAllowed(f"seat {seat} is not in the hand at table {table}")
        start = len(self.events)
        if hand.to_act == seat:
            def step(h: Hand) -> object:
                return _run_action(h, seat, name, amount)

            if self._guard_away_at_end(table, step, now):
                return self.events[start:]
        self._emit(ev.PlayerActed(table, hand.hand_id, seat, player, name, amount, now))
        self._settle(table, now)
        return self.events[start:]

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

    def call_clock(self, table: int, by: str, now: float, *,
                   expect: Expectation | None = None) -> list[Event]:
        """Call the clock on the player to act (`expect`: the decision the caller saw)."""
        ts = self._table(table)
        hand, d = ts.hand, ts.decision
        _check_expected(hand, expect)
        if hand is None or d is None:
            raise NotAllowed(f"nobody is to act at table {table}")
        if self.paused:
            raise NotAllowed("the tournament is paused")
        if by not in ts.seats.values():
            raise NotAllowed("only a player seated at this table may call the clock "
                             "(table-presence)")
        if self.players[by].away:
            raise NotAllowed("a player must be at the table to call the clock (table-presence)")
        target = ts.seats[d.seat]
        if by == target:
            raise NotAllowed("you cannot call the clock on yourself")
        if d.clock_by is not None:
            raise NotAllowed(f"the clock is already running on {target} (one clock per "
                             "decision)")
        wait = d.may_call_clock_at(self.cfg.clock_after_seconds) - self.play_time(now)
        if wait > 0:
            raise NotAllowed(f"the clock may be called once {target} has had "
                             f"{self.cfg.clock_after_seconds:g} s; {wait:.0f} s to go")
        countdown_at, expires, moments = countdown_moments(
            now, clock_timing(self.profile), self.profile.clock_countdown_seconds)
        start = len(self.events)
        self._emit(ev.ClockCalled(table, hand.hand_id, d.seat, target, by, now, countdown_at,
                                  expires, moments))
        return self.events[start:]

    def set_away(self, player: str, now: float) -> list[Event]:
        """A player leaves the table (or the director marks him away)."""
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed(f"{player} is not playing")
        if p.away:
            raise NotAllowed(f"{player} is already away")
        start = len(self.events)
        self._emit(ev.MarkedAway(player, now, "left"))
        if p.table is not None:
            self._settle(p.table, now)
        return self.events[start:]

    def come_back(self, player: str, now: float) -> list[Event]:
        p = self.player(player)
        if not p.away:
            raise NotAllowed(f"{player} is not away")
        start = len(self.events)
        self._emit(ev.CameBack(player, now))
        return self.events[start:]

    def run_chip_race(self, seed: str, now: float) -> list[Event]:
        """Race off every chip no longer needed, at every table (all tables must be idle)."""
        self._require_running()
        if self.live:
            raise NotAllowed("in a live tournament the chip race needs each player's odd "
                             "chips: use the live chip race")
        if self.chip_race_due(now) is None:
            raise NotAllowed(f"no colour-up is due: the {self.smallest_chip} chips are still "
                             "needed for the blinds or antes")
        busy = [t for t, s in self.tables.items() if s.hand is not None]
        if busy:
            raise NotAllowed("the chip race waits until the hands in progress are over "
                             f"(tables {', '.join(map(str, busy))})")
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
            raise NotAllowed("this league's rules do not allow a rabbit hunt (rabbit-hunt)")
        if hand is None:
            raise NotAllowed("a rabbit hunt is asked after a hand, before the next one starts")
        if hand.seat_of(player) is None:
            raise NotAllowed("only the players of the hand may agree to a rabbit hunt")
        if ts.rabbit_done:
            raise NotAllowed("the rabbit has already been hunted")
        if not hand.rabbit_cards():
            raise NotAllowed("the board was dealt out: there is nothing to hunt")
        if player in ts.rabbit_agreed:
            raise NotAllowed(f"{player} has already agreed")
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
            raise NotAllowed("no hand is in progress at this table")
        if hand.seat_of(player) is None:
            raise NotAllowed(f"{player} is not in this hand")
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
            raise NotAllowed("cards are shown after the hand, before the next one starts")
        seat = hand.seat_of(player)
        if seat is None:
            raise NotAllowed(f"{player} was not in the last hand")
        hole = hand.hole_cards(seat) or ()
        wanted = tuple(cards) if cards else tuple(hole)
        if not wanted or any(c not in hole for c in wanted):
            raise NotAllowed("you can only show your own hole cards")
        new = tuple(c for c in wanted if c not in hand.player(seat).shown)
        if not new:
            raise NotAllowed("those cards are already face up")
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
            raise NotAllowed("show one, show all applies after the hand")
        a, s = hand.seat_of(asker), hand.seat_of(target)
        if a is None:
            raise NotAllowed("only players at the table may ask")
        if s is None or not hand.player(s).shown:
            raise NotAllowed(f"{target} has shown nothing, so nothing more can be asked")
        hole = hand.hole_cards(s) or ()
        rest = tuple(c for c in hole if c not in hand.player(s).shown)
        if not rest:
            raise NotAllowed("both cards are already face up")
        start = len(self.events)
        self._emit(ev.CardsShown(table, hand.hand_id, target, rest, asker, now))
        return self.events[start:]

    # ================================================================== live mode (issue 12)

    def display_name(self, player: str) -> str | None:
        """A guest's name as the director entered it (members are named by the bot: None)."""
        guest = self.guests.get(player)
        return guest.name if guest is not None else None

    def add_guest(self, name: str, by: str, now: float) -> list[Event]:
        """The director enters a player who is not on Discord, by name: registered before the
        start, late-registered (a random open seat) during late registration."""
        if not self.live:
            raise NotAllowed("guests without a Discord account play only in live tournaments "
                             "(mode live); online every player joins himself")
        clean = " ".join(str(name).split())
        if not clean:
            raise RegistrationError("a guest needs a name, e.g. \"Dana Smith\"")
        if len(clean) > GUEST_NAME_LENGTH:
            raise RegistrationError(f"a guest's name is at most {GUEST_NAME_LENGTH} characters")
        for player, guest in self.guests.items():
            if guest.name.casefold() == clean.casefold() and player in self.players:
                raise RegistrationError(f"{guest.name} is already in this tournament; give "
                                        "another guest a name that tells them apart")
        player = f"guest-{len(self.guests) + 1}"
        self._check_registration(player, now)
        start = len(self.events)
        self._emit(ev.GuestAdded(player, clean, by, now))
        self._enter(player, now)
        return self.events[start:]

    def link_guest(self, player: str, member: str, by: str, now: float) -> list[Event]:
        """A guest turns out to be a server member: his results count for the member."""
        guest = self.guests.get(player)
        if guest is None:
            raise UnknownPlayer(f"{player!r} is not a guest of this tournament")
        if not member:
            raise NotAllowed("a guest is linked to a server member")
        if guest.member is not None:
            raise NotAllowed(f"{guest.name} is already linked to {guest.member}")
        if member in self.players:
            raise NotAllowed(f"{member} played this tournament himself: a guest can be linked "
                             "only to a member who did not")
        if any(g.member == member for g in self.guests.values()):
            raise NotAllowed(f"another guest of this tournament is already linked to {member}")
        start = len(self.events)
        self._emit(ev.GuestLinked(player, member, by, now))
        return self.events[start:]

    def bust(self, player: str, now: float, *, knocked_out_by: str | None = None,
             recorded_by: str) -> list[Event]:
        """Record an elimination at a real table; what follows comes with it (table moves, a
        table break, the final table drawn afresh, the end). See `live.bust_report`."""
        self._require_live("online, eliminations come from the hands the bot deals")
        if self.status == "finished":
            raise NotAllowed(f"the tournament is over ({self.winner} won): nobody can bust now")
        self._require_running()
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed(f"{player} is already out ({_ordinal(p.place)} place)"
                             if p.place is not None else f"{player} is not playing")
        if knocked_out_by is not None:
            if knocked_out_by == player:
                raise NotAllowed("a player cannot knock himself out: leave `by` empty")
            k = self.player(knocked_out_by)
            if k.status != "playing":
                raise NotAllowed(f"{knocked_out_by} is out already: the player who busted "
                                 f"{player} must still be in")
        assert p.table is not None
        start = len(self.events)
        self._emit(ev.Eliminated(player, len(self.playing), (), p.table, None, 0, now, None,
                                 knocked_out_by, recorded_by, p.seat))
        self._after_count_change(now)
        return self.events[start:]

    def undo_bust(self, by: str, now: float) -> list[Event]:
        """Take back the last bust not yet undone: the player is back in, in his seat if it is
        still free, else in a random open seat (and the tables are balanced again)."""
        self._require_live("online, eliminations come from the hands and cannot be undone")
        if self.status == "finished":
            raise NotAllowed("the tournament is over and its results are final: the last bust "
                             "can no longer be undone")
        self._require_running()
        if not self.busts:
            raise NotAllowed("there is no bust to undo")
        player = self.busts[-1]
        p = self.players[player]
        assert p.place is not None
        ts = self.tables.get(p.out_table) if p.out_table is not None else None
        if (ts is not None and p.out_seat is not None and p.out_seat not in ts.seats
                and len(ts.seats) < self.cfg.seats_per_table):
            table, seat = ts.table, p.out_seat
        else:
            table, seat = self._seat_for_newcomer()
        start = len(self.events)
        self._emit(ev.BustUndone(player, p.place, table, seat, by, now))
        self._balance(now)
        return self.events[start:]

    def race_odd_chips(self, odd_chips: Mapping[str, int], now: float, *,
                       only_odd_chips: Collection[str] = ()) -> list[Event]:
        """The live chip race (TREPS "Chip-Race"): each player's small chips left after changing
        up every full set; one card each per odd chip, seat 1 clockwise at every table, the
        best cards win the new chips. `only_odd_chips`: players who have nothing else (they
        get a new chip first, so nobody is raced out)."""
        self._require_live("online the bot knows every stack: the race runs by itself")
        self._require_running()
        new_chip = self.chip_race_due(now)
        if new_chip is None:
            raise NotAllowed(f"no colour-up is due: the {self.smallest_chip} chips are still "
                             "needed for the blinds or antes")
        small = self.smallest_chip
        ratio = new_chip // small
        counts: dict[str, int] = {}
        for player, n in odd_chips.items():
            p = self.player(player)
            if p.status != "playing":
                raise NotAllowed(f"{player} is out: odd chips are counted for players still in")
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < ratio:
                raise NotAllowed(
                    f"{player}'s {n!r} odd {small} chips do not add up: every {ratio} of them "
                    f"are changed for a {new_chip} first, so a player keeps 0 to {ratio - 1}")
            counts[player] = n
        only = set(only_odd_chips)
        for player in sorted(only):
            if self.player(player).status != "playing" or counts.get(player, 0) == 0:
                raise NotAllowed(f"{player} cannot have nothing but odd chips and no odd chip: "
                                 "name players with only odd chips among those who have some")
        race_seed = f"{self.seed}:chip-race:{self.event_count}"
        lines: list[ev.RaceLine] = []
        for t in sorted(self.tables):
            ts = self.tables[t]
            # Only each stack's odd part and whether anything else is left matter to the race.
            stacks = {s: counts.get(p, 0) * small + (0 if p in only else new_chip)
                      for s, p in ts.seats.items()}
            result = chip_race(t, stacks, ts.seats, small, new_chip, f"{race_seed}:table{t}",
                               self.profile.chip_race)
            lines.extend(dataclasses.replace(
                line, stack_before=counts.get(line.player, 0) * small,
                stack_after=new_chip if line.won else 0) for line in result.lines)
        start = len(self.events)
        self._emit(ev.ChipRaced(small, new_chip, self.profile.chip_race, race_seed,
                                tuple(lines), now))
        return self.events[start:]

    def clock_player(self, player: str, by: str, now: float) -> list[Event]:
        """Call the clock on a player at a real table: the profile's time (TREPS a minute, the
        last 10 seconds counted; TDA 29 25 seconds and a 5-second countdown), posted by
        `tick` at its absolute times."""
        self._require_live("online, the clock is called on the player to act at a table")
        self._require_running()
        if self.paused:
            raise NotAllowed("the tournament is paused: the clock waits until it resumes")
        p = self.player(player)
        if p.status != "playing" or p.table is None or p.seat is None:
            raise NotAllowed(f"{player} is not playing: the clock is called on a player still "
                             "in the tournament")
        if by == player:
            raise NotAllowed("you cannot call the clock on yourself")
        ts = self.tables[p.table]
        if ts.decision is not None:
            raise NotAllowed(f"the clock is already running at table {ts.table} on "
                             f"{ts.seats[ts.decision.seat]}: cancel it first")
        countdown_at, expires, moments = countdown_moments(
            now, clock_timing(self.profile), self.profile.clock_countdown_seconds)
        start = len(self.events)
        self._emit(ev.ClockCalled(ts.table, None, p.seat, player, by, now, countdown_at, expires,
                                  moments))
        return self.events[start:]

    def cancel_clock(self, player: str, by: str, now: float) -> list[Event]:
        """The player acted (or the clock was called in error): the clock stops."""
        self._require_live("online, the clock ends when the player acts")
        p = self.player(player)
        ts = self.tables.get(p.table) if p.table is not None else None
        if ts is None or ts.decision is None or ts.decision.seat != p.seat:
            raise NotAllowed(f"no clock is running on {player}")
        start = len(self.events)
        self._emit(ev.ClockCancelled(ts.table, ts.decision.seat, player, by, now))
        return self.events[start:]

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
        if self.status == "running" and index + 1 < len(s.periods):
            end_play = s.period_start(index + 1)
            seconds_left = max(0.0, end_play - self.play_time(now))
            if not self.paused:
                ends_at = self.absolute(end_play, float("inf"))
                later = [i for i in range(index + 1, len(s.periods))
                         if isinstance(s.periods[i], Break)]
                if later:
                    next_break_at = self.absolute(s.period_start(later[0]), float("inf"))
        following = s.periods[index + 1] if index + 1 < len(s.periods) else None
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
            on_break=isinstance(period, Break), small_blind=level.small_blind,
            big_blind=level.big_blind, ante=level.ante, ends_at=ends_at,
            seconds_left=seconds_left,
            next_level=s.level_for_hand(index + 1) if following is not None else None,
            next_is_break=isinstance(following, Break), next_break_at=next_break_at,
            players_left=left, entries=entries,
            rebuys=sum(p.rebuys for p in self.players.values()),
            add_ons=sum(p.add_ons for p in self.players.values()),
            chips_in_play=chips, average_stack=chips // left if left else 0,
            prize_pool=pool, payouts=payouts,
        )

    def _require_live(self, online: str) -> None:
        if not self.live:
            raise NotAllowed(f"this is not a live tournament: {online}")

    # ================================================================== director

    def void_hand(self, table: int, by: str, reason: str, now: float) -> list[Event]:
        """Misdeal: the hand is void and every stack goes back to what it was at its start."""
        ts = self._table(table)
        if ts.hand is None:
            raise NotAllowed(f"no hand is in progress at table {table}")
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
            raise NotAllowed(f"{player} is not playing")
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise NotAllowed("a penalty is a whole number of hands, 1 or more")
        start = len(self.events)
        self._emit(ev.PenaltyGiven(player, hands, by, reason, now))
        return self.events[start:]

    def disqualify(self, player: str, by: str, reason: str, now: float) -> list[Event]:
        p = self.player(player)
        if p.status != "playing":
            raise NotAllowed(f"{player} is not playing")
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
                             "stacks, so there is none to adjust")
        if p.status != "playing":
            raise NotAllowed(f"{player} is not playing")
        if isinstance(new_stack, bool) or not isinstance(new_stack, int) or new_stack < 1:
            raise NotAllowed("a stack is set to a whole number of chips, 1 or more (to take "
                             "all of a player's chips, disqualify him)")
        if not reason:
            raise NotAllowed("a stack adjustment needs a reason")
        self._require_not_dealt_in(p)
        start = len(self.events)
        self._emit(ev.StackAdjusted(player, p.stack, new_stack, by, reason, now))
        return self.events[start:]

    def pause(self, by: str, reason: str, now: float) -> list[Event]:
        self._require_running()
        if self.paused:
            raise NotAllowed("the tournament is already paused")
        start = len(self.events)
        self.tick(now)
        self._emit(ev.Paused(by, reason, now))
        return self.events[start:]

    def resume(self, by: str, now: float) -> list[Event]:
        self._require_running()
        if not self.paused:
            raise NotAllowed("the tournament is not paused")
        start = len(self.events)
        self._emit(ev.Resumed(by, now))
        return self.events[start:]

    def back_online(self, stopped: float, now: float, *,
                    min_seconds: float = RESUME_MINIMUM) -> list[Event]:
        """The bot is back at `now` after being down since `stopped` (its last sign of life,
        from its heartbeat; never earlier than the last event). Issue 18:
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

    def rabbit_wait_ends(self, table: int, wait: float) -> float | None:
        """When the next deal at `table` stops waiting for the others to agree to a rabbit
        hunt (`wait` seconds of play time after the first agreement), as an absolute time;
        None when no hunt is pending. Play time: a pause or the bot's downtime stops it."""
        ts = self.tables.get(table)
        if ts is None or not ts.rabbit_agreed or ts.rabbit_done or ts.rabbit_since is None:
            return None
        at = self._future_absolute(ts.rabbit_since + wait)
        return float("inf") if at is None else at

    def ruling(self, by: str, text: str, players: Sequence[str], now: float) -> list[Event]:
        if not text.strip():
            raise NotAllowed("a ruling needs its text")
        for p in players:
            self.player(p)
        start = len(self.events)
        self._emit(ev.DirectorRuling(by, text, tuple(players), now))
        return self.events[start:]

    # ================================================================== internals: flow

    def _require_running(self) -> None:
        if self.status == "registering":
            raise NotAllowed("the tournament has not started")
        if self.status != "running":
            raise NotAllowed("the tournament is over")

    def _require_not_dealt_in(self, p: Entrant) -> None:
        if p.table is None:
            return
        hand = self.tables[p.table].hand
        if hand is not None and hand.seat_of(p.player) is not None:
            raise NotAllowed(f"{p.player} is in the hand at table {p.table}; wait until it is "
                             "over")

    def _table(self, table: int) -> TableState:
        try:
            return self.tables[table]
        except KeyError:
            raise NotAllowed(f"there is no table {table}: tables are "
                             f"{', '.join(map(str, sorted(self.tables)))}") from None

    def _stack_shown(self, stack: int) -> int:
        """A stack as the seating records it: live mode counts no chips (0)."""
        return 0 if self.live else stack

    def _announce(self, now: float) -> None:
        if self.status != "running":
            return
        current = self.period_index(now)
        s = self.structure
        while self.announced_period < current:
            i = self.announced_period + 1
            p = s.periods[i]
            lv = s.level_for_hand(i)
            last_level = i == max(k for k, q in enumerate(s.periods) if not isinstance(q, Break))
            ends = None if last_level else self._future_absolute(s.period_start(i + 1))
            self._emit(ev.LevelStarted(
                i, s.level_number(i), isinstance(p, Break), lv.small_blind, lv.big_blind,
                lv.ante, self.absolute(s.period_start(i), now), ends,
                "blind-levels"))

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
                self._emit(ev.TournamentRuling(
                    "same-hand-eliminations",
                    "Players eliminated in the same hand are placed by their stacks at the "
                    "start of the hand; equal stacks share the place.", table, hand.hand_id,
                    tuple(by_stack)))
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
        self._emit(ev.Finished(winner, self.pool, prizes(finishes, amounts, withheld), now))

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

    def _rng(self, purpose: str) -> SeededRandom:
        """The tournament's own randomness after the start: drawn from the start's seed, the
        purpose and the log's length, so it replays exactly and never repeats a stream."""
        return SeededRandom(f"{self.seed}:{purpose}:{self.event_count}")

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

    # ================================================================== state changes

    def _emit(self, e: Event) -> None:
        current = ev.upgraded(e)
        self._apply(current)
        self.events.append(current)
        at = getattr(current, "at", None)
        if isinstance(at, float | int) and at > self.last_at:
            self.last_at = float(at)

    def _apply(self, e: Event) -> None:
        applier = _APPLIERS.get(type(e))
        if applier is None:
            raise TournamentError(f"not a tournament event: {e.type}")
        applier(self, e)

    def _new_decision(self, ts: TableState, at: float) -> None:
        hand = ts.hand
        if hand is None or hand.is_over or hand.to_act is None:
            ts.decision = None
        else:
            ts.decision = Decision(hand.to_act, self.play_time(at))

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

    def _hand_config(self, e: ev.HandDealt) -> HandConfig:
        pos = _positions(e)
        return HandConfig(
            hand_id=e.hand_id,
            seats=tuple(e.seats),
            button=e.button, small_blind_seat=pos.posted_small_blind_seat,
            big_blind_seat=e.big_blind_seat, small_blind=e.small_blind,
            big_blind=e.big_blind, ante=e.ante, big_blind_ante=e.big_blind_ante,
            profile=self.profile, deck_seed=e.seed, table_size=self.cfg.seats_per_table,
            chip_unit=e.chip_unit,
        )

    def _hand_step(self, e: _HandEvent) -> TableState:
        """Apply an event that acts on the hand in play; returns its table."""
        ts = self.tables[e.table]
        assert ts.hand is not None
        _HAND_STEPS[type(e)](ts.hand, e)
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
        self.players[e.player] = Entrant(e.player, "playing", self._stack_shown(e.stack))
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
        self.announced_period = e.period

    def _on_hand_dealt(self, e: ev.HandDealt) -> None:
        ts = self.tables[e.table]
        ts.hand = Hand.start(self._hand_config(e))
        for s in e.seats:
            self.players[s.player].waits_for_button = False
        ts.hand_positions = _positions(e)
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
        _show(ts.last_hand, e)
        ts.last_hand_log.append(e)

    def _on_finished(self, e: ev.Finished) -> None:
        self.status = "finished"
        self.winner = e.winner
        self.players[e.winner].place = 1
        self.prizes = dict(e.prizes)
        self.running_since = None


# ---------------------------------------------------------------------- hand steps

# Events that act on the hand in play; `_HAND_STEPS` replays each on a Hand (live, or rebuilt
# from a snapshot's hand log), so the tournament and its snapshots run the same code.
_HandEvent = (ev.PlayerActed | ev.AwayActed | ev.ClockExpired | ev.HandDeclaredDead
              | ev.AskedToShow)


def _run_action(hand: Hand, seat: int, action: ev.Action, amount: int | None) -> list[Event]:
    if action in ev.ACTIONS_WITH_AMOUNT:
        assert amount is not None
        with_amount: dict[ev.Action, Callable[[int, int], list[Event]]] = {
            "bet": hand.bet, "raise_to": hand.raise_to, "raise_by": hand.raise_by,
            "make_it": hand.make_it,
        }
        return with_amount[action](seat, amount)
    plain: dict[ev.Action, Callable[[int], list[Event]]] = {
        "fold": hand.fold, "check": hand.check, "call": hand.call,
        "check_or_call": hand.check_or_call, "all_in": hand.all_in,
    }
    return plain[action](seat)


def _acted(hand: Hand, e: ev.PlayerActed) -> None:
    _run_action(hand, e.seat, e.action, e.amount)


def _away(hand: Hand, e: ev.AwayActed) -> None:
    if e.how == "kill":
        hand.kill(e.seat, "away")
    else:
        hand.timeout(e.seat, "away", e.how)


def _clock(hand: Hand, e: ev.ClockExpired) -> None:
    hand.timeout(e.seat, "clock", e.expiry)


def _dead(hand: Hand, e: ev.HandDeclaredDead) -> None:
    hand.kill(e.seat, e.rule_id)


def _asked_to_show(hand: Hand, e: ev.AskedToShow) -> None:
    seat = hand.seat_of(e.player)
    assert seat is not None
    hand.ask_to_show(seat)


def _show(hand: Hand, e: ev.CardsShown) -> None:
    seat = hand.seat_of(e.player)
    assert seat is not None
    if e.requested_by is None:
        hand.show(seat, e.cards)
    else:
        asker = hand.seat_of(e.requested_by)
        assert asker is not None
        hand.request_show_all(asker, seat)


_HAND_STEPS: dict[type[Event], Callable[[Hand, Any], None]] = {
    ev.PlayerActed: _acted,
    ev.AwayActed: _away,
    ev.ClockExpired: _clock,
    ev.HandDeclaredDead: _dead,
    ev.AskedToShow: _asked_to_show,
    ev.CardsShown: _show,
}

# What `_apply` does for each event type (one applier per class, as the hand engine's _APPLY).
_APPLIERS: dict[type[Event], Callable[[Tournament, Any], None]] = {
    ev.Created: Tournament._on_created,
    ev.Registered: Tournament._on_registered,
    ev.Unregistered: Tournament._on_unregistered,
    ev.Started: Tournament._on_started,
    ev.TableOpened: Tournament._on_table_opened,
    ev.SeatsDrawn: Tournament._on_seats_drawn,
    ev.ButtonDrawn: Tournament._on_button_drawn,
    ev.LateRegistered: Tournament._on_late_registered,
    ev.Rebuy: Tournament._on_rebuy,
    ev.AddOn: Tournament._on_add_on,
    ev.LevelStarted: Tournament._on_level_started,
    ev.HandDealt: Tournament._on_hand_dealt,
    ev.TournamentRuling: Tournament._on_nothing,
    ev.PlayerActed: Tournament._on_player_acted,
    ev.TimedOut: Tournament._on_nothing,
    ev.MarkedAway: Tournament._on_marked_away,
    ev.CameBack: Tournament._on_came_back,
    ev.AwayActed: Tournament._on_away_acted,
    ev.ClockCalled: Tournament._on_clock_called,
    ev.ClockCountdown: Tournament._on_clock_countdown,
    ev.ClockExpired: Tournament._on_clock_expired,
    ev.ClockCancelled: Tournament._on_clock_cancelled,
    ev.HandDeclaredDead: Tournament._on_hand_declared_dead,
    ev.HandFinished: Tournament._on_hand_finished,
    ev.HandVoided: Tournament._on_hand_voided,
    ev.Eliminated: Tournament._on_eliminated,
    ev.PlayerMoved: Tournament._on_player_moved,
    ev.TableBroken: Tournament._on_table_broken,
    ev.FinalTable: Tournament._on_final_table,
    ev.ChipRaced: Tournament._on_chip_raced,
    ev.PenaltyGiven: Tournament._on_penalty_given,
    ev.Disqualified: Tournament._on_disqualified,
    ev.ChipsRemoved: Tournament._on_chips_removed,
    ev.StackAdjusted: Tournament._on_stack_adjusted,
    ev.Paused: Tournament._on_paused,
    ev.Resumed: Tournament._on_resumed,
    ev.OfflinePause: Tournament._on_offline_pause,
    ev.ClockCaughtUp: Tournament._on_clock_caught_up,
    ev.DirectorRuling: Tournament._on_nothing,
    ev.RabbitAgreed: Tournament._on_rabbit_agreed,
    ev.RabbitHunted: Tournament._on_rabbit_hunted,
    ev.AskedToShow: Tournament._on_asked_to_show,
    ev.CardsShown: Tournament._on_cards_shown,
    ev.Finished: Tournament._on_finished,
    ev.GuestAdded: Tournament._on_guest_added,
    ev.GuestLinked: Tournament._on_guest_linked,
    ev.BustUndone: Tournament._on_bust_undone,
}


# ---------------------------------------------------------------------- helpers


def _action(action: str) -> ev.Action:
    for name in ev.ACTIONS:
        if action == name:
            return name
    raise NotAllowed(f"unknown action {action!r}: actions are {', '.join(ev.ACTIONS)}")


def _positions(e: ev.HandDealt) -> Positions:
    return Positions(e.button, e.small_blind_seat, e.small_blind_posted, e.big_blind_seat,
                     len(e.seats))


def _in_step(trial: Hand, hand: Hand) -> bool:
    """Whether the trial copy holds exactly the hand's events (same count, same last one)."""
    n = len(hand.events)
    return (trial.hand_id == hand.hand_id and len(trial.events) == n
            and (n == 0 or trial.events[-1] == hand.events[-1]))


def _check_expected(hand: Hand | None, expect: Expectation | None) -> None:
    """Refuse a command made for a moment of the hand that has passed (runs inside the
    session's lock, against the state the command is applied to)."""
    if expect is None:
        return
    hand_id, count = expect
    if hand is None or hand.hand_id != hand_id or len(hand.events) != count:
        raise NotAllowed(MOVED_ON)


def _check_last_hand(hand: Hand | None, hand_id: str | None) -> None:
    if hand_id is not None and (hand is None or hand.hand_id != hand_id):
        raise NotAllowed("That hand is over and another has been dealt since you clicked; "
                         "nothing was done.")


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


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _entrant_data(p: Entrant) -> dict[str, Any]:
    """An entrant as snapshot data: his id and every field that is not at its default."""
    defaults = Entrant(p.player)
    out: dict[str, Any] = {"player": p.player}
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        if f.name != "player" and value != getattr(defaults, f.name):
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def new_tournament(tournament_id: int, *, profile: str | Profile = "tda",
                   structure: Structure, payouts: PayoutTable, now: float,
                   **options: Any) -> Tournament:
    """Convenience: a tournament with a profile given by name (or a Profile)."""
    prof = make_profile(profile) if isinstance(profile, str) else profile
    return Tournament.create(
        tournament_id, TournamentConfig(prof, structure, payouts, **options), now)

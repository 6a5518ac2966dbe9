"""Who plays: registration (late registration included), the start, re-buys and add-ons."""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.hand import Seat
from bot.tournament import events as ev
from bot.tournament.errors import (
    NotAllowed,
    RegistrationError,
    UnknownPlayer,
    Who,
)
from bot.tournament.flow import Flow
from bot.tournament.players import PlayerId
from bot.tournament.seating import draw_button, random_seating, seat_by_card


class Entries(Flow):
    """Registration, the start, re-buys and add-ons."""

    def register(self, player: PlayerId, now: float) -> list[Event]:
        start = len(self.events)
        if not player or not isinstance(player, str):
            raise RegistrationError("a player is registered by a non-empty id", code="no-player-id")
        self._check_registration(player, now)
        self._enter(player, now)
        return self.events[start:]

    def _check_registration(self, player: str, now: float) -> None:
        """Refuse an entry that is not allowed now (before anything is emitted)."""
        if self.status == "registering":
            if player in self.players:
                raise RegistrationError("{player} is already registered", code="already-registered",
                                        player=Who(player))
            return
        if self.status != "running":
            raise RegistrationError("registration is closed: the tournament is over", code="over")
        if player in self.players:
            raise RegistrationError(
                "{player} has already entered" + (
                    "; a busted player may re-buy instead" if self.structure.rebuys else ""),
                code="already-entered", player=Who(player))
        late = self.structure.late_registration_level
        if late is None:
            raise RegistrationError("registration closed when the tournament started: this "
                                    "structure has no late registration",
                                    code="no-late-registration")
        if self.level_number(now) > late:
            raise RegistrationError("late registration closed after level {level}",
                                    code="late-registration-closed", level=late)
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
            raise RegistrationError("players can unregister only before the start", code="started")
        if player not in self.players:
            raise UnknownPlayer("{player} is not registered", code="not-registered",
                                player=Who(player))
        start = len(self.events)
        self._emit(ev.Unregistered(player, now))
        return self.events[start:]

    def start(self, seed: str, now: float) -> list[Event]:
        """Random seats from the seed, then the first button at each table by the profile."""
        if self.status != "registering":
            raise NotAllowed("the tournament has already started", code="started")
        if len(self.players) < 2:
            raise RegistrationError("a tournament needs at least 2 players; {count} registered",
                                    code="too-few-players", count=len(self.players))
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

    def rebuy(self, player: str, now: float) -> list[Event]:
        p = self.player(player)
        rb = self.structure.rebuys
        self._require_running()
        if rb is None:
            raise NotAllowed("this structure has no re-buys", code="no-rebuys")
        if p.status != "out" or p.disqualified:
            raise NotAllowed("only a busted player may re-buy", code="rebuy-not-busted")
        if self.level_number(now) > rb.until_level:
            raise NotAllowed("re-buys closed after level {level}", code="rebuys-closed",
                             level=rb.until_level)
        if p.rebuys >= rb.max_per_player:
            n = rb.max_per_player
            raise NotAllowed("each player may re-buy {times}", code="rebuy-limit",
                             times="once" if n == 1 else "twice" if n == 2 else f"{n} times")
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
            raise NotAllowed("this structure has no add-on", code="no-add-on")
        if p.status != "playing":
            raise NotAllowed("only a player still in the tournament may add on",
                             code="add-on-not-playing")
        window = self.add_on_window(now)
        if window == "before":
            raise NotAllowed("the add-on is taken at the break after level {level}",
                             code="add-on-at-break", level=ao.until_level)
        if window == "closed":
            raise NotAllowed("the add-on closed " + ("with the break after" if ao.at_break
                                                     else "after") + " level {level}",
                             code="add-on-closed", level=ao.until_level)
        if p.add_ons:
            raise NotAllowed("each player may take one add-on", code="add-on-limit")
        self._require_not_dealt_in(p)
        start = len(self.events)
        self._emit(ev.AddOn(player, ao.chips, ao.cost, now))
        return self.events[start:]

"""The live desk: a night played with real cards and chips.

The bot deals no hands: the director enters guests, records busts (and undoes the last), runs
the chip race from the odd chips counted at the tables, and calls the clock on a player."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from bot.engine.events import Event
from bot.tournament import events as ev
from bot.tournament.chip_race import chip_race
from bot.tournament.clock import (
    clock_timing,
    countdown_moments,
)
from bot.tournament.errors import (
    NotAllowed,
    Place,
    RegistrationError,
    UnknownPlayer,
    Who,
)
from bot.tournament.flow import Flow
from bot.tournament.players import PlayerId, guest_player

GUEST_NAME_LENGTH = 64


class LiveDesk(Flow):
    """The director's desk on a live night: guests, busts and their undo, the live chip race
    and the clock called on a player at a real table."""

    def add_guest(self, name: str, by: str, now: float) -> list[Event]:
        """The director enters a player who is not on Discord, by name: registered before the
        start, late-registered (a random open seat) during late registration."""
        if not self.live:
            raise NotAllowed("guests without a Discord account play only in live tournaments "
                             "(mode live); online every player joins himself", code="not-live")
        clean = " ".join(str(name).split())
        if not clean:
            raise RegistrationError("a guest needs a name, e.g. \"Dana Smith\"",
                                    code="guest-name-missing")
        if len(clean) > GUEST_NAME_LENGTH:
            raise RegistrationError("a guest's name is at most {count} characters",
                                    code="guest-name-length", count=GUEST_NAME_LENGTH)
        for player, guest in self.guests.items():
            if guest.name.casefold() == clean.casefold() and player in self.players:
                raise RegistrationError("{guest} is already in this tournament; give another guest "
                                        "a name that tells them apart", code="guest-name-taken",
                                        guest=Who(player))
        player = guest_player(len(self.guests) + 1)
        self._check_registration(player, now)
        start = len(self.events)
        self._emit(ev.GuestAdded(player, clean, by, now))
        self._enter(player, now)
        return self.events[start:]

    def link_guest(self, player: str, member: PlayerId, by: str, now: float) -> list[Event]:
        """A guest turns out to be a server member: his results count for the member."""
        guest = self.guests.get(player)
        if guest is None:
            raise UnknownPlayer("{player} is not a guest of this tournament", code="not-a-guest",
                                player=Who(player))
        if not member:
            raise NotAllowed("a guest is linked to a server member", code="no-member")
        if guest.member is not None:
            raise NotAllowed("{guest} is already linked to {member}", code="guest-linked",
                             guest=Who(player), member=Who(guest.member))
        if member in self.players:
            raise NotAllowed("{member} played this tournament himself: a guest can be linked only "
                             "to a member who did not", code="member-played",
                             member=Who(member))
        if any(g.member == member for g in self.guests.values()):
            raise NotAllowed("another guest of this tournament is already linked to {member}",
                             code="member-linked", member=Who(member))
        start = len(self.events)
        self._emit(ev.GuestLinked(player, member, by, now))
        return self.events[start:]

    def bust(self, player: str, now: float, *, knocked_out_by: str | None = None,
             recorded_by: str) -> list[Event]:
        """Record an elimination at a real table; what follows comes with it (table moves, a
        table break, the final table drawn afresh, the end). See `live.bust_report`."""
        self._require_live("online, eliminations come from the hands the bot deals")
        if self.status == "finished":
            raise NotAllowed("the tournament is over ({winner} won): nobody can bust now",
                             code="over", winner=Who(self.winner or ""))
        self._require_running()
        p = self.player(player)
        if p.status != "playing":
            if p.place is not None:
                raise NotAllowed("{player} is already out ({place})", code="already-out",
                                 player=Who(player), place=Place(p.place))
            raise NotAllowed("{player} is not playing", code="not-playing", player=Who(player))
        if knocked_out_by is not None:
            if knocked_out_by == player:
                raise NotAllowed("a player cannot knock himself out: leave `by` empty",
                                 code="knocked-out-by-self")
            k = self.player(knocked_out_by)
            if k.status != "playing":
                raise NotAllowed("{by} is out already: the player who busted {player} must still "
                                 "be in", code="knocked-out-by-out", by=Who(knocked_out_by),
                                 player=Who(player))
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
                             "can no longer be undone", code="over")
        self._require_running()
        if not self.busts:
            raise NotAllowed("there is no bust to undo", code="no-bust")
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
            raise NotAllowed("no colour-up is due: the {chip} chips are still needed for the "
                             "blinds or antes", code="no-colour-up", chip=self.smallest_chip)
        small = self.smallest_chip
        ratio = new_chip // small
        counts: dict[str, int] = {}
        for player, n in odd_chips.items():
            p = self.player(player)
            if p.status != "playing":
                raise NotAllowed("{player} is out: odd chips are counted for players still in",
                                 code="odd-chips-out", player=Who(player))
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < ratio:
                raise NotAllowed(
                    "{player}'s {count} odd {chip} chips do not add up: every {ratio} of them "
                    "are changed for a {new_chip} first, so a player keeps 0 to {most}",
                    code="odd-chips-count", player=Who(player), count=repr(n), chip=small,
                    ratio=ratio, new_chip=new_chip, most=ratio - 1)
            counts[player] = n
        only = set(only_odd_chips)
        for player in sorted(only):
            if self.player(player).status != "playing" or counts.get(player, 0) == 0:
                raise NotAllowed("{player} cannot have nothing but odd chips and no odd chip: name "
                                 "players with only odd chips among those who have some",
                                 code="only-odd-chips", player=Who(player))
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
            raise NotAllowed("the tournament is paused: the clock waits until it resumes",
                             code="paused")
        p = self.player(player)
        if p.status != "playing" or p.table is None or p.seat is None:
            raise NotAllowed("{player} is not playing: the clock is called on a player still in "
                             "the tournament", code="not-playing", player=Who(player))
        if by == player:
            raise NotAllowed("you cannot call the clock on yourself", code="clock-on-self")
        ts = self.tables[p.table]
        if ts.decision is not None:
            raise NotAllowed("the clock is already running at table {table} on {player}: cancel "
                             "it first", code="clock-running", table=ts.table,
                             player=Who(ts.seats[ts.decision.seat]))
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
            raise NotAllowed("no clock is running on {player}", code="no-clock", player=Who(player))
        start = len(self.events)
        self._emit(ev.ClockCancelled(ts.table, ts.decision.seat, player, by, now))
        return self.events[start:]

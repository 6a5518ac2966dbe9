"""Rules the director applies, each against the seed rule it checks:
the clock and its one deadline, the smallest chip in every hand, the final table's fresh draw,
late entries' random seats and when they are dealt in, and several eliminations in one hand
under TREPS."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.cards import card_order
from bot.engine.events import event_from_dict
from bot.tournament import events as ev
from bot.tournament.blinds import first_positions, next_positions
from bot.tournament.errors import NotAllowed
from bot.tournament.structure import Level
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, find, make, play_all_in_hand, replayed, structure

PROFILES = ("treps", "tavern", "tda")


def _of(events: list[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def _fold_round(t: Tournament, table: int, now: float = T0) -> None:
    hand = t.tables[table].hand
    while hand is not None and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(table, legal.seat, "fold", now=now)


def _someone_else(t: Tournament, table: int, seat: int) -> str:
    return next(p for s, p in sorted(t.tables[table].seats.items()) if s != seat)


# ------------------------------------------------------------------ the clock


@pytest.mark.parametrize(("profile", "countdown", "expires"),
                         [("treps", 50, 60), ("tavern", 50, 60), ("tda", 25, 30)])
def test_the_clock_runs_the_profile_time_from_the_call(profile: str, countdown: int,
                                                       expires: int) -> None:
    """TREPS "Calling the Clock": one minute, the final 10 seconds counted down, then the hand
    is folded (Tavern is silent and plays it the same). TDA 29: 25 seconds, THEN a
    5-second countdown, 30 seconds in all from the call; facing a bet the hand is dead."""
    t = make(profile, n=3, clock_after_seconds=0, action_seconds=600)
    hand = t.start_hand(1, "h", T0)
    seat = hand.to_act
    assert seat is not None
    called_at = T0 + 10
    (called,) = t.call_clock(1, _someone_else(t, 1, seat), called_at)
    assert isinstance(called, ev.ClockCalled)
    assert (called.countdown_at, called.expires_at) == (called_at + countdown,
                                                        called_at + expires)
    assert called.countdown == tuple(called_at + expires - k for k in
                                     range(expires - countdown, 0, -1))
    assert t.tick(called_at + countdown - 1) == []
    (posted,) = t.tick(called_at + countdown)
    assert isinstance(posted, ev.ClockCountdown) and posted.expires_at == called_at + expires
    assert t.tick(called_at + expires - 0.5) == [] and hand.to_act == seat
    (expired,) = _of(t.tick(called_at + expires), ev.ClockExpired)
    assert expired.at == called_at + expires
    assert hand.player(seat).folded  # he faced the big blind: folded (tda: dead)


def test_tda_clock_checks_a_player_who_faces_no_bet_after_30_seconds() -> None:
    """TDA 29: when time is up a player facing no bet is checked, not folded."""
    t = make("tda", n=2, clock_after_seconds=0, action_seconds=600)
    hand = t.start_hand(1, "h", T0)
    legal = hand.legal()
    assert legal is not None
    t.act(1, legal.seat, "call", now=T0)  # the big blind now faces no bet
    bb = hand.to_act
    assert bb is not None
    t.call_clock(1, _someone_else(t, 1, bb), T0 + 1)
    assert not _of(t.tick(T0 + 30.5), ev.ClockExpired) and hand.street == "preflop"
    (expired,) = _of(t.tick(T0 + 31), ev.ClockExpired)
    assert expired.expiry == "check_or_fold"
    assert hand.street == "flop" and hand.player(bb).live


# ------------------------------------------------------------------ one deadline


@pytest.mark.parametrize("profile", PROFILES)
def test_once_the_clock_is_called_it_is_the_only_deadline(profile: str) -> None:
    """The table message and the clock post read the same deadline
    (`Tournament.turn_deadline`); the clock replaces the action time (TREPS "Calling the
    Clock"; TDA 29), and a director's pause moves it by the time paused."""
    t = make(profile, n=3, clock_after_seconds=5, action_seconds=300)
    hand = t.start_hand(1, "h", T0)
    seat = hand.to_act
    assert seat is not None
    before = t.turn_deadline(1, T0 + 1)
    assert before is not None
    assert (before.kind, before.at, before.seat) == ("action", T0 + 300, seat)
    assert before.player == t.tables[1].seats[seat] and before.hand_id == hand.hand_id
    (called,) = t.call_clock(1, _someone_else(t, 1, seat), T0 + 20)
    assert isinstance(called, ev.ClockCalled)
    after = t.turn_deadline(1, T0 + 21)
    assert after is not None
    assert (after.kind, after.at, after.countdown_at) == ("clock", called.expires_at,
                                                          called.countdown_at)
    at_table_1 = [(d.kind, d.at) for d in t.deadlines(T0 + 21) if d.table == 1]
    assert at_table_1 == [("clock_countdown", called.countdown_at), ("clock", called.expires_at)]
    t.pause("td", "a dispute", T0 + 22)
    assert t.turn_deadline(1, T0 + 50) is None  # every timer is frozen while paused
    t.resume("td", T0 + 122)
    resumed = t.turn_deadline(1, T0 + 122)
    assert resumed is not None and resumed.at == called.expires_at + 100


# ------------------------------------------------------------------ the smallest chip


@pytest.mark.parametrize("profile", PROFILES)
def test_every_hand_is_dealt_with_the_smallest_chip_in_play_at_its_level(profile: str) -> None:
    """Rule chip-unit (TREPS "Odd-Chips"): chips move in units of the smallest
    chip in play at the current level; after the colour-up (TREPS "Chip-Race") that is the
    next chip up."""
    t = make(profile, n=3, struct=structure(periods=(Level(25, 50, 0, 600),
                                                     Level(100, 200, 0, 600))))
    hand = t.start_hand(1, "h1", T0)
    assert hand.chip_unit == 25 and _of(t.events, ev.HandDealt)[-1].chip_unit == 25
    legal = hand.legal()
    assert legal is not None
    t.act(1, legal.seat, "raise_to", 130, now=T0)  # not a whole number of 25s
    assert hand.player(legal.seat).bet % 25 == 0
    assert "chip-unit" in [r.rule_id for r in hand.rulings]
    _fold_round(t, 1)
    t.run_chip_race("race", T0 + 600)
    assert t.start_hand(1, "h2", T0 + 600).chip_unit == 100


def test_hands_stored_before_the_chip_unit_replay_in_single_chips() -> None:
    """A hand dealt before the director passed the smallest chip was played in 1s: replaying
    its stored events must not round its amounts afresh."""
    t = make("tda", n=3)
    t.start_hand(1, "h", T0)
    stored = [e.to_dict() for e in t.events]
    for d in stored:
        if d["type"] == ev.HandDealt.type:
            del d["chip_unit"]
    old = Tournament.replay(event_from_dict(d) for d in stored)
    hand = old.hand(1)
    assert hand is not None and hand.chip_unit == 1


# ------------------------------------------------------------------ the final table


def _disqualify_down_to(t: Tournament, remaining: int, table: int) -> list[Any]:
    out: list[Any] = []
    while len(t.playing) > remaining:
        out += t.disqualify(next(iter(t.tables[table].seats.values())), "td", "no-show", T0)
    return out


@pytest.mark.parametrize(("profile", "method"),
                         [("treps", "by_card"), ("tavern", "first_ace"), ("tda", "high_card")])
def test_the_final_table_draws_seats_and_button_afresh(profile: str, method: str) -> None:
    """TREPS "The Button": when a new table is formed the button goes by high card and the
    players sit by descending card counter-clockwise from it; Tavern "The Shuffle and Deal"
    (random seats, first ace deals); tda: random seats, high card (the design rules)."""
    t = make(profile, n=8, seats=6)
    assert len(t.tables) == 2
    out = _disqualify_down_to(t, 6, 2)
    (final,) = _of(out, ev.FinalTable)
    (drawn,) = _of(out, ev.SeatsDrawn)
    (draw,) = _of(out, ev.ButtonDrawn)
    assert out.index(final) < out.index(drawn) < out.index(draw)
    assert drawn.rule_id == "final-table" and drawn.table == final.table
    assert sorted(s.player for s in drawn.seats) == sorted(t.playing)
    for s in drawn.seats:
        assert t.players[s.player].seat == s.seat and t.players[s.player].table == final.table
    assert draw.method == method and t.tables[final.table].button == draw.button
    cards = draw.cards
    if method == "by_card":
        assert len(cards) == 6
        ranked = sorted(cards, key=lambda c: card_order(c.card), reverse=True)
        assert draw.button == ranked[0].seat
        assert [c.seat for c in ranked] == [6, 5, 4, 3, 2, 1]  # counter-clockwise from it
    elif method == "first_ace":
        assert cards[-1].card[0] == "A" and all(c.card[0] != "A" for c in cards[:-1])
        assert draw.button == cards[-1].seat
    else:
        assert len(cards) == 6
        assert draw.button == max(cards, key=lambda c: card_order(c.card)).seat
    hand = t.start_hand(final.table, "first-final-hand", T0)
    assert hand.button == draw.button
    assert replayed(t).tables[final.table].seats == t.tables[final.table].seats


def test_a_final_table_formed_during_a_hand_draws_when_that_hand_is_over() -> None:
    """Seats cannot be drawn while a hand is played at the table: the draw waits for it."""
    t = make("tda", n=8, seats=6)
    t.start_hand(1, "busy", T0)
    out = _disqualify_down_to(t, 6, 2)
    assert _of(out, ev.FinalTable) and not _of(out, ev.SeatsDrawn)
    before = len(t.events)
    _fold_round(t, 1)
    after = t.events[before:]
    finished = _of(after, ev.HandFinished)[0]
    (drawn,) = _of(after, ev.SeatsDrawn)
    assert after.index(finished) < after.index(drawn)
    assert len(drawn.seats) == 6


def test_one_starting_table_is_not_redrawn() -> None:
    """Only a final table formed from two or more tables is drawn afresh."""
    t = make("tda", n=6, seats=6)
    out = _disqualify_down_to(t, 4, 1)
    assert not _of(out, ev.SeatsDrawn) and not _of(out, ev.FinalTable)


# ------------------------------------------------------------------ late registration


@pytest.mark.parametrize("profile", PROFILES)
def test_a_late_entry_draws_a_random_open_seat_from_the_tournaments_randomness(
        profile: str) -> None:
    """TDA "Alternates, Late Registration and Re-Entries": late players draw a random seat;
    the draw comes from the tournament's seed, so it replays and differs between
    tournaments."""
    seats: set[int] = set()
    for i in range(8):
        t = make(profile, n=4, seed=f"night-{i}", struct=structure(late_registration_level=2))
        taken = set(t.tables[1].seats)
        (late,) = _of(t.register("late", T0 + 10), ev.LateRegistered)
        assert late.table == 1 and late.seat not in taken and 1 <= late.seat <= 9
        seats.add(late.seat)
        again = make(profile, n=4, seed=f"night-{i}",
                     struct=structure(late_registration_level=2))
        assert _of(again.register("late", T0 + 10), ev.LateRegistered)[0].seat == late.seat
    assert len(seats) >= 3


def _between(start: int, end: int, seat: int, size: int) -> bool:
    s = start % size + 1
    while s != end and s != start:
        if s == seat:
            return True
        s = s % size + 1
    return False


def _late_entry(profile: str, between: bool) -> tuple[Tournament, int]:
    """A tournament that played a hand, then took a late entry whose seat is (or is not)
    between the next hand's button and small blind."""
    def attempt(seed: str) -> Tournament:
        t = make(profile, n=5, seed=seed, struct=structure(late_registration_level=2))
        t.start_hand(1, "first", T0)
        _fold_round(t, 1)
        if profile == "treps":
            # TREPS seats by card in seats 1..5 and never leaves the button on an empty seat,
            # so a seat between the button and the small blind opens only once a player has
            # left: seat 3 lies between them two hands from now.
            t.disqualify(t.tables[1].seats[3], "td", "left the game", T0)
            t.start_hand(1, "second", T0)
            _fold_round(t, 1)
        t.register("late", T0 + 5)
        return t

    def wanted(t: Tournament) -> bool:
        ts = t.tables[1]
        late_seat = t.players["late"].seat
        assert ts.positions is not None and late_seat is not None
        pos, _ = next_positions(ts.positions, set(ts.seats) - {late_seat}, 9,
                                t.profile.blinds_after_elimination)
        return _between(pos.button, pos.small_blind_seat, late_seat, 9) == between

    t = find(attempt, wanted)
    seat = t.players["late"].seat
    assert seat is not None
    return t, seat


@pytest.mark.parametrize("profile", PROFILES)
def test_a_late_entry_is_dealt_in_at_once_outside_the_blinds_and_button(profile: str) -> None:
    """TDA (the seeds are silent): late entries are dealt in at once, in any seat but one
    between the small blind and the button."""
    t, seat = _late_entry(profile, between=False)
    hand = t.start_hand(1, "second", T0 + 6)
    assert hand.seat_of("late") == seat


@pytest.mark.parametrize("profile", PROFILES)
def test_a_late_entry_between_the_small_blind_and_the_button_waits_for_the_button(
        profile: str) -> None:
    """TDA (the seeds are silent): a late entry is not dealt in between the small blind and
    the button; he plays from the hand after the button has passed him."""
    t, seat = _late_entry(profile, between=True)
    hand = t.start_hand(1, "second", T0 + 6)
    assert hand.seat_of("late") is None and t.players["late"].stack == 1000
    (sit_out,) = [r for r in _of(t.events, ev.TournamentRuling)
                  if r.rule_id == "late-registration"]
    assert sit_out.players == ("late",)
    _fold_round(t, 1, T0 + 6)
    assert t.start_hand(1, "third", T0 + 7).seat_of("late") == seat
    assert replayed(t).players["late"] == t.players["late"]


# ------------------------------------------------------------------ same-hand eliminations


def test_treps_both_blinds_eliminated_in_one_hand() -> None:
    """TREPS "Small Blind is Eliminated" and "Big Blind is Eliminated" applied together: the
    player left of the eliminated big blind posts the big blind, there is no small blind and
    the button does not move; next hand the button stays and both blinds are posted. Nobody
    posts the big blind twice or skips it (the design rules "Button and blinds")."""
    base = make("treps", n=5)
    ts = base.tables[1]
    assert ts.button is not None
    pos = _first_positions(base)
    sb, bb = ts.seats[pos[1]], ts.seats[pos[2]]
    base.adjust_stack(sb, 100, "td", "test set-up", T0)
    base.adjust_stack(bb, 100, "td", "test set-up", T0)
    big = next(p for p in base.playing if p not in (sb, bb))
    base.adjust_stack(big, 3000, "td", "test set-up", T0)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders=set(t.playing) - {sb, bb, big})
        return t

    t = find(attempt, lambda t: t.players[sb].status == t.players[bb].status == "out")
    seats = t.tables[1].seats
    t.start_hand(1, "after", T0)
    began = _of(t.events, ev.HandDealt)[-1]
    after_bb = min((s for s in seats if s > pos[2]), default=min(seats))
    assert began.big_blind_seat == after_bb and not began.small_blind_posted
    assert began.button == pos[0]
    ruling = _of(t.events, ev.TournamentRuling)[-1]
    assert ruling.rule_id == "same-hand-eliminations" and ruling.case == "button-stays"
    _fold_round(t, 1)
    t.start_hand(1, "then", T0)
    then = _of(t.events, ev.HandDealt)[-1]
    assert then.button == pos[0] and then.small_blind_posted
    assert then.small_blind_seat == after_bb and then.big_blind_seat != after_bb


def _first_positions(t: Tournament) -> tuple[int, int, int]:
    ts = t.tables[1]
    assert ts.button is not None
    p = first_positions(ts.button, set(ts.seats), t.cfg.seats_per_table)
    return p.button, p.small_blind_seat, p.big_blind_seat


# ------------------------------------------------------------------ stale clicks


def test_a_queued_check_for_the_pre_flop_does_not_check_the_flop() -> None:
    """Two heads-up tables; the big blind's Check is clicked twice while the
    other table plays. The second click was made for the pre-flop, so it is refused with
    nothing done instead of checking a flop he never saw."""
    t = make("tda", n=4, seats=2)
    assert len(t.tables) == 2
    hands = {x: t.start_hand(x, f"deal-{x}", T0) for x in (1, 2)}
    hand = hands[1]
    button = hand.to_act
    assert button is not None
    t.act(1, button, "call", now=T0 + 1)
    bb = hand.to_act
    assert bb is not None and hand.street == "preflop"
    seen = (hand.hand_id, len(hand.events))
    t.act(1, bb, "check", now=T0 + 2, expect=seen)  # the first click: he checks pre-flop
    other = hands[2].legal()
    assert other is not None
    t.act(2, other.seat, "call", now=T0 + 3)  # the other table acts meanwhile
    assert hand.street == "flop" and hand.to_act == bb  # heads-up he acts first on the flop
    before = (len(t.events), len(hand.events))
    with pytest.raises(NotAllowed, match="moved on since you clicked. Nothing was changed"):
        t.act(1, bb, "check", now=T0 + 4, expect=seen)  # the queued second click
    assert (len(t.events), len(hand.events)) == before and hand.to_act == bb
    t.act(1, bb, "check", now=T0 + 5, expect=(hand.hand_id, len(hand.events)))
    assert hand.to_act == button  # a click made for the flop applies


@pytest.mark.parametrize("command", ["clock", "show_request"])
def test_other_in_hand_commands_check_what_the_player_saw(command: str) -> None:
    t = make("tda", n=3, clock_after_seconds=0)
    hand = t.start_hand(1, "h", T0)
    seat = hand.to_act
    assert seat is not None
    seen = (hand.hand_id, len(hand.events))
    t.act(1, seat, "fold", now=T0)
    caller = t.tables[1].seats[seat]
    n = len(t.events)
    with pytest.raises(NotAllowed, match="moved on"):
        if command == "clock":
            t.call_clock(1, caller, T0 + 1, expect=seen)
        else:
            t.request_show(1, _someone_else(t, 1, seat), T0 + 1, expect=seen)
    assert len(t.events) == n


def test_after_hand_commands_check_the_hand_the_player_saw() -> None:
    t = make("treps", n=3)
    first = t.start_hand(1, "h1", T0)
    _fold_round(t, 1)
    t.start_hand(1, "h2", T0)
    _fold_round(t, 1)
    player = first.player(first.players_in_hand[0]).player
    n = len(t.events)
    with pytest.raises(NotAllowed, match="another has been dealt"):
        t.show_cards(1, player, None, T0, hand_id=first.hand_id)
    with pytest.raises(NotAllowed, match="another has been dealt"):
        t.agree_rabbit_hunt(1, player, T0, hand_id=first.hand_id)
    assert len(t.events) == n

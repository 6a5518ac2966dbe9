"""Hand-for-hand on the bubble, online (the tournament's part).

Six players at two tables of three; the payout table pays four places, so the bubble is the
fifth place: hand-for-hand starts once five are left."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from bot.engine.profile import make_profile
from bot.tournament import hfh_events as hev
from bot.tournament.errors import NotAllowed
from bot.tournament.payouts import Bracket, PayoutTable
from bot.tournament.tournament import Tournament, TournamentConfig
from tests.tournament.helpers import T0, replayed, structure
from tests.tournament.sim import state

FOUR_PAID = PayoutTable("four paid", (Bracket(2, 10, (4000, 3000, 2000, 1000)),))
PROFILES = ("treps", "tavern", "tda")


def _make(profile: str, **knobs: object) -> Tournament:
    cfg = TournamentConfig(make_profile(profile, **knobs), structure(), FOUR_PAID,
                           seats_per_table=3, buy_in=10)
    t = Tournament.create(1, cfg, T0)
    for i in range(6):
        t.register(f"p{i}", T0)
    t.start("s", T0)
    return t


def _play(t: Tournament, table: int, victim: str, now: float) -> None:
    """The hand at `table` played out: `victim` all-in, the biggest other stack calls, the
    rest fold."""
    ts = t.tables[table]
    hand = ts.hand
    assert hand is not None
    dealt = {hand.player(s).player for s in hand.players_in_hand}
    caller = max((p for p in dealt if p != victim), key=lambda p: (t.players[p].stack, p))
    while ts.hand is not None and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        player = ts.seats[legal.seat]
        if player == victim:
            t.act(table, legal.seat, "all_in" if legal.can_raise else "check_or_call", now=now)
        elif player == caller:
            t.act(table, legal.seat, "check_or_call", now=now)
        else:
            t.act(table, legal.seat, "fold", now=now)


def _fold_out(t: Tournament, table: int, now: float) -> None:
    ts = t.tables[table]
    while ts.hand is not None and not ts.hand.is_over:
        legal = ts.hand.legal()
        assert legal is not None
        t.act(table, legal.seat, "fold", now=now)


def _find(base: Tournament, run: Callable[[Tournament, str], None],
          ok: Callable[[Tournament], bool]) -> Tournament:
    for i in range(300):
        t = replayed(base)
        run(t, f"seed-{i}")
        if ok(t):
            return t
    raise AssertionError("no seed gives that outcome")


def _on_the_bubble(profile: str, **knobs: object) -> Tournament:
    """One player of table 1 out before any hand-for-hand: five left, the bubble is next."""
    base = _make(profile, **knobs)
    victim = min(base.tables[1].seats.values())
    base.adjust_stack(victim, 100, "td", "test setup", T0)

    def run(t: Tournament, seed: str) -> None:
        t.start_hand(1, seed, T0)
        _play(t, 1, victim, T0)

    return _find(base, run, lambda t: t.players[victim].status == "out")


def _started(t: Tournament) -> list[hev.HandForHandStarted]:
    return [e for e in t.events if isinstance(e, hev.HandForHandStarted)]


def _ended(t: Tournament) -> list[hev.HandForHandEnded]:
    return [e for e in t.events if isinstance(e, hev.HandForHandEnded)]


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_for_hand_starts_when_the_next_out_is_the_bubble(profile: str) -> None:
    t = _on_the_bubble(profile)
    assert len(t.playing) == 5 and len(t.tables) == 2
    (started,) = _started(t)
    assert (started.players_left, started.places_paid, started.tables) == (5, 4, (1, 2))
    assert t.hand_for_hand and t.clock_view(T0).hand_for_hand


def test_no_hand_for_hand_before_the_bubble() -> None:
    t = _make("tda")
    t.start_hand(1, "a", T0)
    _fold_out(t, 1, T0)
    assert not t.hand_for_hand and not _started(t)
    assert not t.clock_view(T0).hand_for_hand
    t.start_hand(1, "b", T0)  # a table deals as it likes before the bubble


@pytest.mark.parametrize("profile", PROFILES)
def test_two_tables_wait_for_each_other(profile: str) -> None:
    t = _on_the_bubble(profile)
    t.start_hand(1, "r1-t1", T0 + 1)
    t.start_hand(2, "r1-t2", T0 + 1)
    _fold_out(t, 1, T0 + 2)
    with pytest.raises(NotAllowed) as refused:
        t.start_hand(1, "too-soon", T0 + 3)  # table 2 is still playing the round's hand
    assert refused.value.code == "hand-for-hand"
    assert t.tables[1].hand is None
    _fold_out(t, 2, T0 + 4)
    # Every table finished the round: the next is dealt, at either table first.
    t.start_hand(2, "r2-t2", T0 + 5)
    t.start_hand(1, "r2-t1", T0 + 5)
    assert t.hfh_round == 2


def test_a_table_waits_for_the_hand_that_was_in_play_when_it_started() -> None:
    base = _make("tda")
    victim = min(base.tables[1].seats.values())
    base.adjust_stack(victim, 100, "td", "test setup", T0)

    def run(t: Tournament, seed: str) -> None:
        t.start_hand(2, "before", T0)  # table 2's hand is in play when the bubble comes
        t.start_hand(1, seed, T0)
        _play(t, 1, victim, T0)

    t = _find(base, run, lambda t: t.players[victim].status == "out")
    assert t.hand_for_hand
    with pytest.raises(NotAllowed):
        t.start_hand(1, "x", T0 + 1)
    _fold_out(t, 2, T0 + 2)
    t.start_hand(1, "x", T0 + 3)


def _round_with_two_outs(profile: str, first: int, first_stack: int,
                         second_stack: int) -> tuple[Tournament, str, str]:
    """A hand-for-hand round where a player of each table goes out: table `first`'s hand ends
    first. Returns the tournament and the two players (the first out, then the second)."""
    base = _on_the_bubble(profile)
    other = 2 if first == 1 else 1
    x = min(base.tables[first].seats.values())
    y = min(base.tables[other].seats.values())
    base.adjust_stack(x, first_stack, "td", "test setup", T0)
    base.adjust_stack(y, second_stack, "td", "test setup", T0)

    def run(t: Tournament, seed: str) -> None:
        t.start_hand(1, seed + "-1", T0 + 1)
        t.start_hand(2, seed + "-2", T0 + 1)
        _play(t, first, x, T0 + 2)
        _play(t, other, y, T0 + 3)

    t = _find(base, run, lambda t: t.players[x].status == t.players[y].status == "out")
    return t, x, y


@pytest.mark.parametrize("profile", PROFILES)
def test_outs_of_one_round_are_placed_by_starting_stack(profile: str) -> None:
    # The bigger stack went out first (by time he would be 5th): he takes 4th.
    t, big, small = _round_with_two_outs(profile, 1, 300, 200)
    assert (t.players[big].place, t.players[small].place) == (4, 5)
    assert t.players[big].tied == t.players[small].tied == ()
    placed = [e for e in t.events if isinstance(e, hev.HandForHandPlaced)]
    assert {(e.player, e.before, e.place) for e in placed} == {(big, 5, 4), (small, 4, 5)}


def test_outs_of_one_round_in_stack_order_keep_their_places() -> None:
    t, small, big = _round_with_two_outs("tda", 2, 200, 300)
    assert (t.players[big].place, t.players[small].place) == (4, 5)
    assert not [e for e in t.events if isinstance(e, hev.HandForHandPlaced)]


@pytest.mark.parametrize("profile", PROFILES)
def test_equal_stacks_out_in_one_round_share_the_place(profile: str) -> None:
    t, a, b = _round_with_two_outs(profile, 1, 250, 250)
    assert t.players[a].place == t.players[b].place == 4
    assert t.players[a].tied == (b,) and t.players[b].tied == (a,)


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_for_hand_ends_when_the_bubble_bursts(profile: str) -> None:
    t, big, small = _round_with_two_outs(profile, 1, 300, 200)
    (ended,) = _ended(t)
    # It ends once the round in play is over and its outs placed (both out: 3 left), not at
    # the first out, so the words name the player who took the bubble's place.
    assert ended.reason == "bubble" and ended.players_left == 3
    after = t.events[t.events.index(ended):]
    assert not [e for e in after if isinstance(e, hev.HandForHandPlaced)]
    assert t.players[small].place == 5
    assert not t.hand_for_hand and not t.clock_view(T0 + 5).hand_for_hand


def test_the_level_clock_stands_between_rounds_by_default() -> None:
    t = _on_the_bubble("tda")
    assert t.profile.hand_for_hand_clock == "hands_only"
    t.start_hand(1, "a", T0 + 10)
    t.start_hand(2, "b", T0 + 10)
    _fold_out(t, 1, T0 + 20)
    _fold_out(t, 2, T0 + 30)  # every table idle from here
    at_end = t.level_time(T0 + 30)
    assert t.level_time(T0 + 130) == at_end  # nobody deals: the clock stands
    assert t.clock_view(T0 + 130).seconds_left == t.clock_view(T0 + 30).seconds_left
    assert all(d.kind != "level" for d in t.deadlines(T0 + 130))
    t.start_hand(1, "c", T0 + 130)
    assert t.level_time(T0 + 150) == at_end + 20  # it runs again with the deal
    assert any(d.kind == "level" for d in t.deadlines(T0 + 150))
    again = replayed(t)
    assert again.level_time(T0 + 150) == at_end + 20


def test_the_level_clock_runs_on_when_the_league_says_so() -> None:
    t = _on_the_bubble("tda", hand_for_hand_clock="runs")
    t.start_hand(1, "a", T0 + 10)
    t.start_hand(2, "b", T0 + 10)
    _fold_out(t, 1, T0 + 20)
    _fold_out(t, 2, T0 + 30)
    assert t.level_time(T0 + 130) == t.level_time(T0 + 30) + 100


def test_a_replay_and_a_snapshot_rebuild_hand_for_hand() -> None:
    t = _on_the_bubble("treps")
    t.start_hand(1, "a", T0 + 1)
    t.start_hand(2, "b", T0 + 1)
    _fold_out(t, 1, T0 + 2)  # mid-round: table 1 waits for table 2
    assert state(replayed(t)) == state(t)
    snap = json.loads(json.dumps(t.snapshot()))
    rebuilt = Tournament.from_snapshot(t.cfg, snap)
    assert state(rebuilt) == state(t)
    assert rebuilt.hand_for_hand and rebuilt.hfh_dealt == t.hfh_dealt
    with pytest.raises(NotAllowed):
        rebuilt.start_hand(1, "c", T0 + 3)
    # A round with an out already, rebuilt: the second out is placed with the first.
    r, big, small = _round_with_two_outs("tda", 1, 300, 200)
    assert state(replayed(r)) == state(r)


def test_hand_for_hand_is_the_directors_at_a_live_night_only() -> None:
    t = _on_the_bubble("tda")
    with pytest.raises(NotAllowed) as refused:
        t.set_hand_for_hand(True, "td", T0)
    assert refused.value.code == "not-live"

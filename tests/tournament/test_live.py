"""Live mode: a league night at real tables, with the bot as the clock, the seat
draw and the bust-out desk. The same director as online: the same seating, balancing, table
breaks, levels, payouts; only the hands are missing."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from bot.engine.cards import card_order
from bot.engine.events import Event, event_from_dict
from bot.engine.profile import make_profile
from bot.tournament import events as ev
from bot.tournament.errors import NotAllowed, Place, RegistrationError, UnknownPlayer, Who
from bot.tournament.live import bust_report
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import AddOnTerms, Break, Level, RebuyTerms, Structure
from bot.tournament.tournament import Tournament, TournamentConfig
from tests.tournament.sim import state

T0 = 50_000.0
TD = "director"


def _of(events: list[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def live_structure() -> Structure:
    return Structure(
        name="league night",
        periods=(Level(25, 50, 0, 1200), Level(50, 100, 0, 1200), Break(600),
                 Level(100, 200, 0, 1200), Level(200, 400, 0, 1200)),
        starting_stack=5000, chips=(25, 100, 500),
        late_registration_level=2,
        rebuys=RebuyTerms(cost=20, chips=5000, until_level=2),
        add_on=AddOnTerms(cost=10, chips=3000, until_level=2),
    )


def live_night(profile: str = "treps", members: int = 10, guests: int = 4,
               seats: int = 9) -> Tournament:
    cfg = TournamentConfig(make_profile(profile), live_structure(), load_payout_table("standard"),
                           seats_per_table=seats, buy_in=20, mode="live")
    t = Tournament.create(7, cfg, T0)
    for i in range(1, members + 1):
        t.register(str(100 + i), T0)
    for name in ["Dana Smith", "Ray", "Lou Mendez", "Kit"][:guests]:
        t.add_guest(name, TD, T0)
    return t


def _replays(t: Tournament) -> None:
    stored = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in t.events]
    assert state(Tournament.replay(stored)) == state(t)
    snap = json.loads(json.dumps(t.snapshot()))
    assert state(Tournament.from_snapshot(t.cfg, snap)) == state(t)


def _unchanged(t: Tournament, attempt: Any, error: type[Exception], match: str) -> None:
    before = (t.event_count, json.dumps(t.snapshot()))
    with pytest.raises(error, match=match):
        attempt()
    assert (t.event_count, json.dumps(t.snapshot())) == before


def _at_table(t: Tournament, table: int) -> list[str]:
    return [p for _, p in sorted(t.tables[table].seats.items())]


# ------------------------------------------------------------------ the whole night


def test_a_fourteen_player_live_night_over_two_tables() -> None:
    t = live_night()
    assert t.live and t.cfg.to_dict()["mode"] == "live"
    guests = {g.name: p for p, g in t.guests.items()}
    assert set(guests) == {"Dana Smith", "Ray", "Lou Mendez", "Kit"}
    assert t.display_name(guests["Ray"]) == "Ray" and t.display_name("101") is None

    # The seat draw: two tables of 7, TREPS by card, every card in the log.
    out = t.start("night-seed", T0 + 60)
    opened = _of(out, ev.TableOpened)
    assert sorted(len(o.seats) for o in opened) == [7, 7]
    for draw in _of(out, ev.ButtonDrawn):
        assert draw.method == "by_card" and len(draw.cards) == 7
        best = max(draw.cards, key=lambda c: card_order(c.card))
        assert draw.button == best.seat
    with pytest.raises(NotAllowed, match="dealt at the table"):
        t.start_hand(1, "x", T0 + 60)

    view = t.clock_view(T0 + 60)
    assert (view.level, view.small_blind, view.big_blind, view.players_left) == (1, 25, 50, 14)
    assert view.ends_at == T0 + 60 + 1200 and view.next_level == Level(50, 100, 0, 1200)
    assert view.next_break_at == T0 + 60 + 2400 and view.prize_pool == 280
    assert view.average_stack == 5000 and sum(view.payouts) == 280

    # Levels pass on the clock alone.
    (level,) = _of(t.tick(T0 + 1260), ev.LevelStarted)
    assert (level.level, level.small_blind, level.big_blind) == (2, 50, 100)

    # Re-buys and add-ons are recorded; the average counts the chips put in play.
    first = _at_table(t, 1)[0]
    t.add_on(first, T0 + 1300)
    view = t.clock_view(T0 + 1300)
    assert (view.add_ons, view.prize_pool, view.chips_in_play) == (1, 290, 14 * 5000 + 3000)

    # Two busts at table 1: table 2 has 7, table 1 has 5 -> one player moves across.
    a, b = _at_table(t, 1)[1:3]
    report = bust_report(t, t.bust(a, T0 + 1400, recorded_by=TD))
    assert (report.place, report.prize, report.moves) == (14, 0, ())
    killer = _at_table(t, 1)[3]
    out = t.bust(b, T0 + 1500, knocked_out_by=killer, recorded_by=b)
    report = bust_report(t, out)
    assert report.place == 13 and report.knocked_out_by == killer
    (move,) = report.moves
    assert (move.from_table, move.to_table, move.from_count, move.to_count) == (2, 1, 7, 5)
    assert t.players[move.player].table == 1 and t.players[move.player].seat == move.to_seat
    assert move.to_seat not in {s for s, p in t.tables[1].seats.items() if p != move.player}

    # A mistake: undo the last bust; he is back in, in his seat if it is still free.
    (left,) = _of(out, ev.Eliminated)
    free = left.seat not in t.tables[left.table].seats
    (undone,) = _of(t.undo_bust(TD, T0 + 1510), ev.BustUndone)
    assert (undone.player, undone.place) == (b, 13) and t.players[b].status == "playing"
    assert t.players[b].place is None and t.tables[undone.table].seats[undone.seat] == b
    assert not free or (undone.table, undone.seat) == (left.table, left.seat)
    t.bust(b, T0 + 1520, knocked_out_by=killer, recorded_by=TD)
    assert t.players[b].place == 13

    # Busts until 9 are left: they fit at one table -> a table is broken, the final table
    # forms and draws its seats and button afresh.
    final_report = None
    n = 1600.0
    while len(t.playing) > 9:
        table = max(t.tables, key=lambda x: len(t.tables[x].seats))
        out = t.bust(_at_table(t, table)[0], T0 + n, recorded_by=TD)
        n += 60
        if _of(out, ev.TableBroken):
            final_report = bust_report(t, out)
    assert final_report is not None and final_report.broken_table is not None
    assert final_report.final_table is not None and len(t.tables) == 1
    draw = final_report.final_table
    assert draw.method == "by_card" and len(draw.cards) == 9
    assert sorted(s.player for s in draw.seats) == sorted(t.playing)
    assert {s.player: s.seat for s in draw.seats} == {p: t.players[p].seat for p in t.playing}
    assert all(m.reason == "break" for m in final_report.moves)

    # Down to heads-up, then the winner.
    while len(t.playing) > 2:
        report = bust_report(t, t.bust(_at_table(t, t.final_table or 1)[0], T0 + n,
                                       recorded_by=TD))
        n += 60
    assert report.heads_up and not report.finished
    loser, winner = _at_table(t, t.final_table or 1)
    report = bust_report(t, t.bust(loser, T0 + n, knocked_out_by=winner, recorded_by=TD))
    assert report.finished and report.winner == winner and report.place == 2
    assert report.prize == t.prizes[loser] > 0

    results = t.results()
    assert [r.place for r in results] == list(range(1, 15))
    assert sum(r.prize for r in results) == t.pool == 290
    assert all(r.out_at is not None for r in results[1:]) and results[0].out_at is None
    assert results[-2].knocked_out_by == killer  # b, 13th
    _unchanged(t, lambda: t.bust(winner, T0 + n + 1, recorded_by=TD), NotAllowed, "is over")
    _unchanged(t, lambda: t.undo_bust(TD, T0 + n + 1), NotAllowed, "final")

    # A guest turns out to be a member: his results follow him.
    t.link_guest(guests["Kit"], "999", TD, T0 + n + 5)
    kit = next(r for r in t.results() if r.player == guests["Kit"])
    assert kit.member == "999"
    _replays(t)


# ------------------------------------------------------------------ refusals


def test_bad_busts_are_refused_and_change_nothing() -> None:
    t = live_night()
    _unchanged(t, lambda: t.bust("101", T0, recorded_by=TD), NotAllowed, "not started")
    t.start("s", T0)
    out = "101"
    t.bust(out, T0 + 10, recorded_by=TD)
    _unchanged(t, lambda: t.bust(out, T0 + 11, recorded_by=TD), NotAllowed,
               "already out \\(place 14\\)")  # the second of two simultaneous busts
    with pytest.raises(NotAllowed) as refused:  # the presenter words it: "(14th place)"
        t.bust(out, T0 + 11, recorded_by=TD)
    assert (refused.value.code, refused.value.fields) == (
        "already-out", {"player": Who(out), "place": Place(14)})
    _unchanged(t, lambda: t.bust("nobody", T0 + 11, recorded_by=TD), UnknownPlayer,
               "not in this tournament")
    _unchanged(t, lambda: t.bust("102", T0 + 11, knocked_out_by=out, recorded_by=TD),
               NotAllowed, "must still be in")
    _unchanged(t, lambda: t.bust("102", T0 + 11, knocked_out_by="102", recorded_by=TD),
               NotAllowed, "himself")
    _unchanged(t, lambda: t.clock_player("nobody", TD, T0 + 11), UnknownPlayer, "not in")
    _unchanged(t, lambda: t.clock_player(out, TD, T0 + 11), NotAllowed, "not playing")
    _unchanged(t, lambda: t.cancel_clock("102", TD, T0 + 11), NotAllowed, "no clock")


def test_guests_need_a_name_and_a_live_tournament() -> None:
    t = live_night(guests=1)
    _unchanged(t, lambda: t.add_guest("   ", TD, T0), RegistrationError, "needs a name")
    _unchanged(t, lambda: t.add_guest("dana  SMITH", TD, T0), RegistrationError,
               "already in this tournament")
    _unchanged(t, lambda: t.add_guest("x" * 65, TD, T0), RegistrationError, "at most 64")
    _unchanged(t, lambda: t.link_guest("101", "5", TD, T0), UnknownPlayer, "not a guest")
    _unchanged(t, lambda: t.link_guest("guest-1", "101", TD, T0), NotAllowed,
               "played this tournament himself")
    online = TournamentConfig(make_profile("tda"), live_structure(),
                              load_payout_table("standard"))
    o = Tournament.create(8, online, T0)
    _unchanged(o, lambda: o.add_guest("Dana", TD, T0), NotAllowed, "only in live")
    _unchanged(o, lambda: o.bust("1", T0, recorded_by=TD), NotAllowed, "not a live")


def test_a_guest_added_during_late_registration_draws_a_random_open_seat() -> None:
    t = live_night(members=6, guests=0)
    t.start("s", T0)
    out = t.add_guest("Latecomer", TD, T0 + 1300)  # level 2: late registration is open
    (added,) = _of(out, ev.GuestAdded)
    (late,) = _of(out, ev.LateRegistered)
    assert late.player == added.player and t.players[added.player].seat == late.seat
    _unchanged(t, lambda: t.add_guest("Too Late", TD, T0 + 3700), RegistrationError,
               "closed after level 2")


# ------------------------------------------------------------------ chip race


def test_the_live_chip_race_deals_a_card_per_odd_chip_and_checks_the_counts() -> None:
    """TREPS "Chip-Race": after changing up, one card per odd chip, clockwise from seat 1,
    all of a player's cards before the next; best cards win the new chips; a player with
    only odd chips gets one first."""
    t = live_night(members=6, guests=0)
    t.start("s", T0)
    at = T0 + 3000 + 600 + 10  # level 3 (100/200): the 25s are no longer needed
    t.tick(at)
    assert t.chip_race_due(at) == 100
    p = _at_table(t, 1)
    _unchanged(t, lambda: t.race_odd_chips({p[0]: 4}, at), NotAllowed,
               "do not add up: every 4 of them are changed for a 100 first, so a player keeps "
               "0 to 3")
    _unchanged(t, lambda: t.race_odd_chips({p[0]: -1}, at), NotAllowed, "do not add up")
    _unchanged(t, lambda: t.race_odd_chips({"nobody": 1}, at), UnknownPlayer, "not in")
    _unchanged(t, lambda: t.race_odd_chips({p[0]: 0}, at, only_odd_chips=[p[0]]), NotAllowed,
               "nothing but odd chips")
    before = t.expected_chips()
    (race,) = t.race_odd_chips({p[0]: 3, p[1]: 2, p[2]: 1}, at, only_odd_chips=[p[2]])
    assert isinstance(race, ev.ChipRaced) and (race.old_chip, race.new_chip) == (25, 100)
    lines = {ln.player: ln for ln in race.lines}
    assert [len(lines[x].cards) for x in p[:3]] == [3, 2, 1]
    assert lines[p[2]].won == "no_chips"  # nothing else left: he gets a chip first
    # 6 odd 25s = 150: the chip given first is the one whole chip they make; the 50 left is
    # half a chip or more, so the best card of the others wins one more.
    assert sorted(ln.won for ln in race.lines if ln.won) == ["half", "no_chips"]
    best = max((x for x in p[:2]), key=lambda x: max(card_order(c) for c in lines[x].cards))
    assert lines[best].won == "half"
    assert t.expected_chips() - before == sum(ln.stack_after - ln.stack_before
                                              for ln in race.lines) == 200 - 150
    assert t.smallest_chip == 100 and t.chip_race_due(at) is None
    _unchanged(t, lambda: t.race_odd_chips({}, at), NotAllowed, "no colour-up is due")
    _replays(t)


# ------------------------------------------------------------------ the live clock


@pytest.mark.parametrize(("profile", "countdown", "expires"), [("treps", 50, 60),
                                                              ("tda", 25, 30)])
def test_a_live_clock_counts_down_by_the_profile_and_survives_a_restart(
        profile: str, countdown: int, expires: int) -> None:
    """TREPS "Calling the Clock": a minute, the last 10 seconds counted; TDA 29: 25 seconds,
    then a 5-second countdown. Its moments are absolute times, restored after a restart."""
    t = live_night(profile, members=6, guests=0)
    t.start("s", T0)
    target, caller = _at_table(t, 1)[:2]
    (called,) = t.clock_player(target, caller, T0 + 100)
    assert isinstance(called, ev.ClockCalled) and called.hand_id is None
    assert (called.countdown_at, called.expires_at) == (T0 + 100 + countdown,
                                                        T0 + 100 + expires)
    _unchanged(t, lambda: t.clock_player(_at_table(t, 1)[2], caller, T0 + 101), NotAllowed,
               "already running at table 1")
    turn = t.turn_deadline(1, T0 + 101)
    assert turn is not None and (turn.player, turn.at, turn.kind) == (target, called.expires_at,
                                                                      "clock")
    # A restart: rebuilt from the log, the same absolute deadlines.
    again = Tournament.replay(event_from_dict(e.to_dict()) for e in t.events)
    assert again.deadlines(T0 + 102) == t.deadlines(T0 + 102)
    assert [(d.kind, d.at) for d in again.deadlines(T0 + 102) if d.table == 1] == [
        ("clock_countdown", T0 + 100 + countdown), ("clock", T0 + 100 + expires)]
    for x in (t, again):
        (posted,) = _of(x.tick(T0 + 100 + countdown), ev.ClockCountdown)
        assert posted.player == target and posted.expires_at == called.expires_at
        (expired,) = _of(x.tick(T0 + 100 + expires), ev.ClockExpired)
        assert expired.player == target and expired.at == called.expires_at
        assert x.turn_deadline(1, T0 + 100 + expires) is None
    assert state(again) == state(t)
    # Called again, and cancelled when he acts.
    t.clock_player(target, caller, T0 + 300)
    (cancel,) = t.cancel_clock(target, caller, T0 + 310)
    assert isinstance(cancel, ev.ClockCancelled) and t.turn_deadline(1, T0 + 311) is None


def test_a_paused_night_freezes_the_clock_and_refuses_a_new_one() -> None:
    t = live_night("tda", members=6, guests=0)
    t.start("s", T0)
    target, caller = _at_table(t, 1)[:2]
    t.clock_player(target, caller, T0 + 10)
    t.pause(TD, "dispute", T0 + 20)
    _unchanged(t, lambda: t.clock_player(_at_table(t, 1)[2], caller, T0 + 21), NotAllowed,
               "paused")
    assert t.clock_view(T0 + 500).seconds_left == 1200 - 20
    t.resume(TD, T0 + 1000)
    turn = t.turn_deadline(1, T0 + 1000)
    assert turn is not None and turn.at == T0 + 10 + 30 + 980


@pytest.mark.parametrize(("profile", "method"), [("treps", "by_card"), ("tavern", "first_ace"),
                                                 ("tda", "high_card")])
def test_the_live_seat_draw_follows_the_profile(profile: str, method: str) -> None:
    t = live_night(profile)
    events: list[Event] = t.start("draw", T0)
    draws = _of(events, ev.ButtonDrawn)
    assert len(draws) == 2 and all(d.method == method for d in draws)
    if method == "first_ace":
        assert all(d.cards[-1].card[0] == "A" for d in draws)


def test_a_rebuy_at_a_live_table_is_recorded_with_its_seat() -> None:
    t = live_night(members=6, guests=0)
    t.start("s", T0)
    _unchanged(t, lambda: t.undo_bust(TD, T0 + 5), NotAllowed, "no bust to undo")
    gone = _at_table(t, 1)[0]
    t.bust(gone, T0 + 10, recorded_by=TD)
    (rebuy,) = _of(t.rebuy(gone, T0 + 20), ev.Rebuy)
    assert t.players[gone].status == "playing" and t.players[gone].rebuys == 1
    assert t.tables[rebuy.table].seats[rebuy.seat] == gone
    view = t.clock_view(T0 + 20)
    assert (view.rebuys, view.prize_pool, view.players_left) == (1, 6 * 20 + 20, 6)
    assert view.chips_in_play == 7 * 5000
    # bought back in: his bust is no longer the one to undo
    _unchanged(t, lambda: t.undo_bust(TD, T0 + 21), NotAllowed, "no bust to undo")
    _replays(t)


def test_a_rebuy_clears_the_bust_it_bought_back_from() -> None:
    t = live_night(members=6, guests=0)
    t.start("s", T0)
    gone, by = _at_table(t, 1)[:2]
    t.bust(gone, T0 + 10, knocked_out_by=by, recorded_by=TD)
    t.rebuy(gone, T0 + 20)
    p = t.players[gone]
    assert (p.out_at, p.knocked_out_by, p.out_table, p.out_seat) == (None, None, None, None)
    # A snapshot written before re-buys cleared the bust is read without it.
    old = json.loads(json.dumps(t.snapshot()))
    for data in old["players"]:
        if data["player"] == gone:
            data.update(out_at=T0 + 10, knocked_out_by=by, out_table=1, out_seat=1)
    restored = Tournament.from_snapshot(t.cfg, old).players[gone]
    assert (restored.out_at, restored.knocked_out_by) == (None, None)
    while t.status == "running":
        t.bust(next(x for x in t.playing if x != gone), T0 + 30, recorded_by=TD)
    (first, *_) = t.results()
    assert (first.player, first.out_at, first.knocked_out_by, first.rebuys) == (gone, None,
                                                                                 None, 1)
    _replays(t)


def _with_add_on(add_on: AddOnTerms) -> Tournament:
    cfg = TournamentConfig(make_profile("tda"),
                           dataclasses.replace(live_structure(), add_on=add_on),
                           load_payout_table("standard"), seats_per_table=9, buy_in=20,
                           mode="live")
    t = Tournament.create(7, cfg, T0)
    for i in range(1, 5):
        t.register(str(100 + i), T0)
    t.start("s", T0)
    return t


BREAK_AFTER_2 = T0 + 2 * 1200  # live_structure: levels 1 and 2, a 10-minute break, 3, 4


def test_an_add_on_at_the_break_is_taken_only_during_that_break() -> None:
    t = _with_add_on(AddOnTerms(cost=10, chips=3000, until_level=2, at_break=True))
    a, b, c, _ = t.playing
    _unchanged(t, lambda: t.add_on(a, T0 + 60), NotAllowed,
               "the add-on is taken at the break after level 2")
    t.tick(BREAK_AFTER_2 + 1)
    t.add_on(a, BREAK_AFTER_2 + 1)
    assert t.players[a].add_ons == 1 and t.pool == 4 * 20 + 10
    t.tick(BREAK_AFTER_2 + 601)
    _unchanged(t, lambda: t.add_on(b, BREAK_AFTER_2 + 601), NotAllowed,
               "the add-on closed with the break after level 2")
    _replays(t)


def test_an_add_on_to_the_end_of_a_level_is_still_open_in_the_break_after_it() -> None:
    t = _with_add_on(AddOnTerms(cost=10, chips=3000, until_level=2))
    a, b, _, _ = t.playing
    t.tick(BREAK_AFTER_2 + 30)
    t.add_on(a, BREAK_AFTER_2 + 30)  # the break after the add-on's last level
    t.tick(BREAK_AFTER_2 + 601)
    _unchanged(t, lambda: t.add_on(b, BREAK_AFTER_2 + 601), NotAllowed,
               "the add-on closed after level 2")

"""The tournament director end to end: what players and the channel would see."""

from __future__ import annotations

import pytest

from bot.engine.cards import card_order, deck_from_seed
from bot.engine.errors import IllegalAction
from bot.engine.profile import make_profile
from bot.tournament import events as ev
from bot.tournament.blinds import first_positions
from bot.tournament.errors import (
    ChipRaceDue,
    NotAllowed,
    RegistrationError,
    StructureError,
)
from bot.tournament.structure import Break, Level, RebuyTerms
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, find, make, play_all_in_hand, replayed, structure


def _of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def _first_positions(t: Tournament, table: int = 1):
    ts = t.tables[table]
    assert ts.button is not None
    return first_positions(ts.button, set(ts.seats), t.cfg.seats_per_table)


def _fold_round(t: Tournament, table: int, now: float = T0) -> None:
    """Everyone folds to the big blind."""
    hand = t.tables[table].hand
    while hand is not None and not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(table, legal.seat, "fold", now=now)


# ------------------------------------------------------------------ registration and seats


def test_registration_until_start_then_closed_without_late_registration() -> None:
    t = make(n=3, start=False)
    with pytest.raises(RegistrationError, match="already registered"):
        t.register("p0", T0)
    t.unregister("p2", T0)
    assert list(t.players) == ["p0", "p1"]
    t.start("seed", T0)
    with pytest.raises(RegistrationError, match="only before the start"):
        t.unregister("p1", T0)
    with pytest.raises(RegistrationError, match="no late registration"):
        t.register("p9", T0)


def test_a_tournament_needs_two_players() -> None:
    t = make(n=1, start=False)
    with pytest.raises(RegistrationError, match="at least 2"):
        t.start("s", T0)


def test_late_registration_up_to_the_configured_level() -> None:
    t = make(n=4, struct=structure(late_registration_level=2))
    out = t.register("late", T0 + 700)  # level 2
    (late,) = _of(out, ev.LateRegistered)
    assert late.stack == 1000 and late.table == 1
    assert t.pool == 50 and t.expected_chips() == 5000
    assert t.players["late"].seat not in {t.players[f"p{i}"].seat for i in range(4)}
    with pytest.raises(RegistrationError, match="after level 2"):
        t.register("later", T0 + 1300)


def test_start_records_every_card_of_the_button_draw() -> None:
    t = make("tda", n=6)
    (draw,) = _of(t.events, ev.ButtonDrawn)
    assert draw.method == "high_card" and len(draw.cards) == 6
    best = max(draw.cards, key=lambda c: card_order(c.card))
    assert draw.button == best.seat == t.tables[1].button


def test_tavern_first_dealer_is_the_first_ace() -> None:
    t = make("tavern", n=5)
    (draw,) = _of(t.events, ev.ButtonDrawn)
    assert draw.method == "first_ace" and draw.rule_id == "first-dealer"
    assert draw.cards[-1].card[0] == "A"
    assert all(c.card[0] != "A" for c in draw.cards[:-1])
    assert t.tables[1].button == draw.cards[-1].seat


def test_treps_seats_by_card_counter_clockwise_from_the_button() -> None:
    t = make("treps", n=5)
    (draw,) = _of(t.events, ev.ButtonDrawn)
    ranked = sorted(draw.cards, key=lambda c: card_order(c.card), reverse=True)
    assert [c.seat for c in ranked] == [5, 4, 3, 2, 1]
    assert t.tables[1].button == 5
    assert {c.player for c in draw.cards} == set(t.players)
    for c in draw.cards:
        assert t.players[c.player].seat == c.seat


# ------------------------------------------------------------------ levels, breaks, pauses


def test_level_change_takes_effect_from_the_next_hand() -> None:
    t = make(n=3)
    hand = t.start_hand(1, "h1", T0)
    assert hand.big_blind == 50
    out = t.tick(T0 + 601)
    (lv,) = _of(out, ev.LevelStarted)
    assert (lv.level, lv.small_blind, lv.big_blind, lv.at) == (2, 50, 100, T0 + 600)
    assert hand.big_blind == 50  # the hand in progress keeps its blinds
    _fold_round(t, 1, T0 + 601)
    assert t.start_hand(1, "h2", T0 + 602).big_blind == 100


def test_no_hand_during_a_break_and_the_break_does_not_eat_level_time() -> None:
    t = make(n=3, struct=structure(periods=(Level(25, 50, 0, 600), Break(300),
                                            Level(50, 100, 0, 600), Level(100, 200, 0, 600))))
    with pytest.raises(NotAllowed, match="break"):
        t.start_hand(1, "h", T0 + 650)
    assert t.start_hand(1, "h", T0 + 900).big_blind == 100
    assert t.level_number(T0 + 1499) == 2 and t.level_number(T0 + 1500) == 3


def test_director_pause_stops_the_level_clock_and_the_deal() -> None:
    t = make(n=3)
    out = t.pause("td", "dispute", T0 + 500)
    assert _of(out, ev.Paused)[0].by == "td"
    with pytest.raises(NotAllowed, match="paused"):
        t.start_hand(1, "h", T0 + 600)
    assert t.tick(T0 + 5000) == []
    t.resume("td", T0 + 5000)
    assert t.level_number(T0 + 5099) == 1  # 100 s of level 1 were left at the pause
    assert t.level_number(T0 + 5100) == 2


# ------------------------------------------------------------------ button, blinds, eliminations


def _short(t: Tournament, player: str, stack: int) -> None:
    t.adjust_stack(player, stack, "td", "test setup", T0)


def test_treps_small_blind_eliminated_in_play() -> None:
    base = make("treps", n=5)
    pos = _first_positions(base)
    seats = base.tables[1].seats
    sb, bb = seats[pos.small_blind_seat], seats[pos.big_blind_seat]
    _short(base, sb, 100)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        others = set(t.players) - {sb, bb}
        play_all_in_hand(t, 1, seed, folders=others)
        return t

    t = find(attempt, lambda t: t.players[sb].status == "out")
    out = t.start_hand(1, "next", T0).events
    began = _of(t.events, ev.HandDealt)[-1]
    assert began.button == pos.button  # the button does not move
    assert began.small_blind_seat == pos.big_blind_seat and began.small_blind_posted
    assert t.tables[1].seats[began.big_blind_seat] != bb
    assert "sb-eliminated" in [e.rule_id for e in _of(t.events, ev.TournamentRuling)]
    assert out  # the hand is dealt


def test_treps_big_blind_eliminated_in_play_then_button_stays() -> None:
    base = make("treps", n=5)
    pos = _first_positions(base)
    seats = base.tables[1].seats
    sb, bb = seats[pos.small_blind_seat], seats[pos.big_blind_seat]
    _short(base, bb, 50)  # all in with his blind

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders=set(t.players) - {sb, bb})
        return t

    t = find(attempt, lambda t: t.players[bb].status == "out")
    t.start_hand(1, "next", T0)
    began = _of(t.events, ev.HandDealt)[-1]
    assert not began.small_blind_posted  # no small blind this hand
    assert began.button == pos.small_blind_seat  # the button moves to the old small blind
    assert began.big_blind_seat == _after(t, pos.big_blind_seat)
    _fold_round(t, 1)
    t.start_hand(1, "next2", T0)
    again = _of(t.events, ev.HandDealt)[-1]
    assert again.button == pos.small_blind_seat  # does not move
    assert again.small_blind_posted and again.small_blind_seat == began.big_blind_seat


def _after(t: Tournament, seat: int) -> int:
    seats = sorted(t.tables[1].seats)
    return next((s for s in seats if s > seat), seats[0])


def test_tda_dead_button_after_the_small_blind_busts() -> None:
    base = make("tda", n=5)
    pos = _first_positions(base)
    seats = base.tables[1].seats
    sb, bb = seats[pos.small_blind_seat], seats[pos.big_blind_seat]
    _short(base, sb, 100)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders=set(t.players) - {sb, bb})
        return t

    t = find(attempt, lambda t: t.players[sb].status == "out")
    t.start_hand(1, "next", T0)
    began = _of(t.events, ev.HandDealt)[-1]
    assert began.button == pos.small_blind_seat  # on the empty seat: dead button
    assert began.button not in t.tables[1].seats
    assert began.small_blind_seat == pos.big_blind_seat
    assert "dead-button" in [e.rule_id for e in _of(t.events, ev.TournamentRuling)]


def test_three_handed_to_heads_up_nobody_posts_the_big_blind_twice() -> None:
    base = make("treps", n=3)
    pos = _first_positions(base)
    seats = base.tables[1].seats
    button = seats[pos.button]
    _short(base, button, 100)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders=set())
        return t

    t = find(attempt, lambda t: t.players[button].status == "out"
              and len(t.playing) == 2)
    t.start_hand(1, "hu", T0)
    began = _of(t.events, ev.HandDealt)[-1]
    assert began.button == began.small_blind_seat  # the button posts the small blind
    assert began.big_blind_seat != pos.big_blind_seat  # he just posted it
    assert "heads-up-blinds" in [e.rule_id for e in _of(t.events, ev.TournamentRuling)]


def _p1_and_p2_bust_in_one_hand(p1_stack: int, p2_stack: int) -> Tournament:
    base = make("tda", n=4)
    _short(base, "p1", p1_stack)
    _short(base, "p2", p2_stack)
    _short(base, "p0", 3000)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders={"p3"})
        return t

    return find(attempt, lambda t: t.players["p1"].status == t.players["p2"].status == "out")


def test_same_hand_eliminations_placed_by_starting_stack() -> None:
    t = _p1_and_p2_bust_in_one_hand(300, 200)
    assert (t.players["p1"].place, t.players["p2"].place) == (3, 4)
    assert "same-hand-eliminations" in [e.rule_id for e in _of(t.events, ev.TournamentRuling)]


def test_same_hand_equal_stacks_share_the_place() -> None:
    t = _p1_and_p2_bust_in_one_hand(300, 300)
    assert t.players["p1"].place == t.players["p2"].place == 3
    assert t.players["p1"].tied == ("p2",)


# ------------------------------------------------------------------ away, action time, clock


def test_action_time_marks_the_player_away_and_the_away_rule_folds_him_treps() -> None:
    t = make("treps", n=3, action_seconds=60)
    hand = t.start_hand(1, "h", T0)
    first = hand.to_act
    player = t.tables[1].seats[first]
    assert t.tick(T0 + 59) == []
    out = t.tick(T0 + 61)
    assert [e.type for e in out][:3] == ["tournament.timed_out", "tournament.marked_away",
                                          "tournament.away_acted"]
    assert _of(out, ev.TimedOut)[0].at == T0 + 60
    assert hand.player(first).folded and t.players[player].away
    assert _of(out, ev.AwayActed)[0].rule_id == "table-presence"


def test_away_player_still_posts_blinds_and_is_folded_in_turn_treps() -> None:
    t = make("treps", n=3)
    pos = _first_positions(t)
    bb = t.tables[1].seats[pos.big_blind_seat]
    t.set_away(bb, T0)
    hand = t.start_hand(1, "h", T0)
    assert hand.player(pos.big_blind_seat).committed == 50  # his big blind is posted
    while hand.to_act != pos.big_blind_seat and not hand.is_over:
        t.act(1, hand.to_act, "check_or_call", now=T0)
    assert hand.is_over or hand.player(pos.big_blind_seat).folded


def test_tavern_away_player_checked_without_a_bet_folded_facing_one() -> None:
    t = make("tavern", n=2)
    pos = _first_positions(t)
    bb_seat, btn_seat = pos.big_blind_seat, pos.button
    bb = t.tables[1].seats[bb_seat]
    t.set_away(bb, T0)
    hand = t.start_hand(1, "h", T0)
    t.act(1, btn_seat, "call", now=T0)  # the away big blind faces no bet: checked
    assert hand.street == "flop" and hand.player(bb_seat).live
    # postflop he acts first heads-up: checked again; then a bet, and he is folded
    assert hand.to_act == btn_seat
    t.act(1, btn_seat, "bet", 100, now=T0)
    assert hand.is_over and hand.player(bb_seat).folded


def test_tavern_away_player_still_away_at_the_end_cannot_win() -> None:
    t = make("tavern", n=2)
    pos = _first_positions(t)
    bb_seat, btn_seat = pos.big_blind_seat, pos.button
    t.set_away(t.tables[1].seats[bb_seat], T0)
    hand = t.start_hand(1, "h", T0)
    t.act(1, btn_seat, "call", now=T0)
    while not hand.is_over:
        t.act(1, btn_seat, "check", now=T0)
    assert not hand.player(bb_seat).live
    assert hand.final_stacks[btn_seat] == 1050  # the button takes the pot unopposed
    kills = [e for e in _of(t.events, ev.HandDeclaredDead) if e.rule_id == "away"]
    assert kills and kills[0].seat == bb_seat


def test_tda_away_at_the_deal_means_a_dead_hand_blinds_posted() -> None:
    t = make("tda", n=3)
    pos = _first_positions(t)
    bb = t.tables[1].seats[pos.big_blind_seat]
    t.set_away(bb, T0)
    hand = t.start_hand(1, "h", T0)
    assert hand.player(pos.big_blind_seat).committed == 50
    assert not hand.player(pos.big_blind_seat).live
    t.come_back(bb, T0 + 5)
    _fold_round(t, 1)
    hand2 = t.start_hand(1, "h2", T0 + 10)
    assert all(hand2.player(s).live for s in hand2.players_in_hand)


def test_clock_rules_treps() -> None:
    t = make("treps", n=3, clock_after_seconds=30, action_seconds=300)
    hand = t.start_hand(1, "h", T0)
    target_seat = hand.to_act
    seats = t.tables[1].seats
    target = seats[target_seat]
    caller = next(p for s, p in seats.items() if s != target_seat)
    with pytest.raises(NotAllowed, match="to go"):
        t.call_clock(1, caller, T0 + 10)
    with pytest.raises(NotAllowed, match="yourself"):
        t.call_clock(1, target, T0 + 40)
    t.set_away(caller, T0 + 35)
    with pytest.raises(NotAllowed, match="table-presence"):
        t.call_clock(1, caller, T0 + 40)
    t.come_back(caller, T0 + 36)
    (called,) = t.call_clock(1, caller, T0 + 40)
    assert isinstance(called, ev.ClockCalled)
    assert (called.countdown_at, called.expires_at) == (T0 + 90, T0 + 100)
    assert called.countdown == tuple(float(T0 + 90 + k) for k in range(10))
    with pytest.raises(NotAllowed, match="one clock per decision"):
        t.call_clock(1, caller, T0 + 41)
    kinds = {d.kind: d.at for d in t.deadlines(T0 + 41)}
    assert kinds["clock_countdown"] == T0 + 90 and kinds["clock"] == T0 + 100
    assert t.tick(T0 + 89) == []
    (countdown,) = t.tick(T0 + 90)
    assert isinstance(countdown, ev.ClockCountdown)
    assert (countdown.at, countdown.expires_at, countdown.player) == (T0 + 90, T0 + 100, target)
    # Once posted, the countdown is no longer a moment to wake for; only the expiry is.
    assert [(d.kind, d.at) for d in t.deadlines(T0 + 91) if d.table == 1] == [
        ("clock", T0 + 100)]
    assert t.tick(T0 + 99) == []
    out = t.tick(T0 + 100)
    assert _of(out, ev.ClockExpired)[0].expiry == "fold"
    assert hand.player(target_seat).folded
    assert not t.players[target].away  # the clock folds his hand; he is not marked away


def test_tda_clock_checks_a_player_facing_no_bet() -> None:
    t = make("tda", n=2, clock_after_seconds=0)
    pos = _first_positions(t)
    hand = t.start_hand(1, "h", T0)
    t.act(1, pos.button, "call", now=T0)
    assert hand.to_act == pos.big_blind_seat
    t.call_clock(1, t.tables[1].seats[pos.button], T0 + 1)
    t.tick(T0 + 1 + 29)
    assert hand.street == "preflop" and hand.to_act == pos.big_blind_seat  # 25 s + 5 s counted
    t.tick(T0 + 1 + 30)
    assert hand.street == "flop" and hand.player(pos.big_blind_seat).live


def test_clock_freezes_during_a_pause() -> None:
    t = make("treps", n=3, clock_after_seconds=0)
    hand = t.start_hand(1, "h", T0)
    seat = hand.to_act
    caller = next(p for s, p in t.tables[1].seats.items() if s != seat)
    t.call_clock(1, caller, T0)
    t.pause("td", "phone call", T0 + 30)
    assert t.tick(T0 + 1000) == []
    t.resume("td", T0 + 1000)
    clock = {d.kind: d.at for d in t.deadlines(T0 + 1000) if d.table == 1}
    assert clock == {"clock_countdown": T0 + 1020, "clock": T0 + 1030}  # 30 s were left
    assert _of(t.tick(T0 + 1029), ev.ClockCountdown) and hand.to_act == seat
    assert _of(t.tick(T0 + 1030), ev.ClockExpired)


# ------------------------------------------------------------------ chip race


def test_colour_up_with_odd_chips_and_a_player_left_with_none() -> None:
    t = make("treps", n=3, struct=structure(periods=(Level(25, 50, 0, 600),
                                                     Level(100, 200, 0, 600))))
    t.adjust_stack("p0", 1075, "td", "setup", T0)
    t.adjust_stack("p1", 50, "td", "setup", T0)  # only 25s: nothing left after change-up
    before = t.total_chips()
    with pytest.raises(ChipRaceDue):
        t.start_hand(1, "h", T0 + 600)
    out = t.run_chip_race("race", T0 + 600)
    (race,) = _of(out, ev.ChipRaced)
    assert (race.old_chip, race.new_chip) == (25, 100)
    lines = {ln.player: ln for ln in race.lines}
    assert lines["p1"].won == "no_chips" and t.players["p1"].stack == 100
    assert all(t.players[p].stack % 100 == 0 and t.players[p].stack > 0 for p in t.playing)
    assert len(lines["p0"].cards) == 3 and len(lines["p1"].cards) == 2
    assert lines["p2"].cards == ()
    assert t.total_chips() - before == sum(ln.stack_after - ln.stack_before
                                           for ln in race.lines)
    assert t.total_chips() == t.expected_chips()
    assert t.start_hand(1, "h", T0 + 600).big_blind == 200


def test_tda_chip_race_gives_at_most_one_chip() -> None:
    t = make("tda", n=2, struct=structure(periods=(Level(25, 50, 0, 60),
                                                   Level(100, 200, 0, 60))))
    t.adjust_stack("p0", 1075, "td", "setup", T0)
    t.adjust_stack("p1", 1075, "td", "setup", T0)
    t.adjust_stack("p1", 2075, "td", "setup", T0)
    t.run_chip_race("r", T0 + 60)
    # 3 + 3 odd 25s = 150: one whole 100 for the best card, and the 50 left is half a chip
    # for the other player; nobody gets two.
    assert sorted(t.players[p].stack - base for p, base in (("p0", 1000), ("p1", 2000))) == [
        100, 100]


# ------------------------------------------------------------------ several tables


def test_balance_then_break_to_the_final_table() -> None:
    t = make("tda", n=12, seats=6)
    assert sorted(len(ts.seats) for ts in t.tables.values()) == [6, 6]
    t1 = list(t.tables[1].seats.values())
    t.disqualify(t1[0], "td", "no-show", T0)
    out = t.disqualify(t1[1], "td", "no-show", T0)
    (move,) = _of(out, ev.PlayerMoved)
    assert (move.from_table, move.to_table, move.reason) == (2, 1, "balance")
    assert t.players[move.player].table == 1 and t.players[move.player].seat == move.to_seat
    assert sorted(len(ts.seats) for ts in t.tables.values()) == [5, 5]
    for p in list(t.tables[2].seats.values())[:4]:
        out = t.disqualify(p, "td", "no-show", T0)
    assert _of(out, ev.TableBroken) and _of(out, ev.FinalTable)
    moves = _of(out, ev.PlayerMoved)
    assert all(m.reason == "break" and m.rule_id == "breaking-tables" for m in moves)
    assert list(t.tables) == [1] and len(t.tables[1].seats) == 6
    assert t.final_table == 1


def test_moved_player_is_the_one_due_the_big_blind() -> None:
    t = make("tda", n=12, seats=6)
    for x in (1, 2):
        _fold_round_start(t, x)
    ts2 = t.tables[2]
    due_seat = next(s for s in sorted(ts2.seats) if s > ts2.positions.big_blind_seat) \
        if any(s > ts2.positions.big_blind_seat for s in ts2.seats) else min(ts2.seats)
    due = ts2.seats[due_seat]
    t1 = list(t.tables[1].seats.values())
    t.disqualify(t1[0], "td", "x", T0)
    out = t.disqualify(t1[1], "td", "x", T0)
    (move,) = _of(out, ev.PlayerMoved)
    assert move.player == due


def _fold_round_start(t: Tournament, table: int) -> None:
    t.start_hand(table, f"h{table}", T0)
    _fold_round(t, table)


# ------------------------------------------------------------------ director


def test_void_hand_puts_every_stack_back_and_keeps_the_button() -> None:
    t = make("tda", n=4)
    hand = t.start_hand(1, "h", T0)
    before = {p: t.players[p].stack for p in t.playing}
    legal = hand.legal()
    t.act(1, legal.seat, "all_in", now=T0)
    (voided,) = t.void_hand(1, "td", "exposed card in the deal", T0)
    assert voided.rule_id == "misdeal" and voided.by == "td"
    assert {p: t.players[p].stack for p in t.playing} == before
    again = t.start_hand(1, "h2", T0)
    assert again.button == hand.button and again.hand_id != hand.hand_id


def test_penalty_sits_out_n_hands_with_blinds_posted() -> None:
    t = make("tda", n=3)
    t.penalize("p1", 2, "td", "exposed a card with action pending", T0)
    seat = t.players["p1"].seat
    for i in range(3):
        hand = t.start_hand(1, f"h{i}", T0)
        assert hand.player(seat).live == (i == 2)
        _fold_round(t, 1)
    kills = [e for e in _of(t.events, ev.HandDeclaredDead) if e.rule_id == "penalty"]
    assert len(kills) == 2


def test_disqualified_mid_hand_chips_leave_play_at_the_end() -> None:
    t = make("tda", n=3)
    hand = t.start_hand(1, "h", T0)
    total = t.total_chips()
    out = t.disqualify("p2", "td", "cheating", T0)
    assert _of(out, ev.Disqualified)
    if not hand.is_over:
        _fold_round(t, 1)
    removed = [e for e in _of(t.events, ev.ChipsRemoved) if e.player == "p2"]
    assert removed and t.players["p2"].status == "out" and t.players["p2"].disqualified
    assert t.total_chips() == total - removed[0].amount == t.expected_chips()


def test_adjust_stack_logged_and_refused_mid_hand() -> None:
    t = make("tda", n=3)
    (adj,) = t.adjust_stack("p0", 1200, "td", "miscount", T0)
    assert (adj.before, adj.after, adj.by, adj.reason) == (1000, 1200, "td", "miscount")
    t.start_hand(1, "h", T0)
    with pytest.raises(NotAllowed, match="wait until it is over"):
        t.adjust_stack("p0", 1000, "td", "oops", T0)
    with pytest.raises(NotAllowed, match="disqualify"):
        t.adjust_stack("p1", 0, "td", "x", T0)


def test_free_text_ruling_logged() -> None:
    t = make(n=2)
    (r,) = t.ruling("td", "The bet of 500 stands.", ["p0"], T0)
    assert (r.by, r.text, r.players, r.rule_id) == ("td", "The bet of 500 stands.", ("p0",),
                                                    "director-decision")


# ------------------------------------------------------------------ after the hand


def test_rabbit_hunt_needs_everyone_and_shows_the_real_next_cards() -> None:
    t = make("treps", n=3)
    hand = t.start_hand(1, "rabbit-seed", T0)
    _fold_round(t, 1)
    players = [hand.player(s).player for s in hand.players_in_hand]
    assert _of(t.agree_rabbit_hunt(1, players[0], T0), ev.RabbitHunted) == []
    assert _of(t.agree_rabbit_hunt(1, players[1], T0), ev.RabbitHunted) == []
    (hunt,) = _of(t.agree_rabbit_hunt(1, players[2], T0), ev.RabbitHunted)
    deck = deck_from_seed("rabbit-seed")
    # six hole cards, then burn + flop, burn + turn, burn + river
    assert list(hunt.cards) == deck[7:10] + [deck[11], deck[13]]


def test_rabbit_hunt_not_allowed_under_tda() -> None:
    t = make("tda", n=2)
    t.start_hand(1, "h", T0)
    _fold_round(t, 1)
    with pytest.raises(NotAllowed, match="rabbit"):
        t.agree_rabbit_hunt(1, "p0", T0)


def test_show_one_show_all() -> None:
    t = make("tda", n=3)
    hand = t.start_hand(1, "h", T0)
    _fold_round(t, 1)
    winner_seat = next(s for s, v in hand.final_stacks.items() if v > 1000)
    winner = hand.player(winner_seat).player
    other = next(p for p in t.playing if p != winner)
    with pytest.raises(NotAllowed, match="shown nothing"):
        t.ask_to_see(1, other, winner, T0)
    card = hand.hole_cards(winner_seat)[0]
    (shown,) = t.show_cards(1, winner, [card], T0)
    assert shown.cards == (card,)
    (rest,) = t.ask_to_see(1, other, winner, T0)
    assert rest.cards == (hand.hole_cards(winner_seat)[1],) and rest.requested_by == other


# ------------------------------------------------------------------ money and results


def test_rebuy_and_add_on_grow_the_pool_and_the_tournament_pays_it_out() -> None:
    s = structure(rebuys=RebuyTerms(cost=10, chips=1000, until_level=1),
                  add_on=None)
    base = make("tda", n=3, struct=s)
    _short(base, "p2", 100)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders=set())
        return t

    t = find(attempt, lambda t: t.players["p2"].status == "out" and len(t.playing) == 2)
    assert t.players["p2"].place == 3
    (rb,) = _of(t.rebuy("p2", T0 + 10), ev.Rebuy)
    assert t.pool == 40 and t.players["p2"].place is None and t.players["p2"].stack == 1000
    with pytest.raises(NotAllowed, match="only a busted player"):
        t.rebuy("p2", T0 + 10)
    assert rb.seat == t.players["p2"].seat
    # play it out: everyone all-in every hand
    n = 0
    while t.status == "running":
        play_all_in_hand(t, 1, f"end-{n}", folders=set(), now=T0 + 20)
        n += 1
    results = t.results()
    assert sorted(r.place for r in results) == [1, 2, 3]
    assert sum(r.prize for r in results) == 40 == t.pool
    assert results[0].player == t.winner and results[0].prize == 40  # 3 players: winner all


def test_add_on_once_up_to_its_level() -> None:
    from bot.tournament.structure import AddOnTerms

    t = make("tda", n=2, struct=structure(add_on=AddOnTerms(cost=5, chips=500, until_level=1)))
    t.add_on("p0", T0)
    assert t.players["p0"].stack == 1500 and t.pool == 25
    with pytest.raises(NotAllowed, match="one add-on"):
        t.add_on("p0", T0)
    with pytest.raises(NotAllowed, match="after level 1"):
        t.add_on("p1", T0 + 601)


# ------------------------------------------------------------------ replay


def test_replay_rebuilds_the_tournament_exactly_mid_hand() -> None:
    t = make("tavern", n=7, seats=4, clock_after_seconds=0)
    for table in sorted(t.tables):
        t.start_hand(table, f"h{table}", T0)
    hand = t.tables[1].hand
    legal = hand.legal()
    t.act(1, legal.seat, "call" if not legal.can_check else "check", now=T0 + 1)
    caller = next(p for s, p in t.tables[1].seats.items() if s != hand.to_act)
    t.call_clock(1, caller, T0 + 2)
    t.set_away("p3", T0 + 3)
    t.tick(T0 + 200)
    again = replayed(t)
    assert again.snapshot() == t.snapshot()
    # and the rebuilt tournament plays on identically
    for x in (t, again):
        for table in sorted(x.tables):
            h = x.tables[table].hand
            if h is not None and not h.is_over:
                x.act(table, h.to_act, "fold", now=T0 + 201)
    assert again.snapshot() == t.snapshot()


def test_illegal_action_changes_nothing() -> None:
    t = make("tda", n=3)
    hand = t.start_hand(1, "h", T0)
    before = len(t.events)
    wrong = next(s for s in hand.players_in_hand if s != hand.to_act)
    with pytest.raises(IllegalAction):
        t.act(1, wrong, "fold", now=T0)
    with pytest.raises(NotAllowed, match="needs"):
        t.act(1, hand.to_act, "bet", now=T0)
    assert len(t.events) == before


def test_late_entry_opens_a_table_when_every_seat_is_taken_and_it_is_balanced() -> None:
    t = make("tda", n=3, seats=3, struct=structure(late_registration_level=1))
    out = t.register("late", T0)
    (late,) = _of(out, ev.LateRegistered)
    assert late.table == 2
    (move,) = _of(out, ev.PlayerMoved)
    assert (move.from_table, move.to_table) == (1, 2)
    assert sorted(len(ts.seats) for ts in t.tables.values()) == [2, 2]
    hand = t.start_hand(2, "new-table", T0)  # the new table draws its button first
    assert _of(t.events, ev.ButtonDrawn)[-1].table == 2 and len(hand.players_in_hand) == 2


def test_action_deadline_is_offered_to_the_bot() -> None:
    t = make("tda", n=3, action_seconds=45)
    t.start_hand(1, "h", T0 + 5)
    (d,) = [d for d in t.deadlines(T0 + 6) if d.kind == "action"]
    assert (d.at, d.table) == (T0 + 50, 1)


def test_payout_table_must_cover_the_field_at_the_start() -> None:
    from bot.tournament.payouts import Bracket, PayoutTable
    from bot.tournament.tournament import TournamentConfig

    cfg = TournamentConfig(make_profile("tda"), structure(),
                           PayoutTable("small", (Bracket(2, 3, (10_000,)),)))
    t = Tournament.create(2, cfg, T0)
    for i in range(5):
        t.register(f"p{i}", T0)
    with pytest.raises(StructureError, match="no row for 5 players"):
        t.start("s", T0)


def test_a_request_to_show_survives_replay_and_is_refused_twice() -> None:
    t = make("tavern", 3)
    table = next(iter(t.tables))
    t.start_hand(table, "deal", T0)
    hand = t.hand(table)
    assert hand is not None
    seat = hand.to_act
    assert seat is not None
    player = t.tables[table].seats[seat]
    events = t.request_show(table, player, T0)
    assert [e.type for e in events] == ["tournament.asked_to_show"]
    assert hand.player(seat).asked_to_show
    rebuilt = replayed(t).hand(table)
    assert rebuilt is not None and rebuilt.player(seat).asked_to_show
    n = len(t.events)
    with pytest.raises(IllegalAction):
        t.request_show(table, player, T0)
    assert len(t.events) == n

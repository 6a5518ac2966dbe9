"""The time bank: set per tournament within bounds, spent with the Time button or for
the player once his action time runs out, what he leaves unused kept, refilled at each new
level, never extending a called clock; kept by replay and snapshot."""

from __future__ import annotations

import pytest

from bot.engine.profile import make_profile
from bot.tournament import events as ev
from bot.tournament.errors import NotAllowed, StructureError
from bot.tournament.payouts import load_payout_table
from bot.tournament.tournament import Tournament, TournamentConfig

from .helpers import T0, make, replayed, structure


def _to_act(t: Tournament) -> tuple[int, str]:
    hand = t.tables[1].hand
    assert hand is not None and hand.to_act is not None
    return hand.to_act, t.tables[1].seats[hand.to_act]


@pytest.mark.parametrize(("opts", "said"), [
    ({"action_seconds": 5}, "the action time must be 15 to 600 seconds (it was 5)"),
    ({"action_seconds": 601}, "the action time must be 15 to 600 seconds (it was 601)"),
    ({"time_bank_seconds": 901}, "the time bank must be 0 to 900 seconds (it was 901)"),
    ({"time_bank_seconds": -1}, "the time bank must be 0 to 900 seconds (it was -1)"),
    ({"time_bank_refill_seconds": 301},
     "the time bank's refill must be 0 to 300 seconds (it was 301)"),
])
def test_out_of_bounds_times_are_refused_with_the_range(opts: dict[str, float],
                                                                 said: str) -> None:
    with pytest.raises(StructureError) as exc:
        TournamentConfig(make_profile("tda"), structure(), load_payout_table("standard"),
                         **opts)
    assert str(exc.value) == said


def test_away_only_after_the_action_time_and_the_bank_run_out() -> None:
    t = make("treps", n=3, action_seconds=60, time_bank_seconds=90)
    t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    assert t.players[player].time_bank == 90
    # At 60 s his bank is spent for him, not his hand.
    out = t.tick(T0 + 61)
    assert [e.type for e in out] == ["tournament.time_bank_used"]
    used = out[0]
    assert isinstance(used, ev.TimeBankUsed) and used.auto and used.seconds == 90
    assert used.at == T0 + 60
    assert not t.players[player].away and t.players[player].time_bank == 0
    deadline = t.turn_deadline(1, T0 + 61)
    assert deadline is not None and deadline.at == T0 + 150
    assert t.tick(T0 + 149) == []
    out = t.tick(T0 + 151)
    assert [e.type for e in out][:2] == ["tournament.timed_out", "tournament.marked_away"]
    assert t.players[player].away


def test_time_button_spends_the_bank_and_the_unused_part_comes_back() -> None:
    t = make("treps", n=3, action_seconds=60, time_bank_seconds=90)
    hand = t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    t.use_time_bank(1, player, T0 + 10, expect=(hand.hand_id, len(hand.events)))
    assert t.players[player].time_bank == 0
    deadline = t.turn_deadline(1, T0 + 10)
    assert deadline is not None and deadline.at == T0 + 150
    with pytest.raises(NotAllowed) as exc:
        t.use_time_bank(1, player, T0 + 11)
    assert exc.value.code == "bank-empty"
    # He acts at 100 s: 40 s of action time and bank used, 50 s of bank left unused.
    t.act(1, seat, "fold", now=T0 + 100)
    assert t.players[player].time_bank == 50
    assert replayed(t).players[player].time_bank == 50
    assert Tournament.from_snapshot(t.cfg, t.snapshot()).players[player].time_bank == 50


def test_only_the_player_to_act_and_never_on_a_called_clock() -> None:
    t = make("treps", n=3, action_seconds=120, time_bank_seconds=60, clock_after_seconds=30)
    t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    other = next(p for p in t.tables[1].seats.values() if p != player)
    count = t.event_count
    with pytest.raises(NotAllowed) as exc:
        t.use_time_bank(1, other, T0 + 5)
    assert exc.value.code == "bank-not-to-act"
    t.call_clock(1, other, T0 + 40)
    with pytest.raises(NotAllowed) as exc:
        t.use_time_bank(1, player, T0 + 41)
    assert exc.value.code == "bank-on-clock"
    assert t.event_count == count + 1  # the clock only
    # The clock (a minute under treps) runs out: the bank does not extend it.
    out = t.tick(T0 + 101)
    assert "tournament.clock_expired" in [e.type for e in out]
    assert "tournament.time_bank_used" not in [e.type for e in out]
    assert t.players[player].time_bank == 60


def test_a_new_level_refills_the_bank_up_to_the_start() -> None:
    t = make("treps", n=3, action_seconds=60, time_bank_seconds=30,
             time_bank_refill_seconds=20)
    hand = t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    t.use_time_bank(1, player, T0 + 1)
    t.act(1, seat, "fold", now=T0 + 85)  # 25 s of his 30 used
    assert t.players[player].time_bank == 5
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(1, legal.seat, "fold" if legal.can_fold and not legal.can_check else "check",
              now=T0 + 86)
    out = t.tick(T0 + 601)  # level 2
    assert any(isinstance(e, ev.LevelStarted) and e.level == 2 for e in out)
    assert t.players[player].time_bank == 25
    t.tick(T0 + 1201)  # level 3: up to the starting 30, no more
    assert t.players[player].time_bank == 30
    others = [p for p in t.players.values() if p.player != player]
    assert all(p.time_bank == 30 for p in others)
    assert replayed(t).players[player].time_bank == 30


def test_downtime_keeps_the_bank_deadline_moved() -> None:
    t = make("treps", n=3, action_seconds=60, time_bank_seconds=90)
    t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    t.use_time_bank(1, player, T0 + 10)
    # The bot was down from 100 s to 400 s: the deadline (150 s) moves by the downtime.
    t.back_online(T0 + 100, T0 + 400)
    deadline = t.turn_deadline(1, T0 + 400)
    assert deadline is not None and deadline.at == pytest.approx(T0 + 450)
    assert t.tick(T0 + 420) == []
    # 20 s after the restart: 120 s of play time used of his 150, so 30 s of bank left.
    t.act(1, seat, "fold", now=T0 + 420)
    assert t.players[player].time_bank == pytest.approx(30)
    assert replayed(t).players[player].time_bank == pytest.approx(30)


def test_no_bank_by_default_and_old_configs_read_without_one() -> None:
    t = make("treps", n=3, action_seconds=60)
    t.start_hand(1, "h", T0)
    seat, player = _to_act(t)
    assert t.players[player].time_bank == 0
    out = t.tick(T0 + 61)
    assert [e.type for e in out][:1] == ["tournament.timed_out"]
    data = t.cfg.to_dict()
    del data["time_bank_seconds"], data["time_bank_refill_seconds"]
    assert TournamentConfig.from_dict(data).time_bank_seconds == 0

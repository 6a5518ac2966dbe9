"""The director in control of the level clock: /td time on the level, /td level,
/td break; refusals change nothing; a replay and a snapshot keep every change."""

from __future__ import annotations

import json

import pytest

from bot.tournament import events as ev
from bot.tournament.errors import NotAllowed
from bot.tournament.structure import Break, Level
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, make, replayed, structure

# Level 1 (600 s), level 2 (600 s), a break (300 s), level 3 (600 s), level 4 (the last).
WITH_BREAK = structure(periods=(Level(25, 50, 0, 600), Level(50, 100, 0, 600), Break(300),
                                Level(100, 200, 0, 600), Level(200, 400, 0, 600)))


def _of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def _same_clock(a: Tournament, b: Tournament, now: float) -> None:
    assert a.clock_view(now) == b.clock_view(now)
    assert a.deadlines(now) == b.deadlines(now)


def _kept(t: Tournament, now: float) -> None:
    """A replay of the log and a snapshot (through JSON) read the clock the same."""
    _same_clock(t, replayed(t), now)
    snap = json.loads(json.dumps(t.snapshot()))
    _same_clock(t, Tournament.from_snapshot(t.cfg, snap), now)


def test_time_added_and_taken_moves_the_level_end_and_nothing_else() -> None:
    t = make(n=3, struct=WITH_BREAK)
    hand = t.start_hand(1, "h", T0)
    turn = t.turn_deadline(1, T0 + 100)
    out = t.set_level_time("td", T0 + 100, change=120)
    (e,) = _of(out, ev.LevelTimeSet)
    assert (e.before, e.seconds_left, e.change, e.by) == (500, 620, 120, "td")
    view = t.clock_view(T0 + 100)
    assert view.seconds_left == 620 and view.ends_at == T0 + 720
    assert t.turn_deadline(1, T0 + 100) == turn  # the player's own time is not the level's
    assert t.level_number(T0 + 719) == 1 and t.level_number(T0 + 720) == 2
    t.set_level_time("td", T0 + 200, change=-30)
    assert t.clock_view(T0 + 200).seconds_left == 490
    t.set_level_time("td", T0 + 200, seconds_left=12 * 60)
    assert t.clock_view(T0 + 200).ends_at == T0 + 200 + 720
    _kept(t, T0 + 300)
    # The level changes at its new end.
    out = t.tick(T0 + 920)
    assert [(x.level, x.at) for x in _of(out, ev.LevelStarted)] == [(2, T0 + 920)]
    assert hand.hand_id == _of(t.events, ev.HandDealt)[0].hand_id


def test_refusals_of_time_say_why_and_change_nothing() -> None:
    t = make(n=3, struct=WITH_BREAK)
    count = t.event_count
    with pytest.raises(NotAllowed, match="below none") as err:
        t.set_level_time("td", T0 + 580, change=-30)
    assert err.value.code == "time-negative"
    with pytest.raises(NotAllowed, match="at most 6 hours"):
        t.set_level_time("td", T0, seconds_left=7 * 3600)
    t.set_level("td", T0, level=4)
    count = t.event_count
    with pytest.raises(NotAllowed, match="level 4 is the last") as err:
        t.set_level_time("td", T0 + 1, change=60)
    assert err.value.code == "last-level" and t.event_count == count
    before = make(n=3, struct=WITH_BREAK, start=False)
    with pytest.raises(NotAllowed, match="has not started"):
        before.set_level_time("td", T0, change=60)
    with pytest.raises(NotAllowed, match="has not started"):
        before.toggle_break("td", T0)


def test_level_next_previous_and_by_number() -> None:
    t = make(n=3, struct=WITH_BREAK)
    out = t.set_level("td", T0 + 100, step="next")
    (moved,) = _of(out, ev.LevelSet)
    assert (moved.from_period, moved.period) == (0, 1)
    (started,) = _of(out, ev.LevelStarted)
    assert (started.level, started.big_blind, started.ends_at) == (2, 100, T0 + 700)
    assert t.clock_view(T0 + 100).seconds_left == 600
    out = t.set_level("td", T0 + 200, step="next")  # the break is a period of its own
    assert _of(out, ev.LevelStarted)[0].is_break and t.clock_view(T0 + 200).on_break
    t.set_level("td", T0 + 300, step="previous")
    assert t.level_number(T0 + 300) == 2 and not t.clock_view(T0 + 300).on_break
    out = t.set_level("td", T0 + 400, level=1)
    assert _of(out, ev.LevelStarted)[0].level == 1 and t.clock_view(T0 + 400).seconds_left == 600
    _kept(t, T0 + 450)
    # And the clock runs on from there: level 2 at its new start.
    assert [x.level for x in _of(t.tick(T0 + 1000), ev.LevelStarted)] == [2]
    count = t.event_count
    with pytest.raises(NotAllowed, match="no level 0") as err:
        t.set_level("td", T0 + 1000, level=0)
    assert err.value.code == "no-such-level"
    with pytest.raises(NotAllowed, match="levels are 1 to 4"):
        t.set_level("td", T0 + 1000, level=5)
    t.set_level("td", T0 + 1000, level=1)
    count = t.event_count
    with pytest.raises(NotAllowed, match="no level before it"):
        t.set_level("td", T0 + 1000, step="previous")
    t.set_level("td", T0 + 1000, level=4)
    count = t.event_count
    with pytest.raises(NotAllowed, match="no next one"):
        t.set_level("td", T0 + 1000, step="next")
    assert t.event_count == count


def test_a_level_whose_chips_were_raced_off_is_refused() -> None:
    t = make("treps", n=3, struct=structure(periods=(Level(25, 50, 0, 600),
                                                     Level(100, 200, 0, 600))))
    t.run_chip_race("race", T0 + 600)
    count = t.event_count
    with pytest.raises(NotAllowed, match="smaller than the 100 chips") as err:
        t.set_level("td", T0 + 601, level=1)
    assert err.value.code == "level-chips" and t.event_count == count


def test_a_called_break_holds_the_level_and_it_resumes_with_its_time() -> None:
    t = make(n=3, struct=WITH_BREAK)
    out = t.toggle_break("td", T0 + 100, seconds=600)
    (called,) = _of(out, ev.BreakCalled)
    assert (called.seconds, called.level_seconds_left) == (600, 500)
    view = t.clock_view(T0 + 200)
    assert view.on_break and view.seconds_left == 500 and view.ends_at == T0 + 700
    assert view.next_level == Level(25, 50, 0, 600) and not view.next_is_break
    assert view.next_break_at == T0 + 700 + 500 + 600  # the structure's break, later
    with pytest.raises(NotAllowed, match="break"):
        t.start_hand(1, "h", T0 + 200)
    t.set_level_time("td", T0 + 200, change=60)  # more break, not more level
    assert t.clock_view(T0 + 200).ends_at == T0 + 760
    _kept(t, T0 + 300)
    assert {d.kind: d.at for d in t.deadlines(T0 + 300)} == {"level": T0 + 760}
    out = t.tick(T0 + 760)
    (resumed,) = _of(out, ev.LevelStarted)
    assert (resumed.level, resumed.is_break, resumed.ends_at) == (1, False, T0 + 1260)
    view = t.clock_view(T0 + 800)
    assert not view.on_break and view.seconds_left == 460
    t.start_hand(1, "h", T0 + 800)
    _kept(t, T0 + 800)


def test_break_ends_a_called_break_or_the_structures() -> None:
    t = make(n=3, struct=WITH_BREAK)
    t.toggle_break("td", T0 + 100)  # the structure's break length: 300 s
    assert t.clock_view(T0 + 100).seconds_left == 300
    out = t.toggle_break("td", T0 + 150)
    (ended,) = _of(out, ev.BreakEnded)
    assert ended.period == 0
    (started,) = _of(out, ev.LevelStarted)
    assert (started.level, started.ends_at) == (1, T0 + 650)  # 500 s were left
    t.set_level("td", T0 + 200, step="next")
    t.set_level("td", T0 + 200, step="next")
    assert t.clock_view(T0 + 200).on_break
    out = t.toggle_break("td", T0 + 250)
    assert [(x.level, x.is_break) for x in _of(out, ev.LevelStarted)] == [(3, False)]
    assert t.clock_view(T0 + 250).seconds_left == 600
    _kept(t, T0 + 260)
    with pytest.raises(NotAllowed, match="1 to 120 minutes"):
        t.toggle_break("td", T0 + 300, seconds=30)
    t.toggle_break("td", T0 + 300)
    count = t.event_count
    with pytest.raises(NotAllowed, match="a break is running") as err:
        t.toggle_break("td", T0 + 310, seconds=900)
    assert err.value.code == "break-running" and t.event_count == count


def test_a_pause_and_the_bots_downtime_keep_the_changes() -> None:
    t = make(n=3, struct=WITH_BREAK)
    t.set_level_time("td", T0 + 100, change=300)  # 800 s left
    t.pause("td", "dinner", T0 + 200)  # 700 left
    t.resume("td", T0 + 1200)
    assert t.clock_view(T0 + 1200).ends_at == T0 + 1900
    t.back_online(T0 + 1300, T0 + 2300)  # 100 s ran, then 1000 s down
    assert t.clock_view(T0 + 2300).seconds_left == 600
    _kept(t, T0 + 2300)


def _level_three_early(way: str) -> tuple[Tournament, float]:
    """A tournament 22 s into level 3 (the level right after WITH_BREAK's break), reached the
    way a director reaches it: the break running out, `/td level to:3`, or `/td level to:3`
    then a pause and a resume."""
    t = make(n=3, struct=WITH_BREAK)
    if way == "break-ran-out":
        at = T0 + 1500 + 22  # levels 1 and 2 (600 s each) and the break (300 s) have run
        t.tick(at)
    elif way == "level-to":
        t.set_level("td", T0 + 100, level=3)
        at = T0 + 122
    else:
        t.set_level("td", T0 + 100, level=3)
        t.pause("td", "a table is short", T0 + 110)
        t.resume("td", T0 + 500)
        at = T0 + 512
    view = t.clock_view(at)
    assert (view.level, view.on_break, view.seconds_left) == (3, False, 578)
    return t, at


@pytest.mark.parametrize("way", ["break-ran-out", "level-to", "pause-resume"])
def test_time_added_early_in_the_level_after_a_break_stays_in_that_level(way: str) -> None:
    t, at = _level_three_early(way)
    out = t.set_level_time("td", at, change=60)
    (e,) = _of(out, ev.LevelTimeSet)
    assert (e.level, e.on_break, e.seconds_left) == (3, False, 638)
    assert not _of(out, ev.LevelStarted)  # nothing goes back to the break
    view = t.clock_view(at + 1)
    assert (view.level, view.on_break, view.seconds_left) == (3, False, 637)
    assert view.small_blind == 100 and view.next_level == Level(200, 400, 0, 600)
    _kept(t, at + 30)
    # The break is not played again, and level 3 ends once, at its new end.
    assert not _of(t.tick(at + 637), ev.LevelStarted)
    out = t.tick(at + 638)
    assert [(x.level, x.is_break) for x in _of(out, ev.LevelStarted)] == [(4, False)]


def test_time_set_to_none_then_added_stays_in_the_level_that_followed() -> None:
    t = make(n=3, struct=WITH_BREAK)
    out = t.set_level_time("td", T0 + 100, seconds_left=0)
    assert [x.level for x in _of(out, ev.LevelStarted)] == [2]
    out = t.set_level_time("td", T0 + 100, change=120)
    (e,) = _of(out, ev.LevelTimeSet)
    assert (e.level, e.seconds_left) == (2, 720)
    view = t.clock_view(T0 + 100)
    assert (view.level, view.small_blind, view.seconds_left) == (2, 50, 720)
    _kept(t, T0 + 110)
    assert not _of(t.tick(T0 + 819), ev.LevelStarted)
    assert [x.is_break for x in _of(t.tick(T0 + 820), ev.LevelStarted)] == [True]

"""Seats and the waiting list: I'm in, I'm out, the director's changes."""

from __future__ import annotations

import pytest

from bot.schedule import Entrant, NightError, Roster, guest_key, member_key
from bot.schedule.roster import Status


def roster(seats: int, lines: list[Entrant], status: Status = "scheduled",
           live: bool = True) -> Roster:
    return Roster(seats, lines, status=status, live=live)


def fill(r: Roster, players: range) -> Roster:
    """Each player clicks I'm in, one after the other (each write seen by the next)."""
    for uid in players:
        taken = r.join(member_key(uid), f"p{uid}", user_id=uid)
        r = roster(taken.seats, [*r.by_key.values(), *taken.written], r.status, r.live)
    return r


def test_seats_then_the_waiting_list_in_the_order_of_signing_up() -> None:
    r = fill(roster(12, []), range(1, 15))
    assert [e.user_id for e in r.seated] == list(range(1, 13))
    assert [e.user_id for e in r.waiting] == [13, 14]
    assert r.position("14") == 2
    taken = r.join("15", "p15", user_id=15)
    assert taken.entrant.place == "waiting" and taken.position == 3


def test_a_second_click_is_refused_and_says_where_he_is() -> None:
    r = fill(roster(2, []), range(1, 4))
    with pytest.raises(NightError) as seated:
        r.join("1", "p1", user_id=1)
    assert seated.value.code == "already-in" and seated.value.fields["place"] == "seated"
    with pytest.raises(NightError) as waiting:
        r.join("3", "p3", user_id=3)
    assert waiting.value.fields == {"name": "p3", "place": "waiting", "position": 1}


def test_a_freed_seat_goes_to_the_first_waiting_who_may_decline() -> None:
    r = fill(roster(2, []), range(1, 5))
    taken = r.leave("2")
    assert taken.entrant.place == "out" and taken.was == "seated"
    assert [p.user_id for p in taken.promoted] == [3]
    r = roster(2, [*r.by_key.values(), *taken.written])
    assert [e.user_id for e in r.seated] == [1, 3] and r.position("4") == 1
    # He declines: the next one moves up.
    declined = r.leave("3")
    assert [p.user_id for p in declined.promoted] == [4]


def test_leaving_the_waiting_list_moves_nobody_up_and_rejoining_goes_to_the_end() -> None:
    r = fill(roster(1, []), range(1, 4))
    taken = r.leave("2")
    assert taken.promoted == ()
    r = roster(1, [*r.by_key.values(), *taken.written])
    again = r.join("2", "p2", user_id=2)
    assert again.was == "out" and again.position == 2


def test_not_in_cannot_leave() -> None:
    with pytest.raises(NightError) as refused:
        roster(2, []).leave("7")
    assert refused.value.code == "not-in"


def test_guests_only_at_a_live_night_and_named() -> None:
    with pytest.raises(NightError) as online:
        roster(2, [], live=False).join(guest_key("Ed"), "Ed", user_id=None, added_by=9)
    assert online.value.code == "guests-live-only"
    with pytest.raises(NightError) as blank:
        roster(2, []).join(guest_key("  "), "  ", user_id=None, added_by=9)
    assert blank.value.code == "guest-name"
    taken = roster(2, []).join(guest_key("Ed  Guest"), "Ed  Guest", user_id=None, added_by=9)
    assert taken.entrant.name == "Ed Guest" and taken.entrant.key == "guest:ed guest"


def test_the_director_seats_a_waiting_player_out_of_turn_with_one_more_seat() -> None:
    r = fill(roster(2, []), range(1, 5))
    taken = r.seat("4")
    assert taken.entrant.place == "seated" and taken.seats == 3
    with pytest.raises(NightError) as refused:
        r.seat("1")
    assert refused.value.code == "not-waiting"


def test_more_seats_seat_the_first_waiting_fewer_than_seated_is_refused() -> None:
    r = fill(roster(2, []), range(1, 6))
    assert [e.user_id for e in r.resize(4)] == [3, 4]
    with pytest.raises(NightError) as refused:
        r.resize(1)
    assert refused.value.fields == {"seats": 1, "seated": 2}


def test_no_shows_only_once_the_night_is_open() -> None:
    r = fill(roster(2, []), range(1, 4))
    with pytest.raises(NightError) as early:
        r.no_show("1")
    assert early.value.code == "not-opened"
    opened = roster(2, list(r.by_key.values()), status="open")
    taken = opened.no_show("1")
    assert taken.entrant.no_show and [p.user_id for p in taken.promoted] == [3]
    with pytest.raises(NightError) as later:
        opened.join("9", "p9", user_id=9)
    assert later.value.code == "opened"


def test_confirming_twice_writes_nothing_the_second_time() -> None:
    r = fill(roster(2, []), range(1, 3))
    first = r.confirm("1")
    assert first.entrant.confirmed and first.written
    r = roster(2, [*r.by_key.values(), *first.written])
    assert r.confirm("1").written == ()


def test_a_cancelled_night_takes_no_sign_ups() -> None:
    with pytest.raises(NightError) as refused:
        roster(2, [], status="cancelled").join("1", "p1", user_id=1)
    assert refused.value.code == "closed"

"""Who a player is (bot/tournament/players.py): a member's id and a guest's never meet, and each
turns back into what it came from."""

from __future__ import annotations

import pytest

from bot.tournament.players import (
    guest_number,
    guest_player,
    is_guest,
    is_member,
    member_id,
    member_player,
    parse_player,
)

SNOWFLAKES = (1, 101, 123456789012345678, 2**63 - 1)


@pytest.mark.parametrize("uid", SNOWFLAKES)
def test_a_member_round_trips_and_is_never_a_guest(uid: int) -> None:
    player = member_player(uid)
    assert player == str(uid)  # the stored format, unchanged
    assert member_id(player) == uid
    assert is_member(player) and not is_guest(player)
    assert guest_number(player) is None
    assert parse_player(player) == player


@pytest.mark.parametrize("n", (1, 2, 10, 999))
def test_a_guest_round_trips_and_is_never_a_member(n: int) -> None:
    player = guest_player(n)
    assert player == f"guest-{n}"  # the stored format, unchanged
    assert guest_number(player) == n
    assert is_guest(player) and not is_member(player)
    assert member_id(player) is None
    assert parse_player(player) == player


@pytest.mark.parametrize("text", ("", "abc", "-5", "12a", "²", "٣", "0", "007", "1 2", "guest-",
                                  "guest-0", "guest-x", "Guest-1", "guest-1 ", " 101", "guest--1"))
def test_anything_else_is_no_player(text: str) -> None:
    assert member_id(text) is None and guest_number(text) is None
    assert not is_member(text) and not is_guest(text)
    assert parse_player(text) is None


def test_none_is_no_player() -> None:
    assert member_id(None) is None and guest_number(None) is None
    assert not is_member(None) and not is_guest(None)


@pytest.mark.parametrize("bad", (0, -1, -(2**40), True))
def test_no_member_id_but_a_positive_one(bad: int) -> None:
    """A guest's league id is negative (bot/league/guests.py): it never becomes a member."""
    with pytest.raises(ValueError):
        member_player(bad)


@pytest.mark.parametrize("bad", (0, -1, False))
def test_guests_are_numbered_from_one(bad: int) -> None:
    with pytest.raises(ValueError):
        guest_player(bad)

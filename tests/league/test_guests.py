"""Guests' league identity and what a night's log says about them (bot/league/guests.py)."""

from __future__ import annotations

from bot.league.guests import guest_user_id, is_guest_id, read_night
from tests.tournament.test_live import T0, TD, live_night


def test_a_guest_keeps_one_id_per_server_whatever_the_spelling() -> None:
    dana = guest_user_id(7, "Dana Smith")
    assert is_guest_id(dana) and dana == guest_user_id(7, "  dana   SMITH ")
    assert dana != guest_user_id(8, "Dana Smith") and dana != guest_user_id(7, "Dana Smyth")
    assert not is_guest_id(123456789012345678)  # a Discord id


def test_a_night_maps_guests_to_their_ids_and_linked_guests_to_the_member() -> None:
    t = live_night(members=2, guests=2, seats=9)  # members 101, 102; guests Dana Smith, Ray
    t.start("seed", T0)
    dana, ray = sorted(t.guests)
    t.link_guest(ray, "555", TD, T0 + 1)
    t.bust("101", T0 + 10, knocked_out_by=dana, recorded_by=TD)
    t.bust(ray, T0 + 20, recorded_by=TD)
    t.undo_bust(TD, T0 + 21)  # a mistake: Ray is back in
    t.bust("102", T0 + 30, knocked_out_by=ray, recorded_by=TD)
    night = read_night(t.events, guild_id=7)
    assert night.ids == {"101": 101, "102": 102, dana: guest_user_id(7, "Dana Smith"),
                         ray: 555}
    assert night.busts == (("101", dana), ("102", ray))  # the undone bust is gone
    assert night.unlinked("dana smith") == dana and night.unlinked("Ray") is None
    assert night.linked("ray") == "555" and night.linked("Dana Smith") is None

"""Refusals name players from their typed fields (issue 19), never by finding ids in a text:
a member or a guest by his name, escaped; someone unknown as "that player" or "a guest"; a
number that is not a player stays a number."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.refusals import player_name, refusal_text
from bot.discord_ui.replies import error_message
from bot.engine.errors import IllegalAction
from bot.tournament.errors import NotAllowed, Place, TournamentError, Who
from tests.tournament.helpers import T0, make

ANN = "123456789012345678"
NAMES = {ANN: "Ann_<@1>", "guest-2": "**Dee**"}


def _refused(command: object) -> TournamentError:
    with pytest.raises(TournamentError) as refused:
        command()  # type: ignore[operator]
    return refused.value


def test_one_way_to_name_a_player_member_or_guest() -> None:
    assert player_name(NAMES, ANN) == "Ann\\_<@\u200b1>"
    assert player_name(NAMES, "guest-2") == "\\*\\*Dee\\*\\*"
    assert player_name(NAMES, "guest-9") == "a guest"
    assert player_name(NAMES, "999999999999999999") == "that player"


def test_a_tournament_refusal_carries_its_code_and_players_and_reads_with_names() -> None:
    t = make(n=3)
    t.set_away("p1", T0)
    refused = _refused(lambda: t.set_away("p1", T0))
    assert (refused.code, refused.players) == ("already-away", {"player": "p1"})
    assert str(refused) == "p1 is already away"  # callers without names still get a sentence
    assert refusal_text(refused, {"p1": "Bea"}) == "Bea is already away"


def test_a_place_reads_as_an_ordinal_and_numbers_that_are_not_players_stay() -> None:
    refused = NotAllowed("{player} is already out ({place}); table {table}", code="x",
                         player=Who(ANN), place=Place(3), table=987654321098765432)
    assert refusal_text(refused, NAMES) == (
        "Ann\\_<@\u200b1> is already out (3rd place); table 987654321098765432")


def test_the_bots_error_handler_shows_no_id_even_without_names() -> None:
    refused = NotAllowed("{player} is not playing", code="not-playing", player=Who(ANN))
    assert error_message(refused) == "That player is not playing"
    assert error_message(IllegalAction("not your turn")) == "Not your turn"

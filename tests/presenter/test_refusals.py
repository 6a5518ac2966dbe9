"""Refusals name players from their typed fields, never by finding ids in a text:
a member or a guest by his name, escaped; someone unknown as "that player" or "a guest"; a
number that is not a player stays a number."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.refusals import player_name, refusal_text
from bot.discord_ui.replies import error_message
from bot.engine.errors import IllegalAction
from bot.service.usecases import Refused, Why
from bot.tournament.errors import NotAllowed, Place, TournamentError, Who
from bot.tournament.structure import AddOnTerms, RebuyTerms
from tests.tournament.helpers import T0, make, structure

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
    assert error_message(refused) == "That player is not playing. Nothing was changed."
    assert error_message(IllegalAction("not your turn")) == "Not your turn. Nothing was changed."


def test_every_refusal_ends_the_same_way_once() -> None:
    assert refused_text(Refused.saying("pick a seat")) == "Pick a seat. Nothing was changed."
    assert refused_text(Refused.saying("Pick a seat. Nothing was changed.")) == \
        "Pick a seat. Nothing was changed."
    for why in Why:
        if why is not Why.RULES:
            assert refused_text(Refused(why, player="1", kind="rebuy", hands=1, reason="r",
                                        stack=5)).endswith("Nothing was changed."), why


def test_no_raw_seconds_and_no_engine_shorthand() -> None:
    t = make(n=2)
    left = t.level_time_left(T0 + 2)
    assert left is not None and round(left) == 598
    refused = _refused(lambda: t.set_level_time("td", T0 + 2, change=-700))
    assert refusal_text(refused, {}) == ("Only 9:58 are left: the time left cannot go below "
                                         "none (to move on now, go to the next level)")
    t = make(n=2, struct=structure(add_on=AddOnTerms(cost=5, chips=500, until_level=1)))
    t.add_on("p0", T0)
    assert refusal_text(_refused(lambda: t.add_on("p0", T0)), {}) == \
        "Each player may take one add-on"
    t = make(n=2, struct=structure(rebuys=RebuyTerms(cost=5, chips=500, until_level=1,
                                                     max_per_player=2)))
    hand = t.start_hand(1, "h", T0)
    legal = hand.legal()
    assert legal is not None
    other = next(p for p in t.playing if p != t.tables[1].seats[legal.seat])
    assert refusal_text(_refused(lambda: t.call_clock(1, other, T0 + 1)), {}).endswith(
        "has had 30 seconds; 29 seconds to go")
    t.act(1, legal.seat, "fold", now=T0 + 2)
    assert refusal_text(_refused(lambda: t.rebuy(t.tables[1].seats[legal.seat], T0 + 3)),
                        {}) == "Only a busted player may re-buy"

from __future__ import annotations

import re

import pytest

from bot.demo import RULE, run_demo
from bot.discord_ui.parsing import (
    parse_amount,
    parse_hand_ref,
    parse_knobs,
    parse_reason,
    quick_amounts,
    resolve_raise,
)
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.controls import all_in_question
from bot.engine.hand import Hand, HandConfig, Seat
from bot.service.usecases import Refused
from bot.tournament.hand_id import HandId


def test_the_demo_tells_each_hand_as_it_happens(capsys) -> None:
    assert run_demo(["3"]) == 0
    out = capsys.readouterr().out
    # Rendered for a terminal: no Markdown marks, no Discord timestamps, no hand ids.
    assert not any(mark in out for mark in ("**", "~~", "`", "<t:"))
    assert re.search(r"\d+-t\d+-h\d+", out) is None
    hands = out.split(RULE + "\n")[1:]
    assert len(hands) >= 3
    for number, text in enumerate(hands, start=1):
        lines = text.splitlines()
        assert lines[0].startswith(f"Hand {number} at table 1 · blinds ")
        seats = re.findall(r"(\d+) (\w+) [\d,]+( [A-Z/]+)?", lines[1].removeprefix("Seats: "))
        assert lines[2].startswith("Cards by DM: ")
        assert all(f" {name} " in lines[2] + " " for _, name, _ in seats)
        # Before the flop the player after the big blind acts first (heads-up: the button).
        order = [name for _, name, _ in seats]
        bb = next(i for i, (_, _, marks) in enumerate(seats) if "BB" in marks)
        first = lines[3].strip()
        assert first.split(" ")[0] == order[(bb + 1) % len(order)], text
        assert first.split(" ")[1] in ("folds", "calls", "raises", "checks"), text
        assert len(lines) <= 40, f"hand {number} takes more than a screen"
    assert "💀 " in out and "is out in" in out
    assert "🏆 " in out and "wins the tournament!" in out


def test_the_demo_keeps_the_dms_out_when_asked(capsys) -> None:
    assert run_demo(["3", "--no-dms"]) == 0
    out = capsys.readouterr().out
    assert "Seats: " in out and "Cards by DM" not in out


@pytest.mark.parametrize("text,value", [("1,200", 1200), ("600", 600), ("1.5k", 1500),
                                        ("min", "min"), ("Half", "half"), ("pot", "pot"),
                                        ("all-in", "all-in"), ("allin", "all-in")])
def test_amounts(text: str, value: object) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["abc", "12.5", "-5", "0", "", "1.e400", "1e3", "²", "２",
                                  "99999999999999999999", "1" * 5000, "nan", "inf", "0x10"])
def test_bad_amounts_are_refused_with_what_is_allowed(text: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_amount(text)
    shown = refused_text(refused.value)
    assert "Nothing was changed." in shown and shown[0].isupper()
    assert len(shown) < 300  # the typed text is not echoed whole


@pytest.mark.parametrize("text,ref", [("7-t1-h12", HandId(7, 1, 12)),
                                      ("#7-t1-h12", HandId(7, 1, 12)), ("12", 12), (" 3 ", 3)])
def test_hand_references(text: str, ref: object) -> None:
    assert parse_hand_ref(text) == ref


@pytest.mark.parametrize("text", ["99999999999999999999", "²", "7-t1-h99999999999", "nope", ""])
def test_bad_hand_references(text: str) -> None:
    with pytest.raises(Refused, match="such as 7-t1-h12"):
        parse_hand_ref(text)


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_blank_reasons_are_refused(text: str) -> None:
    with pytest.raises(Refused, match="1 to 300 characters"):
        parse_reason(text)


def test_reasons_are_one_paragraph_and_bounded() -> None:
    assert parse_reason("  misdeal:\n a card   was exposed ") == "misdeal: a card was exposed"
    with pytest.raises(Refused, match="keep it to 300"):
        parse_reason("x" * 301)


@pytest.mark.parametrize("text", ["clock_seconds=" + "9" * 400, "clock_seconds=" + "9" * 5000,
                                  "clock_seconds=²", "clock_seconds=5", "clock_seconds=-1",
                                  "clock_countdown_seconds=0"])
def test_knob_values_out_of_range_say_the_range(text: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_knobs(text)
    message = refused_text(refused.value)
    ranges = ("from 10 to 600", "from 1 to 60", "at most 500 characters")
    assert any(r in message for r in ranges), message
    assert len(message) < 200 and "Nothing was changed." in message


def test_knobs_in_range() -> None:
    assert parse_knobs("clock_seconds=90, rabbit_hunt=false") == {
        "clock_seconds": 90, "rabbit_hunt": False}


def test_raise_hints_are_whole_units_of_the_smallest_chip() -> None:
    seats = tuple(Seat(i, f"p{i}", 10_000) for i in range(1, 4))
    hand = Hand.start(HandConfig(hand_id="1-t1-h1", seats=seats, button=1, small_blind=25,
                                 big_blind=50, deck_seed="units", chip_unit=25))
    hand.call(hand.legal().seat)
    quick = quick_amounts(hand)
    assert all(v % 25 == 0 for k, v in quick.items() if k in ("half", "pot")), quick
    assert quick["min"] == hand.legal().min_raise_to
    assert quick["all-in"] == hand.legal().max_raise_to


def test_an_amount_beyond_every_stack_asks_to_confirm() -> None:
    seats = (Seat(1, "p1", 410), Seat(2, "p2", 300), Seat(3, "p3", 200))
    hand = Hand.start(HandConfig(hand_id="1-t1-h1", seats=seats, button=1, small_blind=5,
                                 big_blind=10, deck_seed="confirm"))
    choice = resolve_raise(hand, "99999999999999")
    assert choice.needs_confirmation and choice.action == "all_in"
    assert all_in_question(hand) == f"That is all-in for {hand.legal().max_raise_to:,}. Confirm?"
    # More than his own stack but not more than the table's biggest: the rule applies as is.
    small = hand.legal().seat
    if hand.players[small].stack + hand.players[small].bet < 410:
        assert not resolve_raise(hand, "405").needs_confirmation

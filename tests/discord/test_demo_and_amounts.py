from __future__ import annotations

import pytest

from bot.demo import run_demo
from bot.discord_ui.parsing import parse_amount
from bot.discord_ui.replies import Refusal


def test_demo_plays_offline(capsys) -> None:
    assert run_demo(["3"]) == 0
    out = capsys.readouterr().out
    assert "wins the tournament" in out and "DM to" in out and "Deck fingerprint" in out


@pytest.mark.parametrize("text,value", [("1,200", 1200), ("600", 600), ("1.5k", 1500),
                                        ("min", "min"), ("Half", "half"), ("pot", "pot"),
                                        ("all-in", "all-in"), ("allin", "all-in")])
def test_amounts(text: str, value: object) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["abc", "12.5", "-5", "0", ""])
def test_bad_amounts(text: str) -> None:
    with pytest.raises(Refusal):
        parse_amount(text)

"""The players and counts a director types (bot/discord_ui/lookup.py): stacks as a table counts
them (`70k`, `1.2m`, `70,000`), and a part that cannot be read named as typed."""

from __future__ import annotations

import pytest

from bot.discord_ui.lookup import player_counts
from bot.discord_ui.presenter.answers import refused_text
from bot.service.usecases import Refused
from tests.tournament.helpers import make

NAMES = {"p0": "ann", "p1": "bob", "p2": "cat", "p3": "dan lee"}


def test_stacks_read_thousands_millions_and_separators() -> None:
    t = make("tda", n=4)
    counted = player_counts("ann 70k, bob 1.2m, cat 70,000; dan lee 1,250,000", t, NAMES,
                            what="stacks", amounts=True)
    assert counted == {"p0": 70_000, "p1": 1_200_000, "p2": 70_000, "p3": 1_250_000}
    assert player_counts("ann 1.5K,bob 2M", t, NAMES, what="stacks", amounts=True) == {
        "p0": 1_500, "p1": 2_000_000}
    numbered = {"p0": "Player 2", "p1": "Player 10"}
    assert player_counts("Player 2 5000, player 10: 7k", t, numbered, what="stacks",
                         amounts=True) == {"p0": 5_000, "p1": 7_000}


@pytest.mark.parametrize("text", ["ann 1.2", "ann 1.2345678m", "ann 12,34", "ann k"])
def test_a_stack_that_is_not_a_whole_number_of_chips_is_not_read(text: str) -> None:
    t = make("tda", n=4)
    with pytest.raises(ValueError):
        player_counts(text, t, NAMES, what="stacks", amounts=True)


def test_the_chip_race_counts_take_no_suffix() -> None:
    t = make("tda", n=4)
    assert player_counts("ann 3, bob 1", t, NAMES, what="counts") == {"p0": 3, "p1": 1}
    with pytest.raises(ValueError):
        player_counts("ann 3k", t, NAMES, what="counts")


def test_a_malformed_entry_says_what_could_not_be_read() -> None:
    t = make("tda", n=4)
    with pytest.raises(Refused) as err:
        player_counts("ann - 70000, bob 50000", t, NAMES, what="stacks", amounts=True)
    assert refused_text(err.value) == (
        "I could not read `ann - 70000`: nobody called ann - is in this tournament. Give each as "
        "a name and a count, e.g. `Ann 120000, Bob 80000`. Nothing was changed.")

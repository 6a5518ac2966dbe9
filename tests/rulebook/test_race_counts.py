"""Chip race questions told with counts: the new chips handed out at a table whose odd chips are
counted, a player's cards or chips changed up with his chips counted in words or "of them",
the most one player can win with no chip named. The number `/rule` states is what the
director's race (bot/tournament/chip_race.py) does at a table laid out its own way; a count
that cannot be odd chips, or a race whose chips are not known, gets no number."""

from __future__ import annotations

import pytest

from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.tournament.chip_race import chip_race

PROFILES = [make_profile(name) for name in PROFILE_NAMES]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _answer(book: Rulebook, query: str, profile: Profile) -> tuple[str, tuple[int, ...]]:
    answer = book.answer(query, profile=profile)
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.worked is not None, query
    return answer.rule.id, answer.worked.figures


def _handed(profile: Profile, odd: list[int], old: int = 25, new: int = 100) -> int:
    """New chips won at a table whose players (seats 2, 4, ...) hold these odd chips beside
    whole new chips of their own."""
    stacks = {2 * i + 2: 7 * new + c * old for i, c in enumerate(odd)}
    result = chip_race(1, stacks, {s: f"p{s}" for s in stacks}, old, new, "counts",
                       profile.chip_race)
    return sum(1 for line in result.lines if line.won)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_new_chips_handed_out_at_a_table(book: Rulebook, profile: Profile) -> None:
    listed = [2, 3, 1, 1]
    assert _answer(book, "colour up 25s to 100s, odd chips at the table are 2, 3, 1 and 1. how "
                         "many 100s get awarded", profile) == (
        "chip-race", (_handed(profile, listed),)) == ("chip-race", (2,))
    assert _answer(book, "color up, 25s to 100s. 4 players have 2, 3, 1 and 1 odd chips. how "
                         "many 100s go out", profile) == ("chip-race", (_handed(profile, listed),))
    assert _answer(book, "race off 25s, 12 odd 25s on the table, how many 100s go out",
                   profile) == ("chip-race", (_handed(profile, [2, 2, 1, 1, 1, 1, 1, 1, 1, 1]),))
    # a total, however the players hold it: spread one each or three to a player
    for total, phrase in ((9, "9 odd 25s on the table"), (6, "six odd quarters in the race"),
                          (5, "5 odd 25s across the table"),
                          (3, "3 odd 25 chips left on the table")):
        spread, packed = _handed(profile, [1] * total), _handed(
            profile, [3] * (total // 3) + ([total % 3] if total % 3 else []))
        assert spread == packed
        query = f"race off the 25s for 100s, {phrase}. how many new chips get handed out"
        assert _answer(book, query, profile) == ("chip-race", (spread,)), query
    assert _handed(profile, [1] * 9) == 2 and _handed(profile, [1] * 3) == 1


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_players_chips_counted_in_words(book: Rulebook, profile: Profile) -> None:
    stacks = {1: 10 * 25, 3: 500 + 50, 5: 500 + 25}
    line = chip_race(1, stacks, {s: f"p{s}" for s in stacks}, 25, 100, "words",
                     profile.chip_race).lines[0]
    assert _answer(book, "racing off the 25s and i have ten of them. how many cards do i get",
                   profile) == ("chip-race", (len(line.cards),)) == ("chip-race", (2,))
    assert _answer(book, "racing off quarters, i got 10 of em. how many of them go into the race",
                   profile) == ("chip-race", (len(line.cards),))
    assert _answer(book, "chip race, i have ten 25s, how many cards", profile) == (
        "chip-race", (len(line.cards),))
    for query in ("race off the 25s: a player with 250 in 25s gets how many cards",
                  "colour up 25s -> 100s, i have 10 green 25s. how many cards do i get",
                  "chip race 25s to 100s: i have 10 of the 25 chips, how many cards",
                  "color up 25s to 100s, my stack is 1,250, how many cards do i get",
                  "chip race 25s to 100s, she has 10 of them, how many cards does she get"):
        assert _answer(book, query, profile) == ("chip-race", (len(line.cards),)), query
    kept = line.stack_before - line.stack_before % 100
    rule, figures = _answer(book, "colour up 25s to 100s, i have ten 25s. how many 100s do i "
                                  "get straight off", profile)
    assert (rule, figures) == ("chip-race", (kept // 100, kept)) == ("chip-race", (2, 200))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_the_most_one_player_wins_with_no_chip_named(book: Rulebook, profile: Profile) -> None:
    table = {s: 100 + 75 for s in range(1, 10)}
    result = chip_race(1, table, {s: f"p{s}" for s in table}, 25, 100, "most", profile.chip_race)
    most = max(int(bool(line.won)) for line in result.lines)
    for query in ("chip race: the most new chips one player can win?",
                  "colour up, max chips a single player can win in the race",
                  "race off, i have 3 odd 5s, whats the most i can win",
                  "race off 25s for 100s, i have 3 odd 25s, how many 100s can i win",
                  "max number of new chips a single player can win in the chip race"):
        assert _answer(book, query, profile) == ("chip-race", (most,)) == ("chip-race", (1,))


@pytest.mark.parametrize("query", [
    # no chip named: the count is of nothing known
    "10 odd chips on the table for the race, how many get handed out",
    # 5 odd 25s cannot be one player's odd chips at a 100 colour-up
    "colour up 25s to 100s, odd chips at the table are 3, 5 and 1. how many 100s get handed out",
    # a player's own odd chips: how many 100s he ends with is not known before the cards
    "race off 25s for 100s, i have 10 odd 25s, how many 100s do i get",
    # what he ends with all told, not the race alone
    "race off 25s for 100s, i have 11 25s, whats the most 100s i can get",
    "race off 25s, i have seven 100s, how many cards do i get",
    # how many players hold the odd chips told is not the count of them listed
    "color up 25s to 100s. 5 players have 2, 3, 1 and 1 odd chips. how many 100s go out",
])
def test_no_number_where_the_race_is_not_read(book: Rulebook, query: str) -> None:
    for profile in PROFILES:
        answer = book.answer(query, profile=profile)
        assert answer.worked is None, (query, profile.name)

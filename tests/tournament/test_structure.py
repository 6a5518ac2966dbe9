"""Structures: presets, levels and breaks, validation, when a chip can be raced off."""

from __future__ import annotations

import json

import pytest

from bot.tournament.errors import StructureError
from bot.tournament.structure import (
    Break,
    Level,
    Structure,
    chip_no_longer_needed,
    load_structure,
)


@pytest.mark.parametrize("name", ["turbo", "regular", "deep"])
def test_presets_load(name: str) -> None:
    s = load_structure(name)
    assert s.levels[0].big_blind > 0 and s.starting_stack > 0
    assert Structure.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_unknown_preset_names_the_presets() -> None:
    with pytest.raises(StructureError, match="turbo"):
        load_structure("nope")


def test_custom_toml_structure(tmp_path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text(
        'name = "mine"\nstarting_stack = 3000\nchips = [25, 100]\n'
        '[[periods]]\nsmall_blind = 25\nbig_blind = 50\nminutes = 12\n'
        '[[periods]]\nbreak = true\nminutes = 5\n'
        '[[periods]]\nsmall_blind = 50\nbig_blind = 100\nante = 100\nminutes = 12\n'
    )
    s = load_structure(str(f))
    assert s.periods == (Level(25, 50, 0, 720), Break(300), Level(50, 100, 100, 720))


def _s() -> Structure:
    return Structure("t", (Level(25, 50, 0, 600), Break(300), Level(50, 100, 0, 600),
                           Level(100, 200, 0, 600)), 1000, (25, 100, 500))


def test_levels_and_breaks_by_play_time() -> None:
    s = _s()
    assert s.period_at(0) == 0 and s.period_at(599) == 0
    assert s.period_at(600) == 1 and isinstance(s.periods[1], Break)
    # The break does not eat level 2's time: level 2 runs its full 600 s after the break.
    assert s.period_at(900) == 2 and s.period_at(1499) == 2
    assert s.period_at(10**6) == 3  # the last level never ends
    assert s.level_number(1) == 2 and s.level_for_hand(1) == Level(50, 100, 0, 600)


def test_a_chip_is_raced_off_only_when_no_later_level_needs_it() -> None:
    s = _s()
    assert chip_no_longer_needed(s, 25, 0) is None
    assert chip_no_longer_needed(s, 25, 1) is None  # the break before 50/100: 25s still needed
    s2 = Structure("t", (Level(25, 50, 0, 60), Break(60), Level(100, 200, 0, 60)), 1000,
                   (25, 100, 500))
    assert chip_no_longer_needed(s2, 25, 1) == 100  # at the break before 100/200
    assert chip_no_longer_needed(s2, 100, 2) is None


@pytest.mark.parametrize("bad", [
    dict(periods=()),
    dict(periods=(Level(30, 60, 0, 60),)),  # not multiples of the 25 chip
    dict(periods=(Level(50, 25, 0, 60),)),
    dict(chips=(25, 1000)),  # too wide a gap for one deck's chip race
    dict(starting_stack=1010),
    dict(late_registration_level=9),
])
def test_invalid_structures_are_refused(bad: dict) -> None:
    base = dict(name="x", periods=(Level(25, 50, 0, 60),), starting_stack=1000,
                chips=(25, 100))
    with pytest.raises(StructureError):
        Structure(**{**base, **bad})

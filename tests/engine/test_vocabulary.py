"""The engine's fixed vocabularies are types the checker sees, and agree with the rulebook."""

from __future__ import annotations

import tomllib
import typing
from pathlib import Path

import pytest

from bot.engine import hand_events
from bot.engine.hand_events import HandRuleId
from bot.engine.profile import (
    KNOBS,
    PROFILE_NAMES,
    Profile,
    ProfileError,
    knob_values,
    make_profile,
)
from bot.rulebook.loader import knob_choices

RULES = Path(__file__).resolve().parents[2] / "data" / "rules"


def rulebook_ids() -> set[str]:
    """The rule ids of data/rules, read straight from the files (not through the loader's
    checks, which judge the texts)."""
    ids: set[str] = set()
    for path in RULES.glob("*.toml"):
        ids |= {rule["id"] for rule in tomllib.loads(path.read_text("utf-8")).get("rule", [])}
    return ids


def test_every_rule_the_engine_applies_is_in_the_rulebook() -> None:
    # A ruling or refusal the channel shows must have a rule `/rule` can explain.
    missing = set(typing.get_args(HandRuleId)) - rulebook_ids()
    assert not missing, f"rule ids the engine uses but data/rules lacks: {sorted(missing)}"


def test_the_engine_emits_only_known_rule_ids() -> None:
    source = (Path(hand_events.__file__).parent / "hand.py").read_text("utf-8")
    # Every ruling the hand makes goes through `_ruling`, whose argument is a HandRuleId.
    assert "Ruling(\"" not in source


@pytest.mark.parametrize("knob", KNOBS)
def test_profile_knob_values_come_from_the_types(knob: str) -> None:
    hint = typing.get_type_hints(Profile)[knob]
    allowed = knob_values(knob)
    if typing.get_origin(hint) is typing.Literal:
        assert allowed == typing.get_args(hint)
        # The rulebook loader reads the same type, so its texts per value cover exactly these.
        assert knob_choices(knob) == tuple(str(v) for v in allowed)
        with pytest.raises(ProfileError, match="must be one of " + ", ".join(allowed)):
            make_profile("tda", **{knob: "nonsense"})
        for value in allowed:
            assert getattr(make_profile("tda", **{knob: value}), knob) == value
    elif hint is bool:
        assert allowed == (True, False)
        with pytest.raises(ProfileError, match="true or false"):
            make_profile("tda", **{knob: 1})
    else:
        assert hint is int and allowed is None
        with pytest.raises(ProfileError, match="whole number"):
            make_profile("tda", **{knob: 0})


def test_profile_names_are_the_literal_type() -> None:
    assert PROFILE_NAMES == ("treps", "tavern", "tda")
    assert typing.get_type_hints(Profile)["name"] == typing.Literal["treps", "tavern", "tda"]

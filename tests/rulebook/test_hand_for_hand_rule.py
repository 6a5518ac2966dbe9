"""`/rule hand-for-hand` says how the league plays it, the level clock's knob too."""

from __future__ import annotations

from bot.engine.profile import make_profile
from bot.rulebook.lookup import load_rulebook


def test_hand_for_hand_is_a_rule_and_says_how_the_level_clock_runs() -> None:
    book = load_rulebook()
    rule = book.answer("hand for hand").rule
    assert rule is not None and rule.id == "hand-for-hand"
    for name in ("treps", "tavern", "tda"):
        default = rule.bot_for(make_profile(name))
        assert "stands still" in default, name  # the TDA's practice: every profile's default
        runs = rule.bot_for(make_profile(name, hand_for_hand_clock="runs"))
        assert "keeps running" in runs and "stands still" not in runs, name
    assert any(c.startswith("TDA") for c in rule.follows_for(make_profile("tavern")))

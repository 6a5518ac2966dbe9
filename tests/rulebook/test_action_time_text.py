"""The `action-time` rule says what the director set up: the default and the bounds of
`/tournament create action_time:` and that a time bank exists, as the tournament applies them."""

from __future__ import annotations

from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import load_rulebook
from bot.tournament.core import ACTION_SECONDS_RANGE, TournamentConfig


def test_the_action_time_text_states_the_tournaments_own_times() -> None:
    rule = load_rulebook().get("action-time")
    assert rule is not None
    default = TournamentConfig.__dataclass_fields__["action_seconds"].default
    low, high = ACTION_SECONDS_RANGE
    for name in PROFILE_NAMES:
        text = rule.text_for(make_profile(name))
        assert f"{default:g} seconds unless" in text
        assert f"action_time:, {low} to {high} seconds" in text
        assert "time_bank:" in text and "a bank never extends a called clock" in text

"""Engine state and events as Discord content. Pure functions: no network, no store.

Names: `table_embed`, `showdown_text` and `hand_ruling_text` take `names` keyed by the hand's
player id (`PlayerState.player`); `ruling_text` takes names keyed by seat (`seat_names`
converts). Every name is escaped here (markdown and mentions), so callers pass raw names.
"""

from bot.presenter.actions import ActionViewState, ButtonState, action_view_state
from bot.presenter.limits import fit_embed, safe_name, truncate
from bot.presenter.rulings import hand_ruling_text, ruling_text, seat_names
from bot.presenter.table import action_lines, event_line, table_embed
from bot.presenter.texts import (
    commitment_text,
    deck_check_text,
    deck_proof_json,
    hole_cards_text,
    seed_reveal_text,
    showdown_text,
)

__all__ = [
    "ActionViewState",
    "ButtonState",
    "action_lines",
    "action_view_state",
    "commitment_text",
    "deck_check_text",
    "deck_proof_json",
    "event_line",
    "fit_embed",
    "hand_ruling_text",
    "hole_cards_text",
    "ruling_text",
    "safe_name",
    "seat_names",
    "seed_reveal_text",
    "showdown_text",
    "table_embed",
    "truncate",
]

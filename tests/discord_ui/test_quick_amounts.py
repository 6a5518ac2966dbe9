"""The Raise form's words (`half`, `pot`) come to the amounts the one-tap buttons show: one
rounding for a size, whichever way it is asked for."""

from __future__ import annotations

from bot.discord_ui.parsing import quick_amounts
from bot.engine.bet_sizes import size_to
from tests.engine.test_bet_sizes import start


def test_the_forms_half_and_pot_are_the_buttons_amounts() -> None:
    for unit in (1, 25, 100):
        hand = start([5000] * 4, chip_unit=unit)
        q = quick_amounts(hand)
        assert (q["half"], q["pot"]) == (size_to(hand, "half"), size_to(hand, "pot")), unit
    hand = start([5000] * 4, chip_unit=25)  # ½ pot: 100 + 125 = 225, in 25-chips as it is
    assert quick_amounts(hand)["half"] == 225
    hand = start([5000] * 4, chip_unit=100)  # 225 -> 200 (nearest), pot 350 -> 400 (half up)
    assert (quick_amounts(hand)["half"], quick_amounts(hand)["pot"]) == (200, 400)

"""The Raise form's words (`half`, `pot`) come to the amounts the one-tap buttons show: one
rounding for a size, whichever way it is asked for."""

from __future__ import annotations

from bot.discord_ui.buttons import RaiseModal
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


def test_the_raise_form_shows_its_amounts_and_what_it_does() -> None:
    """What the player reads in the form: the hand, raise (a bet faces him) or bet, and the
    amounts its words come to, as the Raise button opens it."""
    hand = start([5000] * 4, chip_unit=25)  # ½ pot 225, as above
    sent = RaiseModal(hand).to_dict()  # what Discord receives
    (row,) = sent["components"]
    (amount,) = row["components"]
    assert sent["title"] == f"Raise — hand {hand.hand_id}"
    assert amount["label"] == "Raise to: a number, min, half, pot or all-in"
    assert amount["placeholder"] == "min 200 · ½ pot 225 · pot 350 · all-in 5,000"
    assert amount["value"] == "200"

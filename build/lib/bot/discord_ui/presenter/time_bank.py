"""The time bank's words: the Time button's label, the table message's note on the
player to act's bank, and the post when his action time ran out and the bank took over."""

from __future__ import annotations

from bot.discord_ui.presenter.limits import BUTTON_LABEL, truncate
from bot.tournament.clock import TurnBank


def seconds_text(seconds: float) -> str:
    """"45s", "2m 05s": a bank's length in a few columns."""
    whole = max(0, int(seconds))
    minutes, secs = divmod(whole, 60)
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"


def time_button_label(bank: TurnBank) -> str:
    """The Time button under the table: what pressing it adds, or why it cannot be pressed
    (it is greyed then)."""
    if bank.clock_called:
        return "⏳ Clock called"
    if bank.in_use > 0:
        return "⏳ Time bank running"
    if bank.left <= 0:
        return "⏳ Time bank empty"
    return truncate(f"⏳ Time +{seconds_text(bank.left)}", BUTTON_LABEL)


def time_button_usable(bank: TurnBank) -> bool:
    return bank.left > 0 and not bank.clock_called and bank.in_use <= 0


def turn_bank_note(bank: TurnBank) -> str:
    """After the deadline in the table's turn line: his bank, or that it is running."""
    if bank.in_use > 0:
        return "⏳ time bank"
    return f"⏳ bank {seconds_text(bank.left)}"


def bank_used_text(name: str, seconds: float, rule: str) -> str:
    """His action time ran out and his time bank was spent for him (posted at the table)."""
    return (f"⏳ {name}'s action time is up: his time bank gives him {seconds_text(seconds)} "
            f"more ({rule}).")

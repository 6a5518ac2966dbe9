"""The words of a league's money mode: settling among the players (pairwise) or
through a bank that collected the money at the door, and how /settle heads its transfers."""

from __future__ import annotations

from bot.discord_ui.presenter.deals import method_name
from bot.discord_ui.presenter.limits import safe_name
from bot.league.words import counted


def money_mode_text(mode: str, banker_name: str | None) -> str:
    """How /league money states the mode."""
    if mode == "bank":
        who = safe_name(banker_name) if banker_name else "the director"
        return (f"settled through the bank: {who} collects the buy-ins, re-buys and add-ons at "
                "the door and pays each winner (one transfer per winner)")
    return "settled among the players (pairwise, fewest transfers)"


def settle_heading(count: int, bank: bool) -> str:
    through = " through the bank" if bank else ""
    return f"**Settle-up{through}** ({counted(count, 'transfer')}):"


def dealt_prizes_line(method: str) -> str:
    return f"Prizes by the deal made at the final table ({method_name(method)})."

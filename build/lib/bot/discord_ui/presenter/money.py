"""How a night names money: in its league's currency (`/league money`), as `/settle` and
`/standings` do: "$113", "12.50 EUR", or plain when the league has no currency."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_ui.presenter.limits import chips
from bot.league.points import SeasonOptions
from bot.league.render import money as league_money_text

Money = Callable[[int], str]


def money_in(currency: str | None, decimals: int) -> Money:
    """The league's way of naming money (its currency and decimals)."""
    if currency is None and decimals == 0:
        return chips
    options = SeasonOptions(decimals=decimals)
    return lambda amount: league_money_text(amount, options, currency)

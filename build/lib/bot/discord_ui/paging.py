"""Long lists page with buttons (◀ ▶) under the message, not with a `page:` option to type.

The buttons are persistent `DynamicItem`s: a button's custom id names the list (a kind and a
key, such as a league and season by id) and the page it shows, so it works after a restart
and days later, and shows the list as it is when clicked, not as it was when posted. Each kind
of list registers the async function that renders one of its pages (`register_pager`, called
by the cog that owns the list when it is loaded).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.input import LIST_GONE, NEXT_PAGE, PREVIOUS_PAGE
from bot.discord_ui.replies import send_private
from bot.service.usecases import Refused

# kind: lower-case letters; key: what the kind needs to find its list again (ids, ":"-joined).
TEMPLATE = r"pg:(?P<kind>[a-z]{1,20}):(?P<key>[0-9:-]{1,60}):(?P<page>[0-9]{1,6})"

# (interaction, key, page) -> (the page's embed, the list's page count now). A page beyond the
# end shows the last one; a key whose list is gone raises Refused (said privately).
Pager = Callable[[discord.Interaction, str, int], Awaitable[tuple[discord.Embed, int]]]
_PAGERS: dict[str, Pager] = {}


def register_pager(kind: str, pager: Pager) -> None:
    if not re.fullmatch(r"[a-z]{1,20}", kind):
        raise ValueError(f"a pager's kind is 1 to 20 lower-case letters, not {kind!r}")
    _PAGERS[kind] = pager


def page_buttons(kind: str, key: str, page: int, count: int) -> discord.ui.View | None:
    """◀ ▶ for page `page` of `count`, or None when the list has one page."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(kind, key, page - 1, PREVIOUS_PAGE, disabled=page <= 1))
    view.add_item(PageButton(kind, key, page + 1, NEXT_PAGE, disabled=page >= count))
    return view


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, kind: str, key: str, page: int, label: str,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
            # The two buttons of a message name different pages, so their ids never clash.
            custom_id=f"pg:{kind}:{key}:{max(page, 0)}"))
        self.kind, self.key, self.page = kind, key, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PageButton:
        assert isinstance(item, discord.ui.Button)
        return cls(match["kind"], match["key"], int(match["page"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        pager = _PAGERS.get(self.kind)
        if pager is None:
            await send_private(interaction, LIST_GONE)
            return
        try:
            embed, count = await pager(interaction, self.key, max(self.page, 1))
        except Refused as exc:
            await send_private(interaction, refused_text(exc))
            return
        page = min(max(self.page, 1), count)
        await interaction.response.edit_message(
            embed=embed, view=page_buttons(self.kind, self.key, page, count))

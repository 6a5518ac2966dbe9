"""Long lists page with buttons (◀ ▶) under the message, not with a `page:` option to type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

# How long the buttons answer; after that the list is asked for again.
PAGE_BUTTONS_SECONDS = 3600.0


class Pages(discord.ui.View):
    """Buttons that show page 1..count of a list by editing the message they are under."""

    def __init__(self, render: Callable[[int], discord.Embed], count: int) -> None:
        super().__init__(timeout=PAGE_BUTTONS_SECONDS)
        self.render = render
        self.count = count
        self.page = 1
        self._sync()

    def _sync(self) -> None:
        self.previous.disabled = self.page <= 1
        self.next.disabled = self.page >= self.count

    async def _show(self, interaction: discord.Interaction, page: int) -> None:
        self.page = max(1, min(self.count, page))
        self._sync()
        await interaction.response.edit_message(embed=self.render(self.page), view=self)

    @discord.ui.button(label="◀ Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction,
                       button: discord.ui.Button[Any]) -> None:
        await self._show(interaction, self.page - 1)

    @discord.ui.button(label="Next ▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction,
                   button: discord.ui.Button[Any]) -> None:
        await self._show(interaction, self.page + 1)

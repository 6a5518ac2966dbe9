"""A persistent button whose custom id says what it is for: the base of the classes that answer
the table's buttons (bot/discord_ui/buttons.py) and the deal's (cogs/deal.py).

Discord's constraint: a component's custom id is at most 100
characters, and a click brings back only that id (and the message). discord.py's
`DynamicItem` matches the id against the class's `template` (given by each subclass) and
rebuilds the button from it (`from_custom_id`), so a click is answered after a restart too;
the rebuilt button keeps its label, and its style and state are not needed to answer."""

from __future__ import annotations

import re
from typing import Any, Self

import discord


class TemplateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """`fields`: the custom id read by the subclass's template (a bad id is a bug: refused
    at once). The base's own template matches nothing: only subclasses are registered."""

    def __init__(self, cid: str, label: str = "…", *,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=cid,
                                           disabled=disabled))
        fields = self.template.fullmatch(cid)
        if fields is None:
            raise ValueError(f"{type(self).__name__}: {cid!r} is not one of its custom ids")
        self.fields: re.Match[str] = fields

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        assert isinstance(item, discord.ui.Button)
        return cls(item.custom_id or "", item.label or "…")

"""Answering a click by editing the message it was made on, in time.

`update_message` answers a click in its own response, replacing the message's embed and
buttons (one request), without asking for the edited message back (dpy.py). Discord drops an
interaction not answered within 3 s of its creation: the player reads "This interaction
failed" though his action was taken. A click waits for the tournament's lock, whose holder may
be posting a whole deal at Discord's pace, or for its turn under the global limit. So the wait
is guarded (`acknowledged_if_slow`): a click not answered within `ANSWER_WITHIN` is
acknowledged with a deferred update, and its answer then edits the clicked message through the
interaction's webhook (`edit_table`), with no global limit on either.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import discord
from discord import InteractionResponseType

from bot.discord_ui.dpy import update_without_message_back

log = logging.getLogger(__name__)

# Seconds a click may wait before it is acknowledged: Discord's 3 s run from the interaction's
# creation, and the gateway's delivery, the deferral's own trip and a busy loop come out of them.
ANSWER_WITHIN = 2.0


async def update_message(interaction: discord.Interaction, *, embed: discord.Embed,
                         view: discord.ui.View) -> None:
    """Answer a component click or modal submit by replacing its message's content with
    `embed` and `view` (one request).

    Raises discord.InteractionResponded if the interaction was answered already, and
    discord.HTTPException when Discord refuses (the interaction is then still unanswered)."""
    # The bot's lean answer unless turned off (`LeagueBot(lean_clicks=False)`: a benchmark
    # measuring what it saves).
    if getattr(interaction.client, "lean_clicks", False):
        await update_without_message_back(interaction, embed=embed, view=view)
    else:
        await interaction.response.edit_message(content=None, embed=embed, view=view)


def deferred(interaction: discord.Interaction) -> bool:
    """Acknowledged without an answer yet (`acknowledged_if_slow`): the answer edits the
    clicked message through the interaction's webhook (`edit_table`)."""
    kind = interaction.response.type
    return kind is InteractionResponseType.deferred_message_update


@contextlib.asynccontextmanager
async def acknowledged_if_slow(interaction: discord.Interaction,
                               within: float = ANSWER_WITHIN) -> AsyncIterator[SlowGuard]:
    """Guard the part of a click's handling that may wait (its action, under the tournament's
    lock): if it is still waiting `within` seconds after entering, the click is acknowledged
    with a deferred update (the player sees nothing change until the table is edited).

    Contract: the caller answers only after leaving (the deferral, if sent, is awaited on the
    way out, so that the answer then sees `deferred(interaction)` and never races it: both are
    initial responses, and Discord takes only one). Code inside that answers before leaving
    (the listener answering a click before its outcome's posts) calls `settle()` on the
    yielded guard first. For a component click or a modal submitted from one: a deferred
    update acknowledges only those (slash commands defer at once, `defer(thinking=True)`)."""
    guard = SlowGuard(interaction, within)
    try:
        yield guard
    finally:
        await guard.settle()


class SlowGuard:
    """The guard of one click (`acknowledged_if_slow`)."""

    __slots__ = ("deferral", "handle", "interaction")

    def __init__(self, interaction: discord.Interaction, within: float) -> None:
        self.interaction = interaction
        self.deferral: asyncio.Task[None] | None = None
        self.handle = asyncio.get_running_loop().call_later(within, self.late)

    def late(self) -> None:
        if not self.interaction.response.is_done():
            self.deferral = asyncio.get_running_loop().create_task(_defer(self.interaction))

    async def settle(self) -> None:
        """No deferral from now on, and one already sent has been answered by Discord: the
        click may be answered (in its response, or through its webhook if `deferred`)."""
        self.handle.cancel()
        if self.deferral is not None:
            await self.deferral


async def _defer(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.defer()
    except discord.HTTPException as exc:
        # Too late already, or Discord refused it: the answer is tried as usual and, if that
        # fails too, the table is edited anyway (the action stands, committed before).
        log.warning("could not acknowledge a slow click (HTTP %s)", exc.status)


async def edit_table(interaction: discord.Interaction, *, embed: discord.Embed,
                     view: discord.ui.View,
                     attachments: list[discord.File] | None = None) -> None:
    """The answer of a click acknowledged late (`deferred`): the clicked message edited through
    the interaction's webhook (not under the global limit). Raises discord.HTTPException."""
    if attachments is None:
        await interaction.edit_original_response(content=None, embed=embed, view=view)
    else:
        await interaction.edit_original_response(content=None, embed=embed, view=view,
                                                 attachments=attachments)


async def replace_message(interaction: discord.Interaction, *, content: str,
                          view: discord.ui.View | None) -> None:
    """Answer a click by replacing its message's text and buttons (a deal's proposal, an
    all-in's confirmation): in the click's response, or through its webhook once it was
    acknowledged late (`deferred`). Raises discord.HTTPException."""
    if deferred(interaction):
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.edit_message(content=content, view=view)

"""Answering a click by editing the message it was made on, without asking for that message back.

discord.py (2.5 and later) sends every interaction response with `?with_response=1`: Discord
then returns the whole edited message (its embed, every button) and discord.py parses it into
a Message the caller may read. A table click's answer never reads it (the table is ours, drawn
from the hand), yet each click paid for the larger answer and its parsing: about a tenth of
the loop's discord.py work per click (bench/night.py, `--profile cprofile`). Without the flag
Discord answers `204 No Content`, as its interaction callback always did before the flag.

`update_message` is discord.py's own `InteractionResponse.edit_message` for that one case: the
same parameters (`interaction_message_response_params`, the client's allowed mentions), the
same webhook adapter and route (its rate-limit lock and retries), and afterwards the
interaction counts as answered with a message update, so `is_done()` and the follow-ups behave
as after `edit_message`. Files and attachments stay with `edit_message` (multipart).
"""

from __future__ import annotations

import discord
from discord.enums import InteractionResponseType
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"


async def update_message(interaction: discord.Interaction, *, embed: discord.Embed,
                         view: discord.ui.View) -> None:
    """Answer a component click or modal submit by replacing its message's content with
    `embed` and `view` (one request, no message returned).

    Raises discord.InteractionResponded if the interaction was answered already, and
    discord.HTTPException when Discord refuses (the interaction is then still unanswered, as
    with `edit_message`). The view is not stored for dispatch: the table's buttons are routed
    by their custom id (buttons.py `answer_table_click`)."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    if interaction.message is not None:
        state.prevent_view_updates_for(interaction.message.id)
    params = interaction_message_response_params(
        type=InteractionResponseType.message_update.value, content=None, embed=embed,
        view=view, previous_allowed_mentions=state.allowed_mentions)
    http = state.http
    await async_context.get().request(
        Route("POST", CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token),
        session=interaction._session, proxy=http.proxy, proxy_auth=http.proxy_auth,
        payload=params.payload)
    response._response_type = InteractionResponseType.message_update

"""A table click's gateway payload, handed to discord.py without the table it was made on.

Discord sends every button click and modal submission with the whole message the component sits
on, and discord.py parses that message into a `Message` (each embed, every button row, every
attachment) before anything reads the interaction: at 1,000 tables 0.19 ms a click under
cProfile, about a tenth of what a click costs the loop before its answer (bench/night.py
`--profile cprofile`). A click the bot routes by its custom id (a table button, the Raise modal:
buttons.py `routed_here`) reads only that message's id (the edit answering it, the view updates
discord.py must not make to it), never its embeds, buttons or attachments: those are left out
of the payload (each an empty list, so the Message has them, empty) before discord.py parses it.
Every other interaction reaches discord.py whole.

Contract: `slim_routed_clicks(state)` wraps one client's INTERACTION_CREATE parser, the entry
discord.py's gateway (and SimCord's) looks up for each event; the message keeps its id, channel,
type, flags, author and content, so `interaction.message` is still a Message of that id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from discord.state import ConnectionState

from bot.discord_ui.buttons import routed_payload


class SlimParser:
    """Replaces one client's INTERACTION_CREATE parser: a routed click's message loses its
    embeds, components and attachments (what discord.py parses at length and a routed click
    never reads), then discord.py's own parser runs."""

    def __init__(self, parse: Callable[[Any], None]) -> None:
        self.parse = parse

    def __call__(self, payload: dict[str, Any]) -> None:
        message = payload.get("message")
        if isinstance(message, dict) and routed_payload(payload):
            payload["message"] = {**message, "embeds": [], "components": [], "attachments": []}
        self.parse(payload)


def slim_routed_clicks(state: ConnectionState[Any]) -> SlimParser:
    slim = SlimParser(state.parsers["INTERACTION_CREATE"])
    # discord.py has no setting for this: the parsers are a dict read for every event.
    state.parsers["INTERACTION_CREATE"] = slim
    return slim

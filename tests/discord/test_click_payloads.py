"""A table click reaches discord.py without the table it was made on (dpy.slim_routed_clicks): its
message keeps its id and nothing of its embed, buttons or attachments is parsed; the click is
answered with the table all the same. Every other interaction reaches discord.py whole."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_ui.buttons import routed_payload
from bot.discord_ui.dpy import SlimParser

from .conftest import Harness
from .test_tournament_flow import button, first_decision


def _seen(h: Harness) -> list[discord.Interaction]:
    seen: list[discord.Interaction] = []

    async def record(interaction: discord.Interaction) -> None:
        seen.append(interaction)

    h.bot.add_listener(record, "on_interaction")
    return seen


async def test_a_table_click_is_parsed_without_its_table_and_answered_with_it(
        harness: Harness) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    seen = _seen(h)
    custom_id = button(d.msg, "hp:f:")
    assert custom_id is not None
    result = await d.player.click(d.msg, custom_id=custom_id)
    clicked = next(i for i in seen if (i.data or {}).get("custom_id") == custom_id)
    assert clicked.message is not None and clicked.message.id == d.msg.id
    assert clicked.message.embeds == [] and clicked.message.components == []
    # The player sees the table, his fold on it, as before.
    assert result.response is not None and result.response.id == d.msg.id
    assert "fold" in (result.response.embeds[0].description or "").lower()


async def test_the_raise_modal_is_parsed_without_the_table(harness: Harness) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    shown = await d.player.click(d.msg, custom_id=button(d.msg, "hp:r:"))
    assert shown.modal is not None
    seen = _seen(h)
    result = await d.player.submit_modal(shown, {"amount": "min"})
    submitted = [i for i in seen if i.type is discord.InteractionType.modal_submit]
    assert submitted and all(not i.message or i.message.embeds == [] for i in submitted)
    assert result.response is not None and result.response.id == d.msg.id
    assert "raise" in (result.response.embeds[0].description or "").lower()


async def test_other_clicks_reach_discord_py_whole(harness: Harness) -> None:
    h = harness

    async def appeals(tx: Any) -> None:
        for i in range(12):  # two pages of the list
            await tx.open_appeal(h.guild.id, h.dana.id, f"appeal {i}")

    await h.bot.store.write(appeals)
    listed = await h.director.slash(h.channel, "appeals list")
    message = listed.response
    assert message is not None and message.components
    seen = _seen(h)
    await h.director.click(message, label="Next ▶")
    paged = [i for i in seen if i.type is discord.InteractionType.component]
    assert paged and paged[0].message is not None and paged[0].message.embeds
    assert paged[0].message.components


def test_only_routed_payloads_are_slimmed() -> None:
    parsed: list[dict[str, object]] = []
    slim = SlimParser(parsed.append, routed_payload)
    message = {"id": "7", "channel_id": "3", "type": 0, "content": "", "flags": 0,
               "embeds": [{"description": "the table"}], "components": [{"type": 1}],
               "attachments": [{"id": "9"}]}
    table_click = {"type": 3, "message": dict(message),
                   "data": {"custom_id": "hp:f:1-t1-h1:9", "component_type": 2}}
    raise_typed = {"type": 5, "message": dict(message),
                   "data": {"custom_id": "hpm:1-t1-h1:9", "components": []}}
    page_click = {"type": 3, "message": dict(message),
                  "data": {"custom_id": "pg:rules:x:1", "component_type": 2}}
    unknown = {"type": 3, "message": dict(message),
               "data": {"custom_id": "hp:f:not-a-hand", "component_type": 2}}
    for payload in (table_click, raise_typed, page_click, unknown):
        slim(payload)
    slimmed = {**message, "embeds": [], "components": [], "attachments": []}
    assert parsed[0]["message"] == slimmed and parsed[1]["message"] == slimmed
    assert parsed[2]["message"] == message and parsed[3]["message"] == message


@pytest.mark.bot_options(lean_clicks=False)
async def test_with_the_lean_path_off_a_click_is_parsed_whole_and_answered_the_same(
        harness: Harness) -> None:
    """discord.py's public path (what a benchmark measures the lean one against): the click
    comes with its table and is answered with the table, the edited message asked back."""
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    seen = _seen(h)
    custom_id = button(d.msg, "hp:f:")
    assert custom_id is not None
    start = len(h.env.http_requests)
    result = await d.player.click(d.msg, custom_id=custom_id)
    clicked = next(i for i in seen if (i.data or {}).get("custom_id") == custom_id)
    assert clicked.message is not None and clicked.message.embeds
    callbacks = [q for q in h.env.http_requests[start:] if q.path.endswith("/callback")]
    assert len(callbacks) == 1 and callbacks[0].json["type"] == 7
    assert result.response is not None and result.response.id == d.msg.id
    assert "fold" in (result.response.embeds[0].description or "").lower()

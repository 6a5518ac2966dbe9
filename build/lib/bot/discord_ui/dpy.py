"""The one door to discord.py's insides: every name of it the bot uses that discord.py does not
document, with the versions of discord.py that door was written and tested for.

Everything else goes through discord.py's public API. What is here must be re-read when
discord.py is raised (pyproject.toml names the range; .ci/run also runs the Discord tests on
the newest 2.x release): `check_discord_py()` at start-up says so in the log when the installed
version is outside that range, and refuses to start, naming the version, when a name the door
needs is gone.

Relied on beside these, through public names: discord.py sends a view as its `to_components()`
(buttons.py `DrawnButtons` gives its rows that way, without an item per button).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.http import HTTPClient, Route
from discord.state import ConnectionState

try:  # checked at start-up (check_discord_py): gone, the bot refuses to start
    from discord.webhook.async_ import async_context, interaction_message_response_params
except ImportError:
    async_context = interaction_message_response_params = None  # type: ignore[assignment]  # moved


__all__ = ["HTTPClient", "DiscordPyUnsupported", "check_discord_py", "gate_requests", "release",
           "slim_routed_clicks", "update_without_message_back"]

log = logging.getLogger(__name__)

# The discord.py versions the tests ran on: from the first to the last tested release
# (constraints.txt pins the one CI installs), the same range as pyproject.toml's dependency.
TESTED_FROM = (2, 7, 1)
TESTED_BEFORE = (2, 8, 0)
TESTED_RANGE = ">=2.7.1,<2.8"


class DiscordPyUnsupported(RuntimeError):
    """The installed discord.py lacks a name the bot needs: the bot refuses to start."""


def installed_version() -> tuple[int, int, int]:
    info = discord.version_info
    return info.major, info.minor, info.micro


def check_discord_py(version: tuple[int, int, int] | None = None) -> bool:
    """True when `version` (the installed discord.py's) is in the tested range; outside it, a
    warning naming both. Raises DiscordPyUnsupported when a name the door uses is missing."""
    version = version or installed_version()
    shown = ".".join(map(str, version))
    missing = [name for name, there in (
        ("HTTPClient.request", callable(getattr(HTTPClient, "request", None))),
        ("ConnectionState.parse_interaction_create",
         hasattr(ConnectionState, "parse_interaction_create")),
        ("discord.webhook.async_.interaction_message_response_params",
         interaction_message_response_params is not None),
    ) if not there]
    if missing:
        raise DiscordPyUnsupported(
            f"discord.py {shown} has no {', '.join(missing)}, which the bot uses "
            f"(bot/discord_ui/dpy.py); install a tested version: discord.py{TESTED_RANGE}")
    if CACHED_RESPONSE not in discord.Interaction.__slots__:
        log.warning("discord.py %s: an answered interaction is left to the garbage collector "
                    "(dpy.release finds no cached response to let go of).", shown)
    if TESTED_FROM <= version < TESTED_BEFORE:
        return True
    log.warning("discord.py %s is installed; this bot was tested with discord.py%s. It should "
                "work, but install a tested version if anything misbehaves "
                "(pip install 'discord.py%s').", shown, TESTED_RANGE, TESTED_RANGE)
    return False


# ---------------------------------------------------------------- HTTPClient.request
#
# Why: Discord bans the IP address of a bot that makes 10,000 invalid requests in ten minutes,
# and every 429 counts. discord.py keeps to Discord's global limit (50 requests a second per
# token) only once Discord has answered 429; the bot, whose first deal at 100 tables is some
# 700 requests in one instant, keeps to it before (global_limit.py). discord.py has no hook
# before a request, so the client's own `request` (the road of every REST request made with
# the token; interaction answers go through the webhook adapter and are not held) is wrapped
# on this one client.
# Public behaviour it stands for: each request made with the token waits for its turn under
# the global limit, then is discord.py's own (routes, buckets, retries unchanged).


class _Gated:
    """`HTTPClient.request` behind a gate awaited before each request. `request`: discord.py's
    own, unwrapped (a benchmark times the transport with it)."""

    def __init__(self, request: Callable[..., Awaitable[Any]],
                 gate: Callable[[], Awaitable[None]]) -> None:
        self.request = request
        self.gate = gate

    async def __call__(self, route: Any, **kwargs: Any) -> Any:
        await self.gate()
        return await self.request(route, **kwargs)


def gate_requests(http: HTTPClient, gate: Callable[[], Awaitable[None]]) -> bool:
    """Every request `http` makes awaits `gate()` first. Once per client: False (and nothing
    changed) when its requests are gated already."""
    if isinstance(http.request, _Gated):
        return False
    http.request = _Gated(http.request, gate)  # type: ignore[method-assign]  # no hook for it
    return True


# ---------------------------------------------------------------- Interaction._cs_response
#
# Why: an Interaction caches its InteractionResponse in this slot, and the response holds the
# interaction: a cycle, which carries the click's message, member and embed with it (~40
# objects a click). Left to the collector, those found in flight at a freeze
# (bot/service/collector.py) would be kept for good, and at 500 tables without them the
# collector tracked 20 times as many objects and its full passes took ~350 ms of CPU
# (bench/NIGHT.md, "Seventeenth part").
# Public behaviour it stands for: an answered interaction freed by reference counting when the
# task that answered it ends, as if discord.py held the response weakly.

CACHED_RESPONSE = "_cs_response"


def release(interaction: discord.Interaction) -> None:
    """Break the cycle between an Interaction and its InteractionResponse once nothing will
    answer it again (only for one the caller alone answered: a later `interaction.response`
    would be a fresh one that knows nothing of the answer)."""
    with contextlib.suppress(AttributeError):
        delattr(interaction, CACHED_RESPONSE)


# ---------------------------------------------------------------- ConnectionState.parsers
#
# Why: Discord sends every click with the whole message its button sits on, and discord.py
# parses that message (each embed, every button row, every attachment) before anything reads
# the interaction. A click the bot routes by its custom id (a table button, the Raise modal)
# reads only the message's id, so its embeds, components and attachments are left out of the
# payload first. Measured at 500 tables with it and without (bench/night.py --public-only):
# bench/NIGHT.md, "Seventeenth part". discord.py has no setting for it: its parsers are a
# dict it reads for every gateway event.
# Public behaviour it stands for: a routed click's `interaction.message` is a Message of the
# clicked message's id with no embeds, components or attachments.


class SlimParser:
    def __init__(self, parse: Callable[[Any], None], routed: Callable[[dict[str, Any]], bool]
                 ) -> None:
        self.parse = parse
        self.routed = routed

    def __call__(self, payload: dict[str, Any]) -> None:
        message = payload.get("message")
        if isinstance(message, dict) and self.routed(payload):
            payload["message"] = {**message, "embeds": [], "components": [], "attachments": []}
        self.parse(payload)


def slim_routed_clicks(client: discord.Client, routed: Callable[[dict[str, Any]], bool]
                       ) -> None:
    """The messages of the INTERACTION_CREATE payloads `routed` picks reach discord.py without
    their embeds, components and attachments."""
    state: ConnectionState[Any] = client._connection
    state.parsers["INTERACTION_CREATE"] = SlimParser(state.parsers["INTERACTION_CREATE"],
                                                      routed)


# ---------------------------------------------------------------- the interaction callback
#
# Why: discord.py (2.5 and later) sends every interaction response with `?with_response=1`, so
# Discord sends back the whole edited message (its embed, every button) and discord.py parses
# it into a Message; a table click's answer never reads it. Without the flag Discord answers
# 204 No Content. This is `InteractionResponse.edit_message` for that one case: the same
# parameters and allowed mentions, the same webhook adapter and route (its rate-limit lock and
# retries), and afterwards the interaction counts as answered with a message update, so
# `is_done()` and the follow-ups behave as after `edit_message`. Measured with it and without:
# bench/NIGHT.md, "Seventeenth part".
# Public behaviour it stands for: `interaction.response.edit_message(content=None,
# embed=embed, view=view)` with a view discord.py stores nowhere (finished).


async def update_without_message_back(interaction: discord.Interaction, *,
                                      embed: discord.Embed, view: discord.ui.View) -> None:
    """Answer a click by replacing its message's content with `embed` and `view`; raises as
    `edit_message` does (InteractionResponded, HTTPException)."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    if interaction.message is not None:
        state.prevent_view_updates_for(interaction.message.id)
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value, content=None, embed=embed,
        view=view, previous_allowed_mentions=state.allowed_mentions)
    http = state.http
    await async_context.get().request(
        Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
              webhook_id=interaction.id, webhook_token=interaction.token),
        session=interaction._session, proxy=http.proxy, proxy_auth=http.proxy_auth,
        payload=params.payload)
    response._response_type = discord.InteractionResponseType.message_update

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
from discord.http import HTTPClient

__all__ = ["HTTPClient", "DiscordPyUnsupported", "check_discord_py", "gate_requests", "release"]

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
    if not callable(getattr(HTTPClient, "request", None)):
        raise DiscordPyUnsupported(
            f"discord.py {shown} has no HTTPClient.request, through which the bot keeps to "
            f"Discord's global rate limit; install a tested version: discord.py{TESTED_RANGE}")
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

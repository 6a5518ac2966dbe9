"""The card images uploaded as the bot's application emojis, once, at start-up.

Application emojis belong to the bot, not to a server: the bot can show them in every server and
DM without asking a server for an emoji slot (an application may hold 2,000). At start-up
`upload_card_emojis` lists the ones the application has and creates only those missing, by name,
so a restart costs one request. The images are the PNGs scripts/draw_cards.py draws, shipped in
the package (assets/<palette>/<card>.png).

Discord may refuse (no application, a server error, a limit reached): the bot then shows cards as
text and keeps working. A refused call is logged once and never retried in a loop: Discord bans
an address that makes 10,000 invalid requests in ten minutes. A changed image under an existing
name is not re-uploaded; delete the emojis in the developer portal to upload new art.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from importlib import resources
from typing import Protocol

import aiohttp
import discord

from bot.discord_ui.card_faces import CardArt, Palette, emoji_name, image_stems

log = logging.getLogger(__name__)

# What can go wrong on the way to Discord: refused (HTTPException: Forbidden, a 400 for a full
# emoji list, a 5xx), no application id yet (ClientException), or no connection at all.
_REFUSED = (discord.DiscordException, aiohttp.ClientError, asyncio.TimeoutError)


class EmojiClient(Protocol):
    """The two calls the upload makes; `discord.Client` has them (discord.py >= 2.5)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


def card_images() -> dict[str, bytes]:
    """Every card image of both palettes by emoji name ("c4_As": PNG bytes)."""
    assets = resources.files("bot.discord_ui") / "assets"
    return {
        emoji_name(palette, stem): (assets / palette.value / f"{stem}.png").read_bytes()
        for palette in Palette
        for stem in image_stems()
    }


async def upload_card_emojis(
    client: EmojiClient, images: Mapping[str, bytes] | None = None
) -> CardArt:
    """The card emojis of both palettes, creating the ones the application lacks.

    Call it after login (in `setup_hook`), when the client knows its application id. When
    Discord refuses a call, returns art without emojis (every card written as text, like
    `TEXT_ART`) and makes no further call.
    """
    wanted = dict(card_images() if images is None else images)
    try:
        existing = await client.fetch_application_emojis()
    except _REFUSED as exc:
        _log_refusal("listing the application's emojis", exc)
        return CardArt()
    ids = {e.name: e.id for e in existing if e.name in wanted}
    missing = [name for name in wanted if name not in ids]
    for name in missing:
        try:
            emoji = await client.create_application_emoji(name=name, image=wanted[name])
        except _REFUSED as exc:
            # One refusal ends the upload: the next would most likely be refused for the same
            # reason, and refused calls count against the bot's address. The next start goes
            # on from what was created. Text until then: half the cards as pictures would read
            # worse than all of them as text.
            _log_refusal(f"creating the emoji {name!r} ({len(ids)} of {len(wanted)} exist)", exc)
            return CardArt()
        ids[emoji.name] = emoji.id
    if missing:
        log.info("card emojis: created %d, %d in all", len(missing), len(ids))
    return CardArt(ids)


def _log_refusal(what: str, exc: BaseException) -> None:
    # Status, Discord's code and its short message only: a whole exception could carry a
    # request's headers.
    if isinstance(exc, discord.HTTPException):
        detail = f"HTTP {exc.status}, code {exc.code}: {exc.text[:200]}"
    else:
        detail = type(exc).__name__
    log.warning("card emojis: Discord refused %s (%s); cards are shown as text", what, detail)

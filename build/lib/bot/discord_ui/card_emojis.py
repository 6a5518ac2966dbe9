"""The card images uploaded as the bot's application emojis, in the background after start-up.

Application emojis belong to the bot, not to a server: the bot can show them in every server and
DM without asking a server for an emoji slot (an application may hold 2,000). An upload lists
the ones the application has and creates only those missing, by name, so a restart costs one
request. The images are the PNGs scripts/draw_cards.py draws, shipped in the package
(assets/<palette>/<card>.png).

Start-up never waits on it: the bot recovers its tournaments, loads its commands and
connects first, and `CardEmojiUploader` uploads meanwhile. Cards are text until every emoji is
there; from then on every message the bot writes (a table already on screen included, at its
next update) shows them as emojis. Each request has a bounded wait (`REQUEST_TIMEOUT`: a 429
whose retry_after discord.py would sleep through, or an endpoint that never answers, ends the
attempt there). An attempt that fails for a passing reason (a rate limit, a server error, a
timeout, no connection) is tried again later, with a growing pause (`RETRY_DELAYS`); a refusal
that would be the same next time (Forbidden, the application's emoji list full) ends the upload
at once: Discord bans an address that makes 10,000 invalid requests in ten minutes. A refused
upload is logged once, at the end, and the bot says it once to a director (`on_give_up`); the
next start tries again from what was created. A changed image under an existing name is not
re-uploaded; delete the emojis in the developer portal to upload new art.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from importlib import resources
from typing import Protocol

import aiohttp
import discord

from bot.discord_ui.card_faces import CardArt, Palette, emoji_name, image_stems

log = logging.getLogger(__name__)

# What can go wrong on the way to Discord: refused (HTTPException: Forbidden, a 400 for a full
# emoji list, a 5xx), rate limited beyond max_ratelimit_timeout (RateLimited), no application id
# yet (ClientException), no connection at all, or no answer in time.
_REFUSED = (discord.DiscordException, aiohttp.ClientError, OSError, asyncio.TimeoutError)

# Seconds one request may take, discord.py's own rate-limit sleeps included.
REQUEST_TIMEOUT = 60.0
# Pauses before the 2nd, 3rd, ... attempt; after the last one the upload gives up (~31 minutes).
RETRY_DELAYS: tuple[float, ...] = (60.0, 120.0, 240.0, 480.0, 960.0)


class UploadFailed(Exception):
    """One attempt at the upload failed: what was asked, why (status and code only: a whole
    exception could carry a request's headers), and whether asking again later may work."""

    def __init__(self, what: str, cause: BaseException) -> None:
        self.what = what
        self.detail = self.said(cause)
        # A rate limit, a server error, a timeout, no connection, no application id yet: it
        # passes. A 4xx other than 429 (Forbidden, the list full) is the same next time.
        self.passing = not (isinstance(cause, discord.HTTPException)
                            and 400 <= cause.status < 500 and cause.status != 429)
        super().__init__(f"{what} ({self.detail})")

    @staticmethod
    def said(exc: BaseException) -> str:
        """Status, Discord's code and its short message only: a whole exception could carry a
        request's headers."""
        if isinstance(exc, discord.HTTPException):
            return f"HTTP {exc.status}, code {exc.code}: {exc.text[:200]}"
        if isinstance(exc, discord.RateLimited):
            return f"rate limited for {exc.retry_after:.0f} s"
        if isinstance(exc, TimeoutError):
            return "no answer in time"
        return type(exc).__name__


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


async def upload_once(client: EmojiClient, images: Mapping[str, bytes] | None = None, *,
                      timeout: float = REQUEST_TIMEOUT) -> CardArt:
    """One attempt: the card emojis of both palettes, creating the ones the application lacks;
    every request bounded by `timeout` seconds. Raises `UploadFailed` at the first refusal
    (half the cards as pictures would read worse than all of them as text)."""
    wanted = dict(card_images() if images is None else images)
    try:
        async with asyncio.timeout(timeout):
            existing = await client.fetch_application_emojis()
    except _REFUSED as exc:
        raise UploadFailed("listing the application's emojis", exc) from None
    ids = {e.name: e.id for e in existing if e.name in wanted}
    missing = [name for name in wanted if name not in ids]
    for name in missing:
        try:
            async with asyncio.timeout(timeout):
                emoji = await client.create_application_emoji(name=name, image=wanted[name])
        except _REFUSED as exc:
            raise UploadFailed(
                f"creating the emoji {name!r} ({len(ids)} of {len(wanted)} exist)", exc
            ) from None
        ids[emoji.name] = emoji.id
    if missing:
        log.info("card emojis: created %d, %d in all", len(missing), len(ids))
    return CardArt(ids)


async def upload_card_emojis(
    client: EmojiClient, images: Mapping[str, bytes] | None = None
) -> CardArt:
    """One attempt, and text cards if it fails (one log line, no retry).

    Call it after login (in `setup_hook`), when the client knows its application id. When
    Discord refuses a call, returns art without emojis (every card written as text, like
    `TEXT_ART`) and makes no further call. The league bot uses `CardEmojiUploader` instead.
    """
    try:
        return await upload_once(client, images)
    except UploadFailed as failed:
        log.warning("card emojis: Discord refused %s (%s); cards are shown as text",
                    failed.what, failed.detail)
        return CardArt()


class CardEmojiUploader:
    """The upload in the background, tried again with growing pauses until it succeeds or
    gives up.

    `on_art` gets the complete art when the upload succeeds (the bot shows emojis from then
    on). `on_give_up` is awaited once if it never does, with the last failure, after one log
    line. `start` after login (the application id known); `stop` when the bot closes.
    """

    def __init__(self, client: EmojiClient, *, on_art: Callable[[CardArt], None],
                 on_give_up: Callable[[UploadFailed, int], Awaitable[None]],
                 images: Mapping[str, bytes] | None = None,
                 timeout: float = REQUEST_TIMEOUT,
                 delays: Sequence[float] = RETRY_DELAYS) -> None:
        self.client = client
        self.on_art = on_art
        self.on_give_up = on_give_up
        self.images = images
        self.timeout = timeout
        self.delays = tuple(delays)
        self.attempts = 0
        self.done = False  # succeeded or gave up
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run(), name="card-emojis")

    def stop(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def run(self) -> None:
        failed: UploadFailed | None = None
        for pause in (0.0, *self.delays):
            if pause:
                await asyncio.sleep(pause)
            self.attempts += 1
            try:
                art = await upload_once(self.client, self.images, timeout=self.timeout)
            except UploadFailed as exc:
                first, failed = failed is None, exc
                if not exc.passing:
                    break
                if first and self.delays:
                    log.info("card emojis: not uploaded yet (%s); cards are shown as text "
                             "meanwhile, trying again in %.0f s", exc, self.delays[0])
                else:
                    log.debug("card emojis: attempt %d failed: %s", self.attempts, exc)
                continue
            self.done = True
            self.on_art(art)
            if failed is not None:
                log.info("card emojis: uploaded at attempt %d; cards are shown as emojis from "
                         "now on", self.attempts)
            return
        self.done = True
        assert failed is not None
        log.warning("card emojis: Discord refused %s (%s)%s; cards are shown as text until the "
                    "next start", failed.what, failed.detail,
                    "" if not failed.passing else
                    f" after {self.attempts} attempts over {sum(self.delays) / 60:.0f} minutes")
        await self.on_give_up(failed, self.attempts)


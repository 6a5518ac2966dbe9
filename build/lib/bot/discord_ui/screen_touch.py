"""The league's touch on the room's screen, read and written for the web side: the league's
currency (`/league money`), the director's message line (`/td screen message:`, kept as a
director action of the tournament) and the server's logo (`/td screen logo:`, kept in the
store and served by the bot itself). Runs on the bot's loop; the pages get them through the
feed (bot/web/feed.py)."""

from __future__ import annotations

from bot.discord_ui.presenter.screen import screen_message_action
from bot.league.service.seasons import league_money
from bot.store import Store
from bot.web import Feed
from bot.web.feed import Extras

# The logo: at most this many bytes, a PNG or a JPEG (read from its first bytes).
LOGO_BYTES = 256 * 1024
MESSAGE_ACTION = "screen_message"
_SIGNATURES = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))


def image_type(data: bytes) -> str | None:
    """"image/png" or "image/jpeg" by the file's own first bytes; None for anything else."""
    return next((kind for magic, kind in _SIGNATURES if data.startswith(magic)), None)


async def load_extras(store: Store, feed: Feed, tournament_id: int) -> None:
    """Read what the screen of `tournament_id` shows beside its state, and hand it to the
    feed (its pages are told)."""
    row = await store.tournament(tournament_id)
    if row is None:
        return
    currency, decimals = await league_money(store, row.league_id)
    message = None
    for action in await store.director_actions(tournament_id):
        if action.action == MESSAGE_ACTION:
            text = action.data.get("text")
            message = text if isinstance(text, str) else None
    logo = await store.screen_logo(row.guild_id)
    if logo is not None:
        feed.logos[tournament_id] = (logo.image, logo.content_type)
    else:
        feed.logos.pop(tournament_id, None)
    feed.set_extras(tournament_id, Extras(currency, decimals, message, logo is not None))


async def set_touch(store: Store, feed: Feed, tournament_id: int, director_id: int, *,
                    message: str | None, clear_message: bool,
                    logo: tuple[bytes, str] | None) -> None:
    """The director's message line (or its removal) and the server's logo, committed, then
    shown on the open pages."""
    row = await store.tournament(tournament_id)
    assert row is not None
    if message is not None or clear_message:
        await store.write(lambda tx: tx.add_director_action(
            tournament_id, director_id, MESSAGE_ACTION,
            screen_message_action(cleared=message is None),
            data={"text": message}))
    if logo is not None:
        image, kind = logo
        await store.write(lambda tx: tx.put_screen_logo(row.guild_id, image, kind,
                                                        director_id))
    await load_extras(store, feed, tournament_id)

"""The screens: a tournament's clock for the room's TV and a read-only rail per online table,
served by the bot itself (`aiohttp.web`, in a thread of its own: bot/web/server.py).

Layer: above the service and the store, beside the Discord side and independent of it (no
discord import): `bot.discord_ui.client` starts it and feeds it the service's outcomes, and the
`/td screen` cog (cogs/screen.py) asks `ScreenLinks` for a link.
"""

from bot.web.feed import Feed
from bot.web.links import ScreenLinks
from bot.web.server import ANY_FREE_PORT, WebServer

__all__ = ["ANY_FREE_PORT", "Feed", "ScreenLinks", "WebServer"]

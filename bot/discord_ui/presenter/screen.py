"""`/td screen`: the private answer with the link to a tournament's clock page."""

from __future__ import annotations

from bot.discord_ui.presenter.limits import safe_text

TITLE_CHARS = 100


def screen_link_text(tournament: str, url: str, *, revoked: bool, online: bool) -> str:
    """The link, only to the director: anyone with it sees the clock (never a card)."""
    head = (f"Earlier screen links of **{safe_text(tournament, TITLE_CHARS)}** no longer work. "
            "The new one:" if revoked else
            f"The clock of **{safe_text(tournament, TITLE_CHARS)}** for the room's screen:")
    rails = (" Each table's rail (board, stacks, bets; never a card before it is shown) is "
             "linked at the foot of the page." if online else "")
    return (f"{head}\n<{url}>\nOpen it full screen on the TV (F11) and click once to turn the "
            "sound on. Anyone with this link sees the clock, so share it only with the room; "
            f"`/td screen revoke:True` makes every earlier link stop working.{rails}")


def screen_off_text() -> str:
    return ("The screens are turned off on this bot (`WEB_PORT=0`, or the port could not be "
            "opened: the bot's log says which). Nothing was changed.")

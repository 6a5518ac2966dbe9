"""`/td screen`: the private answer with the link to a tournament's clock page."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_ui.presenter.limits import safe_text
from bot.discord_ui.presenter.table import play_line
from bot.engine.events import Event
from bot.engine.hand import Hand

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


SCREEN_UNAVAILABLE = "The screen command is not available. Nothing was changed."


def screen_off_text() -> str:
    return ("The screens are turned off on this bot (`WEB_PORT=0`, or the port could not be "
            "opened: the bot's log says which). Nothing was changed.")


def screen_revoked_text(tournament: str) -> str:
    """After the night: every link of the finished tournament stops at once (no new one)."""
    return (f"The screen links of **{safe_text(tournament, TITLE_CHARS)}** no longer work; the "
            "night is over, so no new link was made. (A finished night's links stop by "
            "themselves a day after its end.)")


def screen_control_text(tournament: str, url: str, *, revoked: bool) -> str:
    """The remote's link, only to the director: whoever has it runs the clock."""
    head = (f"Earlier screen links of **{safe_text(tournament, TITLE_CHARS)}** no longer work. "
            if revoked else "")
    return (f"{head}Your remote for the clock of **{safe_text(tournament, TITLE_CHARS)}**:\n"
            f"<{url}>\nIt opens the clock with its controls: pause and resume, ±1 minute, the "
            "next or previous level, a break now or its end, hand for hand (live). Big buttons "
            "on a phone; on the TV's keyboard: space, ← →, ↑ ↓, B, H, and ? for the keys. Each "
            "control is posted here as your command. **Keep this link to yourself**: whoever "
            "has it runs the clock in your name; `/td screen revoke:True` stops it.")


# The remote's words (the page shows them; the channel hears the command's own post).
REMOTE_PAUSE_REASON = "director's pause (remote)"
REMOTE_GONE = "This tournament is over: there is no clock left to run. Nothing was changed."


def remote_receipt(action: str) -> str:
    """The remote's answer to a control that has no words of its own."""
    return {"pause": "Paused.", "resume": "Resumed."}.get(action, "Unknown control.")


# What `/td screen message:` accepts (the parser refuses longer; Discord's option says so too).
MESSAGE_CHARS = 120


def screen_touch_text(tournament: str, *, message: bool, text: str | None, logo: bool) -> str:
    """The director's receipt for the screen's message line and logo."""
    parts = []
    if message:
        parts.append(f"The screen of **{safe_text(tournament, TITLE_CHARS)}** now shows: "
                     f"“{safe_text(text, MESSAGE_CHARS)}”." if text is not None else
                     f"The screen of **{safe_text(tournament, TITLE_CHARS)}** shows no "
                     "message now.")
    if logo:
        parts.append("The logo is set for this server's screens (kept by the bot, served by "
                     "it).")
    return " ".join(parts)


def logo_refusal_text(*, too_big: bool) -> str:
    if too_big:
        return ("That image is too big: the logo may be up to 256 KB (a PNG or JPEG). Nothing "
                "was changed.")
    return "The logo must be a PNG or JPEG image (up to 256 KB). Nothing was changed."


class ScreenWording:
    """Every word the room's screens and the director's remote show (bot/web's `ScreenWords`):
    the rail's log worded as the table message words a hand, names as the screen prints them
    (plain text: a page shows text as text, so nothing is escaped for Discord)."""

    unnamed = "a player"

    def rail_line(self, hand: Hand, who: Callable[[int], str], event: Event) -> str | None:
        return play_line(hand, event, who)

    def view_cannot_control(self) -> str:
        return "This link shows the clock; it cannot control it."

    def control_from_its_page(self) -> str:
        return "Controls work only from the remote's own page."

    def control_malformed(self) -> str:
        return "A control is a short JSON body."

    def control_unknown(self) -> str:
        return "Unknown control."

    def bot_late(self) -> str:
        return "The bot did not answer in time."

    def too_many_screens(self, limit: int, *, per_link: bool) -> str:
        whose = "link" if per_link else "address"
        return (f"This {whose} already has {limit} screens open. Close one (or wait a minute) "
                "and reload.")

    def link_made(self, *, control: bool, revoke: bool) -> str:
        what = "remote control link" if control else "screen link"
        return f"{what} made, earlier ones revoked" if revoke else f"{what} made"

    def links_revoked(self) -> str:
        return "screen links revoked"


SCREEN_WORDS = ScreenWording()


def screen_message_action(*, cleared: bool) -> str:
    """The director's action kept when he sets or clears the screen's message line."""
    return "screen message cleared" if cleared else "screen message set"

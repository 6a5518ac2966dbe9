"""`/td screen`: the private answer with the link to a tournament's clock page."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.discord_ui.presenter.limits import safe_text
from bot.discord_ui.presenter.refusals import ended
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


SCREEN_UNAVAILABLE = ended("The screen command is not available.")


def screen_off_text() -> str:
    return ended("The screens are turned off on this bot (`WEB_PORT=0`, or the port could not be "
                 "opened: the bot's log says which).")


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
REMOTE_GONE = ended("This tournament is over: there is no clock left to run.")


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
        return ended("That image is too big: the logo may be up to 256 KB (a PNG or JPEG).")
    return ended("The logo must be a PNG or JPEG image (up to 256 KB).")


@dataclass(frozen=True)
class Plural:
    """A word that follows a count `{n}`: `one` for 1, `other` for any other count (the page
    picks the form with the browser's plural rules for the page's language)."""

    one: str
    other: str

    def as_json(self) -> dict[str, dict[str, str]]:
        return {"plural": {"one": self.one, "other": self.other}}


@dataclass(frozen=True)
class Ordinal:
    """A place `{n}` as its ordinal: the forms of English's ordinal rules (1st, 2nd, 3rd, 4th;
    11th, 12th, 13th), picked by the browser's ordinal rules."""

    one: str
    two: str
    few: str
    other: str

    def as_json(self) -> dict[str, dict[str, str]]:
        return {"ordinal": {"one": self.one, "two": self.two, "few": self.few,
                            "other": self.other}}


# The words of the pages themselves (bot/web/static/): their labels and buttons, their banners
# and lines, what the voice says. A page shows `PAGE_WORDS[key]` with its `{placeholders}` filled
# (the scripts' `word(key, values)`, the HTML's `{{key}}`). Numbers come formatted by the page.
PAGE_WORDS: Mapping[str, str | Plural | Ordinal] = {
    # Both pages: the connection's badge and what ends a page.
    "connecting": "connecting…",
    "link_live": "● live",
    "link_reconnecting": "reconnecting…",
    "link_closed": "disconnected",
    "link_revoked": "link revoked",
    "link_gone": "This link no longer works",
    "tournament_over": "This tournament is over",
    "paused": "PAUSED",
    "voice_on": "Voice announcements on",
    # The clock: its heading, buttons and labels.
    "clock_title": "Tournament clock",
    "clock_page_title": "{name} · clock",
    "view_title": "The seating, the moves and the busts",
    "view_seats": "Seats",
    "view_clock": "Clock",
    "voice_button": "🗣 Voice on",
    "sound_button": "♪ Sound on",
    "prize_pool": "Prize pool",
    "latest_moves": "Latest moves",
    "last_out": "Last out",
    "label_next": "Next",
    "label_next_break": "Next break",
    "label_players": "Players",
    "label_entries": "Entries",
    "label_chips": "Chips in play",
    "label_average": "Average stack",
    # The clock's banner and the level in play.
    "cancelled": "Cancelled",
    "finished": "Finished",
    "wins": "{winner} wins",
    "on_break": "BREAK",
    "not_started": "Not started",
    "level": "Level {level}",
    "level_after_break": "Break · then level {level}",
    "ante": "Ante {ante}",
    "no_ante": "No ante",
    "chip_up_now": "Chip-up now: the {chip}s go",
    "chip_up_at_break": "Chip-up at the next break: the {chip}s go",
    # What comes next, the next break, the field.
    "next_break_minutes": "Break {minutes} min",
    "upcoming_break": "a {minutes} min break",
    "upcoming_level": "L{level} {blinds}",
    "then": "then {next}",
    "last_level": "Last level",
    "break_at": "at {time}",
    "players_of": "{left} of {entries}",
    "paid": "{paid} paid",
    "rebuys": Plural("{n} re-buy", "{n} re-buys"),
    "add_ons": Plural("{n} add-on", "{n} add-ons"),
    "average_bb": "{bb} BB",
    # What is still open: "Re-buys, late entry and add-on until level 4".
    "entry_rebuys": "re-buys",
    "entry_late": "late entry",
    "entry_add_on": "add-on",
    "entry_until": "{what} until level {level}",
    "list_and": "{items} and {last}",
    # The line under the banner.
    "status_hfh": "Hand for hand — {left} left, {paid} paid",
    "status_bubble": "The bubble has burst — {left} left, all in the money",
    "final_table": "Final table",
    # The money, the seating, the moves and the busts.
    "ordinal": Ordinal("{n}st", "{n}nd", "{n}rd", "{n}th"),
    "place_name": "{place} {name}",
    "results": "Results",
    "deal": "Deal ({method})",
    "deal_icm": "ICM",
    "deal_chip_chop": "chip chop",
    "still_played_for": "Still played for",
    "play_goes_on": "Play goes on for the title",
    "table": "Table {table}",
    "moved": "{name} → table {table} seat {seat}",
    # What the voice says (opt-in).
    "say_minute_in_break": "One minute left in the break",
    "say_minute_to_break": "One minute to the break",
    "say_minute_in_level": "One minute left in this level",
    "say_break": Plural("Break. {n} minute", "Break. {n} minutes"),
    "say_level": "Level {level}: blinds {sb}, {bb}",
    "say_level_ante": "Level {level}: blinds {sb}, {bb}, ante {ante}",
    "say_hfh": "Hand for hand. {left} players left, {paid} paid",
    "say_bubble": "The bubble has burst. Everyone left is in the money",
    # The director's remote: its buttons, its keys, what the page says when the bot is away.
    "control_pause": "⏸ Pause",
    "control_resume": "▶ Resume",
    "control_minus": "−1 min",
    "control_plus": "+1 min",
    "control_previous": "◀ Level",
    "control_next": "Level ▶",
    "control_break": "☕ Break now",
    "control_end_break": "▶ End break",
    "control_hfh": "✋ Hand for hand",
    "control_end_hfh": "✋ End hand for hand",
    "control_keys": "? Keys",
    "keys_title": "The remote's keys",
    "key_space": "Space",
    "keys_pause": "pause / resume",
    "keys_minute": "one minute more / less",
    "keys_level": "next / previous level",
    "keys_break": "a break now / end the break",
    "keys_hfh": "hand for hand on / off",
    "keys_help": "these keys (Esc closes)",
    "bot_answered": "The bot answered {status}.",
    "bot_unreachable": "The bot could not be reached: nothing was done.",
    # An online table's rail.
    "rail_title": "Table rail",
    "rail_heading": "Table",
    "rail_name": "{name} · table {table}",
    "table_closed": "This table is closed",
    "wins_tournament": "{winner} wins the tournament",
    "between_hands": "Between hands",
    "preflop": "Preflop",
    "no_flop": "No flop",
    "hand_blinds": "Hand {hand} · blinds {sb} / {bb}",
    "hand_ante": "ante {ante}",
    "hand_over": "over",
    "pot": "Pot {pot}",
    "seat_out": "out",
    "seat_all_in": "all-in",
    "seat_bet": "bet {bet}",
    "seat_won": "won {won}",
}


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

    @property
    def page_words(self) -> Mapping[str, object]:
        return {key: word if isinstance(word, str) else word.as_json()
                for key, word in PAGE_WORDS.items()}


SCREEN_WORDS = ScreenWording()


def screen_message_action(*, cleared: bool) -> str:
    """The director's action kept when he sets or clears the screen's message line."""
    return "screen message cleared" if cleared else "screen message set"

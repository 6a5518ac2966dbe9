"""Short notices the announcer sends about the table rather than the game: the idle ping, failed
DMs, and trouble told to the director (lost permissions, a deleted channel)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_ui.presenter.announcements import people
from bot.discord_ui.presenter.limits import chips, safe_text
from bot.discord_ui.presenter.refusals import ended
from bot.engine.events import Event
from bot.engine.hand_events import Acted, HandKilled, Ruling
from bot.service import Notice


def idle_ping_text(user_id: int, table: int) -> str:
    """The one message that mentions (and so notifies) the player to act; never deleted: once
    his turn is over it is edited to say what happened (`ping_answered_text`)."""
    return f"<@{user_id}>, your turn at table {table}."


_TIMEOUT_RULES = ("clock", "away")  # the rulings of a turn that ran out (Hand.timeout)


def _acted_words(ev: Acted) -> str:
    if ev.action in ("fold", "check"):
        return f"{ev.action}ed"
    if ev.action == "call":
        words = f"called {chips(ev.added)}"
    elif ev.action == "bet":
        words = f"bet {chips(ev.to)}"
    else:
        words = f"raised to {chips(ev.to)}"
    return words + (" (all-in)" if ev.all_in else "")


def ping_answered_text(name: str, table: int, seat: int, since: Sequence[Event]) -> str:
    """The idle ping once the player's turn is over, as the notification still opens it: what
    he did ("ann acted at table 1: called 200."), that his time ran out, or that the table no
    longer waits for him (paused, marked away, the hand ended). `name` is escaped and does not
    ping; `since` are the hand's events after the ping was armed."""
    timed_out = False
    for ev in since:
        if isinstance(ev, Ruling) and ev.seat == seat and ev.rule_id in _TIMEOUT_RULES:
            timed_out = True
        elif isinstance(ev, Acted) and ev.seat == seat:
            if timed_out:
                return f"{name}'s time ran out at table {table}: {_acted_words(ev)}."
            return f"{name} acted at table {table}: {_acted_words(ev)}."
        elif isinstance(ev, HandKilled) and ev.seat == seat:
            return f"{name}'s hand at table {table} is dead."
    return f"Table {table} no longer waits for {name}."


# A player whose display name is not known (any more) where a notice names him.
UNKNOWN_PLAYER = "A player"
# Why the bot paused a tournament whose channel was deleted (its pause is announced with it).
CHANNEL_GONE_REASON = "the tournament's channel is gone"
# Under the first line of a text too long for one message, sent with the whole as a file.
FULL_TEXT_ATTACHED = "\n(Full text attached.)"


def dm_failed_text(names: Sequence[str], *, never_again: bool) -> str:
    """`names` are escaped display names of players whose cards could not be sent by DM."""
    who = people(list(names))
    if never_again:
        return (f"{who}: I cannot DM your cards (your DMs are closed). Use `/cards` or the "
                "table's **My cards** button; the game goes on. I will not try DMs again in "
                "this tournament.")
    return (f"{who}: I could not DM your cards this hand (Discord did not take the message). "
            "Use `/cards` or the table's **My cards** button; the next deal tries DMs again.")


def permissions_lost_text(tournament: str, channel_id: int) -> str:
    return (f"Tournament {tournament}: I can no longer post in <#{channel_id}> (a permission "
            "was removed: Send Messages, Send Messages in Threads or Create Public Threads). "
            "Players cannot see the table until it is given back; the game goes on.")


def channel_lost_text(tournament: str) -> str:
    return (f"Tournament {tournament}: its channel was deleted, so I paused it. Cancel it from "
            f"any channel with `/tournament cancel tournament:{tournament}`, or resume it "
            "with `/td resume` once players can see a channel again.")


def unrecoverable_text(tournament: str, reason: str) -> str:
    """Said in the tournament's channel and to its director when its saved record does not
    rebuild at start-up (`reason` is the store's own words, already inert)."""
    return (f"Tournament {tournament} could not be brought back after the bot restarted: its "
            f"saved record does not rebuild ({reason}). Nothing of it is played until a director "
            f"looks: `/tournament cancel tournament:{tournament}` ends it; "
            "`python -m bot.db check` on the bot's machine says what is wrong.")


def save_retrying_text() -> str:
    return ("I could not save the tournament (the bot's disk may be full), so nothing new "
            "happens for now: no hand is dealt and no clock runs out until it saves again. "
            "I keep trying by myself.")


def save_resumed_text() -> str:
    return "Saving works again: the tournament goes on."


def session_notice_text(notice: Notice | None) -> str | None:
    """What a tournament's channel hears of its session itself (online and live alike)."""
    if notice is Notice.SAVE_RETRYING:
        return save_retrying_text()
    if notice is Notice.SAVE_RESUMED:
        return save_resumed_text()
    return None


def card_emojis_failed_text(*, will_retry_at_restart: bool) -> str:
    """Told once to a director when the card pictures could not be uploaded to Discord."""
    text = ("I could not upload the card pictures to Discord, so the tables show cards as "
            "text (Q♦ 10♠). The game is not affected. ")
    if will_retry_at_restart:
        return text + "Discord was busy or did not answer; I try again at my next restart."
    return text + ("Discord refused them (the bot's emoji list may be full or locked); whoever "
                   "runs the bot can check its emojis in the Discord developer portal.")


def backups_failing_text(reason: str) -> str:
    """Said to each server's director role, at most once a day, while the bot's own backups of
    its database fail."""
    return ("**The league's database could not be backed up** "
            f"({safe_text(reason, 300)}). Play goes on and nothing is lost, but there is no "
            "fresh copy to go back to until this is fixed. Whoever hosts the bot: look at the "
            "backup folder (BACKUP_DIR: free space, write permission); `python -m bot.db "
            "backups` lists the backups there. Said at most once a day while backups fail.")


def settings_text(four_colour: bool, idle_ping_seconds: int, *, changed: bool,
                  hole_card_dms: bool = True) -> str:
    colours = ("four colours (spades black, hearts red, diamonds blue, clubs green)"
               if four_colour else "two colours (red and black)")
    ping = (f"the player to act is pinged after {idle_ping_seconds} s"
            if idle_ping_seconds else "the player to act is never pinged")
    head = "Saved: from the next hand" if changed else "This server's tables"
    dms = ("hole cards come by DM at every deal" if hole_card_dms else
           "hole cards come only with My cards (no DM)")
    return (f"{head}, cards are shown in {colours} and {ping}; for players who have not "
            f"chosen with `/cards dm:`, {dms}.")


def restarting_text() -> str:
    """An interaction that arrived while the bot was closing for a restart: nothing was changed."""
    return ended("The bot is restarting: try again in a minute.")

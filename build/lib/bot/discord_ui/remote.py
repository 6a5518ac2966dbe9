"""The director's remote (`/td screen control:True`): a control pressed on the remote's page
runs here, on the bot's loop, as the same use case as its `/td` command, by the director whose
link it is. The channel hears it as it hears the command (the session's listener posts the
outcome); a refusal is worded as the command's would be and shown on the page."""

from __future__ import annotations

from bot.discord_ui.context import GameBot
from bot.discord_ui.presenter.hand_for_hand import hand_for_hand_answer
from bot.discord_ui.presenter.level_clock import level_clock_answer
from bot.discord_ui.presenter.screen import REMOTE_GONE, REMOTE_PAUSE_REASON, remote_receipt
from bot.discord_ui.replies import error_message
from bot.service import Outcome
from bot.service.usecases import director
from bot.tournament.players import member_player

# One minute, as the remote's ± buttons and arrow keys add or take it.
MINUTE = 60


async def run_control(bot: GameBot, tournament_id: int, director_id: int,
                      action: str) -> tuple[bool, str]:
    """(done, the answer's words) for one control of the remote."""
    session = bot.tournaments.get(tournament_id)
    if session is None:
        return False, REMOTE_GONE
    by = member_player(director_id)
    try:
        outcome: Outcome
        if action == "pause":
            outcome = await director.pause(session, by, REMOTE_PAUSE_REASON)
        elif action == "resume":
            outcome = await director.resume(session, by)
        elif action in ("plus", "minus"):
            outcome = await director.set_level_time(
                session, by, change=MINUTE if action == "plus" else -MINUTE)
        elif action in ("next", "previous"):
            outcome = await director.set_level(session, by,
                                               step="next" if action == "next" else "previous")
        elif action == "break":
            outcome = await director.toggle_break(session, by)
        elif action in ("hfh_on", "hfh_off"):
            outcome = await director.set_hand_for_hand(session, action == "hfh_on", by)
            return True, hand_for_hand_answer(outcome.tournament_events)
        else:
            return False, remote_receipt(action)
    except Exception as exc:
        words = error_message(exc)
        if words is None:
            raise
        return False, words
    if action in ("pause", "resume"):
        return True, remote_receipt(action)
    return True, level_clock_answer(outcome.tournament_events)

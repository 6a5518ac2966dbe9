"""What a player is told after his own commands at an online table (`/raise`, `/away`, `/back`,
`/show`, `/clock`, `/history`): the receipts, and the refusals of the command itself (the use
cases' refusals are worded in answers.py)."""

from __future__ import annotations

from bot.discord_ui.presenter.refusals import ended

RAISE_ONE_OF = ended("Give exactly one of `to:` (the total) or `by:` (the raise over the bet you "
                     "face).")
RAISE_BY_CHIPS = ended("`by:` takes a number of chips; use `to:` for min, half, pot or all-in.")
NOT_PLAYING = "You are not playing in this tournament."
NOTHING_TO_STEP_AWAY_FROM = ("You are not playing in this tournament, so there is nothing to "
                             "step away from.")
AWAY = "You are away: the away rule acts for you until you use `/back`."
WELCOME_BACK = "Welcome back."
CARD_UNREADABLE = "Name a card like `As` or `Td`, or say `both`. Nothing was shown."
ASKED_TO_SEE = "Asked: the rest of that hand is shown."
WHOLE_HAND_ONLY = ended("During the hand you can only ask to show your whole hand at the showdown "
                        "(`/show`); single cards are shown after the hand.")
SHOWN_AT_SHOWDOWN = "Your hand will be shown at the showdown."
CLOCK_ONLY_SEATED = ("Only a player seated at the table may call the clock "
                     "(`/rule topic:table-presence`).")
CLOCK_CALLED = "Clock called."
NO_SUCH_HAND_HERE = "There is no such hand in this server."


SHOWN = "Shown to the table."
RABBIT_HUNTED = "Everyone agreed: the rabbit is hunted."
NOT_SEATED_NO_CARDS = "You have no cards: you are not seated."
CARDS_NEXT_DEAL = "You are not dealt into a hand right now; your cards come with the next deal."


def rabbit_waiting_text(waiting: int) -> str:
    return f"Agreed. Waiting for {waiting} more player(s) of the hand to agree."


def last_hand_cards_text(cards: str) -> str:
    """His cards of the hand that just ended (none is dealt to him yet)."""
    return f"(Last hand) {cards}"


def no_such_hand_text(hand: str) -> str:
    """`hand`: as the bot names hands (read from what was typed, never the text itself)."""
    return f"There is no hand {hand} in that tournament."


def not_exported_text(reason: str) -> str:
    return f"That hand cannot be exported: {reason}."

"""How a card is written in a message: the bot's card emojis where they are available, plain text
(`Q♦`, `10♠`) everywhere else (emoji upload refused, the demo, logs, code blocks).

Every presenter function that shows a card takes a `Faces` (card → text) so the same sentence
is built once, whichever way the cards are drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.engine.cards import pretty

Faces = Callable[[str], str]


def text_face(card: str) -> str:
    """The plain-text form: rank then suit symbol (`Q♦`); readable everywhere."""
    return pretty(card)


def cards_text(cards: Iterable[str], faces: Faces = text_face) -> str:
    """Several cards: emojis side by side like a hand held, text forms apart (`A♠ K♦`)."""
    out = ""
    previous_emoji = False
    for i, card in enumerate(cards):
        face = faces(card)
        emoji = face.startswith("<:")
        if i and not (emoji and previous_emoji):
            out += " "
        out += face
        previous_emoji = emoji
    return out

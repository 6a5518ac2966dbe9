"""The answer to `/cards dm:`: a player's own choice of hole-card DMs, told to him
privately, with his cards when he has some."""

from __future__ import annotations


def card_dms_saved_text(dms: bool, cards: str | None) -> str:
    """"Saved: ..." and, below it, his cards as `/cards` shows them (None: no tournament here)."""
    if dms:
        head = ("Saved: your hole cards come to you by DM at every deal in this server "
                "(and **My cards** or `/cards` still show them).")
    else:
        head = ("Saved: no more DMs with your hole cards in this server. See them with the "
                "table's **My cards** button or `/cards` (only you see the answer); "
                "`/cards dm:True` turns the DMs back on.")
    return head if cards is None else f"{head}\n{cards}"

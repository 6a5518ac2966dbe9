"""Plain-text messages: the private deal DM and the deck proof served after the hand."""

from __future__ import annotations

import json
from typing import Any

from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.limits import MESSAGE_CHARS, truncate
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded


def hole_cards_text(hand: Hand, seat: int, faces: Faces = text_face) -> str:
    """The DM with one player's own cards; only ever sent to that player."""
    cards = hand.hole_cards(seat)
    if not cards:
        return f"Hand {hand.hand_id}: you have no cards in this hand."
    return (f"Hand {hand.hand_id}, seat {seat}: your cards are {cards_text(cards, faces)} "
            f"(`{' '.join(cards)}`). Keep them to yourself.")


def deck_proof_of(hand: Hand) -> dict[str, Any] | None:
    """The proof the engine published at the end of the hand (HandEnded.deck_proof)."""
    for ev in reversed(hand.events):
        if isinstance(ev, HandEnded):
            proof = getattr(ev, "deck_proof", None)
            return proof if isinstance(proof, dict) else None
    return None


def deck_proof_json(hand: Hand) -> str | None:
    """The proof as a JSON file's content: 52 digests do not fit in a 2,000-character message."""
    proof = deck_proof_of(hand)
    if proof is None:
        return None
    return json.dumps({"hand": hand.hand_id, "fingerprint": hand.commitment, **proof}, indent=1)


def deck_proof_text(hand: Hand) -> str:
    """The one line that goes with the proof file: what it proves and how to check it.

    The seed itself is never published (it would reveal mucked hands); the proof opens only
    the cards that were seen. Refuses while the hand is running.
    """
    if not hand.is_over:
        raise ValueError("the deck proof is published after the hand, never during it")
    proof = deck_proof_of(hand)
    if not hand.commitment or proof is None:
        return f"Hand {hand.hand_id} has no deck proof (a recorded hand)."
    opened = len(proof.get("openings", {}))
    text = (f"Deck proof for hand {hand.hand_id}: it opens the {opened} cards that were seen "
            "against the fingerprint in the table's footer (check it with "
            "`bot.engine.cards.verify_proof`).")
    return truncate(text, MESSAGE_CHARS)


def deck_proof_filename(hand: Hand) -> str:
    return f"deck-proof-{hand.hand_id}.json"

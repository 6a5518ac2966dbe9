"""Plain-text messages: the private deal DM, the showdown, the deck fingerprint and its proof."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.engine.cards import pretty_cards
from bot.engine.evaluate import describe
from bot.engine.hand import Hand
from bot.engine.hand_events import HandEnded, Mucked, PotAwarded, Ruling, Shown
from bot.presenter.limits import MESSAGE_CHARS, display_name, truncate
from bot.presenter.rulings import chips, ruling_text, seat_names


def _name(hand: Hand, names: Mapping[str, str], seat: int) -> str:
    return display_name(names, hand.players[seat].player, seat)


def hole_cards_text(hand: Hand, seat: int) -> str:
    """The DM with one player's own cards; only ever sent to that player."""
    cards = hand.hole_cards(seat)
    if not cards:
        return f"Hand {hand.hand_id}: you have no cards in this hand."
    return (f"Hand {hand.hand_id}, seat {seat}: your cards are **{pretty_cards(cards)}** "
            f"(`{' '.join(cards)}`). Keep them to yourself.")


def _hand_name(cards: tuple[str, ...], board: list[str]) -> str | None:
    total = list(cards) + board
    if len(cards) != 2 or not 5 <= len(total) <= 7:
        return None
    return describe(total).name


def _pot_label(index: int, pots: int) -> str:
    if pots == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def showdown_text(hand: Hand, names: Mapping[str, str]) -> str:
    """Who showed what (with hand names), who mucked, who won which pot, odd chips.

    Built from Shown/Mucked events only, so a mucked hand is never revealed.
    """
    lines: list[str] = []
    if hand.board:
        lines.append(f"Board: **{pretty_cards(hand.board)}**")
    for ev in hand.events:
        if isinstance(ev, Shown):
            named = _hand_name(ev.cards, hand.board)
            tail = f" — {named}" if named else ""
            lines.append(f"{_name(hand, names, ev.seat)} shows **{pretty_cards(ev.cards)}**{tail}")
        elif isinstance(ev, Mucked):
            lines.append(f"{_name(hand, names, ev.seat)} mucks")
    awards = [ev for ev in hand.events if isinstance(ev, PotAwarded)]
    by_seat = seat_names(hand, names)
    for ev in awards:
        label = _pot_label(ev.pot, len(awards))
        winners = [_name(hand, names, s) for s in ev.winners]
        how = f" with {ev.hand_name}" if ev.hand_name else ""
        if len(winners) == 1:
            uncontested = "" if ev.hand_name else " uncontested"
            lines.append(f"{winners[0]} wins {label} ({chips(ev.amount)}){uncontested}{how}")
        else:
            shares = ", ".join(f"{w} {chips(a)}" for w, a in zip(winners, ev.shares, strict=True))
            lines.append(f"{' and '.join(winners)} split {label} ({chips(ev.amount)}){how}: "
                         f"{shares}")
    for ev in hand.events:
        if isinstance(ev, Ruling) and ev.rule_id == "odd-chip":
            lines.append(ruling_text(ev, by_seat))
    return truncate("\n".join(lines) or "No showdown.", MESSAGE_CHARS)


def commitment_text(hand: Hand) -> str:
    """Posted at the deal: the fingerprint that pins the deck before anyone acts."""
    if not hand.commitment:
        return f"Hand {hand.hand_id} has no deck fingerprint (a recorded hand)."
    return (f"Deck fingerprint for hand {hand.hand_id}: `{hand.commitment}`\n"
            "The deck was shuffled before the deal. After the hand the bot publishes a proof "
            "that opens the cards that were seen, so anyone can check they were dealt from "
            "this deck (rule `deck-commitment`).")


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


def seed_reveal_text(hand: Hand) -> str:
    """Posted after the hand with `deck_proof_json` attached: how to check the deck.

    The seed itself is never published (it would reveal mucked hands); the proof opens only
    the cards that were seen. Refuses while the hand is running.
    """
    if not hand.is_over:
        raise ValueError("the deck proof is published after the hand, never during it")
    proof = deck_proof_of(hand)
    if not hand.commitment or proof is None:
        return f"Hand {hand.hand_id} has no deck proof (a recorded hand)."
    opened = len(proof.get("openings", {}))
    text = (
        f"Deck check for hand {hand.hand_id}: fingerprint `{hand.commitment}` (posted at the "
        f"deal). The attached proof has a digest for each of the 52 positions and opens the "
        f"{opened} cards that were seen, nothing else.\n"
        "To check: every opened card's digest is sha256(salt + position as 2 bytes + card); "
        "sha256 over the 52 digests joined in order must equal the fingerprint. In Python: "
        "`bot.engine.cards.verify_proof(fingerprint, proof)` (rule `deck-commitment`)."
    )
    return truncate(text, MESSAGE_CHARS)


deck_check_text = seed_reveal_text

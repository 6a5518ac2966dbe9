"""Plain-text messages: the private deal DM, the showdown, the deck fingerprint and its proof."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.cards import deck_from_seed, pretty_cards
from bot.engine.evaluate import describe
from bot.engine.hand import Hand
from bot.engine.hand_events import Mucked, PotAwarded, Ruling, Shown
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
            "The deck was shuffled before the deal. After the hand the bot reveals the seed, "
            "so anyone can check that this deck was the one dealt (rule `deck-commitment`).")


def seed_reveal_text(hand: Hand) -> str:
    """Posted after the hand: the seed, the deck it makes, and how to check the fingerprint.

    Refuses while the hand is running: the seed gives away every card still in the deck.
    """
    if not hand.is_over:
        raise ValueError("the seed of a running hand is secret: reveal it after the hand")
    if hand.seed is None or not hand.commitment:
        return f"Hand {hand.hand_id} has no seed to reveal (a recorded hand)."
    deck = "".join(deck_from_seed(hand.seed))
    text = (
        f"Hand {hand.hand_id} seed: `{hand.seed}`\n"
        f"Deck, top card first: `{deck}`\n"
        f"Check: sha256(seed + \"|\" + deck) must equal the fingerprint posted at the deal, "
        f"`{hand.commitment}`. In Python:\n"
        "```py\nimport hashlib\n"
        f"print(hashlib.sha256(b\"{hand.seed}|{deck}\").hexdigest())\n```"
    )
    return truncate(text, MESSAGE_CHARS)

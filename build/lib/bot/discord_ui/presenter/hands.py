"""Hands in words: a shown hand's name (with the kicker where it decides), the showdown's result
lines, and each player's chance to win while hands are face up before the board is complete
(per pot when there are side pots).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.limits import chips, display_name
from bot.discord_ui.presenter.rulings import ruling_log_line, seat_names
from bot.engine.equity import Equity, pot_equities
from bot.engine.hand import Hand
from bot.engine.hand_events import PotAwarded, Ruling, UncalledReturned

STREET_OF_BOARD = {0: "Preflop", 3: "Flop", 4: "Turn"}


def hand_labels(hand: Hand) -> dict[int, str]:
    """Each face-up live hand's name at a complete board, with the kicker where it decides
    against the other hands shown ("pair of fives, ace kicker")."""
    return {seat: named.name for seat, named in hand.showdown_names().items()}


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


def chance_text(share: float, exact: bool) -> str:
    """"62%", "≈ 41%" (sampled), "<1%" for a chance too small to round to a whole per cent."""
    pct = share * 100
    text = "<1%" if 0 < pct < 1 else (">99%" if 99 < pct < 100 else f"{pct:.0f}%")
    return text if exact else f"≈ {text}"


def win_chances(hand: Hand) -> dict[int, str] | None:
    """Each face-up player's chance to win the main pot at the board as it stands, while cards
    are still to come; None when no hands are face up with cards to come."""
    states = hand.face_up_equities()
    if not states or len(hand.board) >= 5:
        return None
    board, equity = states[-1]
    if tuple(board) != tuple(hand.board):
        return None
    return {seat: chance_text(share, equity.exact) for seat, share in equity.win.items()}


def shows_chances(hand: Hand) -> bool:
    """Whether the table message of `hand` shows chances to win at some point: its live hands
    were turned face up before the board was complete (an all-in called)."""
    return any(isinstance(e, Ruling) and e.rule_id == "face-up" for e in hand.events)


def pot_chance_lines(hand: Hand, names: Mapping[str, str]) -> list[str]:
    """With side pots, while the hands are face up with cards to come: each pot's chances,
    the main pot first ("main: ann 62% · ben 38%", "side 1: ben 100%"), each pot among its own
    contenders (bot.engine.equity.pot_equities). Empty with one pot: the seat lines say it."""
    if hand.is_over or len(hand.board) >= 5 or not any(
            isinstance(e, Ruling) and e.rule_id == "face-up" for e in hand.events):
        return []
    pots = hand.table_pots()
    if len(pots) < 2:
        return []
    up = {s: hand.players[s].shown for s in hand.live_seats if len(hand.players[s].shown) == 2}
    lines = []
    for i, equity in enumerate(pot_equities([p.eligible for p in pots], up, hand.board)):
        if equity is None:
            continue
        label = "main" if i == 0 else f"side {i}"
        odds = " · ".join(f"{display_name(names, hand.players[s].player, s)} "
                          f"{chance_text(share, equity.exact)}"
                          for s, share in sorted(equity.win.items(), key=lambda x: -x[1]))
        lines.append(f"{label}: {odds}")
    return lines


def equity_lines(hand: Hand, names: Mapping[str, str], faces: Faces = text_face) -> list[str]:
    """The chance to win the main pot at each street the hands were face up for (the run-out
    is dealt at once, so the finished table shows how it went): "Flop 7♦ 2♣ K♠: ann 62% ·
    ben 38%"."""
    lines = []
    for board, equity in hand.face_up_equities():
        lines.append(_equity_line(hand, names, board, equity, faces))
    return lines


def _equity_line(hand: Hand, names: Mapping[str, str], board: Sequence[str],
                 equity: Equity[int], faces: Faces) -> str:
    street = STREET_OF_BOARD.get(len(board), "Board")
    if len(hand.pots()) > 1:
        street += " (main pot)"  # side pots were shown pot by pot while the board ran out
    cards = f" {cards_text(board, faces)}" if board else ""
    odds = " · ".join(f"{display_name(names, hand.players[s].player, s)} "
                      f"{chance_text(share, equity.exact)}"
                      for s, share in sorted(equity.win.items(), key=lambda x: -x[1]))
    return f"{street}{cards}: {odds}"

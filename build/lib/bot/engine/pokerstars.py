"""A played hand as PokerStars-style text, the format hand trackers (and players) read.

Only cards the viewer may see are written: his own (`reveal`) and those shown at the table.
Mucked and unshown cards of others never appear.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.evaluate import describe
from bot.engine.hand import Hand
from bot.engine.hand_events import (
    Acted,
    HandStarted,
    HoleCardsDealt,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
    StreetDealt,
    UncalledReturned,
)

_POSTS = {"small_blind": "posts small blind", "big_blind": "posts big blind",
          "ante": "posts the ante"}


def to_pokerstars(hand: Hand, *, names: Mapping[str, str] | None = None,
                  reveal: set[int] | None = None, tournament: str = "0",
                  level: str = "I", started_at: str = "1970/01/01 00:00:00 UTC",
                  table_name: str = "1") -> str:
    started = next(e for e in hand.events if isinstance(e, HandStarted))
    names = names or {}
    reveal = reveal or set()

    def who(seat: int) -> str:
        player = hand.players[seat].player
        return names.get(player, player)

    lines = [
        f"PokerStars Hand #{_number(started.hand_id)}: Tournament #{tournament}, "
        f"Hold'em No Limit - Level {level} ({started.small_blind}/{started.big_blind}) - "
        f"{started_at}",
        f"Table '{tournament} {table_name}' {started.table_size}-max "
        f"Seat #{started.button} is the button",
    ]
    for s in started.seats:
        lines.append(f"Seat {s.seat}: {who(s.seat)} ({s.stack} in chips)")
    shown: dict[int, tuple[str, ...]] = {}
    for e in hand.events:
        if isinstance(e, Shown):
            shown[e.seat] = tuple(dict.fromkeys(shown.get(e.seat, ()) + e.cards))
    board: list[str] = []
    bet_level = 0
    dealt_header = False
    for e in hand.events:
        if isinstance(e, Posted):
            all_in = " and is all-in" if e.all_in else ""
            lines.append(f"{who(e.seat)}: {_POSTS[e.kind]} {e.amount}{all_in}")
            if e.kind != "ante":
                bet_level = max(bet_level, e.amount)
        elif isinstance(e, HoleCardsDealt) and not dealt_header:
            dealt_header = True
            lines.append("*** HOLE CARDS ***")
            for seat in sorted(reveal):
                cards = hand.hole_cards(seat)
                if cards:
                    lines.append(f"Dealt to {who(seat)} [{' '.join(cards)}]")
        elif isinstance(e, Acted):
            lines.append(_action_line(who(e.seat), e, bet_level))
            if e.action in ("bet", "raise"):
                bet_level = e.to
        elif isinstance(e, StreetDealt):
            previous = f"[{' '.join(board)}] " if board else ""
            board.extend(e.cards)
            lines.append(f"*** {e.street.upper()} *** {previous}[{' '.join(e.cards)}]")
            bet_level = 0
        elif isinstance(e, UncalledReturned):
            lines.append(f"Uncalled bet ({e.amount}) returned to {who(e.seat)}")
        elif isinstance(e, Shown) and e.reason in ("showdown", "face_up"):
            if "*** SHOW DOWN ***" not in lines:
                lines.append("*** SHOW DOWN ***")
            name = describe(list(e.cards) + board).name if len(board) >= 3 else ""
            lines.append(f"{who(e.seat)}: shows [{' '.join(e.cards)}]"
                         + (f" ({name})" if name else ""))
        elif isinstance(e, Mucked):
            lines.append(f"{who(e.seat)}: mucks hand")
        elif isinstance(e, PotAwarded):
            pot = _pot_name(e.pot, len([a for a in hand.awards]))
            for seat, share in zip(e.winners, e.shares, strict=True):
                lines.append(f"{who(seat)} collected {share} from {pot}")
    total = sum(a.amount for a in hand.awards)
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {total} | Rake 0")
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    won = {s: p.won for s, p in hand.players.items()}
    for s in started.seats:
        p = hand.players[s.seat]
        role = _role(started, s.seat)
        cards = shown.get(s.seat) or (hand.hole_cards(s.seat) if s.seat in reveal else None)
        card_text = f" showed [{' '.join(cards)}]" if cards else ""
        if p.folded:
            outcome = " folded"
        elif p.mucked:
            outcome = " mucked"
        elif won[s.seat]:
            outcome = f"{card_text} and won ({won[s.seat]})"
        else:
            outcome = f"{card_text} and lost" if card_text else ""
        lines.append(f"Seat {s.seat}: {who(s.seat)}{role}{outcome}")
    return "\n".join(lines) + "\n"


def _action_line(name: str, e: Acted, bet_level: int) -> str:
    all_in = " and is all-in" if e.all_in else ""
    if e.action == "fold":
        return f"{name}: folds"
    if e.action == "check":
        return f"{name}: checks"
    if e.action == "call":
        return f"{name}: calls {e.added}{all_in}"
    if e.action == "bet":
        return f"{name}: bets {e.added}{all_in}"
    return f"{name}: raises {e.to - bet_level} to {e.to}{all_in}"


def _pot_name(index: int, pots: int) -> str:
    if pots <= 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot-{index}"


def _role(started: HandStarted, seat: int) -> str:
    if seat == started.button:
        return " (button)"
    if seat == started.small_blind_seat:
        return " (small blind)"
    if seat == started.big_blind_seat:
        return " (big blind)"
    return ""


def _number(hand_id: str) -> str:
    digits = "".join(ch for ch in hand_id if ch.isdigit())
    return digits or "0"

"""A hand told as it happens (the demo's narration) and the terminal's rendering of Discord
text: what a reader follows, in the order it happened, without Markdown marks."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_ui.presenter.cards import cards_text
from bot.discord_ui.presenter.narration import (
    dealt_line,
    hand_heading,
    narrated_lines,
    seats_line,
)
from bot.discord_ui.terminal import Terminal, timestamps
from bot.engine.events import Event
from bot.engine.hand import Hand, HandConfig, Seat

NAMES = {"p1": "ann", "p2": "ben", "p3": "cleo"}


def _hand(seed: str, stacks: tuple[int, int, int] = (5_000, 5_000, 5_000)) -> Hand:
    seats = tuple(Seat(i, f"p{i}", stack) for i, stack in enumerate(stacks, start=1))
    return Hand.start(HandConfig(hand_id="7-t1-h12", seats=seats, button=1, small_blind=25,
                                 big_blind=50, deck_seed=seed, table_size=9))


def _told(hand: Hand, moves: list[Callable[[], list[Event]]]) -> list[str]:
    """Each move's new events told as they come, one move after another."""
    lines: list[str] = []
    for move in moves:
        lines += narrated_lines(hand, NAMES, move())
    return lines


def test_the_heading_the_seats_and_the_dms_name_the_hand_by_its_number() -> None:
    hand = _hand("heading")
    assert hand_heading(hand, 1) == "Hand 12 at table 1 · blinds 25/50"
    assert seats_line(hand, NAMES) == "Seats: 1 ann 5,000 D · 2 ben 5,000 SB · 3 cleo 5,000 BB"
    dealt = dealt_line(hand, NAMES)
    for seat, name in ((1, "ann"), (2, "ben"), (3, "cleo")):
        assert f"{name} {cards_text(hand.hole_cards(seat) or ())}" in dealt


def test_every_action_and_street_is_told_in_the_order_it_happened() -> None:
    hand = _hand("order")
    told = _told(hand, [lambda: hand.raise_to(1, 150), lambda: hand.call(2),
                        lambda: hand.fold(3), lambda: hand.check(2), lambda: hand.bet(1, 200),
                        lambda: hand.call(2), lambda: hand.check(2), lambda: hand.check(1),
                        lambda: hand.check(2), lambda: hand.check(1)])
    board = hand.board
    assert told[:11] == [
        "ann raises to 150", "ben calls 125", "cleo folds",
        f"Flop {cards_text(board[:3])}", "ben checks", "ann bets 200", "ben calls 200",
        f"Turn {cards_text(board[3:4])}", "ben checks", "ann checks",
        f"River {cards_text(board[4:])}"]
    rest = told[11:]
    assert rest[:2] == ["ben checks", "ann checks"]
    # The showdown: each hand shown with its name, then who wins, with what.
    shown = [line for line in rest if " shows " in line]
    assert shown and all(": " in line for line in shown)
    assert any(" wins the pot (" in line or " split the pot (" in line for line in rest)
    assert rest.index(shown[0]) < len(rest) - 1


def test_an_all_in_is_told_face_up_with_the_chances_street_by_street() -> None:
    hand = _hand("all-in", stacks=(5_000, 3_000, 5_000))
    told = _told(hand, [lambda: hand.all_in(1), lambda: hand.fold(2), lambda: hand.call(3)])
    assert told[:3] == ["ann raises to 5,000 all-in", "ben folds",
                         "cleo calls 4,950 all-in"]
    face_up = told[3]
    up = f"ann {cards_text(hand.players[1].shown)}", f"cleo {cards_text(hand.players[3].shown)}"
    assert face_up.startswith("No more betting: cleo and ann turn their hands face up: ")
    assert face_up.endswith(f"{up[1]} · {up[0]}")
    assert told[4].startswith("Preflop: ")  # the chances before the board
    flop, turn, river = told[5:8]
    board = hand.board
    assert flop.startswith(f"Flop {cards_text(board[:3])}: ") and "%" in flop
    assert turn.startswith(f"Turn {cards_text(board[:4])}: ") and "%" in turn
    assert river == f"River {cards_text(board[4:])}"
    assert told[8].startswith(("ann: ", "cleo: ")) and told[9].startswith(("ann: ", "cleo: "))
    assert "wins the pot" in told[-1] or "split the pot" in told[-1]


def test_discord_text_is_rendered_for_a_terminal_without_its_marks() -> None:
    text = ("💀 **ann** is out in **4th** place. ~~3 ben 4,900~~ (`/rule topic:clock`) "
            "\\*star\\* ends <t:1000:R>, at <t:1000:t>\n# Level 2 · 50/100")
    plain = Terminal(styled=False).render(text, 400.0)
    assert plain == ("💀 ann is out in 4th place. 3 ben 4,900 (/rule topic:clock) *star* "
                     "ends in 10 minutes, at 00:16\nLevel 2 · 50/100")
    styled = Terminal(styled=True).render(text, 400.0)
    assert "\x1b[1mann\x1b[0m" in styled and "\x1b[9m3 ben 4,900\x1b[0m" in styled
    assert "**" not in styled and "~~" not in styled and "<t:" not in styled


def test_timestamps_read_as_a_client_shows_them() -> None:
    assert timestamps("<t:1000:R>", 1059.0) == "59 seconds ago"
    assert timestamps("<t:8200:R>", 1000.0) == "in 2 hours"
    assert timestamps("<t:1000>", 0.0) == "01 January 1970 00:16"

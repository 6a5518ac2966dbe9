"""The table message's log and names as the table is edited through a hand (the log is read
from the end and names are escaped once: bench/night.py's profile of the table edit)."""

from __future__ import annotations

from bot.discord_ui.presenter.table import TableScene, action_lines, table_embed
from bot.engine.hand import Hand, HandConfig, Seat

NAMES = {"p1": "Alex", "p2": "Blair", "p3": "Casey", "p4": "Dana"}


def played_to_the_river() -> Hand:
    seats = tuple(Seat(i, f"p{i}", 10_000) for i in range(1, 5))
    hand = Hand.start(HandConfig(hand_id="1-t1-h1", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed="log-1"))
    while not hand.is_over and len(hand.board) < 5:
        legal = hand.legal()
        assert legal is not None
        hand.check_or_call(legal.seat)
    return hand


def test_the_log_shows_the_last_lines_of_the_whole_hand() -> None:
    hand = played_to_the_river()
    everything = action_lines(hand, NAMES, 0)
    assert len(everything) > 8
    assert action_lines(hand, NAMES, 4) == everything[-4:]
    assert action_lines(hand, NAMES, 100) == everything


def test_a_renamed_player_is_shown_by_his_new_name_at_the_next_edit() -> None:
    hand = played_to_the_river()
    before = table_embed(hand, TableScene(names=NAMES, table=1)).description or ""
    renamed = {**NAMES, "p2": "Bo*b"}
    after = table_embed(hand, TableScene(names=renamed, table=1)).description or ""
    assert "Blair" in before and "Bo" not in before
    assert "Blair" not in after and "Bo\\*b" in after  # the new name, escaped

"""The chances to win a face-up hand shows are counted ahead, off the event loop
(presenter/hands.py `count_chances`, which the announcer runs in a worker thread): drawing the
table afterwards, at every street of its run-out and whole, finds every figure counted and
counts nothing itself, so a pre-flop all-in never holds the loop while the table is drawn."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.hands import count_chances, shows_chances
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.engine import equity
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import make_profile
from bot.engine.runout import runout_frames


def _hand(stacks: tuple[int, ...], seed: str) -> Hand:
    return Hand.start(HandConfig(
        seed, tuple(Seat(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks)), button=3,
        small_blind=50, big_blind=100, profile=make_profile("treps"), deck_seed=seed,
        table_size=len(stacks)))


def _drawn(hand: Hand) -> list[str]:
    """Each table message of the run-out, street by street, then the hand whole."""
    steps = [Hand.replay(hand.events[:n]) for n in runout_frames(hand.events)]
    scene = TableScene(names={}, table=1)
    return [table_embed(step, scene).description or "" for step in steps]


@pytest.mark.parametrize("stacks", [(1000, 1000, 1000), (600, 1500, 3000)],
                         ids=["one pot", "side pots"])
def test_a_pre_flop_all_in_drawn_street_by_street_counts_nothing_once_counted_ahead(
        stacks: tuple[int, ...]) -> None:
    hand = _hand(stacks, f"ahead-{stacks[0]}")
    hand.all_in(3)
    hand.all_in(1)
    if len(stacks) == 3 and stacks[0] != stacks[1]:
        hand.all_in(2)  # three stacks all in: a main pot and a side pot
    else:
        hand.fold(2)
    assert hand.is_over and shows_chances(hand)
    equity._count.cache_clear()
    count_chances(list(hand.events))
    counted = equity._count.cache_info().misses
    assert counted >= 1
    tables = _drawn(hand)
    # Every street's chances are on the tables drawn, and none was counted by the drawing.
    assert sum("%" in t for t in tables) == len(tables)
    assert equity._count.cache_info().misses == counted
    if stacks[0] != stacks[1]:
        assert any("side 1:" in t for t in tables)  # each pot's chances while it ran out


def test_a_hand_never_face_up_has_no_chances_to_count() -> None:
    hand = _hand((1000, 1000, 1000), "quiet")
    hand.fold(3)
    hand.fold(1)
    assert not shows_chances(hand)

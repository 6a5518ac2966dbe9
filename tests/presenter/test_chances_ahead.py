"""The chances to win a face-up hand shows are counted ahead, off the event loop and out of the
bot's process (engine/chances.py `table_counts`, which the announcer runs in a worker process,
announcer/chance_counts.py): drawing the table afterwards, at every street of its run-out and
whole, finds every figure counted and counts nothing itself, so a pre-flop all-in never holds
the loop (or the GIL) while the table is drawn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.discord_ui.announcer import chance_counts
from bot.discord_ui.announcer.chance_counts import count_ahead
from bot.discord_ui.presenter.hands import shows_chances
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.engine import equity
from bot.engine.chances import all_kept, table_counts
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


class _Counting:
    """Counts made in this process (not found kept), from a clean slate."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made = 0
        # A count is made one pot at a time (`_counted`) or every pot of a board at once.
        for name in ("_counted", "_tally_pots"):
            monkeypatch.setattr(equity, name, self._counting(getattr(equity, name)))
        monkeypatch.setattr(equity, "_counts", type(equity._counts)())

    def _counting(self, count: Callable[..., object]) -> Callable[..., object]:
        def counting(*args: object) -> object:
            self.made += 1
            return count(*args)
        return counting


def _all_in(stacks: tuple[int, ...]) -> Hand:
    hand = _hand(stacks, f"ahead-{stacks[0]}")
    hand.all_in(3)
    hand.all_in(1)
    if len(stacks) == 3 and stacks[0] != stacks[1]:
        hand.all_in(2)  # three stacks all in: a main pot and a side pot
    else:
        hand.fold(2)
    assert hand.is_over and shows_chances(hand)
    return hand


def _check_drawn(hand: Hand, stacks: tuple[int, ...]) -> None:
    tables = _drawn(hand)
    # Every street's chances are on the tables drawn.
    assert sum("%" in t for t in tables) == len(tables)
    if stacks[0] != stacks[1]:
        assert any("side 1:" in t for t in tables)  # each pot's chances while it ran out


@pytest.mark.parametrize("stacks", [(1000, 1000, 1000), (600, 1500, 3000)],
                         ids=["one pot", "side pots"])
def test_a_pre_flop_all_in_drawn_street_by_street_counts_nothing_once_counted_elsewhere(
        stacks: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _all_in(stacks)
    counting = _Counting(monkeypatch)
    counts = table_counts(list(hand.events))  # as the worker process does
    assert counts and counting.made >= 1
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())  # this process knows none
    equity.remember(counts)
    made = counting.made
    _check_drawn(hand, stacks)
    assert counting.made == made  # the drawing counted nothing itself


@pytest.mark.parametrize("stacks", [(1000, 1000, 1000), (600, 1500, 3000)],
                         ids=["one pot", "side pots"])
def test_whether_all_is_counted_is_asked_without_counting(
        stacks: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """What lets a click be answered at once (announcer `answer_with_table`): `all_kept`
    tells whether drawing the table would find every chance counted, and counts nothing."""
    hand = _all_in(stacks)
    counting = _Counting(monkeypatch)
    assert not all_kept(hand) and counting.made == 0
    counts = table_counts(list(hand.events))
    made = counting.made
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())
    equity.remember(counts[:-1])  # one count short
    assert not all_kept(hand)
    equity.remember(counts)
    assert all_kept(hand) and counting.made == made
    # Drawn without its chances, the table shows none and counts none.
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())
    text = table_embed(hand, TableScene(names={}, table=1, chances=False)).description or ""
    assert "%" not in text and "Hand over" in text and counting.made == made


async def test_the_worker_process_counts_and_this_process_keeps_the_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stacks = (600, 1500, 3000)
    hand = _all_in(stacks)
    counting = _Counting(monkeypatch)
    try:
        await count_ahead(hand.events)
    finally:
        chance_counts.stop()
    assert counting.made == 0  # counted in the worker, not here
    _check_drawn(hand, stacks)
    assert counting.made == 0  # and found here by the drawing


def test_a_hand_never_face_up_has_no_chances_to_count() -> None:
    hand = _hand((1000, 1000, 1000), "quiet")
    hand.fold(3)
    hand.fold(1)
    assert not shows_chances(hand)

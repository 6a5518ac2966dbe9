"""The collector's freezes (bot/service/collector.py): what lives long is frozen so that the
collector's full passes skip it (at 1,000 tables they held the loop 0.25-0.5 s), and the young
cyclic garbage is collected first, never frozen with it (frozen, it would never be freed)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.service.collector import GC_THRESHOLDS, after_start, freeze_survivors


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


@pytest.fixture
def thawed() -> Iterator[None]:
    """The test process unfrozen afterwards, its thresholds as before."""
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def tracked(obj: object) -> bool:
    """Whether the collector's passes walk `obj` (frozen objects are not among theirs)."""
    return any(o is obj for o in gc.get_objects())


def test_a_freeze_frees_the_young_cycles_and_freezes_the_living(thawed: None) -> None:
    alive = Node()
    dead = Node()
    freed = weakref.ref(dead)
    del dead
    assert freed() is not None and tracked(alive)
    freeze_survivors()
    assert freed() is None  # collected, not frozen for good
    assert alive.me is alive and not tracked(alive)  # alive, and no pass walks it any more
    later = Node()
    assert tracked(later)  # what is made after the freeze is the passes' until the next one


def test_start_up_freezes_what_it_built_and_sets_the_thresholds(thawed: None) -> None:
    built = Node()
    after_start()
    assert not tracked(built)
    assert gc.get_threshold() == GC_THRESHOLDS


def test_what_outlives_two_passes_is_old_so_middle_passes_stay_small(thawed: None) -> None:
    """With the bot's thresholds every second pass is a middle one: a middle pass walks only
    what the one young pass before it left, and what outlives both is in the old generation,
    which only the full passes (and the freezes) walk."""
    after_start()
    gc.collect()
    alive = Node()
    made: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            made.append(info["generation"])

    gc.callbacks.append(record)
    try:
        kept = []
        while len(made) < 2:
            kept.append([len(kept)])  # allocations: the collector's own passes fall due
    finally:
        gc.callbacks.remove(record)
    assert made == [0, 1]
    assert any(o is alive for o in gc.get_objects(generation=2))
    assert len(kept) >= GC_THRESHOLDS[0]

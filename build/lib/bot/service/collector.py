"""Python's garbage collector, tuned for a process that keeps a league's night in memory.

The collector's passes hold the event loop while they run, and a full pass walks every object
it tracks. Play leaves almost no cycles (an answered interaction is freed at once, dpy.release),
so what has lived long is frozen (`gc.freeze`: skipped by the passes, still freed by reference
counting) and the passes walk only what is new. What it risks: an object in a cycle alive at a
freeze and dead later is never collected (bench/night.py prints how many: "the freezes kept").
Measured at 500 tables with and without it: bench/NIGHT.md.

Contract: `after_start()` once the tournaments are rebuilt at start-up; `freeze_survivors()`
every FREEZE_EVERY seconds while the bot runs (freezer.py).
"""

from __future__ import annotations

import gc

# Young objects allocated before a collection, young collections per middle one (0: every
# second pass, each walking only what one young pass left), middle ones per full one; chosen
# against Python's default (700, 10, 10) in bench/NIGHT.md's third and eighth parts.
GC_THRESHOLDS = (1_000, 0, 2_000)

# Seconds between two freezes: a full pass walks no more than what has aged since the last.
FREEZE_EVERY = 10.0


def after_start() -> None:
    """What start-up built (the rebuilt tournaments, the modules) is frozen; the bot's
    thresholds apply from now on."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def freeze_survivors() -> None:
    """Collect the young generations, then freeze everything still alive."""
    gc.collect(1)
    gc.freeze()

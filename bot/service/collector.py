"""Python's garbage collector, tuned for a process that keeps a league network's night in memory
(issue 24).

Why: the collector's passes hold the event loop for as long as they take. A young or middle
pass walks the objects made since the last one; a full pass walks every object it tracks,
~300,000 at 1,000 tables, and took 0.25-0.5 s there (bench/night.py) every 20 minutes or so:
every click in flight waited for it. Play leaves almost no cycles (each interaction is freed
when answered, buttons.release; a tournament let go of is freed by reference counting,
tests/discord/test_finished_forgotten.py), so what lives long never needs the collector: it
is frozen (`gc.freeze`: the collector's passes skip it; reference counting still frees it).

Contract:
- `after_start()` once the tournaments are rebuilt at start-up: what start-up built is frozen,
  and the thresholds below apply from then on.
- `freeze_survivors()` every FREEZE_EVERY seconds while the bot runs (the bot's timer): the
  young cyclic garbage is collected first (frozen, it would never be), then everything alive
  is frozen. A full pass then walks only what has aged since the last freeze. The cost is one
  middle pass each time (1-12 ms at 1,000 tables; six a minute against the ~70 the collector
  makes by itself there). What it risks: an object alive at a freeze that later dies in a
  cycle is never collected. At 1,000 tables (three minutes, a freeze every 10 s, then
  everything unfrozen and collected) that was 112 objects, all the benchmark's own (its
  argument parser, the two interactions of its raw-click peer), none of the bot's.
"""

from __future__ import annotations

import gc

# Young objects allocated (net of those freed) before a collection, young collections per
# middle one, middle ones per full one (Python makes a full one only once the old generation
# has also grown by a quarter since the last). At 1,000 tables (bench/night.py) (1,000, 2,
# 2,000) gave young passes of up to 13 ms of CPU and middle ones of up to 26 ms in a 120 s
# window, against 43 and 77 ms with the former (5,000, 2, 100) in the same hour; the default
# (700, 10, 10) ran ~120 young passes a second under play (bench/store.py).
GC_THRESHOLDS = (1_000, 2, 2_000)

# Seconds between two freezes while the bot runs: a full pass walks no more than what has
# aged since the last (~100,000 objects a minute at 1,000 tables: ~110 ms of a full pass; a
# tenth of that in 10 s).
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

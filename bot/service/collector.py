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
  cycle, or old and already dead in one, is never collected. bench/night.py prints it at each
  run's end ("the freezes kept"): at 1,000 tables, 164 objects in a 90 s run answered at once
  (the benchmark's argument parser among them), 122 with an 80 ms round trip on every
  request (1,752 before two cycles were mended: idle pings cancelled mid-request, now played
  out, pings.py; the in-memory files of table edits, now files.MemoryFile).
"""

from __future__ import annotations

import gc

# Young objects allocated (net of those freed) before a collection, young collections per
# middle one, middle ones per full one (Python makes a full one only once the old generation
# has also grown by a quarter since the last). The middle threshold 0 makes every second pass
# a middle one, which then walks only what the one young pass before it left: with 2 (three
# young passes' survivors, 10,000-25,000 objects at 1,000 tables) the middle passes took 17-26
# ms of CPU, the loop's longest blocks, several of them in each burst of clicks; with 0 they
# took 12-15 ms, and the click p99 was lower in five of six runs back to back (bench/night.py,
# 2 December; bench/NIGHT.md, eighth part, has the figures). The price: what outlives two
# passes is old sooner, so a little more cyclic garbage is old when a freeze comes and is kept (the
# benchmark prints it: 120-190 more objects in a 3-minute run at 1,000 tables). Before, (1,000,
# 2, 2,000) was measured against (5,000, 2, 100) and the default (700, 10, 10), which ran
# ~120 young passes a second under play (bench/store.py).
GC_THRESHOLDS = (1_000, 0, 2_000)

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

"""Whole random tournaments: 2-30 players, random structures (short, high blinds), actions,
timeouts, clocks, away players, late entries, re-buys and director actions. Each must end with
one winner and every place given once, chips conserved apart from logged changes (chip races,
adjustments, disqualifications, re-buys), never stuck, and replay (through JSON) must rebuild
it exactly."""

from __future__ import annotations

import os

import pytest

from tests.tournament.sim import run_live, run_one

N = int(os.environ.get("TOURNAMENT_SIM_RUNS", "200"))
BATCH = 20


@pytest.mark.parametrize("batch", range(0, N, BATCH))
def test_random_tournaments(batch: int) -> None:
    for seed in range(batch, min(batch + BATCH, N)):
        run_one(seed)


LIVE_RUNS = int(os.environ.get("TOURNAMENT_LIVE_SIM_RUNS", "200"))


@pytest.mark.parametrize("batch", range(0, LIVE_RUNS, BATCH))
def test_random_live_nights(batch: int) -> None:
    """Live mode: random busts, undos, re-buys, clocks and chip races end with one winner,
    every place given once, the prize pool paid, and replays and snapshots exact."""
    for seed in range(batch, min(batch + BATCH, LIVE_RUNS)):
        run_live(seed)

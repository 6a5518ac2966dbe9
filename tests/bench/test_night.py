"""bench/night.py kept runnable: ten tables played for a few seconds through the whole bot (the
cogs, the sessions, the store, the announcer) over the benchmark's Discord stand-in. No timing is
asserted here (performance belongs in bench/): only that the night ran as players would see it."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.night import in_workers, night, parse_args


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """The benchmark quiets discord.client for its run; the tests after this one (the log
    privacy test reads discord.py's DEBUG lines) must find logging as it was."""
    loggers = [logging.getLogger(), logging.getLogger("discord.client")]
    levels = [x.level for x in loggers]
    handlers = list(logging.getLogger().handlers)
    yield
    for x, level in zip(loggers, levels, strict=True):
        x.setLevel(level)
    logging.getLogger().handlers[:] = handlers


def test_ten_tables_play_and_every_click_gets_its_table_edit(tmp_path: Path) -> None:
    args = parse_args(["--seconds", "5", "--pace", "0.1", "--warmup", "5",
                       "--peer-samples", "20", "--seed", "3"])
    args.tables = 10
    r = night(args, str(tmp_path / "night.sqlite3"))

    assert r["tables"] == 10
    assert r["errors"] == [] and r["error_count"] == 0
    assert r["unknown"] == {}  # every request was one the stand-in knows (a real route)
    # Players acted, each click was answered by editing the table message in its response.
    assert r["actions"] >= 30
    assert r["answered"] == r["actions"]
    assert r["answers"] == {"type 7": r["actions"]}
    assert r["unanswered"] == 0
    # Hands were dealt at every table (the table posted, hole cards by DM to its six players)
    # and a raise went through the modal.
    kinds = r["all_kinds"]
    assert kinds.get("POST channel message (table)", 0) >= 10
    assert kinds.get("POST dm message", 0) >= 10 * 6
    assert r["modal_opens"] >= 1
    # A sane number of requests per action: the click's own answer plus the deals' share
    # (bench/discord_requests.py measures 1.29 on a six-handed table).
    assert 1.0 <= r["requests_per_action"] <= 3.5
    assert r["click_p99_ms"] > 0 and r["loop_block_ms"] > 0 and r["rss_mib"] > 0
    assert r["loop"] == "uvloop"  # the bot's own loop, as `python -m bot` runs it
    # The machine's own account: at least this process's work, at most every core; no
    # database server on SQLite.
    cores = os.cpu_count() or 1
    assert r["cpu_share"] * 0.5 <= r["machine_busy_cores"] <= cores + 0.05
    assert r["database_cores"] == 0 and 0 <= r["machine_steal_cores"] <= cores


def test_with_discords_round_trip_every_click_is_still_answered_in_time(tmp_path: Path) -> None:
    # Each request answered after 50 ms, as over the network: the announcer's sends then hold
    # a tournament's lock for their round trips, and a route's requests may be in flight
    # together only as far as the rate-limit headers the stand-in sends allow.
    args = parse_args(["--seconds", "5", "--pace", "0.1", "--warmup", "5",
                       "--peer-samples", "20", "--seed", "4", "--round-trip", "50",
                       "--loop", "asyncio"])
    args.tables = 10
    r = night(args, str(tmp_path / "night.sqlite3"))

    assert r["errors"] == [] and r["unknown"] == {}
    assert r["actions"] >= 30 and r["unanswered"] == 0
    # Every click answered by its table edit within Discord's 3 s, none acknowledged late.
    assert r["answers"] == {"type 7": r["actions"]}
    assert r["all_kinds"].get("POST dm message", 0) >= 10 * 6
    # On asyncio's loop the probe times every callback as well.
    assert r["loop"] == "asyncio" and r["longest_step_ms"] > 0 and r["longest_step"]


def test_a_run_in_a_worker_process_brings_its_figures_back(tmp_path: Path) -> None:
    # `--processes` runs each shard in a process of its own, which hands its figures back in a
    # file: a 1,000-table result (its latencies) is over 64 KiB, and through stdout the second
    # of two workers' results once came back cut at a pipe's 65,536 characters.
    args = parse_args(["--seconds", "3", "--pace", "0.1", "--warmup", "3",
                       "--peer-samples", "20", "--seed", "5"])
    r = in_workers(args, 10, str(tmp_path / "night.sqlite3"), 1)

    assert r["tables"] == 10 and r["error_count"] == 0
    assert r["actions"] >= 10 and r["answered"] == r["actions"]
    assert len(r["latencies_ms"]) == r["actions"]


def test_a_bursts_clicks_can_be_spread_over_a_second_as_people_react(tmp_path: Path) -> None:
    # --burst-spread: each player woken by a burst acts at a moment of his own within the
    # spread (here 5 s at pace 0.1: half a second), not all in the same instant; his click
    # still counts among the bursts' and is answered with its table edit.
    args = parse_args(["--seconds", "6", "--pace", "0.1", "--warmup", "5",
                       "--peer-samples", "20", "--seed", "6", "--burst-spread", "5"])
    args.tables = 20
    r = night(args, str(tmp_path / "night.sqlite3"))

    assert r["errors"] == [] and r["unanswered"] == 0
    assert r["answered"] == r["actions"] >= 30
    assert r["burst_spread"] == 5.0 and r["burst_clicks"] >= 3
    # Each woken player's moment is his own draw within the half second, and his thinking ends
    # at that moment, never before it (how late after it depends on the machine: not asserted).
    wakes = r["burst_wakes_ms"]
    assert len(wakes) >= 3
    assert all(0 <= drawn <= 500 and woke >= drawn - 1 for drawn, woke in wakes)
    assert len({round(drawn, 3) for drawn, _ in wakes}) == len(wakes)  # not one instant
    assert r["burst_spans_ms"]  # the report still shows the spans the clicks arrived over

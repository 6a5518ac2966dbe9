"""Benchmark our hand engine against pokerkit, measured in the same run.

    python bench/engine.py [--hands N] [--players P] [--seed S] [--profile]

Both engines play N full random hands (P-max, 10,000-chip stacks, blinds 50/100) with the same
action policy: at each turn fold (when facing a bet), check/call or bet/raise to a random legal
amount, drawn from the same random stream. Ours deals from a seeded deck and shows down by
itself; pokerkit deals, burns and shows down through its automations. The hand rate of each and
the ratio ours/pokerkit are printed, and the evaluator rate of `hand_strength`.
`--profile` runs our engine under cProfile and prints the top hotspots.

Decoding: the events of the hands played, stored as JSON objects, are decoded by
`event_from_dict` (one decoder per event type, built once) and by the old way (type hints
looked up with `typing.get_type_hints` for every event and nested record), in alternating
rounds on the same events; both must give equal events. `--only decode` runs just that.

Fairness: each engine's clock covers the whole hand, setup included (our HandConfig and
Hand.start with its deck and commitment; pokerkit's create_state). The two run in alternating
rounds (`--rounds`) so drift in machine load hits both, each round on fresh hand seeds (every
hand has its own deck seed, as in play: no deck is ever reused from a cache). Both must play
exactly the same number of actions, or the run fails.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import json
import pstats
import random
import sys
import time
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pokerkit

# Run as a script, so the project root is not on sys.path unless the package is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine.cards import FULL_DECK  # noqa: E402
from bot.engine.evaluate import hand_strength  # noqa: E402
from bot.engine.events import Event, event_from_dict, event_types  # noqa: E402
from bot.engine.hand import Hand, HandConfig, Seat  # noqa: E402
from bot.engine.profile import make_profile  # noqa: E402

STACK, SB, BB = 10_000, 50, 100
TDA = make_profile("tda")
A = pokerkit.Automation
PK_AUTOMATIONS = (
    A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
    A.HOLE_DEALING, A.BOARD_DEALING, A.RUNOUT_COUNT_SELECTION,
    A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING,
)


def choose(rng: random.Random, facing: bool, can_raise: bool, lo: int, hi: int) -> int | None:
    """The shared policy: -1 fold, 0 check/call, else a bet or raise to that amount."""
    roll = rng.random()
    if facing and roll < 0.25:
        return -1
    if can_raise and roll > 0.8:
        pick = rng.random()
        return lo if pick < 0.4 else hi if pick < 0.5 else rng.randint(lo, hi)
    return 0


def play_ours(seed: int, players: int) -> int:
    rng = random.Random(seed)
    hand = Hand.start(HandConfig(
        hand_id=str(seed), seats=tuple(Seat(i, f"P{i}", STACK) for i in range(1, players + 1)),
        button=1 + seed % players, small_blind=SB, big_blind=BB, profile=TDA,
        deck_seed=f"bench-{seed}", table_size=players,
    ))
    actions = 0
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        do = choose(rng, not legal.can_check, legal.can_raise, legal.min_raise_to,
                    legal.max_raise_to)
        if do == -1:
            hand.fold(legal.seat)
        elif do:
            hand.wager_to(legal.seat, do)
        else:
            hand.check_or_call(legal.seat)
        actions += 1
    return actions


def play_pokerkit(seed: int, players: int) -> int:
    rng = random.Random(seed)
    state = pokerkit.NoLimitTexasHoldem.create_state(
        PK_AUTOMATIONS, True, 0, (SB, BB), BB, (STACK,) * players, players,
    )
    actions = 0
    while state.status:
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        can_raise = lo is not None and hi is not None
        do = choose(rng, bool(state.checking_or_calling_amount), can_raise, lo or 0, hi or 0)
        if do == -1:
            state.fold()
        elif do:
            state.complete_bet_or_raise_to(do)
        else:
            state.check_or_call()
        actions += 1
    return actions


def timed(fn: Callable[[int, int], int], seeds: range, players: int) -> tuple[float, int]:
    """Seconds and actions to play the hands of `seeds`."""
    start = time.perf_counter()
    actions = sum(fn(seed, players) for seed in seeds)
    return time.perf_counter() - start, actions


def report(label: str, hands: int, actions: int, seconds: float) -> float:
    per_second = hands / seconds
    print(f"  {label:<10} {hands:>7,} hands {actions:>8,} actions {seconds:8.3f} s "
          f"{per_second:>10,.0f} hands/s", flush=True)
    return per_second


def evaluator_rate(n: int, seed: int) -> float:
    rng = random.Random(seed)
    hands = [rng.sample(FULL_DECK, 7) for _ in range(n)]
    start = time.perf_counter()
    for cards in hands:
        hand_strength(cards)
    return n / (time.perf_counter() - start)


def _old_revive(tp: Any, value: Any) -> Any:
    """The decoder the bot used before `event_from_dict`, kept here as the peer: hints looked
    up on every use."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _old_revive(arg, value)
            except (TypeError, ValueError, AttributeError):
                continue
        return value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_old_revive(args[0], v) for v in value)
        return tuple(_old_revive(a, v) for a, v in zip(args, value, strict=True))
    if origin is list:
        return [_old_revive(args[0], v) for v in value]
    if origin is dict:
        kt, vt = args
        return {_old_revive(kt, k): _old_revive(vt, v) for k, v in value.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and isinstance(value, dict):
        hints = typing.get_type_hints(tp)
        return tp(**{k: _old_revive(hints[k], v) for k, v in value.items()})
    if tp is int and isinstance(value, str):
        return int(value)
    if tp is int and not isinstance(value, int):
        raise TypeError(f"expected int, got {value!r}")
    return value


# The registry as the old decoder looked it up (filled before the timing).
_OLD_TYPES: dict[str, type[Event]] = {}


def old_event_from_dict(data: dict[str, Any]) -> Event:
    data = dict(data)
    cls = _OLD_TYPES[data.pop("type")]
    hints = typing.get_type_hints(cls)
    event: Event = cls(**{k: _old_revive(hints[k], v) for k, v in data.items()})
    return event


def decode_section(hands: int, players: int, seed: int, rounds: int) -> None:
    stored: list[dict[str, Any]] = []
    for s in range(seed, seed + hands):
        rng = random.Random(s)
        hand = Hand.start(HandConfig(
            hand_id=str(s), seats=tuple(Seat(i, f"P{i}", STACK) for i in range(1, players + 1)),
            button=1 + s % players, small_blind=SB, big_blind=BB, profile=TDA,
            deck_seed=f"bench-{s}", table_size=players))
        while not hand.is_over:
            legal = hand.legal()
            assert legal is not None
            do = choose(rng, not legal.can_check, legal.can_raise, legal.min_raise_to,
                        legal.max_raise_to)
            if do == -1:
                hand.fold(legal.seat)
            elif do:
                hand.wager_to(legal.seat, do)
            else:
                hand.check_or_call(legal.seat)
        # As the store keeps them: JSON text, read back into plain objects.
        stored.extend(json.loads(e.to_json()) for e in hand.events)
    _OLD_TYPES.update(event_types())
    new = [event_from_dict(d) for d in stored]
    if new != [old_event_from_dict(d) for d in stored]:
        raise SystemExit("the two decoders disagree")
    seconds = {"built once": 0.0, "old way": 0.0}
    for _ in range(max(1, rounds)):
        for label, fn in (("built once", event_from_dict), ("old way", old_event_from_dict)):
            start = time.perf_counter()
            for d in stored:
                fn(d)
            seconds[label] += time.perf_counter() - start
    n = len(stored) * max(1, rounds)
    print(f"decoding {len(stored):,} stored events of {hands:,} hands, {max(1, rounds)} rounds:")
    for label, took in seconds.items():
        print(f"  {label:<10} {n / took:>12,.0f} events/s {took / n * 1e6:8.2f} us/event")
    print(f"  built once / old way: {seconds['old way'] / seconds['built once']:.1f}x the "
          "events per second")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0, help="first hand seed")
    parser.add_argument("--rounds", type=int, default=2,
                        help="alternating rounds per engine, hands split among them")
    parser.add_argument("--evaluations", type=int, default=200_000)
    parser.add_argument("--profile", action="store_true", help="cProfile our engine")
    parser.add_argument("--only", choices=("hands", "decode"),
                        help="run one section (default: both)")
    args = parser.parse_args(argv)
    if args.only != "hands":
        decode_section(min(args.hands, 500), args.players, args.seed, args.rounds)
        if args.only == "decode":
            return 0

    print(f"{args.hands:,} random {args.players}-max hands, stacks {STACK:,}, blinds {SB}/{BB}")
    # Warm both up (imports, caches) so neither pays first-call costs in the timing.
    play_ours(-1, args.players)
    play_pokerkit(-1, args.players)
    rounds = max(1, min(args.rounds, args.hands))
    seconds = {"ours": 0.0, "pokerkit": 0.0}
    actions = {"ours": 0, "pokerkit": 0}
    for r in range(rounds):
        first = args.seed + r * args.hands // rounds
        seeds = range(first, args.seed + (r + 1) * args.hands // rounds)
        for label, fn in (("ours", play_ours), ("pokerkit", play_pokerkit)):
            took, acted = timed(fn, seeds, args.players)
            seconds[label] += took
            actions[label] += acted
    if actions["ours"] != actions["pokerkit"]:
        raise SystemExit(f"unfair run: {actions['ours']:,} actions for ours, "
                         f"{actions['pokerkit']:,} for pokerkit")
    ours = report("ours", args.hands, actions["ours"], seconds["ours"])
    theirs = report("pokerkit", args.hands, actions["pokerkit"], seconds["pokerkit"])
    print(f"  ours/pokerkit: {ours / theirs:.1f}x the hands per second (aim: >= 20x)")
    evals = evaluator_rate(args.evaluations, args.seed)
    print(f"hand_strength: {evals:,.0f} evaluations/s ({args.evaluations:,} random 7-card hands)")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        # Fresh seeds, so the profile includes the deck and its commitment like the timing.
        for seed in range(args.seed + args.hands, args.seed + 2 * args.hands):
            play_ours(seed, args.players)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())

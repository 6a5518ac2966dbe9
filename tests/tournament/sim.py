"""A random tournament driver: random fields, structures, actions, timeouts, clocks, away
players and director actions, checking the invariants after every step. A snapshot is taken at
each hand's end (as the store does); at the end, rebuilding from snapshots plus the events after
them must equal a full replay."""

from __future__ import annotations

import json
import random
from typing import Any

from bot.engine.errors import IllegalAction
from bot.engine.events import event_from_dict
from bot.engine.profile import make_profile
from bot.tournament import events as ev
from bot.tournament.errors import ChipRaceDue, NotAllowed, WaitingForPlayers
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import AddOnTerms, Break, Level, RebuyTerms, Structure
from bot.tournament.tournament import Tournament, TournamentConfig

PAYOUTS = load_payout_table("standard")


def random_structure(rng: random.Random) -> Structure:
    chips = (25, 100, 500, 1000)
    bb = rng.choice([100, 200, 300])
    periods: list[Level | Break] = []
    for i in range(rng.randint(3, 7)):
        sb = bb // 2
        ante = bb // 4 if rng.random() < 0.3 else 0
        ante -= ante % 25
        periods.append(Level(sb, bb, ante, rng.choice([120, 300, 600])))
        if rng.random() < 0.25 and i > 0:
            periods.append(Break(rng.choice([60, 300])))
        bb = bb * 2 if bb < 1000 else bb * 2 // 1000 * 1000 or 1000
    # late levels in whole 100s (and then 500s) so the 25s and 100s colour up
    periods.append(Level(1000, 2000, 0, 600))
    periods.append(Level(2500, 5000, 0, 600))
    n_levels = sum(1 for p in periods if isinstance(p, Level))
    return Structure(
        name="sim",
        periods=tuple(periods),
        starting_stack=rng.choice([1000, 1500, 2000, 3000]),
        chips=chips,
        big_blind_ante=rng.random() < 0.3,
        late_registration_level=rng.choice([None, 1, 2]),
        rebuys=RebuyTerms(10, 1500, rng.randint(1, n_levels), 1) if rng.random() < 0.3 else None,
        add_on=AddOnTerms(10, 1000, rng.randint(1, n_levels)) if rng.random() < 0.3 else None,
    )


def check_invariants(t: Tournament) -> None:
    assert t.total_chips() == t.expected_chips(), (t.total_chips(), t.expected_chips())
    seated = {}
    for tid, ts in t.tables.items():
        for seat, p in ts.seats.items():
            assert p not in seated
            seated[p] = (tid, seat)
            assert t.players[p].status == "playing"
            assert 1 <= seat <= t.cfg.seats_per_table
    for p in t.playing:
        assert p in seated, p
        assert t.live or t.players[p].stack > 0 or _dealt_in(t, p)
    if t.live and t.status == "running":
        # no hands: every table is idle, so the tables are always balanced and as few as fit
        sizes = [len(ts.seats) for ts in t.tables.values()]
        assert max(sizes) - min(sizes) <= 1, sizes
        assert sum(sizes) > t.cfg.seats_per_table * (len(sizes) - 1), sizes


def _dealt_in(t: Tournament, p: str) -> bool:
    pl = t.players[p]
    hand = t.tables[pl.table].hand if pl.table else None
    return hand is not None and hand.seat_of(p) is not None


def run_one(seed: int, max_steps: int = 20000) -> Tournament:
    rng = random.Random(seed)
    profile = make_profile(rng.choice(["treps", "tavern", "tda"]))
    cfg = TournamentConfig(
        profile=profile, structure=random_structure(rng), payouts=PAYOUTS,
        seats_per_table=rng.randint(2, 10), buy_in=rng.choice([0, 10, 20]),
        action_seconds=60, clock_after_seconds=20,
    )
    now = 1000.0
    t = Tournament.create(seed, cfg, now)
    n = rng.randint(2, 30)
    for i in range(n):
        t.register(f"p{i}", now)
    if rng.random() < 0.2:
        t.unregister("p0", now)
        if len(t.players) < 2:
            t.register("p0", now)
    t.start(f"seed-{seed}", now)
    late = 0
    steps = 0
    snapshots: list[tuple[int, dict[str, Any]]] = []
    seen = len(t.events)
    while t.status == "running":
        if any(isinstance(e, ev.HandFinished) for e in t.events[seen:]):
            # At a hand's end, as the store saves it: through JSON.
            snapshots.append((t.event_count, json.loads(json.dumps(t.snapshot()))))
        seen = len(t.events)
        steps += 1
        assert steps < max_steps, "no progress"
        now += rng.choice([1, 2, 5, 10, 30])
        r = rng.random()
        if r < 0.01 and t.structure.late_registration_level:
            try:
                t.register(f"late{late}", now)
                late += 1
            except NotAllowed:
                pass
            except ValueError:
                pass
        elif r < 0.02:
            out = [p for p, s in t.players.items() if s.status == "out"]
            if out:
                try:
                    t.rebuy(rng.choice(out), now)
                except NotAllowed:
                    pass
        elif r < 0.03:
            try:
                t.add_on(rng.choice(t.playing), now)
            except NotAllowed:
                pass
        elif r < 0.04:
            p = rng.choice(t.playing)
            try:
                t.set_away(p, now)
            except NotAllowed:
                pass
        elif r < 0.07:
            away = [p for p in t.playing if t.players[p].away]
            if away:
                t.come_back(rng.choice(away), now)
        elif r < 0.075:
            try:
                t.penalize(rng.choice(t.playing), rng.randint(1, 2), "td", "etiquette", now)
            except NotAllowed:
                pass
        elif r < 0.08:
            try:
                t.adjust_stack(rng.choice(t.playing), rng.randint(1, 40) * 25, "td", "miscount",
                               now)
            except NotAllowed:
                pass
        elif r < 0.083:
            busy = [x for x, ts in t.tables.items() if ts.hand is not None]
            if busy:
                t.void_hand(rng.choice(busy), "td", "exposed card", now)
        elif r < 0.085 and rng.random() < 0.3:
            t.disqualify(rng.choice(t.playing), "td", "cheating", now)
        elif r < 0.09:
            if t.paused:
                t.resume("td", now)
            else:
                t.pause("td", "dispute", now)
                now += rng.choice([10, 100, 1000])
                t.resume("td", now)
        elif r < 0.12:
            tables = [x for x, ts in t.tables.items() if ts.decision is not None]
            if tables:
                x = rng.choice(tables)
                try:
                    t.call_clock(x, rng.choice(list(t.tables[x].seats.values())), now)
                except NotAllowed:
                    pass
        elif r < 0.15:
            now += rng.choice([30, 61, 200])
            t.tick(now)
        elif r < 0.16:
            tables = [x for x, ts in t.tables.items() if ts.last_hand is not None]
            if tables:
                x = rng.choice(tables)
                h = t.tables[x].last_hand
                for s in h.players_in_hand:
                    try:
                        t.agree_rabbit_hunt(x, h.player(s).player, now)
                    except NotAllowed:
                        break
        else:
            _play_step(t, rng, now, seed)
        check_invariants(t)
    _check_snapshots(t, snapshots, _check_end(t))
    return t


def _play_step(t: Tournament, rng: random.Random, now: float, seed: int) -> None:
    t.tick(now)
    if t.status != "running":
        return
    table = rng.choice(sorted(t.tables))
    ts = t.tables[table]
    if ts.hand is None:
        try:
            t.start_hand(table, f"{seed}-{t.hand_counter}-{table}", now)
        except ChipRaceDue:
            if all(x.hand is None for x in t.tables.values()):
                t.run_chip_race(f"race-{seed}-{t.hand_counter}", now)
        except WaitingForPlayers:
            pass
        except NotAllowed as err:
            assert "break" in str(err) or "paused" in str(err), err
            return
        return
    hand = ts.hand
    legal = hand.legal()
    assert legal is not None, "a live hand with nobody to act"
    seat = legal.seat
    r = rng.random()
    try:
        if r < 0.25:
            t.act(table, seat, "fold", now=now)
        elif r < 0.6:
            t.act(table, seat, "check_or_call", now=now)
        elif r < 0.75 and legal.can_raise:
            amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            t.act(table, seat, "raise_to" if legal.facing_bet else "bet", amount, now=now)
        elif r < 0.85:
            t.act(table, seat, "all_in", now=now)
        elif r < 0.9 and legal.can_raise:
            t.act(table, seat, "make_it", rng.randint(1, legal.max_raise_to), now=now)
        else:
            t.act(table, seat, "check_or_call", now=now)
    except IllegalAction:
        pass


def _check_end(t: Tournament) -> dict[str, Any]:
    assert t.status == "finished"
    assert t.winner is not None and t.players[t.winner].place == 1
    results = t.results()
    entered = [p for p in t.players.values() if p.status != "registered"]
    assert len(results) == len(entered)
    # every place given once (a tie of k players covers k places)
    covered: list[int] = []
    for r in results:
        covered.append(r.place + sorted((r.player, *r.tied_with)).index(r.player))
    assert sorted(covered) == list(range(1, len(entered) + 1)), sorted(covered)
    assert t.total_chips() == t.expected_chips()
    assert sum(t.prizes.values()) <= t.pool
    if not any(p.disqualified for p in t.players.values()):
        assert sum(t.prizes.values()) == t.pool
    # replay, through JSON, rebuilds the same tournament
    again = state(Tournament.replay(event_from_dict(e.to_dict()) for e in t.events))
    assert again == state(t)
    return again


def state(t: Tournament) -> dict[str, Any]:
    """Everything that defines a tournament, its hands' own events included."""
    return {
        "snapshot": t.snapshot(),
        "hands": {x: ([e.to_dict() for e in ts.hand.events] if ts.hand else None,
                      [e.to_dict() for e in ts.last_hand.events] if ts.last_hand else None)
                  for x, ts in t.tables.items()},
    }


def _check_snapshots(t: Tournament, snapshots: list[tuple[int, dict[str, Any]]],
                     full: dict[str, Any]) -> None:
    """Each snapshot rebuilds exactly what it was taken from, and the latest (and a middle
    one) plus the events after it equals the full replay (`full`)."""
    for i, (count, snap) in enumerate(snapshots):
        restored = Tournament.from_snapshot(t.cfg, snap)
        assert restored.snapshot() == snap
        if i in (len(snapshots) // 2, len(snapshots) - 1):
            restored.apply_stored(event_from_dict(e.to_dict()) for e in t.events[count:])
            assert state(restored) == full, f"from the snapshot at event {count}"


def run_live(seed: int, max_steps: int = 5000) -> Tournament:
    """A random live night: guests, busts (some by a knocker), undos, re-buys, add-ons, clocks,
    cancels, pauses, chip races and level changes; the invariants after every step, snapshots
    at every bust, and at the end one winner, every place given once and the money paid."""
    rng = random.Random(seed)
    cfg = TournamentConfig(
        profile=make_profile(rng.choice(["treps", "tavern", "tda"])),
        structure=random_structure(rng), payouts=PAYOUTS, seats_per_table=rng.randint(2, 10),
        buy_in=rng.choice([0, 10, 20]), mode="live")
    now = 1000.0
    t = Tournament.create(seed, cfg, now)
    for i in range(rng.randint(2, 30)):
        if rng.random() < 0.3:
            t.add_guest(f"Guest {i}", "td", now)
        else:
            t.register(str(i), now)
    if len(t.players) < 2:
        t.register("extra", now)
    t.start(f"live-{seed}", now)
    snapshots: list[tuple[int, dict[str, Any]]] = []
    steps = 0
    while t.status == "running":
        steps += 1
        assert steps < max_steps, "no progress"
        now += rng.choice([1, 5, 30, 120])
        t.tick(now)
        r = rng.random()
        playing = t.playing
        try:
            if r < 0.45:
                knocker = rng.choice([None, *playing])
                victim = rng.choice(playing)
                t.bust(victim, now, knocked_out_by=None if knocker == victim else knocker,
                       recorded_by="td")
                snapshots.append((t.event_count, json.loads(json.dumps(t.snapshot()))))
            elif r < 0.52:
                t.undo_bust("td", now)
            elif r < 0.56:
                out = [p for p, s in t.players.items() if s.status == "out"]
                if out:
                    t.rebuy(rng.choice(out), now)
            elif r < 0.6:
                t.add_on(rng.choice(playing), now)
            elif r < 0.7:
                t.clock_player(rng.choice(playing), "td", now)
            elif r < 0.75:
                t.cancel_clock(rng.choice(playing), "td", now)
            elif r < 0.78:
                t.pause("td", "break", now)
                now += rng.choice([10, 300])
                t.resume("td", now)
            elif r < 0.85 and t.chip_race_due(now) is not None:
                ratio = t.chip_race_due(now) // t.smallest_chip  # type: ignore[operator]
                odd = {p: rng.randrange(ratio) for p in playing}
                t.race_odd_chips(odd, now)
            elif r < 0.88 and t.structure.late_registration_level:
                t.add_guest(f"Late {steps}", "td", now)
        except NotAllowed:
            pass
        except ValueError as err:  # RegistrationError and the like: refusals
            assert "late registration" in str(err) or "registration" in str(err), err
        check_invariants(t)
    full = _check_end(t)
    _check_snapshots(t, snapshots, full)
    return t

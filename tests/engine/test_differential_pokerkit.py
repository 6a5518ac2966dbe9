"""Differential test: our engine (profile `tda`) against pokerkit on random hands.

Both are driven with the same cards (ours deals from a seed, pokerkit is fed those cards and
burns) and the same random actions. At every turn the two must agree on who acts, what a call
costs, whether checking is free, and, for a spread of legal and illegal amounts, whether a bet
or raise to that amount is allowed; refused attempts must leave our hand unchanged. At the end
the finishing stacks must be equal.

Seat mapping is PHH's: pokerkit player 0 is the small blind ... the last player the button;
heads-up, player 0 is the big blind and player 1 the button (who posts the small blind).

Known, deliberate differences (counted, never failed on):
- Fold when checking is free: pokerkit (tournament mode) refuses it, we accept it (a player
  may always give up his hand). We only fold when facing a bet.
- `wager_to(stack)` when the stack does not exceed the call: we read it as the all-in call
  (hand histories write that), pokerkit refuses a raise. Not probed.
- Reopening after short all-ins (TDA 47): we reopen for a player who already acted when the
  bet he faces *since his own action* is at least a full raise. pokerkit decides from the run
  of consecutive short all-ins at the table and from a "last raise size" that starts at 0 on
  every street (so a short all-in over limpers or a short all-in bet counts as full for it).
  Disagreements on raise legality are allowed only for a player who already acted this round
  with no full raise since (the only situation where that rule decides); any other kind fails.
  Our full bet after the flop is the big blind from the start of the round, so a short all-in
  bet (A checks, B all-in 50 at 50/100, C calls) does not reopen for A: pokerkit's zero "last
  raise size" lets him raise, we do not (Tavern "What constitutes a RAISE?", TDA 47). Those
  turns are counted under "last-raise size below the big blind".
- Uneven split pots: pokerkit gives all odd chips of a pot to one winner, we give them one at a
  time from the button's left. Then only the winners' total is compared, other stacks exactly.
- Forced bets that put a player all-in (a big blind shorter than the blind, a big-blind ante
  the big blind cannot cover): pokerkit's bet to call is what was posted and it posts the ante
  before the blind; we make the full big blind the bet to call and post the blind first
  (TDA 2024). Such hands are played; if they differ anywhere they are skipped and counted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version

import pytest

pokerkit = pytest.importorskip("pokerkit")

from bot.engine.errors import IllegalAction, NotYourTurn  # noqa: E402
from bot.engine.hand import Hand, HandConfig, Seat  # noqa: E402
from bot.engine.hand_events import PotAwarded, StreetDealt  # noqa: E402
from bot.engine.profile import make_profile  # noqa: E402

A = pokerkit.Automation
AUTOMATIONS = (
    A.ANTE_POSTING,
    A.BET_COLLECTION,
    A.BLIND_OR_STRADDLE_POSTING,
    A.HOLE_CARDS_SHOWING_OR_MUCKING,  # everyone shows: only final stacks matter
    A.HAND_KILLING,
    A.CHIPS_PUSHING,
    A.CHIPS_PULLING,
    A.RUNOUT_COUNT_SELECTION,
)
TDA = make_profile("tda")
HANDS = 2_000
CHUNKS = 8


class Skip(Exception):
    """This hand cannot be compared further, for a documented reason."""


class Mismatch(AssertionError):
    pass


@dataclass
class Tally:
    hands: int = 0
    compared_stacks: int = 0
    decisions: int = 0  # single accept/refuse verdicts compared
    turns: int = 0
    refusals_checked: int = 0  # refused on both sides, and our state checked unchanged
    uneven_splits: int = 0
    forced_checks: int = 0  # pokerkit turns with nothing to decide, which we skip
    skips: Counter[str] = field(default_factory=Counter)
    reopen_disagreements: Counter[str] = field(default_factory=Counter)
    reopen_examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("hands", "compared_stacks", "decisions", "turns", "refusals_checked",
                     "uneven_splits", "forced_checks"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.skips.update(other.skips)
        self.reopen_disagreements.update(other.reopen_disagreements)
        self.reopen_examples.extend(other.reopen_examples[: 5 - len(self.reopen_examples)])


# ---------------------------------------------------------------------- configurations


def random_config(rng: random.Random, seed: int) -> HandConfig:
    n = rng.randint(2, 9)
    table_size = rng.randint(n, 10)
    seats = sorted(rng.sample(range(1, table_size + 1), n))
    bb = rng.choice([2, 4, 10, 20, 50, 100, 200, 300, 1000])
    # A small blind equal to the big blind is left out: pokerkit finds the first player to act
    # from the largest blind, and with two equal ones it picks the wrong one heads-up.
    sb = rng.choice([bb // 2, bb // 2, max(1, bb // 3), rng.randint(1, bb - 1)])
    kind = rng.choice(["none", "none", "equal", "bb_ante"])
    ante = 0
    if kind == "equal":
        ante = rng.choice([1, max(1, bb // 10), max(1, bb // 4), bb // 2 or 1])
    elif kind == "bb_ante":
        ante = rng.choice([bb, bb, sb])

    def stack() -> int:
        roll = rng.random()
        if roll < 0.06:
            return rng.randint(1, bb + ante + 1)  # forced bets may put him all-in
        if roll < 0.35:
            return rng.randint(bb + ante + 1, 8 * bb)  # short: all-ins and side pots
        return rng.randint(bb + ante + 1, 200 * bb)

    return HandConfig(
        hand_id=f"diff-{seed}",
        seats=tuple(Seat(s, f"P{s}", stack()) for s in seats),
        button=rng.choice(seats),
        small_blind=sb,
        big_blind=bb,
        ante=ante,
        big_blind_ante=kind == "bb_ante",
        profile=TDA,
        deck_seed=f"differential-{seed}",
        table_size=table_size,
        # A big-blind ante is dead money (PHH and pokerkit: ante_trimming_status = false). With
        # trimming on, pokerkit hands the unmatched ante straight back mid-hand, we at showdown.
        ante_trimming=kind != "bb_ante" and rng.random() < 0.7,
    )


def phh_order(hand: Hand) -> list[int]:
    """Our seats in pokerkit's player order (PHH): small blind first, button last."""
    if len(hand.order) == 2:
        return [hand.bb_seat] + [s for s in hand.order if s != hand.bb_seat]
    return list(hand.order)


def forced_all_in(config: HandConfig, hand: Hand) -> bool:
    """A blind or ante does not leave the player any chips beyond it (or takes them all)."""
    owed: dict[int, int] = {s.seat: 0 for s in config.seats}
    if config.ante and not config.big_blind_ante:
        for s in owed:
            owed[s] += config.ante
    if config.ante and config.big_blind_ante:
        owed[hand.bb_seat] += config.ante
    owed[hand.bb_seat] += config.big_blind
    if hand.sb_seat is not None:
        owed[hand.sb_seat] += config.small_blind
    return any(s.stack <= owed[s.seat] for s in config.seats)


def pokerkit_state(config: HandConfig, hand: Hand, order: list[int]) -> object:
    n = len(order)
    antes = [0] * n
    if config.ante:
        for i, s in enumerate(order):
            if not config.big_blind_ante or s == hand.bb_seat:
                antes[i] = config.ante
    blinds = [0] * n
    for i, s in enumerate(order):
        if s == hand.bb_seat:
            blinds[i] = config.big_blind
        elif s == hand.sb_seat:
            blinds[i] = config.small_blind
    if n == 2:
        # pokerkit reads heads-up blinds and antes crosswise (player 0, the big blind, posts
        # raw[1]): give it the small blind's amounts first.
        antes.reverse()
        blinds.reverse()
    stacks = {s.seat: s.stack for s in config.seats}
    return pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        config.ante_trimming,
        antes,
        blinds,
        config.big_blind,
        [stacks[s] for s in order],
        n,
        mode=pokerkit.Mode.TOURNAMENT,
    )


# ---------------------------------------------------------------------- one hand


class Duel:
    """One hand played on both engines in lockstep."""

    def __init__(self, seed: int, tally: Tally) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.tally = tally
        self.config = random_config(self.rng, seed)
        self.hand = Hand.start(self.config)
        self.order = phh_order(self.hand)
        self.index = {s: i for i, s in enumerate(self.order)}
        self.forced = forced_all_in(self.config, self.hand)
        self.pk = pokerkit_state(self.config, self.hand, self.order)
        self.streets_fed = 0
        self.log: list[str] = []  # actions taken, for failure messages
        self._deal_hole_cards()

    def fail(self, what: str) -> None:
        if self.forced:
            raise Skip("forced all-in: " + what.split(":")[0])
        raise Mismatch(f"seed {self.seed}: {what}\nconfig: {self.config}\n"
                       f"pokerkit order {self.order}; actions: {'; '.join(self.log)}")

    # -------------------------------------------------------------- cards

    def _deal_hole_cards(self) -> None:
        pk = self.pk
        while pk.can_deal_hole():
            i = pk.hole_dealee_index
            hole = self.hand.players[self.order[i]].hole
            assert hole is not None
            given = len(pk.hole_cards[i])
            pk.deal_hole(hole[given], player_index=i)

    def _feed_board(self) -> None:
        """Give pokerkit the streets (burn, then cards) our hand has dealt so far."""
        pk = self.pk
        streets = [e for e in self.hand.events if isinstance(e, StreetDealt)]
        while pk.can_burn_card() or pk.can_deal_board():
            if self.streets_fed >= len(streets):
                self.fail(f"pokerkit wants the board dealt before we dealt it "
                          f"(board {self.hand.board})")
            street = streets[self.streets_fed]
            if pk.can_burn_card():
                pk.burn_card(street.burn)
            pk.deal_board("".join(street.cards))
            self.streets_fed += 1

    # -------------------------------------------------------------- comparisons

    def pk_actor(self) -> int | None:
        i = self.pk.actor_index
        return None if i is None else self.order[i]

    def snapshot(self) -> tuple[int, dict[int, int], int | None]:
        return len(self.hand.events), self.hand.stacks, self.hand.to_act

    def expect_refused(self, what: str, attempt: Callable[[], object]) -> None:
        before = self.snapshot()
        try:
            attempt()
        except IllegalAction:
            pass
        else:
            self.fail(f"we accepted {what} which pokerkit refuses")
        if self.snapshot() != before:
            raise Mismatch(f"seed {self.seed}: refused {what} changed the hand")
        self.tally.refusals_checked += 1

    def reopen_kind(self, seat: int) -> str | None:
        """Why the raise option of a player may legitimately differ (see the module doc)."""
        p = self.hand.players[seat]
        if p.acted and self.hand.full_raise_seq == p.raise_seq_seen:
            faced = self.hand.current_bet - p.matched_at_action
            full = max(self.hand.last_full_raise, self.hand.big_blind)
            pk_size = self.pk.completion_betting_or_raising_amount
            why = ("pokerkit's last-raise size below the big blind (a short all-in counted "
                   "as full)" if pk_size < full else "consecutive short all-ins")
            return f"faces {'>=' if faced >= full else '<'} a full raise since he acted; {why}"
        return None

    def compare_turn(self) -> bool:
        """Compare everything about the current turn; False if only pokerkit may raise or
        only we may (a reopening disagreement), so no raise is chosen."""
        hand, pk = self.hand, self.pk
        legal = hand.legal()
        assert legal is not None
        seat = legal.seat
        t = self.tally
        t.turns += 1
        pk_call = pk.checking_or_calling_amount
        if pk_call != legal.call_amount:
            self.fail(f"call amount: ours {legal.call_amount}, pokerkit {pk_call}")
        t.decisions += 1
        if pk.can_fold() != (not legal.can_check):
            # pokerkit refuses the free fold; we allow it (documented), so compare to can_check.
            self.fail(f"fold: pokerkit can_fold={pk.can_fold()}, ours can_check={legal.can_check}")
        t.decisions += 1
        if not pk.can_check_or_call():
            self.fail("pokerkit refuses check_or_call for the player to act")
        t.decisions += 1

        if legal.can_check:
            self.expect_refused("call with nothing to call", lambda: hand.call(seat))
        else:
            self.expect_refused("check facing a bet", lambda: hand.check(seat))
        t.decisions += 1
        others = [s for s in hand.players if s != seat]
        other = self.rng.choice(others)
        before = self.snapshot()
        wager_all = lambda s: hand.wager_to(s, legal.max_raise_to)  # noqa: E731
        for attempt in (hand.check_or_call, hand.fold, wager_all):
            try:
                attempt(other)
            except NotYourTurn:
                pass
            else:
                raise Mismatch(f"seed {self.seed}: seat {other} acted out of turn")
        if self.snapshot() != before:
            raise Mismatch(f"seed {self.seed}: out-of-turn attempt changed the hand")
        t.decisions += 1

        # Bets and raises: which amounts each side accepts.
        max_to = legal.max_raise_to
        pk_can = pk.can_complete_bet_or_raise_to()
        ours_can = legal.can_raise
        kind = self.reopen_kind(seat)
        if pk_can != ours_can:
            if kind is None:
                self.fail(f"raise allowed: ours {ours_can}, pokerkit {pk_can} (seat {seat}, "
                          f"not a reopening case)")
            direction = "pokerkit allows, we refuse" if pk_can else "we allow, pokerkit refuses"
            t.reopen_disagreements[f"{direction} ({kind})"] += 1
            if len(t.reopen_examples) < 5:
                t.reopen_examples.append(f"seed {self.seed}, seat {seat}: {direction}, {kind}")
            return False
        t.decisions += 1
        probes = {1, max_to + 1, max_to + self.rng.randint(1, 1000), hand.current_bet}
        if ours_can:
            lo = legal.min_raise_to
            probes |= {lo - 1, lo, max_to, self.rng.randint(lo, max_to)}
            if lo > hand.current_bet + 1:
                probes.add(self.rng.randint(hand.current_bet + 1, lo - 1))
        if max_to <= hand.current_bet:
            probes.discard(max_to)  # read as the all-in call by us, a refused raise by pokerkit
        for x in sorted(p for p in probes if p > 0):
            pk_ok = pk.can_complete_bet_or_raise_to(x)
            ours_ok = ours_can and legal.min_raise_to <= x <= max_to
            if pk_ok != ours_ok:
                self.fail(f"wager_to {x}: ours {ours_ok}, pokerkit {pk_ok} "
                          f"(our range {legal.min_raise_to}-{max_to}, pokerkit "
                          f"{pk.min_completion_betting_or_raising_to_amount}-"
                          f"{pk.max_completion_betting_or_raising_to_amount})")
            t.decisions += 1
            if not ours_ok:
                self.expect_refused(f"wager_to {x}", lambda x=x: hand.wager_to(seat, x))
        return True

    # -------------------------------------------------------------- play

    def play(self) -> None:
        hand, pk = self.hand, self.pk
        steps = 0
        while True:
            self._feed_board()
            if hand.to_act is None and pk.actor_index is not None and self._pointless_turn():
                # pokerkit still asks a player with nobody left to bet against to check (the
                # big blind after a short all-in call); we skip a turn with no choice in it.
                self.tally.forced_checks += 1
                pk.check_or_call()
                continue
            if hand.to_act != self.pk_actor():
                self.fail(f"to act: ours {hand.to_act}, pokerkit {self.pk_actor()} "
                          f"(street {hand.street})")
            if hand.to_act is None:
                break
            steps += 1
            assert steps < 500, f"seed {self.seed}: hand does not end"
            may_raise = self.compare_turn()
            self.act(may_raise)
        if not hand.is_over or pk.status:
            self.fail(f"end: ours over={hand.is_over}, pokerkit running={pk.status}")
        self.compare_stacks()

    def _pointless_turn(self) -> bool:
        pk = self.pk
        return (pk.checking_or_calling_amount == 0 and not pk.can_complete_bet_or_raise_to()
                and not pk.can_fold())

    def act(self, may_raise: bool) -> None:
        hand, pk, rng = self.hand, self.pk, self.rng
        legal = hand.legal()
        assert legal is not None
        seat = legal.seat
        roll = rng.random()
        if not legal.can_check and roll < 0.2:
            self.log.append(f"{seat} fold")
            hand.fold(seat)
            pk.fold()
        elif may_raise and legal.can_raise and roll > 0.6:
            lo, hi = legal.min_raise_to, legal.max_raise_to
            pick = rng.random()
            x = lo if pick < 0.35 else hi if pick < 0.55 else rng.randint(lo, hi)
            self.log.append(f"{seat} to {x}")
            hand.wager_to(seat, x)
            pk.complete_bet_or_raise_to(x)
        else:
            self.log.append(f"{seat} cc")
            hand.check_or_call(seat)
            pk.check_or_call()

    def compare_stacks(self) -> None:
        ours = [self.hand.final_stacks[s] for s in self.order]
        theirs = list(self.pk.stacks)
        uneven = [a for a in self.hand.events
                  if isinstance(a, PotAwarded) and len(set(a.shares)) > 1]
        if uneven:
            # pokerkit hands a pot's odd chips to one winner: compare the winners' total only.
            winners = {s for a in uneven for s in a.winners}
            self.tally.uneven_splits += 1
            for i, s in enumerate(self.order):
                if s not in winners and ours[i] != theirs[i]:
                    self.fail(f"final stack of seat {s}: ours {ours[i]}, pokerkit {theirs[i]}")
            mine = sum(ours[i] for i, s in enumerate(self.order) if s in winners)
            pks = sum(theirs[i] for i, s in enumerate(self.order) if s in winners)
            if mine != pks:
                self.fail(f"split-pot winners' total: ours {mine}, pokerkit {pks}")
        elif ours != theirs:
            self.fail(f"final stacks (pokerkit order) ours {ours}, pokerkit {theirs}")
        self.tally.compared_stacks += 1


def run_hands(seeds: range) -> Tally:
    tally = Tally()
    for seed in seeds:
        tally.hands += 1
        try:
            Duel(seed, tally).play()
        except Skip as skip:
            tally.skips[str(skip)] += 1
    return tally


# ---------------------------------------------------------------------- tests

TOTAL = Tally()
per_chunk = HANDS // CHUNKS


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_matches_pokerkit(chunk: int) -> None:
    """Reproduce a failure with `run_hands(range(seed, seed + 1))` (seed in the message)."""
    tally = run_hands(range(chunk * per_chunk, (chunk + 1) * per_chunk))
    TOTAL.add(tally)
    assert tally.hands == per_chunk
    # Skips are rare edge cases: most hands must be compared to the end.
    assert tally.compared_stacks >= 0.9 * per_chunk, tally.skips
    assert tally.decisions >= 10 * per_chunk


def test_summary() -> None:
    """Runs after the chunks (file order): totals over the whole run, printed with -s."""
    if TOTAL.hands == 0:
        pytest.skip("run together with test_engine_matches_pokerkit")
    t = TOTAL
    print(f"\ndifferential vs pokerkit {version('pokerkit')}: {t.hands} hands, "
          f"{t.compared_stacks} compared to the final stacks "
          f"({t.uneven_splits} with an uneven split: winners' total only), "
          f"{t.turns} turns, {t.decisions} decisions compared, "
          f"{t.refusals_checked} refusals checked unchanged, {t.forced_checks} pokerkit "
          "turns with no choice skipped")
    print(f"skips: {dict(t.skips) or 'none'}")
    print(f"reopening disagreements (TDA 47 per player vs pokerkit): "
          f"{sum(t.reopen_disagreements.values())}")
    for kind, count in sorted(t.reopen_disagreements.items()):
        print(f"  {count:5d}  {kind}")
    for example in t.reopen_examples:
        print(f"  e.g. {example}")
    assert t.decisions >= 20_000


# ---------------------------------------------------------------------- engine bugs found here


def _check_down(config: HandConfig) -> Hand:
    hand = Hand.start(config)
    while not hand.is_over:
        assert hand.to_act is not None
        hand.check_or_call(hand.to_act)
    return hand


def test_all_in_for_the_ante_alone_contests_the_antes() -> None:
    # Found by the differential test (seed 1355). C (seat 3, button) has 2 chips: the ante.
    # Deck 'a0': A 6h Ac, B 4s 9s, C 7d 5s, board 9d 5h 7h 3c As -> C's two pair wins.
    results = {}
    for trimming in (True, False):
        hand = _check_down(HandConfig(
            "ante-only", (Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 2)),
            button=3, small_blind=5, big_blind=10, ante=2, deck_seed="a0", table_size=3,
            ante_trimming=trimming, profile=TDA))
        results[trimming] = hand.final_stacks
    # C wins the three antes (6); A's aces take the 20 of blinds C could not match.
    assert results[True] == {1: 1008, 2: 988, 3: 6}
    assert results[False] == {1: 1008, 2: 988, 3: 6}

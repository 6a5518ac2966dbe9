"""Each face-up hand's chance to win the main pot before the board is complete.

When a player is all-in and the betting is over, every live hand is turned face up before the
rest of the board is dealt (TREPS "Face up"; rule `face-up` of data/rules); the table then shows
each hand's chance to win the main pot, which every live hand contests. It is counted over the
boards that could still come from the cards nobody has seen face up: folded and burnt cards are
unknown to the table, so they stay in the count (using them would hint at mucked hands).

Exact where every remaining board can be counted within about 50 ms on the project's 2-core
machine (from the flop on, any number of players); otherwise (before the flop) a fixed number
of boards drawn in a fixed order derived from the cards themselves, so the same cards always
give the same figures (the engine has no randomness of its own): two hands' boards are drawn and
scored by eval7's own Monte Carlo routine in C, three or more hands' by the loop below. A split
counts as a share.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Generic, TypeVar

import eval7

from bot.engine.cards import FULL_DECK

K = TypeVar("K", bound=Hashable)

# Evaluations (boards x hands) counted exactly: about 0.5 us each on this machine, so ~50 ms.
# A flop leaves at most 990 boards, so every case from the flop on is exact; before the flop
# even two hands have 1.7 million boards.
EXACT_EVALUATIONS = 100_000
# Boards drawn when counting them all would take too long: about 1 point of standard error
# or less on any hand (0.5 / sqrt(10,000) = 0.5%), and under 50 ms up to nine hands.
SAMPLES = 10_000
# Shares are counted in whole units: a pot split w ways (w <= 10) gives each winner 2520 / w.
_WHOLE = 2520

_CARDS: dict[str, eval7.Card] = {c: eval7.Card(c) for c in FULL_DECK}
# eval7 has no type hints; its evaluator takes eval7 cards and returns an int.
_evaluate: Callable[[Sequence[eval7.Card]], int] = eval7.evaluate
# eval7's Monte Carlo of one hand against a range, and the seed of the generator it draws with.
_eval7_hand_vs_range: Callable[..., float] = eval7.py_hand_vs_range_monte_carlo
_eval7_seed: Callable[[int], None] = eval7.xorshift_rand.seed
_eval7_draw_lock = threading.Lock()


@dataclass(frozen=True)
class Equity(Generic[K]):
    """The chance of each hand to win the main pot; a split counted as a share."""

    win: dict[K, float]  # from 0 to 1; the shares add up to 1
    exact: bool  # False: estimated from `boards` drawn boards (show it as "≈")
    boards: int  # boards counted


def main_pot_equity(
    hands: Mapping[K, Sequence[str]],
    board: Sequence[str] = (),
    dead: Iterable[str] = (),
    *,
    samples: int = SAMPLES,
) -> Equity[K]:
    """Each hand's chance to win with `board` completed from the cards not in `hands`,
    `board` or `dead` (cards known to be out of the deck, e.g. shown by a player who
    folded; folded cards nobody saw are not dead to the table).

    Raises ValueError for fewer than two hands, a hand that is not two cards, a board of more
    than five cards, or a card that is not a card or appears twice.
    """
    keys = list(hands)
    if len(keys) < 2:
        raise ValueError("equity needs at least two hands")
    if len(keys) > 10:
        raise ValueError("at most ten hands")
    if any(len(hands[k]) != 2 for k in keys):
        raise ValueError("each hand is two hole cards")
    if len(board) > 5:
        raise ValueError("a board has at most five cards")
    holes = tuple(tuple(hands[k]) for k in keys)
    used = [c for h in holes for c in h] + list(board) + list(dead)
    unknown = [c for c in used if c not in _CARDS]
    if unknown:
        raise ValueError(f"not cards: {' '.join(unknown)}")
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice")
    if samples <= 0:
        raise ValueError("samples must be above zero")
    win, exact, boards = _count(holes, tuple(board), frozenset(dead), samples)
    return Equity({k: w for k, w in zip(keys, win, strict=True)}, exact, boards)


# A count's question (holes, board, dead, samples) and its answer (shares, exact, boards).
CountKey = tuple[tuple[tuple[str, ...], ...], tuple[str, ...], frozenset[str], int]
Counted = tuple[tuple[float, ...], bool, int]
# Counts kept, the most recently used: a table asks again at every edit of an all-in hand.
COUNTS_KEPT = 256
_counts: OrderedDict[CountKey, Counted] = OrderedDict()
_counts_lock = threading.Lock()  # counts may be made from any thread (the drawing, a replay)
_made = threading.local()  # the counts a `recording()` block on this thread asked for
_kept_only = threading.local()  # a `kept_only()` block is running on this thread


class NotKept(Exception):
    """A count asked for inside `kept_only()` that was never made or is no longer kept."""


def _count(holes: tuple[tuple[str, ...], ...], board: tuple[str, ...], dead: frozenset[str],
           samples: int) -> Counted:
    """The shares of `holes` in order: kept, or counted now (`_counted`). Counts are kept with
    the hands in one order (`_in_order`), so the same question asked with the hands listed
    another way (the table lists them by seat, the run-out as they were turned up) finds
    them."""
    order = _in_order(holes)
    key: CountKey = (tuple(holes[i] for i in order), board, dead, samples)
    with _counts_lock:
        found = _counts.get(key)
        if found is not None:
            _counts.move_to_end(key)
    if found is None:
        if getattr(_kept_only, "on", False):
            raise NotKept(key)
        found = _counted(key[0], board, dead, samples)
        remember([(key, found)])
    made: dict[CountKey, Counted] | None = getattr(_made, "counts", None)
    if made is not None:
        made.setdefault(key, found)
    shares = [0.0] * len(holes)
    for kept_at, i in enumerate(order):
        shares[i] = found[0][kept_at]
    return tuple(shares), found[1], found[2]


def _in_order(holes: Sequence[Sequence[str]]) -> list[int]:
    """The indexes of `holes` with the hands in one fixed order, whoever holds them."""
    return sorted(range(len(holes)), key=lambda i: sorted(holes[i]))


def _kept(key: CountKey) -> bool:
    with _counts_lock:
        return key in _counts


def remember(counts: Iterable[tuple[CountKey, Counted]]) -> None:
    """Keep counts made elsewhere (another process: `recording`), as if made here."""
    with _counts_lock:
        for key, value in counts:
            _counts[key] = value
            _counts.move_to_end(key)
        while len(_counts) > COUNTS_KEPT:
            _counts.popitem(last=False)


@contextlib.contextmanager
def recording() -> Iterator[list[tuple[CountKey, Counted]]]:
    """Every count asked for inside the block on this thread (kept or made), each once in the
    order first asked, listed when the block ends: what a worker process hands back for the
    bot's own process to `remember`."""
    made: list[tuple[CountKey, Counted]] = []
    asked: dict[CountKey, Counted] = {}
    _made.counts = asked
    try:
        yield made
    finally:
        _made.counts = None
        made.extend(asked.items())


@contextlib.contextmanager
def kept_only() -> Iterator[None]:
    """Inside the block, on this thread, a count not kept raises NotKept instead of being made:
    whether a drawing would find everything counted, asked without counting anything."""
    _kept_only.on = True
    try:
        yield
    finally:
        _kept_only.on = False


def _counted(
    holes: tuple[tuple[str, ...], ...], board: tuple[str, ...], dead: frozenset[str],
    samples: int,
) -> Counted:
    """The shares of `holes` in order, counted.

    The bot counts in a worker process (10,000 boards for an all-in before the flop), and on
    its event loop only when that process could not (bench/night.py once saw it as the
    longest block of the loop), so the loops below are written for speed: each hand's known
    cards joined once, the draw inlined, a lone winner found without building a list. The
    figures are the same as counting board by board."""
    known = {c for h in holes for c in h} | set(board) | dead
    rest = [_CARDS[c] for c in FULL_DECK if c not in known]
    missing = 5 - len(board)
    base = [_CARDS[c] for c in board]
    total = comb(len(rest), missing)
    exact = total * len(holes) <= EXACT_EVALUATIONS
    if exact:
        # combinations() yields tuples: each hand's known cards as a tuple to join them to.
        fixed = [tuple([_CARDS[c] for c in h] + base) for h in holes]
        scores = _tally(fixed, combinations(rest, missing))
        count = total
    elif len(holes) == 2 and not dead:
        return _heads_up_drawn(holes, board, samples), False, samples
    else:
        fixed_lists = [[_CARDS[c] for c in h] + base for h in holes]
        scores = _tally(fixed_lists, _drawn(rest, missing, samples, _seed(known, board)))
        count = samples
    return tuple(s / (_WHOLE * count) for s in scores), exact, count


def _count_pots_together(questions: Sequence[tuple[tuple[tuple[str, ...], ...], frozenset[str]]],
                         board: tuple[str, ...], samples: int) -> None:
    """Count and keep, over one set of boards, every pot of `questions` (each pot's hands in
    `_in_order` and its dead cards) not kept already: the figures `_counted` gives each pot
    alone, for less work.

    Each pot of a hand is counted among its own contenders with the other face-up hands dead
    (`pot_equities`), so every pot's boards come from the same unseen cards: drawn from the
    same seed (`_seed` takes the known cards whoever holds them) they are the same boards, and
    a hand's evaluation on a board serves every pot it contests. A five-way all-in with three
    side pots evaluates five hands a board instead of 5 + 4 + 3 + 2. Pots that do not share
    their unseen cards, or that `_counted` would count one exactly and another by drawing, are
    left to be counted one by one."""
    keys: list[CountKey] = [(holes, board, dead, samples) for holes, dead in questions]
    todo = [i for i, key in enumerate(keys) if not _kept(key)]
    if len(todo) < 2:
        return
    knowns = {frozenset(c for h in questions[i][0] for c in h) | questions[i][1] for i in todo}
    if len(knowns) != 1:
        return
    known = set(next(iter(knowns))) | set(board)
    rest = [_CARDS[c] for c in FULL_DECK if c not in known]
    missing = 5 - len(board)
    total = comb(len(rest), missing)
    ways = {total * len(questions[i][0]) <= EXACT_EVALUATIONS for i in todo}
    if len(ways) != 1:
        return
    exact = ways.pop()
    # Two hands with none dead are drawn inside eval7 (`_heads_up_drawn`), on boards of its own.
    if not exact and any(len(questions[i][0]) == 2 and not questions[i][1] for i in todo):
        return
    hands = sorted({h for i in todo for h in questions[i][0]}, key=sorted)
    at = {h: n for n, h in enumerate(hands)}
    members = [[at[h] for h in questions[i][0]] for i in todo]
    base = [_CARDS[c] for c in board]
    if exact:
        fixed: list[Sequence[eval7.Card]] = [tuple([_CARDS[c] for c in h] + base)
                                             for h in hands]
        scores = _tally_pots(fixed, members, combinations(rest, missing))
        count = total
    else:
        fixed = [[_CARDS[c] for c in h] + base for h in hands]
        scores = _tally_pots(fixed, members, _drawn(rest, missing, samples, _seed(known, board)))
        count = samples
    remember([(keys[i], (tuple(s / (_WHOLE * count) for s in pot), exact, count))
              for i, pot in zip(todo, scores, strict=True)])


def _tally_pots(fixed: Sequence[Sequence[eval7.Card]], pots: Sequence[Sequence[int]],
                runouts: Iterable[Sequence[eval7.Card]]) -> list[list[int]]:
    """Each pot's shares of its hands (in units of 1 / _WHOLE), every hand evaluated once a
    board: `pots[p]` lists the indexes in `fixed` of pot p's hands, in order."""
    evaluate = _evaluate
    whole = _WHOLE
    scores = [[0] * len(pot) for pot in pots]
    # A pot of every hand (the main pot) reads the evaluations as they are, without a copy.
    counted = [(None if len(pot) == len(fixed) else pot, score)
               for pot, score in zip(pots, scores, strict=True)]
    for extra in runouts:
        values = [evaluate(f + extra) for f in fixed]  # type: ignore[operator]  # same sequence types
        for pot, score in counted:
            mine = values if pot is None else [values[i] for i in pot]
            top = max(mine)
            ways = mine.count(top)
            if ways == 1:
                score[mine.index(top)] += whole
            else:
                share = whole // ways
                for i, v in enumerate(mine):
                    if v == top:
                        score[i] += share
    return scores


def _heads_up_drawn(holes: tuple[tuple[str, ...], ...], board: tuple[str, ...], samples: int
                    ) -> tuple[float, float]:
    """Two hands' shares over `samples` drawn boards, drawn and scored inside eval7 (its Monte
    Carlo routine, C: ~1 ms for 10,000 boards where the loop of `_tally` takes ~20 ms).

    `holes` come in `_in_order` (as `_count` keeps them) and eval7's generator is seeded from
    the cards, so the same cards give the same boards whoever holds them; the lock keeps
    another thread from seeding that one generator between our seeding and our drawing. eval7
    counts a split as half a win and returns a 32-bit float: the half-wins are whole numbers
    below 2^24, so rounding gives them back exactly."""
    first, second = holes
    with _eval7_draw_lock:
        _eval7_seed(int.from_bytes(_seed([c for h in holes for c in h], board)[:8], "big"))
        share = _eval7_hand_vs_range(
            [_CARDS[c] for c in first], [((_CARDS[second[0]], _CARDS[second[1]]), 1.0)],
            [_CARDS[c] for c in board], samples)
    halves = 2 * samples
    won = round(share * halves)
    return won / halves, (halves - won) / halves


def _tally(fixed: Sequence[Sequence[eval7.Card]], runouts: Iterable[Sequence[eval7.Card]]
           ) -> list[int]:
    """Each hand's shares (in units of 1 / _WHOLE) over the runouts; `fixed[i]` is hand i's
    hole cards and the board so far, of the same sequence type as each runout."""
    evaluate = _evaluate
    whole = _WHOLE
    if len(fixed) == 2:
        first, second = fixed
        a = b = 0
        half = whole // 2
        for extra in runouts:
            va = evaluate(first + extra)  # type: ignore[operator]  # same sequence types
            vb = evaluate(second + extra)  # type: ignore[operator]  # same sequence types
            if va > vb:
                a += whole
            elif vb > va:
                b += whole
            else:
                a += half
                b += half
        return [a, b]
    return _tally_pots(fixed, [range(len(fixed))], runouts)[0]


def _seed(known: Iterable[str], board: Sequence[str]) -> bytes:
    """The draw's seed: the cards known to be out of the deck (hands and dead cards alike) and
    the board, in an order that does not depend on who holds which card or on the order the
    caller listed them. Every pot of one hand has the same known cards, so the same seed and
    the same boards (`_count_pots_together`)."""
    text = "".join(sorted(set(known) - set(board))) + "|" + "".join(sorted(board))
    return hashlib.sha256(b"equity|" + text.encode()).digest()


def _drawn(
    rest: list[eval7.Card], missing: int, samples: int, seed: bytes
) -> Iterator[list[eval7.Card]]:
    """`samples` boards of `missing` cards each, drawn by partial Fisher-Yates on the remaining
    cards (the pool's order left by one draw does not bias the next).

    The draws are 32-bit words of one SHAKE-256 output over the seed: one hash call instead of
    one per word. A word modulo at most 52 is off uniform by under 52 / 2^32, far below what an
    estimate of 10,000 boards can show.
    """
    pool = list(rest)
    n = len(pool)
    words = memoryview(hashlib.shake_256(seed).digest(4 * samples * missing)).cast("I")
    if missing == 5 and n >= 5:  # a whole board (before the flop): the same draw, unrolled
        n1, n2, n3, n4 = n - 1, n - 2, n - 3, n - 4
        for w in range(0, 5 * samples, 5):
            j = words[w] % n
            pool[0], pool[j] = pool[j], pool[0]
            j = 1 + words[w + 1] % n1
            pool[1], pool[j] = pool[j], pool[1]
            j = 2 + words[w + 2] % n2
            pool[2], pool[j] = pool[j], pool[2]
            j = 3 + words[w + 3] % n3
            pool[3], pool[j] = pool[j], pool[3]
            j = 4 + words[w + 4] % n4
            pool[4], pool[j] = pool[j], pool[4]
            yield pool[:5]
        return
    w = 0
    for _ in range(samples):
        for i in range(missing):
            j = i + words[w] % (n - i)
            w += 1
            pool[i], pool[j] = pool[j], pool[i]
        yield pool[:missing]


def pot_equities(
    pots: Sequence[Sequence[K]],
    hands: Mapping[K, Sequence[str]],
    board: Sequence[str] = (),
) -> list[Equity[K] | None]:
    """Each pot's chances, for side pots: `pots` lists who may win each pot (main pot first),
    `hands` the face-up hands. A pot is counted among its own contenders only; the other
    face-up hands are cards out of the deck (dead), since the table has seen them. A pot one
    player alone contests is his (a chance of 1); a pot whose contenders are not all face up
    gets no figures (None). Exact or sampled as `main_pot_equity`."""
    contested: dict[int, tuple[dict[K, Sequence[str]], frozenset[str]]] = {}
    for p, eligible in enumerate(pots):
        mine = {k: hands[k] for k in eligible if k in hands}
        if len(eligible) >= 2 and len(mine) == len(eligible):
            contested[p] = (mine, frozenset(c for k, cards in hands.items() if k not in mine
                                            for c in cards))
    if not getattr(_kept_only, "on", False):
        asked = []
        for mine, dead in contested.values():
            holes = [tuple(cards) for cards in mine.values()]
            asked.append((tuple(holes[i] for i in _in_order(holes)), dead))
        _count_pots_together(asked, tuple(board), SAMPLES)
    out: list[Equity[K] | None] = []
    for p, eligible in enumerate(pots):
        if len(eligible) == 1:
            out.append(Equity({eligible[0]: 1.0}, True, 0))
        elif p in contested:
            mine, dead = contested[p]
            out.append(main_pot_equity(mine, board, dead))
        else:
            out.append(None)
    return out

"""Questions with amounts, worked out by the engine under the league's profile.

"He raised 50 to 100, least I can reraise to?" is a spot in a hand: a bet of 50, a raise to
100, and a player to act. This module reads such a spot from the question, plays it on the
engine's own `Hand` (bot/engine/hand.py) with the league's profile, and reports what the engine
does there: the minimum raise it offers, what it makes of chips put in without a word, of a
declared raise, of "raise it X"; whether the betting is reopened; how a split pot is shared
(bot/engine/pots.py). The arithmetic is the engine's; nothing here computes a raise.

Only spots read with certainty are answered; any other question with numbers falls back to the
rule ("None": the lookup answers with words, as before). The words of an answer are the
presenter's (bot/discord_ui/presenter/rules.py); a `Worked` holds the numbers they need.

Spots read (the numbers may be written 1,200, 1.2k, $1200):
- the minimum raise after bets and raises ("bet 300, min raise?", "blinds 100/200, raised to
  600, smallest 3-bet?", "it went 200, 600, 1800", "he raised 50 to 100"), the minimum bet;
- an all-in short of a raise after a bet ("1000 bet then a 1200 all-in, min raise?"), and
  whether a player who already acted may raise again ("... C calls, can A raise?");
- chips put in without a word, or "make it X", facing a bet (the 50% rule or a call);
- a declared raise ("said raise to 800 facing 600"), "raise it X" ("raise it 1000 facing 400"),
  "raise" said with only the chips to call, a spoken amount against the chips thrown ("said 300
  and threw 500"), an amount below the call or above the stack;
- a pot split several ways with the smallest chip ("1,025 split two ways, 25 chips").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted, Ruling
from bot.engine.pots import build_pots, split
from bot.engine.profile import Profile
from bot.tournament.clock import clock_timing

MAX_CHARS = 100  # the lookup's bound (search.MAX_QUERY_CHARS): nothing past it is read
# Stacks of the players whose stack the question does not name: deep enough for any spot.
DEEP = 10**9
# Amounts above this are not chips anybody bets: the question is not read.
MAX_AMOUNT = 10**8
# Blinds of a spot whose blinds the question does not give, played after the flop: small
# enough that any bet named is at least a big blind.
TINY_BLINDS = (1, 2)
TABLE_SIZE = 10
# Most ways a pot is split.
MAX_WAYS = 9

SpotKind = Literal[
    "min-raise", "min-bet", "short-all-in", "reopened", "not-reopened", "make-it",
    "declared", "said-raise-call", "raise-it", "declared-vs-chips", "below-call",
    "over-stack", "split", "side-pots", "clock",
]


@dataclass(frozen=True)
class Worked:
    """What the engine does in the spot a question describes.

    `amount` is the answer's main number; `figures` every number the answer states as a
    result (the total and the chips put in, each share of a split pot); `facts` the other
    numbers the words need (the last raise, the call, the chips returned...)."""

    kind: SpotKind
    rule_id: str
    amount: int
    figures: tuple[int, ...]
    facts: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    profile: str = ""


# --- reading the question -----------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.#])\$?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?k\b)?(?![\w/.]*%)")
_COUNTS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
           "8": "eight", "9": "nine"}
_WORD_WAYS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9}


@dataclass(frozen=True)
class _Text:
    """The question in lower case with each amount replaced by `#i`, and the amounts."""

    shape: str
    values: tuple[int, ...]

    def value(self, token: str) -> int:
        return self.values[int(token)]


def _read(query: str) -> _Text | None:
    low = query[:MAX_CHARS].casefold().replace("\u2019", "'").replace("'", "")
    values: list[int] = []

    def sub(m: re.Match[str]) -> str:
        number = float(m.group(1).replace(",", ""))
        if m.group(2):
            number *= 1000
        if number != int(number) or not 0 < number <= MAX_AMOUNT:
            return " ? "
        values.append(int(number))
        return f" #{len(values) - 1} "

    # "3-bet", "4bet": names of raises, not amounts; "2 ways": a count
    low = re.sub(r"\b([2-5])[ -]?bet(s|ting)?\b", r"xbet", low)
    low = re.sub(r"\b([2-9]) (ways?|players|winners|people)\b",
                 lambda m: f"{_COUNTS[m.group(1)]} {m.group(2)}", low)
    low = re.sub(r"\bbetween ([2-9])\b(?! ?[,.]?\d)",
                 lambda m: f"between {_COUNTS[m.group(1)]}", low)
    # "100/200": the blinds, kept as one token
    low = re.sub(r"(\d[\d,.]*k?)\s*/\s*(\d[\d,.]*k?)", r"\1 slash \2", low)
    shape = _NUMBER.sub(sub, low)
    shape = re.sub(r"[^a-z0-9#?]+", " ", shape).strip()
    shape = re.sub(r"# (\d+)", r"#\1", shape)
    shape = re.sub(r"\ball ?in\b|\ball ins?\b", "allin", shape)
    shape = re.sub(r"\bre ?raise", "reraise", shape)
    if not values:
        return None
    return _Text(f" {shape} ", tuple(values))


N = r"#(\d+)"
_SILENT = re.compile(r"\bwithout (a word|saying|declaring|a declaration|announcing|any)|"
                     r"\bsilent|\bno (word|words|declaration|announcement)|\bdidnt say|"
                     r"\bnot saying|\bwithout saying|\bnever said|\bno verbal|\b(says|said|"
                     r"saying) nothing\b|\bquietly\b|\bwordlessly\b|\bdidnt (announce|declare)")
_ASK_MIN_RAISE = re.compile(
    r"\b(min|mini|minimum|least|smallest|lowest|how much|how big|at least|legal|next)\b.*"
    r"\b(rais\w*|reraise\w*|xbet\w*|click|raise)\b|"
    r"\b(rais\w*|reraise\w*|xbet\w*)\b.*\b(min|minimum|at least|least|smallest|how much)\b|"
    r"\bmin ?rais|\b(what|how much)\b.*\b(need|needs|have|has|must|got)\b.{0,20}\b(raise|reraise|"
    r"make it)\b")
_ASK_MIN_BET = re.compile(r"\b(min|minimum|least|smallest|lowest)\b.*\b(bet|open\w*|lead)\b|"
                          r"\b(bet|open\w*)\b.*\b(min|minimum|at least)\b|\bmin ?bet")
_ASK_REOPEN = re.compile(
    r"\bcan (a|the \w+ ?\w*|he|she|i|they|original|first|b)\b.{0,24}?\b(reraise|raise)\b|"
    r"\b(reopen\w*|re open\w*|open(ed)? again)\b|\b(allowed|able) to (reraise|raise)\b|"
    r"\bcan (reraise|raise) again\b")
_ASK_PUT_IN = re.compile(r"\bhow (much|many)\b.*\b(put|add|more|in)\b")


def _ways(shape: str) -> int | None:
    m = re.search(r"\b(two|three|four|five|six|seven|eight|nine) (ways?|players|winners|people)"
                  r"\b|\bbetween (two|three|four|five|six|seven|eight|nine)\b", shape)
    if m is None:
        return None
    word = m.group(1) or m.group(3)
    return _WORD_WAYS.get(word)


@dataclass
class _Spot:
    """A betting round as the question tells it: the blinds (None: not said), whether it is
    before the flop, what the players before the one in question did, in order."""

    blinds: tuple[int, int] | None = None
    preflop: bool = False
    prior: list[tuple[str, int]] = field(default_factory=list)  # (bet|raise|allin|call, to)
    hero: Literal["next", "first", "sb", "bb"] = "next"
    hero_stack: int | None = None


def _blinds(t: _Text) -> tuple[int, int] | None:
    m = re.search(rf"{N} slash {N}|\bblinds (?:of |are |at )?{N} and {N}", t.shape)
    if m:
        small, big = (t.value(g) for g in m.groups() if g is not None)
        return (small, big) if 0 < small <= big else None
    m = re.search(rf"\b(bb|big blind)( is| of| at| are)? {N}|{N} (bb|big blind)\b", t.shape)
    if m:
        big = t.value(m.group(3) or m.group(4))
        return (max(1, big // 2), big)
    return None


# The deeds of the players before the one in question, as (pattern, deed); a pattern's groups
# are the amounts it names, in order. A raise "from X to Y" is a bet of X and a raise to Y.
_DEEDS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), d) for p, d in (
    (rf"\b(?:rais\w*|reraise\w*|went|go|goes|bumped|bump\w*|made it|makes it)\s+(?:was\s+|went\s+|"
     rf"is\s+|of\s+)?(?:it\s+)?(?:from\s+)?{N}\s+to\s+{N}", "bet-raise"),
    (rf"\b(?:went|goes|action was|action went|it was)\s+{N}(?:\s+(?:then\s+|and\s+)?{N})"
     rf"(?:\s+(?:then\s+|and\s+)?{N})?(?:\s+(?:then\s+|and\s+)?{N})?", "sequence"),
    (rf"\b(?:allin|shove\w*|jam\w*|push\w*|ship\w*)\s+(?:for\s+|of\s+|with\s+)?{N}", "allin"),
    (rf"{N}\s+(?:allin|shove|jam)\b", "allin"),
    (rf"\b(?:rais\w*|reraise\w*|xbet\w*|makes it|made it|make it|opens? to|opened to|"
     rf"opens?|opened|min raised to|limp raise\w* to)\s+(?:to\s+|for\s+)?{N}", "raise"),
    (rf"\b(?:bets?|betting|leads?(?: out)?(?: for)?|donks?|fires?|fired|c ?bets?)\s+"
     rf"(?:of\s+|for\s+)?{N}", "bet"),
    (rf"(?:\b(?:a|an|the|his|her|their)\s+)?{N}\s+bet\b", "bet"),
    (r"\bcall(?:s|ed)?\b|\bflat(?:s|ted)?\b", "call"),
))


def _deeds(shape: str, t: _Text, skip: Sequence[tuple[int, int]]
           ) -> tuple[list[tuple[int, str, int]], list[tuple[int, int]]]:
    """(position, deed, amount to) for every deed named, in the order written, and the spans of
    text they were read from; text inside a `skip` span (the deed in question, the blinds) is
    not a deed of another player."""
    found: list[tuple[int, int, str, list[int]]] = []
    for pattern, deed in _DEEDS:
        for m in pattern.finditer(shape):
            if any(a <= m.start() < b or a < m.end() <= b for a, b in skip):
                continue
            amounts = [t.value(g) for g in m.groups() if g is not None]
            found.append((m.start(), m.end(), deed, amounts))
    # the longest reading of a stretch wins ("raised 50 to 100" is not also "raised 50")
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    out: list[tuple[int, str, int]] = []
    spans: list[tuple[int, int]] = []
    end = -1
    for start, stop, deed, amounts in found:
        if start < end:
            continue
        end = stop
        spans.append((start, stop))
        if deed in ("bet-raise", "sequence"):
            out.append((start, "bet", amounts[0]))
            out += [(start, "raise", a) for a in amounts[1:]]
        elif deed == "call":
            out.append((start, "call", 0))
        else:
            out.append((start, deed, amounts[0]))
    return out, spans


def _facing(shape: str, t: _Text) -> tuple[tuple[int, int], str, int] | None:
    """"facing a raise to 600", "into his bet of 800", "the bet is 100": the bet the player in
    question faces, with where it is said."""
    m = re.search(
        rf"\b(?:facing|into|vs|versus|against|over|to call|call)\s+(?:a\s+|an\s+|the\s+|his\s+|"
        rf"her\s+|my\s+|their\s+)?(?:(raise|reraise|bet|shove|allin)\s+(?:to\s+|of\s+|for\s+)?)?"
        rf"{N}(?:\s+(raise|bet|open|shove|allin))?|"
        rf"\b(?:the\s+)?(bet|raise)\s+(?:in front of (?:me|him|her)\s+|to (?:me|him|her)\s+|"
        rf"i (?:face|faced|am facing)\s+|facing (?:me|him|her)\s+)?(?:is|was|of)\s+(?:to\s+)?{N}"
        rf"(?!\s+to\s+#)", shape)
    if m is None:
        return None
    word = m.group(1) or m.group(3) or m.group(4)
    amount = t.value(m.group(2) or m.group(5))
    # "facing 600" at given blinds is the raise before the flop the seeds' examples tell
    deed = ("raise" if word in ("raise", "reraise", "open") else "allin" if word in (
        "shove", "allin") else "bet" if word == "bet" or _blinds(t) is None else "raise")
    return (m.start(), m.end()), deed, amount


# --- playing the spot on the engine ---------------------------------------------------------


def _seats(count: int, stacks: Mapping[int, int]) -> tuple[Seat, ...]:
    return tuple(Seat(s, f"p{s}", stacks.get(s, DEEP)) for s in range(1, count + 1))


def _play(spot: _Spot, profile: Profile) -> tuple[Hand, int] | None:
    """The hand at the moment the player in question is to act, and his seat; None when the
    spot cannot be played as told (a bet below the minimum, an all-in for less than a call).

    Seats: the small blind is seat 1, the big blind seat 2, the button the last seat. Before
    the flop the players of the question act from seat 3 on; after it (everyone having called
    the big blind before the flop) from seat 1 on. The player in question is the next one, or
    the first of them ("can A raise again?"), or a blind; anyone else folds to him."""
    small, big = spot.blinds or TINY_BLINDS
    preflop = spot.preflop
    if spot.hero in ("sb", "bb") and not preflop:
        return None
    first_seat = 3 if preflop else 1
    last_actor = first_seat + len(spot.prior) - 1
    hero_seat = {"first": first_seat, "sb": 1, "bb": 2}.get(spot.hero, last_actor + 1)
    count = max(3, last_actor, hero_seat)
    if count > TABLE_SIZE:
        return None
    stacks: dict[int, int] = {}
    for i, (deed, to) in enumerate(spot.prior):
        if deed == "allin":
            stacks[first_seat + i] = to + (0 if preflop else big)
    if spot.hero_stack is not None:
        posted = big if not preflop else small if hero_seat == 1 else big if hero_seat == 2 else 0
        stacks[hero_seat] = spot.hero_stack + posted
    try:
        hand = Hand.start(HandConfig("rule", _seats(count, stacks), count, small, big,
                                     profile=profile, deck_seed="rule", table_size=TABLE_SIZE))
        if not preflop:
            while hand.street == "preflop" and hand.to_act is not None:
                hand.check_or_call(hand.to_act)
            if hand.street != "flop" or hand.to_act != 1:
                return None
        for i, (deed, to) in enumerate(spot.prior):
            actor = hand.to_act
            if actor != first_seat + i:
                return None
            if deed == "call":
                hand.call(actor)
            elif deed == "allin":
                hand.all_in(actor)
            else:
                hand.wager_to(actor, to)
        while hand.to_act is not None and hand.to_act != hero_seat:
            hand.fold(hand.to_act)
    except IllegalAction:
        return None
    if hand.to_act != hero_seat or hand.is_over:
        return None
    return hand, hero_seat


def _new_rulings(hand: Hand, before: int) -> list[str]:
    return [e.rule_id for e in hand.events[before:] if isinstance(e, Ruling)]


def _acted(hand: Hand, before: int, seat: int) -> Acted | None:
    for e in hand.events[before:]:
        if isinstance(e, Acted) and e.seat == seat:
            return e
    return None


def _short_all_in(hand: Hand) -> bool:
    return any(r.rule_id == "incomplete-all-in" for r in hand.rulings)


def _worked(kind: SpotKind, rule_id: str, figures: Sequence[int], profile: Profile,
            **facts: int) -> Worked:
    return Worked(kind, rule_id, figures[0], tuple(figures), MappingProxyType(dict(facts)),
                  profile.name)


def _min_raise(spot: _Spot, profile: Profile) -> Worked | None:
    played = _play(spot, profile)
    if played is None:
        return None
    hand, _ = played
    legal = hand.legal()
    if legal is None:
        return None
    if not legal.can_raise:
        return _reopen_answer(hand, spot, profile)
    if hand.current_bet == 0:
        return _worked("min-bet", "minimum-bet", [legal.min_raise_to], profile,
                       big_blind=hand.big_blind)
    facts = {"last_raise": hand.last_full_raise, "current": hand.current_bet}
    if _short_all_in(hand):
        return _worked("short-all-in", "incomplete-all-in", [legal.min_raise_to], profile,
                       **facts)
    return _worked("min-raise", "minimum-raise", [legal.min_raise_to], profile, **facts)


def _reopen_answer(hand: Hand, spot: _Spot, profile: Profile) -> Worked | None:
    legal = hand.legal()
    if legal is None:
        return None
    several = sum(d == "allin" for d, _ in spot.prior) >= 2
    rule = "cumulative-all-ins" if several else "not-reopened"
    facts = {"call": legal.call_amount, "current": hand.current_bet,
             "last_raise": hand.last_full_raise, "several": int(several),
             "add_up": int(profile.cumulative_short_all_ins_reopen)}
    if legal.can_raise:
        return _worked("reopened", rule, [legal.min_raise_to], profile, **facts)
    return _worked("not-reopened", rule, [legal.call_amount], profile, **facts)


def _act(spot: _Spot, profile: Profile, how: str, amount: int) -> Worked | None:
    """The player in question puts in chips (`make_it`), declares a raise to (`raise_to`) or
    by (`raise_by`) an amount, or bets: what the engine makes of it."""
    played = _play(spot, profile)
    if played is None:
        return None
    hand, seat = played
    legal = hand.legal()
    if legal is None:
        return None
    before = len(hand.events)
    had = hand.player(seat).bet
    try:
        if how == "raise_by":
            hand.raise_by(seat, amount)
        elif how == "raise_to":
            hand.raise_to(seat, amount)
        else:
            hand.make_it(seat, amount)
    except IllegalAction as exc:
        if exc.rule_id == "below-call":
            return _worked("below-call", "below-call", [hand.current_bet], profile,
                           asked=amount, call=legal.call_amount, current=hand.current_bet)
        return None
    acted = _acted(hand, before, seat)
    if acted is None:
        return None
    rulings = _new_rulings(hand, before)
    facing = legal.call_amount + had
    target = facing + amount if how == "raise_by" else amount
    facts = {"asked": amount, "target": target, "to": acted.to, "added": acted.added,
             "had": had, "facing": facing, "last_raise": _last_raise(hand, before),
             "min_to": legal.min_raise_to, "increase": target - facing,
             "returned": max(0, target - acted.to),
             "fifty": int(profile.make_it == "fifty_percent")}
    if "all-in-over-stack" in rulings:
        return _worked("over-stack", "all-in-over-stack", [acted.to], profile, **facts)
    if how == "raise_by":
        rule = "declared-raise" if {"declared-raise", "make-it", "fifty-percent"} & set(
            rulings) else "raise-it"
        return _worked("raise-it", rule, [acted.to, acted.added], profile, **facts)
    if how == "raise_to":
        return _worked("declared", "declared-raise", [acted.to], profile, **facts)
    rule = "fifty-percent" if "fifty-percent" in rulings else "make-it"
    return _worked("make-it", rule, [acted.to], profile, **facts)


def _last_raise(hand: Hand, before: int) -> int:
    """The last full raise the player faced (read from the rulings the engine posted, else the
    hand's own count, which an action may have moved)."""
    for e in hand.events[before:]:
        if isinstance(e, Ruling) and "last_raise" in e.amounts:
            return e.amounts["last_raise"]
    return hand.last_full_raise


def _said_raise_with_a_call(spot: _Spot, profile: Profile) -> Worked | None:
    """"Raise" said, then only the chips to call put in: a declared raise binds to the minimum
    raise where a short declaration is made the minimum; where it is read as "make it", the
    chips in are a call (the engine's reading of each)."""
    played = _play(spot, profile)
    if played is None:
        return None
    hand, seat = played
    legal = hand.legal()
    if legal is None or not legal.can_raise or legal.call_amount == 0:
        return None
    call_to = hand.current_bet
    if profile.short_declared_raise == "minimum":
        return _worked("said-raise-call", "declared-raise", [legal.min_raise_to], profile,
                       call_to=call_to, min_to=legal.min_raise_to)
    before = len(hand.events)
    hand.make_it(seat, call_to)
    acted = _acted(hand, before, seat)
    if acted is None:
        return None
    return _worked("said-raise-call", "declared-raise", [acted.to], profile,
                   call_to=call_to, min_to=legal.min_raise_to)


def _declared_vs_chips(spot: _Spot, profile: Profile, said: int, threw: int) -> Worked | None:
    """A spoken amount and different chips: the spoken amount binds (TREPS and Tavern
    "Verbal Declarations"); the engine plays it as declared."""
    played = _play(spot, profile)
    if played is None:
        return None
    hand, seat = played
    before = len(hand.events)
    had = hand.player(seat).bet
    faced = hand.current_bet
    try:
        hand.raise_to(seat, said)
    except IllegalAction:
        return None
    acted = _acted(hand, before, seat)
    if acted is None:
        return None
    return _worked("declared-vs-chips", "verbal-declaration", [acted.to], profile,
                   said=said, threw=threw, to=acted.to, facing=faced,
                   returned=max(0, threw - (acted.to - had)),
                   called=int(acted.action == "call"))


def _said_call(spot: _Spot, profile: Profile, threw: int) -> Worked | None:
    """"Call" said, and more chips thrown: the word binds, so it is a call (TREPS and Tavern
    "Verbal Declarations"); the chips beyond it go back."""
    played = _play(spot, profile)
    if played is None:
        return None
    hand, seat = played
    legal = hand.legal()
    if legal is None or legal.call_amount == 0:
        return None
    before = len(hand.events)
    had = hand.player(seat).bet
    hand.call(seat)
    acted = _acted(hand, before, seat)
    if acted is None:
        return None
    return _worked("declared-vs-chips", "verbal-declaration", [acted.to], profile,
                   said=acted.to, threw=threw, to=acted.to, facing=acted.to,
                   returned=max(0, threw - (acted.to - had)), called=1)


def _split(t: _Text, profile: Profile) -> Worked | None:
    shape = t.shape
    ways = _ways(shape)
    if ways is None or not 2 <= ways <= MAX_WAYS:
        return None
    pot = re.search(rf"\b(?:pot|pots)\s+(?:of\s+|is\s+|was\s+)?{N}|{N}\s+(?:pot|chip pot)\b|"
                    rf"{N}\s+(?:is\s+|gets\s+|was\s+)?(?:split|chopped|divided)\b|"
                    rf"\b(?:split|chop\w*|divid\w*)\s+(?:a\s+|the\s+)?(?:pot\s+of\s+)?{N}", shape)
    if pot is None:
        return None
    amount = t.value(next(g for g in pot.groups() if g is not None))
    unit_m = re.search(rf"{N}\s+(?:chips?|chip is|are the smallest|s\b)|"
                       rf"\b(?:smallest|lowest|small) (?:chip|denomination)\s+(?:is\s+|of\s+)?{N}",
                       shape)
    unit = t.value(next(g for g in unit_m.groups() if g is not None)) if unit_m else 1
    if unit <= 0 or unit > amount:
        return None
    # winners in seats 1..ways, button on the last: the first share goes left of the button
    shares = split(amount, list(range(1, ways + 1)), ways, TABLE_SIZE, unit)
    ordered = [shares[s] for s in range(1, ways + 1)]
    figures = sorted(set(ordered), reverse=True)
    odd = sum(1 for s in ordered if s > min(ordered))
    return _worked("split", "odd-chip" if odd else "split-pot", figures, profile,
                   pot=amount, ways=ways, unit=unit, odd=odd, high=max(ordered),
                   low=min(ordered))


_CLOCK = re.compile(r"\b(how long|how many seconds|how much time|how many minutes|what time limit|"
                    r"seconds|minutes?)\b.*\bclock\b|\bclock\b.*\b(how long|how many seconds|"
                    r"how much time|seconds|minutes?)\b")


def _clock(query: str, profile: Profile) -> Worked | None:
    """How long a player has once the clock is called, by the director's own timing for the
    profile (bot/tournament/clock.py)."""
    low = query[:MAX_CHARS].casefold()
    if not _CLOCK.search(low) or re.search(r"\b(blind|level|tournament) clock\b", low):
        return None
    timing = clock_timing(profile)
    return _worked("clock", "clock", [timing.expires_after], profile,
                   countdown=profile.clock_countdown_seconds,
                   countdown_from=timing.countdown_after,
                   folds=int(profile.clock_expiry == "fold"))


def _side_pots(t: _Text, profile: Profile) -> Worked | None:
    """"A is all-in for 300, B for 700, C calls 1,000": the pots the engine builds, each among
    the players who put chips into it; a part nobody matched goes back."""
    shape = t.shape
    committed: list[int] = []
    for m in re.finditer(rf"{N}", shape):
        committed.append(t.value(m.group(1)))
    # "C calls" (no amount): he puts in as much as the biggest stack so far
    calls = len(re.findall(r"\bcall(?:s|ed)?\b(?!\s+#)", shape))
    if committed and calls:
        committed += [max(committed)] * calls
    if not 2 <= len(committed) <= TABLE_SIZE or not re.search(r"\ballin\b|\bshove", shape):
        return None
    seats = {i + 1: amount for i, amount in enumerate(committed)}
    pots = build_pots(seats, list(seats))
    contested = [p for p in pots if len(p.eligible) > 1]
    returned = sum(p.amount for p in pots if len(p.eligible) == 1)
    if not contested:
        return None
    figures = [p.amount for p in contested]
    return _worked("side-pots", "side-pots", figures, profile, main=figures[0],
                   sides=len(figures) - 1, returned=returned, players=len(committed))


# --- the question ---------------------------------------------------------------------------


def work_out(query: str, profile: Profile) -> Worked | None:
    """The amounts of a question as the engine plays them under `profile`, or None when the
    question names no spot this module reads with certainty."""
    clock = _clock(query, profile)
    if clock is not None:
        return clock
    t = _read(query)
    if t is None:
        return None
    shape = t.shape
    if re.search(r"\b(side pots?|main pot)\b", shape):
        return _side_pots(t, profile)
    if re.search(r"\b(split|chop\w*|divid\w*|share)\b", shape):
        return _split(t, profile)
    blinds = _blinds(t)
    skip: list[tuple[int, int]] = []
    m = re.search(rf"{N} slash {N}|\bblinds (?:of |are |at )?{N} and {N}|"
                  rf"\b(bb|big blind)( is| of| at| are)? {N}|{N} (bb|big blind)", shape)
    if m:
        skip.append(m.span())
    hero = _deed_in_question(shape, t)
    if hero is not None:
        skip.append(hero[0])
    sized = _raise_sized(shape, t)
    if sized is not None:
        skip.append(sized[0])
    facing = _facing(shape, t)
    if facing is not None and sized is not None and facing[0][0] < sized[0][1]:
        facing = None  # "the last raise was 200" is the size of a raise, not a bet faced
    if facing is not None:
        skip.append(facing[0])
    deeds, spans = _deeds(shape, t, skip)
    if sized is not None:
        deeds = sorted([*deeds, *((sized[0][0], d, a) for d, a in sized[1])])
    if not _all_read(shape, [*skip, *spans]):
        # an amount the question gives that no deed, blind or bet faced accounts for: the spot
        # is not read with certainty, so no number is worked out
        return None
    if facing is not None:
        # the bet faced takes its place among the deeds told: "facing 600", "into a 700 bet",
        # "over a 1,000 bet" say what came before the deed they follow; "the bet was 250, then
        # a raise" tells it in order
        first = re.match(r"(facing|into|vs|versus|against|over|to call|call)\b",
                         shape[facing[0][0]:])
        deeds = sorted([*deeds, (-1 if first else facing[0][0], facing[1], facing[2])])
    spot = _Spot(blinds=blinds)
    prior = _dedupe([(d, a) for _, d, a in deeds])
    if re.search(r"\b(from|in) the (small blind|sb)\b|\b(small blind|sb) (says|said|raises|"
                 r"makes|goes|wants)\b", shape):
        spot.hero = "sb"
    elif re.search(r"\b(from|in) the (big blind|bb)\b|\b(big blind|bb) (says|said|raises|makes|"
                   r"goes|wants)\b", shape):
        spot.hero = "bb"
    spot.preflop = _preflop(prior, blinds, shape)
    if spot.preflop:
        read = _preflop_deeds(prior, blinds)
        if read is None:
            return None
        prior = read
    spot.prior = prior
    if hero is not None:
        return _question_deed(hero, spot, t, profile)
    if _ASK_REOPEN.search(shape) and prior and prior[0][0] == "bet" and any(
            d == "allin" for d, _ in prior):
        spot.hero = "first"
        played = _play(spot, profile)
        return _reopen_answer(played[0], spot, profile) if played else None
    if _ASK_MIN_RAISE.search(shape) and (prior or blinds):
        if not prior and not spot.preflop:
            spot.preflop = True
        return _min_raise(spot, profile)
    if _ASK_MIN_BET.search(shape) and blinds and not prior:
        # opening before the flop is a raise of the big blind; after it, a bet
        spot.preflop = bool(re.search(r"\b(preflop|pre flop|before the flop|utg|under the gun)\b",
                                      shape))
        return _min_raise(spot, profile)
    return None


# Words of a question that asks for an amount ("min raise?", "how much", "what's the total").
_ASKS = re.compile(r"\b(min|mini|minimum|least|smallest|lowest|how much|how many|total|what "
                   r"(does|do|is|s|would)|whats|can (he|she|i|a|they)|what now|who gets)\b")


def asks_amounts(query: str) -> bool:
    """Whether a question is about amounts the engine might settle: several amounts, or one with
    a question about it. Such a question that `work_out` cannot read is not answered with a
    sure rule: its number would be missing."""
    t = _read(query)
    if t is None:
        return False
    return len(t.values) >= 2 or bool(_ASKS.search(t.shape))


def _raise_sized(shape: str, t: _Text) -> tuple[tuple[int, int], list[tuple[str, int]]] | None:
    """"The last raise was 200 and the bet is now 600": a round whose raises were each 200,
    from a bet of 200 up to 600 (what the engine needs to know is the bet and the last full
    raise; raises of that size lead there)."""
    m = re.search(rf"\b(?:previous|last) (?:raise|bet|raise size)(?: was| of| is)? (?:by )?{N}\b"
                  rf".{{0,30}}?\b(?:bet|it|its|current bet|to call)(?: is| was| s)? (?:now )?"
                  rf"(?:at )?(?:up to )?{N}", shape)
    if m is None:
        return None
    size, to = t.value(m.group(1)), t.value(m.group(2))
    if not 0 < size <= to or to % size or to // size > TABLE_SIZE - 2:
        return None
    return m.span(), [("bet", size), *(("raise", size * k) for k in range(2, to // size + 1))]


def _all_read(shape: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether every amount of the question lies in a span that was read."""
    return all(any(a <= m.start() < b for a, b in spans) for m in re.finditer(r"#\d+", shape))


def _dedupe(prior: list[tuple[str, int]]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for deed in prior:
        if not out or out[-1][1] != deed[1] or deed[0] == "call":
            out.append(deed)
    return out


def _preflop(prior: Sequence[tuple[str, int]], blinds: tuple[int, int] | None,
             shape: str) -> bool:
    """Before the flop when the question says so, or gives the blinds and tells raises (not a
    bet, which opens a round after the flop)."""
    if re.search(r"\b(flop|turn|river|postflop|post flop)\b", shape):
        return False
    if re.search(r"\b(preflop|pre flop|before the flop|utg|under the gun)\b", shape):
        return blinds is not None
    if blinds is None:
        return False
    return not prior or prior[0][0] != "bet" or prior[0][1] == blinds[1]


def _preflop_deeds(prior: list[tuple[str, int]],
                   blinds: tuple[int, int] | None) -> list[tuple[str, int]] | None:
    """Before the flop the big blind is the bet: "from 200 to 700" at 100/200 is a raise to
    700, and a bet named there is a raise to it."""
    if blinds is None:
        return None
    out = []
    for deed, to in prior:
        if deed == "bet" and to == blinds[1]:
            continue
        out.append(("raise", to) if deed == "bet" else (deed, to))
    return out


# The deed the question asks about: (span, how, amount, second amount)
_Deed = tuple[tuple[int, int], str, int, int]


def _deed_in_question(shape: str, t: _Text) -> _Deed | None:
    m = re.search(rf"\b(?:i|he|she)\s+(?:only\s+)?(?:have|has|had)\s+(?:only\s+)?{N}\b.{{0,30}}?"
                  rf"\b(?:bet|bets|typed|raise\w*|shove\w*)\s+(?:to\s+)?{N}", shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(2)), t.value(m.group(1))
    m = re.search(rf"\b(?:stack|chips) (?:is|was|are|were|of)\s+(?:only\s+)?{N}\b.{{0,30}}?"
                  rf"\b(?:bet|bets|typed|raise\w*|shove\w*|said)\s+(?:raise\s+)?(?:to\s+)?{N}",
                  shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(2)), t.value(m.group(1))
    m = re.search(rf"\b(?:bet|bets|typed|raise\w*)\s+(?:to\s+)?{N}\b.{{0,30}}?\b(?:with|but)\s+"
                  rf"(?:only\s+)?(?:a\s+)?{N}\s*(?:stack|chips|left|behind|in (?:my|his) stack)",
                  shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:said|says|say|announced?|declared?|called out)\s+{N}\b.{{0,30}}?"
                  rf"\b(?:threw|throws?|put|puts|pushe[sd]?|tossed|slid|slides|dropped|"
                  rf"bet|had|chips (?:were|was|are|came to)|chips)\s+(?:in\s+|out\s+|forward\s+)?"
                  rf"{N}", shape)
    if m:
        return m.span(), "said-vs-chips", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:said|says|say|announced?|declared?)\s+call\b.{{0,30}}?\b(?:threw|throws?|"
                  rf"put|puts|pushe[sd]?|tossed|slid|dropped)\s+(?:in\s+|out\s+)?{N}", shape)
    if m:
        return m.span(), "said-call", 0, t.value(m.group(1))
    m = re.search(r"\b(said|says|say|announced?|declared?)\s+raise\b.{0,40}?\b((enough|just|only|"
                  r"chips|amount)\b.{0,12}\bcall|to call|the call)\b", shape)
    if m:
        return m.span(), "said-raise-call", 0, 0
    m = re.search(rf"\brais\w*\s+it\s+(?:by\s+)?{N}|"
                  rf"\b(?:said|says|say|declared?|announced?)\s+(?:i\s+)?raise\s+(?:by\s+)?{N}"
                  rf"(?!\s+to\b)|\braise it\s+(?:by\s+)?{N}|\braise by\s+{N}", shape)
    if m:
        return m.span(), "raise_by", t.value(next(g for g in m.groups() if g is not None)), 0
    m = re.search(rf"\b(?:said|says|say|declared?|announced?|i)\s+(?:i\s+)?rais\w*\s+to\s+{N}|"
                  rf"\b(?:said|says)\s+{N}\b", shape)
    if m:
        return m.span(), "raise_to", t.value(next(g for g in m.groups() if g is not None)), 0
    m = re.search(rf"\b(?:lets\s+)?make it\s+{N}", shape)
    rest = shape[:m.start()] + shape[m.end():] if m else ""
    if m and re.search(r"\b(facing|into|vs|against|over|call|bet|raise\w*)\b", rest):
        return m.span(), "make_it", t.value(m.group(1)), 0
    m = re.search(rf"\bcall(?:ed|s|ing)?\s+(?:only\s+|just\s+)?{N}\b.{{0,30}}?\b(?:when|but|"
                  rf"while|and)\b.{{0,20}}?\b(?:bet|raise)\s+(?:was|is|of)\s+(?:to\s+)?{N}", shape)
    if m and t.value(m.group(1)) < t.value(m.group(2)):
        # a call of less than the bet: chips put in short of a call
        return (m.start(), m.end(1)), "make_it", t.value(m.group(1)), 0
    # the last chips put in are the deed in question ("someone bets 400 and I put in 600")
    puts = list(re.finditer(rf"\b(?:puts?|put|putting|throws?|threw|thrown|tosse[sd]?|toss|"
                            rf"pushe[sd]?|push|slides?|slid|sticks?|stuck|drops?|dropped|bet)\s+"
                            rf"(?:in\s+|out\s+|forward\s+)?(?:only\s+|just\s+)?{N}"
                            rf"(?:\s+(?:in|out|forward))?", shape))
    if puts and (_SILENT.search(shape) or _facing(shape, t) is not None or re.search(
            r"\b(into|facing|vs|against|over)\b", shape)):
        m = puts[-1]
        return m.span(), "make_it", t.value(m.group(1)), 0
    return None


def _question_deed(deed: _Deed, spot: _Spot, t: _Text, profile: Profile) -> Worked | None:
    _, how, amount, other = deed
    if how == "said-vs-chips":
        return _declared_vs_chips(spot, profile, amount, other)
    if how == "said-call":
        return _said_call(spot, profile, other) if spot.prior else None
    if how == "said-raise-call":
        return _said_raise_with_a_call(spot, profile) if spot.prior else None
    if how == "over-stack":
        spot.hero_stack = other
        if amount <= other:
            return None
        if spot.prior:
            return _act(spot, profile, "raise_to", amount)
        return _act(spot, profile, "raise_to", amount)
    if not spot.prior:
        return None
    worked = _act(spot, profile, how, amount)
    if worked is not None and how == "raise_by" and _ASK_PUT_IN.search(t.shape):
        # "how much do I put in": the chips added come first
        worked = Worked(worked.kind, worked.rule_id, worked.facts["added"],
                        (worked.facts["added"], worked.facts["to"]), worked.facts,
                        worked.profile)
    return worked

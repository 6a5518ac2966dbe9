"""What a question asks of the pots a story of all-ins makes (bot/rulebook/pot_story.py reads
the story): the main pot, a side pot (the first, the second, the last), how many pots there are,
what comes back to a player, what a player wins (who beats whom, told) or can win at most. The
pots are the engine's (bot/engine/pots.py); a question asked with any doubt gives no number."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.pots import Pot, build_pots
from bot.engine.profile import Profile
from bot.rulebook.amount_words import Text
from bot.rulebook.pot_sums import ASK_BACK
from bot.rulebook.worked import Worked, worked

ASK_POTS = re.compile(r"\b(pot|pots|side ?pot|main ?pot)\b")
ASK_SIDE = re.compile(r"\bside ?pots?\b")
ASK_MAIN = re.compile(r"\bmain ?pots?\b|\bmain (?:and|n|&) side\b")
# every pot together: "total pot", "the whole pot", "all the pots"
TOTAL = re.compile(r"\b(?:total|whole|entire|overall) pots?\b|\bpots? (?:in )?total\b|"
                   r"\ball (?:the )?pots\b|\bpots? altogether\b|\b(?:in|of) (?:all|both) pots\b")
# "how many pots is that", "number of side pots"
ASK_COUNT = re.compile(r"\bhow many (side )?pots\b|\b(number|count) of (side )?pots\b")
# "the last side pot", "the second side pot", "side pot 2" (read as "the second side pot")
WHICH_SIDE = re.compile(r"\b(first|second|third|last|top|final) side ?pot\b")
# "the second pot": the pots counted from the main pot
WHICH_POT = re.compile(r"\b(first|second|third|fourth|last) pot\b")
# a player named in the question by what he put in: "the 2500 guy", "the 2500 stack", "the 5000"
BY_STACK = re.compile(r"\b(?:the|of the|his|my) #(\d+)(?: (?:guy|stack|player|one|dude))?\b")
NAME = (r"(i|me|[a-h]|(?:the )?(?:short|shortest|small|smallest|big|bigger|biggest) (?:stack|guy)|"
        r"[a-z]{3,12})")
# a player named by his stack: the shortest or the biggest
SHORTEST = re.compile(r"(?:the )?(?:short|shortest|small|smallest) (?:stack|guy)|shorty|shortie")
BIGGEST = re.compile(r"(?:the )?(?:big|bigger|biggest) (?:stack|guy)")
# whose chips come back: "does B get back", "back to me", "B gets back"
BACK_TO = re.compile(rf"\b(?:do|does|did|will|would|should|can) {NAME} (?:get|take|gets)\b|"
                     rf"\bback to {NAME}\b|\b{NAME} (?:gets|takes|get|take) back\b")
# who the question asks about: what he wins, takes, or can win at most
ASK_WON = re.compile(rf"\bhow much (?:do|does|did|will|would) {NAME} (?:win|take|get|collect|"
                     rf"scoop)\b|\bwhat (?:do|does|did|will|would) {NAME} (?:win|take|get|collect|"
                     rf"scoop)\b|\bhow much (?:is|goes) (?:to )?{NAME} (?:win\w*|gett\w*)\b")
ASK_MOST = re.compile(rf"\b(?:most|max|maximum|how much) {NAME} (?:can|could) (?:win|take)\b|"
                      rf"\bhow much can {NAME} (?:win|take)\b|\bwhat can {NAME} (?:win|take)\b")
# who wins which pot, told: "A wins main", "B beats C", "i win with the best hand"
BEST = re.compile(rf"\b{NAME} (?:wins?|won|takes?|took|scoops?|has|had|have) (?:it all|everything|"
                  rf"all|the nuts|the best hand|best hand|with the best hand|with best hand)\b|"
                  rf"\b{NAME} (?:wins?|won) with (?:the )?(?:best|nuts|better)\b|"
                  # "A wins. how much does A win": the hand, every pot he is in
                  rf"\b{NAME} (?:wins|won)(?: it)?(?= (?:how|what|whats|so|then)\b| ?\??\s*$)")
WINS_POT = re.compile(rf"\b{NAME} (?:wins?|won|takes?|took) (?:the )?(main|side)(?: ?pot)?\b")
BEATS = re.compile(rf"\b{NAME} (?:beats?|beat|outdraws?|has better than|is ahead of) {NAME}\b")


@dataclass(frozen=True)
class PotSpot:
    """Who put in what (by seat), who is still in, what each seat is called (the story's
    name, or "" for one it gives none), and the chips in the pot before the round told
    (`earlier` when the story begins on a later street and does not say them); `more_after`
    when those with chips left bet on after the story, by sizes not told (only the pot of
    the shortest all-in is known then)."""

    totals: Mapping[int, int]
    live: Sequence[int]
    names: Mapping[int, str]
    dead: int = 0
    earlier: bool = False
    more_after: bool = False
    all_in: Sequence[int] = ()

    def pots(self) -> list[Pot]:
        return build_pots(self.totals, self.live, self.dead)


def pots_asked(asked: str, spot: PotSpot, t: Text, profile: Profile) -> Worked | None:
    """The numbers the question (`asked`: its shape, who wins told in it too) asks of the
    spot's pots, or None when it asks nothing read for sure."""
    pots = spot.pots()
    contested = [p for p in pots if len(p.eligible) > 1]
    returned = {p.eligible[0]: p.amount for p in pots if len(p.eligible) == 1}
    if not contested:
        return None
    main = contested[0].amount
    facts = {"main": main, "sides": len(contested) - 1, "returned": sum(returned.values()),
             "players": len(contested[0].eligible), "earlier": int(spot.earlier), "dead": spot.dead}
    facts |= {f"side_{i}": p.amount for i, p in enumerate(contested[1:], start=1)}
    if re.search(r"\bhow many\b", asked) and not ASK_COUNT.search(asked):
        return None  # "how many players are in the side pot": a count the pots do not give
    question = re.search(r"\b(how|what|whats|wats|which)\b", asked)
    if spot.more_after and (returned or not set(contested[-1].eligible) & set(spot.all_in)
                            or ASK_BACK.search(asked) or ASK_COUNT.search(asked)
                            or ASK_SIDE.search(asked)):
        return None  # those still betting put more in later: only the all-ins' pots are known
    named = _named_by_stack(asked[question.start():], spot, t) if question else None
    if named == -1:
        return None
    if ASK_BACK.search(asked):
        if named is None:
            named = _asker_of_back(asked, spot, returned)
            if named == -1:
                return None
        back = sum(returned.values()) if named is None else returned.get(named, 0)
        if back <= 0 or named is None and len(returned) != 1:
            return None
        bet = spot.totals[next(iter(returned))] if named is None else spot.totals[named]
        return worked("uncalled", "uncalled-bet", [back], profile, bet=bet, called=bet - back)
    if ASK_COUNT.search(asked):
        sides = re.search(r"\bside pots\b", asked) is not None
        count = len(contested) - int(sides)
        return worked("side-pots", "side-pots", [count, *(p.amount for p in contested)],
                      profile, count=count, side_count=int(sides), **facts)
    won = _won(asked, spot, contested, returned)
    if won is not None:
        if won < 0:
            return None
        return worked("side-pots", "side-pots", [won, *(p.amount for p in contested)], profile,
                      won=won, most=int(ASK_MOST.search(asked) is not None), **facts)
    if not ASK_POTS.search(asked) or ASK_SIDE.search(asked) and len(contested) < 2:
        return None
    last = list(re.finditer(r"\b(how|what|whats|wats|which)\b", asked))
    if last and re.match(r"\w+ (?:much |many )?(?:do|does|did|will|would|can|could|should) \w+",
                         asked[last[-1].start():]) and not re.search(
            r"\b(pots?|main|side)\b", asked[last[-1].start():]):
        return None  # "..., how much does C" (cut short): the question is not about the pots
    if TOTAL.search(asked):
        # "total pot": every pot together
        total = sum(p.amount for p in contested)
        if spot.earlier or spot.more_after:
            return None
        return worked("side-pots", "side-pots", [total, *(p.amount for p in contested)],
                      profile, total=total, **facts)
    nth = WHICH_POT.search(asked)
    if nth is not None and not spot.earlier:
        # "the second pot": counted from the main pot
        index = {"first": 0, "second": 1, "third": 2, "fourth": 3}.get(nth.group(1),
                                                                     len(contested) - 1)
        if index >= len(contested):
            return None
        figures = [contested[index].amount, *(p.amount for i, p in enumerate(contested)
                                              if i != index)]
        return worked("side-pots", "side-pots", figures, profile, **facts)
    if len(contested) > 1 and not (ASK_MAIN.search(asked) or ASK_SIDE.search(asked) or re.search(
            r"\b(pots|each pot|every pot)\b", asked)):
        return None  # "how big is the pot" with several: the main one or all of them, not said
    figures = [p.amount for p in contested]
    # "the side pot" (not "the side pots", all of them, nor beside "the main pot")
    side_asked = ASK_SIDE.search(asked) is not None and not ASK_MAIN.search(asked) and not (
        re.search(r"\bside ?pots\b", asked))
    if spot.earlier and not side_asked:
        return None  # the main pot holds chips from before the round, which are not told
    if side_asked:
        figures = [*figures[1:], figures[0]]  # the side pots asked first, then the main pot
        which = WHICH_SIDE.search(asked)
        if which is not None:
            index = {"first": 0, "second": 1, "third": 2}.get(which.group(1), len(figures) - 2)
            if index >= len(figures) - 1:
                return None  # a side pot the story does not make
            figures = [figures[index], *figures[:index], *figures[index + 1:]]
    if spot.earlier:
        figures = figures[:-1]  # the main pot is not known
    return worked("side-pots", "side-pots", figures, profile, **facts)


def _named_by_stack(asked: str, spot: PotSpot, t: Text) -> int | None:
    """The seat the question names by his chips ("the 2500 stack"): None when it names
    none, -1 when the amount is no one's or several players'."""
    m = BY_STACK.search(asked)
    if m is None:
        return None
    value = t.value(m.group(1))
    seats = [s for s, total in spot.totals.items() if total == value]
    return seats[0] if len(seats) == 1 else -1


def _asker_of_back(asked: str, spot: PotSpot, returned: Mapping[int, int]) -> int | None:
    """The seat whose chips coming back are asked about ("does B get back", "back to me"):
    None when the question names no one, -1 when the one named is not read for sure. "I"
    not among the story's names is the one whose bet no name was given to."""
    m = BACK_TO.search(asked)
    if m is None:
        return None
    word = next(g for g in m.groups() if g is not None)
    if word in ("she", "him", "her", "they", "them", "villain", "anyone", "anybody", "someone"):
        return None  # no one named: the one whose bet was not matched
    seat = _seat_called(word, spot)
    if seat is not None:
        return seat
    if word in ("i", "me") and len(returned) == 1 and not spot.names[next(iter(returned))]:
        return next(iter(returned))
    return -1


def _seat_called(word: str, spot: PotSpot) -> int | None:
    """The seat of the player a word names: by his name, else as the one with the least or
    the most in ("the short stack"), when only one has that; None when no one for sure."""
    word = "i" if word in ("me", "i") else word
    seats = [s for s, name in spot.names.items() if name == word]
    if not seats and (SHORTEST.fullmatch(word) or BIGGEST.fullmatch(word)):
        pick = min if SHORTEST.fullmatch(word) else max
        most = pick(spot.totals.values())
        seats = [s for s, total in spot.totals.items() if total == most]
    return seats[0] if len(seats) == 1 else None


def _won(asked: str, spot: PotSpot, contested: list[Pot],
         returned: Mapping[int, int]) -> int | None:
    """What the player asked about wins (the pots he beats everyone in, by what the question
    tells), or can win at most; None when neither is asked, -1 when it is not read for sure."""
    most = ASK_MOST.search(asked)
    asked_won = ASK_WON.search(asked) if most is None else None
    if most is None and asked_won is None:
        return None
    m = most or asked_won
    assert m is not None
    word = next(g for g in m.groups() if g is not None)
    seat = _seat_called(word, spot)
    if seat is None or returned.get(seat) or spot.more_after and seat not in spot.all_in:
        return -1  # someone not told apart, or chips of his own coming back besides
    mine = [p for p in contested if seat in p.eligible]
    if spot.earlier and mine and mine[0] is contested[0]:
        return -1  # the main pot's chips from before the round are not told
    if most is not None:
        return sum(p.amount for p in mine)
    beats = _beats(asked[:m.start()] + " " + asked[m.end():], spot, contested)
    if beats is None:
        return -1
    total = 0
    for pot in mine:
        others = [s for s in pot.eligible if s != seat]
        if all((seat, o) in beats for o in others):
            total += pot.amount
        elif not any((o, seat) in beats for o in others):
            return -1  # who wins this pot is not told
    return total


def _beats(told: str, spot: PotSpot, contested: list[Pot]) -> set[tuple[int, int]] | None:
    """Who beats whom, as told ("A wins main", "B beats C", "i win with the best hand"),
    closed under "beats a player who beats"; None when a name is no player's."""
    pairs: set[tuple[int, int]] = set()
    seats = list(spot.totals)
    for m in BEST.finditer(told):
        best = _seat_called(next(g for g in m.groups() if g is not None), spot)
        if best is None:
            return None
        pairs |= {(best, s) for s in seats if s != best}
    for m in WINS_POT.finditer(told):
        winner = _seat_called(m.group(1), spot)
        pot = contested[0] if m.group(2) == "main" else (
            contested[1] if len(contested) == 2 else None)
        if winner is None or pot is None or winner not in pot.eligible:
            return None
        pairs |= {(winner, s) for s in pot.eligible if s != winner}
    for m in BEATS.finditer(told):
        a, b = _seat_called(m.group(1), spot), _seat_called(m.group(2), spot)
        if a is None or b is None or a == b:
            return None
        pairs.add((a, b))
    changed = True
    while changed:
        more = {(a, d) for a, b in pairs for c, d in pairs if b == c and a != d}
        changed = not more <= pairs
        pairs |= more
    if any((b, a) in pairs for a, b in pairs):
        return None  # told both ways
    return pairs

"""Pots worked out from a question's amounts with the engine's own pots (bot/engine/pots.py): a
pot split several ways with the smallest chip, the main and side pots of players all-in for
different amounts, and the part of a bet nobody called that goes back. No hand is played."""

from __future__ import annotations

import re

from bot.engine.pots import build_pots, split
from bot.engine.profile import Profile
from bot.rulebook.amount_words import (
    ASK_CALL,
    ASK_MIN_RAISE,
    ASK_REOPEN,
    WORD_WAYS,
    N,
    Text,
    blinds_of,
    ways,
)
from bot.rulebook.worked import TABLE_SIZE, Worked, worked

# Most ways a pot is split.
MAX_WAYS = 9

# Chips coming back ("how much do I get back", "returned"), not a player going back for more
ASK_BACK = re.compile(r"\b(get|gets|got|getting|come|comes|came|coming|go|goes|given|give|gives|"
                      r"hand|handed|paid|pay|sent|receive\w*|it|chips|money)\s+(\w+\s+)?back\b"
                      r"(?!\s+(over|with|and|in|to raise|for more|on top))|"
                      r"\b(returned?|refund\w*|give[sn]? me|extra|excess|left ?over)\b|"
                      r"\bwhat happens to (the|my|his|her) (other|rest)\b|"
                      r"\bhow much (comes |goes )?back\b")



def split_pot(t: Text, profile: Profile) -> Worked | None:
    shape = t.shape
    count = ways(shape)
    if count is None or not 2 <= count <= MAX_WAYS:
        return None
    if re.search(r"\b(half|except)\b|\b(side|main) pots?\b", shape):
        return None  # "one only wins half", "after the side pot": shares the split does not say
    pot = re.search(rf"\b(?:pot|pots)\s+(?:of\s+|is\s+|was\s+)?{N}|{N}\s+(?:pot|chip pot)\b|"
                    rf"{N}\s+(?:is\s+|gets\s+|was\s+)?(?:split|chopped|divided)\b|"
                    rf"\b(?:split|chop\w*|divid\w*)\s+(?:of\s+)?(?:a\s+|the\s+)?(?:pot\s+of\s+)?{N}|"
                    rf"\bways?\s+(?:of\s+)?(?:a\s+|the\s+)?{N}",
                    shape)
    if pot is None:
        return None
    amount = t.value(next(g for g in pot.groups() if g is not None))
    unit_m = re.search(rf"{N}\s+(?:chips?|chip is|are the smallest|s\b)|"
                       rf"{N}\s+(?:is|being|as)\s+(?:the\s+)?(?:smallest|lowest)\b|"
                       rf"{N}\s+(?:smallest|lowest)\b(?!\s+(?:chip|denomination|unit))|"
                       rf"{N}\s+(?:smallest|lowest)\s+(?:chip|denomination)\s*$|"
                       rf"\b(?:smallest|lowest|small) (?:chip|denomination)\s+(?:is\s+|of\s+)?{N}",
                       shape)
    if len(t.values) > 1 + (unit_m is not None):
        return None  # an amount neither the pot nor the chip: the spot is not read for sure
    if unit_m is None and amount % count:
        # odd chips go by the smallest chip in play, which the question does not name
        return None
    unit = t.value(next(g for g in unit_m.groups() if g is not None)) if unit_m else 1
    if unit <= 0 or unit > amount:
        return None
    # winners in seats 1..ways, button on the last: the first share goes left of the button
    shares = split(amount, list(range(1, count + 1)), count, TABLE_SIZE, unit)
    ordered = [shares[s] for s in range(1, count + 1)]
    figures = sorted(set(ordered), reverse=True)
    odd = sum(1 for s in ordered if s > min(ordered))
    return worked("split", "odd-chip" if odd else "split-pot", figures, profile,
                   pot=amount, ways=count, unit=unit, odd=odd, high=max(ordered),
                   low=min(ordered))


def side_pots(t: Text, profile: Profile) -> Worked | None:
    """"A is all-in for 300, B for 700, C calls 1,000": the pots the engine builds, each among
    the players who put chips into it; a part nobody matched goes back."""
    shape = t.shape
    if blinds_of(t) is not None:
        return None  # the blinds are no player's chips: who put in what is not read for sure
    if re.search(r"\b(flop|turn|river|street|postflop|preflop)\b", shape):
        return None  # bets on several streets: who put in what in all is not read for sure
    if re.search(r"\b(has|have|had|holding)\s+(?:only\s+|just\s+)?#|#\s+(left|behind)\b", shape):
        return None  # a stack said is no chips put in: who put in what is not read for sure
    counted: list[tuple[int, int]] = []  # the spans of players counted by a phrase
    committed: list[int] = []
    for m in re.finditer(rf"{N}", shape):
        committed.append(t.value(m.group(1)))
    # "C calls" (no amount): he puts in as much as the biggest stack so far ("calls all in for
    # 400" is his 400, counted above)
    calls = len(re.findall(r"\bcall(?:s|ed)?\b(?!\s+(?:allin\s+)?(?:for\s+|with\s+)?#)", shape))
    if committed and calls:
        committed += [max(committed)] * calls
    # "B and C call (500)": two players call, the amount said once
    for m in re.finditer(rf"\b\w+ and \w+ (?:each |both |all )?call(?:s|ed)?\b"
                         rf"(?:\s+(?:for\s+)?{N})?", shape):
        committed.append(t.value(m.group(1)) if m.group(1) else max(committed, default=0))
        counted.append(m.span())
    # "two others call 400": that many players call, the amount (or the call) counted once above
    for m in re.finditer(rf"\b(two|three|four|five|six|seven|eight) (?:(?:others|other players|"
                         rf"players|guys|people|of them|callers|bigger stacks|other stacks)\s+)?"
                         rf"(?:both\s+|all\s+)?"
                         rf"call(?:s|ed)?\b(?:\s+(?:for\s+)?{N})?", shape):
        amount = t.value(m.group(2)) if m.group(2) else max(committed, default=0)
        committed += [amount] * (WORD_WAYS[m.group(1)] - 1)
        counted.append(m.span())
    # "B and C both call 2,000": two players put that amount in
    for m in re.finditer(rf"\bboth (?:call|calls|called|put in|bet)\s+(?:for\s+)?{N}", shape):
        if not re.search(r"\b\w+ and \w+ $", shape[:m.start()]):  # "B and C both": counted
            committed.append(t.value(m.group(1)))
        counted.append(m.span())
    if not 2 <= len(committed) <= TABLE_SIZE or not re.search(r"\ballin\b|\bshove", shape):
        return None
    if any(not any(a <= m.start() < b for a, b in counted)
           for m in re.finditer(r"\b(each|both)\b(?!\s+(?:(?:side|main)\s+)?(?:pots?|gets?|one|"
                                r"ways?|winners?)\b)", shape)):
        return None  # "two players each put in 2000": players counted in words not read
    seats = {i + 1: amount for i, amount in enumerate(committed)}
    pots = build_pots(seats, list(seats))
    contested = [p for p in pots if len(p.eligible) > 1]
    returned = sum(p.amount for p in pots if len(p.eligible) == 1)
    if not contested:
        return None
    figures = [p.amount for p in contested]
    return worked("side-pots", "side-pots", figures, profile, main=figures[0],
                   sides=len(figures) - 1, returned=returned, players=len(committed))


def uncalled(t: Text, profile: Profile) -> Worked | None:
    """"I bet 2,000 and he calls all-in for 700, how much comes back": of two amounts, the
    part of the larger that the caller could not match goes back (the engine's pots)."""
    shape = t.shape
    values = t.values
    if len(values) == 3 and values[2] == abs(values[0] - values[1]):
        values = values[:2]  # "... what happens to my extra 200": the difference, named
    if len(values) != 2 or not re.search(r"\bcall", shape) or not ASK_BACK.search(shape):
        return None
    if ASK_CALL.search(shape) or ASK_REOPEN.search(shape) or ASK_MIN_RAISE.search(shape):
        # "back to me, how much to call, can I raise": the action comes back, no chips do
        return None
    seats = {1: values[0], 2: values[1]}
    pots = build_pots(seats, list(seats))
    returned = sum(p.amount for p in pots if len(p.eligible) == 1)
    if returned <= 0:
        return None
    return worked("uncalled", "uncalled-bet", [returned], profile, bet=max(seats.values()),
                   called=min(seats.values()))


# A player named in a story of chips: "A", "Bob" before what he did ("Bob all in 700", "B and
# C each call"); pronouns and table words are no names.
_DEED = (r"(?:each\s+|both\s+|also\s+|is\s+|goes\s+|went\s+|moves\s+|then\s+)?"
         r"(?:all|shove|jam|push|call|bet|rais|limp|cover|fold|check|open)")
_NAME = r"(?:\b[A-H]\b(?!')|\b[A-Z][a-z]+\b)"
# a letter names a player whatever follows ("C has more and calls", "A 500 all in"), but "A
# guy" is no one
_NAMED = re.compile(rf"(\b[B-H]\b(?!')|\bA\b(?!'|\s+(?!{_DEED})[a-z])|"
                    rf"({_NAME})(?=\s+(?:and|&)\s+{_NAME}\s+{_DEED}|"
                    rf"\s+(?:\$?\d[\d,.]*k?\s+)?{_DEED}))")
_NOT_NAMES = {"He", "She", "They", "Then", "Someone", "Everyone", "Villain", "Hero", "Guy", "Dude",
              "Player", "Button", "Utg", "The", "And", "One", "Other", "Next", "First", "Last",
              "Both", "Flop", "Turn", "River", "Preflop", "Who", "What", "Can", "Does", "Short",
              "Big", "Small", "Three", "Two", "Four", "Everybody", "Nobody", "Only", "If", "So",
              "Ok", "At", "In", "On", "My", "Is", "It", "Do", "To", "Me", "We", "Us", "No", "Sb",
              "Bb",
              "Mp", "Co", "Hj", "Btn", "When", "Where", "After", "Now", "Just", "Also"}


def players_told(query: str) -> int | None:
    """How many players a story names who put chips in (a name that only folds or checks puts
    none), or None when it names fewer than two: a side pot read for more or fewer players
    than the story names is not read for sure."""
    names: dict[str, bool] = {}
    for m in _NAMED.finditer(query):
        name = m.group(1)
        if name in _NOT_NAMES:
            continue
        after = query[m.end():m.end() + 12].lstrip().casefold()
        chips = not after.startswith(("fold", "check"))
        names[name] = names.get(name, False) or chips
    if len(names) < 2:
        return None
    return sum(names.values())

"""The chip race at a colour-up worked out with the director's own race (bot/tournament/
chip_race.py): how many cards a player's odd small chips get him, what his small chips change
up to before the cards, what a player left with nothing but odd chips ends up with, what the
odd chips left after the whole new chips bring, and how many new chips one player can win.

The chips are those the question names ("color up 25s to 100s", "25s leave, how much in 100s",
"100 is the smallest now"); a chip it leaves out is taken from the league's structures where
they all agree on the next (or the one before). No hand is played."""

from __future__ import annotations

import re

from bot.engine.profile import Profile
from bot.rulebook.amount_words import MAX_CHARS, N, Text, all_read, read
from bot.rulebook.worked import TABLE_SIZE, Worked, worked
from bot.tournament.chip_race import RaceResult, chip_race
from bot.tournament.structure import league_structures

# the question is about the race at a colour-up
RACE = re.compile(r"\b(chip ?race|race|racing|raced|colou?r(?:ing|ed)? ?up|chip ?up)\b")
# chips named by a word ("9 twentyfives", "quarters")
CHIP_WORDS = ((re.compile(r"\btwenty[ -]?fives?\b|\bquarters\b"), "25s"),
              (re.compile(r"\bfifties\b"), "50s"), (re.compile(r"\bhundreds\b"), "100s"))

# the small chip raced off
OLD = re.compile(rf"\bcolou?r(?:ing|ed)? ?up (?:the |our |my )?{N} s?\b|"
                 rf"{N} s? (?:chips? )?(?:leave|leaving|go|going|come off|are raced|get raced|"
                 rf"raced|race off)\b|\brace (?:off )?(?:the |our )?{N} s\b|"
                 rf"\bodd {N} s?\b|\bin {N} s (?:over|left)\b|\b(?:left over|over|left) in {N} s\b|"
                 rf"\bone {N} chip\b")
# the new smallest chip
NEW = re.compile(rf"\b(?:to|for|into|(?:get|gets|got|them) in) {N} s\b|"
                 rf"{N} (?:is|are|being|as) (?:the )?(?:new )?(?:smallest|lowest)\b|"
                 rf"\bnew (?:smallest )?chip (?:is |of )?{N}|{N} (?:is |as )?(?:the )?new chip\b|"
                 rf"\b(?:most|how many) {N} chips\b|\b(?:get|gets|win|wins) (?:a|an|the) {N}\b|"
                 rf"\b(?:keep|stay) in {N} s\b")
# the player's odd chips counted ("3 odd 25s", "11 of them") or his small chips' worth
COUNT = re.compile(rf"{N} odd\b|\b(?:have|had|got|hold|holding) {N} (?:of them|of those)\b")
WORTH = re.compile(rf"\b(?:have|had|got|hold|holding) {N}(?! (?:of|odd|#))(?: in (?:small |odd )?"
                   rf"chips| in {N} s)?\b")
# odd chips left on the table after the whole new chips ("race left 50 in 25s over")
LEFT = re.compile(rf"\bleft(?: over)? {N} in {N} s\b|{N} (?:in {N} s )?(?:left over|over|left)\b")

ASK_CARDS = re.compile(r"\bhow many cards\b|\bdealt (?:a |any )?cards?\b|"
                       r"\bcards? (?:do|does|will|would|should) (?:i|he|she|we) get\b")
ASK_MOST = re.compile(r"\b(most|max|maximum|more than one|how many)\b.{0,30}\b(win|get|won)\b")
ASK_CHANGED = re.compile(r"\bbefore the (cards|race|deal)\b|\bchang\w* (?:them )?up\b|"
                         r"\b(swap|exchang)\w*\b|"
                         r"\bhow (?:much|many) (?:do|will|would|can) i (?:get|keep|have) "
                         r"in #\d+ s\b(?! (?:after|once|when))")
# a player whose whole stack was odd chips ("had one 25 chip left", "only odd chips")
ONLY_ODD = re.compile(rf"\bone {N} chip (?:left|only)\b|\bonly (?:had |have )?(?:one|odd)\b|"
                      r"\bnothing (?:else|but)\b|\ball i (?:had|have)\b")
ASK_AFTER = re.compile(r"\b(end up|left with|what do i get|do i get|how much do i get|"
                       r"what happens|am i out|eliminated|busted|knocked out)\b")
ASK_HIGH = re.compile(r"\bhighest (?:card|remaining|one)\b|\bhow much\b|\bget it\b")


def race_question(query: str, profile: Profile) -> Worked | None:
    low = query[:MAX_CHARS].casefold()
    for pattern, chip in CHIP_WORDS:
        low = pattern.sub(chip, low)
    t = read(low)
    if t is None or not RACE.search(t.shape):
        return None
    shape = t.shape
    old_m, new_m = OLD.search(shape), NEW.search(shape)
    old = t.value(_first(old_m)) if old_m else None
    new = t.value(_first(new_m)) if new_m else None
    if old is None and new is not None:
        old = _next_chip(new, -1)
    if new is None and old is not None:
        new = _next_chip(old, 1)
    if old is None or new is None or not 0 < old < new or new % old:
        return None
    spans = []
    for named, value in ((OLD, old), (NEW, new)):
        for m in named.finditer(shape):
            if t.value(_first(m)) != value:
                return None  # two chips named for one: not read for sure
            spans.append(m.span())
    if ASK_MOST.search(shape) and not ASK_CARDS.search(shape):
        return _most(t, spans, old, new, profile)
    left = LEFT.search(shape)
    if left is not None and re.search(r"\b(have|had|got|hold|holding|with)\s*$",
                                      shape[:left.start()]):
        left = None  # "I have 75 left": a player's own odd chips, not those on the table
    if left is not None and ASK_HIGH.search(shape) and not ASK_CARDS.search(shape):
        return _left_over(t, [*spans, left.span()], t.value(_first(left)), old, new, profile)
    count_m, worth_m = COUNT.search(shape), WORTH.search(shape)
    if count_m is not None:
        mine = t.value(_first(count_m)) * old
        spans.append(count_m.span())
    elif worth_m is not None:
        mine = t.value(_first(worth_m))
        if mine < old:
            mine *= old  # "25s leave, I have 11": less than one chip's worth, so a count of them
        spans.append(worth_m.span())
    elif ONLY_ODD.search(shape) and re.search(rf"\bone {N} chip\b", shape):
        mine = old
    else:
        return None
    if not all_read(shape, spans) or mine <= 0 or mine % old:
        return None
    only = ONLY_ODD.search(shape) is not None and mine < new
    result = _race({1: mine if only else mine + new, 2: new + old}, old, new, profile)
    line = result.lines[0]
    if ASK_CARDS.search(shape):
        return worked("chip-race", "chip-race", [len(line.cards)], profile, asked=1, old=old,
                      new=new, odd=len(line.cards))
    changed = line.stack_after - (new if line.won else 0) - (0 if only else new)
    if ASK_CHANGED.search(shape) and not only:
        return worked("chip-race", "chip-race", [changed], profile, asked=2, old=old, new=new,
                      odd=len(line.cards), mine=mine)
    if only and ASK_AFTER.search(shape):
        return worked("chip-race", "chip-race", [line.stack_after], profile, asked=3, old=old,
                      new=new, mine=mine)
    return None


def _most(t: Text, spans: list[tuple[int, int]], old: int, new: int,
          profile: Profile) -> Worked | None:
    """A full table, every player with as many odd chips as he can keep: the most new chips
    one player wins in that race."""
    if not all_read(t.shape, spans):
        return None
    most_odd = new - old
    result = _race({s: new + most_odd for s in range(1, TABLE_SIZE + 1)}, old, new, profile)
    won = max(int(bool(line.won)) for line in result.lines)
    return worked("chip-race", "chip-race", [won], profile, asked=4, old=old, new=new)


def _left_over(t: Text, spans: list[tuple[int, int]], left: int, old: int, new: int,
               profile: Profile) -> Worked | None:
    """Odd chips worth `left` on the table once the whole new chips are won: the new chip the
    highest remaining card gets for them, or none."""
    if not all_read(t.shape, spans) or not 0 < left < new or left % old:
        return None
    stacks = {s: new + old for s in range(1, left // old + 1)}
    result = _race(stacks, old, new, profile)
    won = sum(new for line in result.lines if line.won)
    return worked("chip-race", "chip-race", [won], profile, asked=5, old=old, new=new, left=left)


def _race(stacks: dict[int, int], old: int, new: int, profile: Profile) -> RaceResult:
    return chip_race(1, stacks, {s: f"p{s}" for s in stacks}, old, new, "rule",
                     profile.chip_race)


def _first(m: re.Match[str]) -> str:
    return next(g for g in m.groups() if g is not None)


def _next_chip(chip: int, step: int) -> int | None:
    """The chip after (step 1) or before (step -1) `chip` in the league's structures, when
    they all agree."""
    found = set()
    for chips in _chip_sets():
        if chip in chips:
            i = chips.index(chip) + step
            if 0 <= i < len(chips):
                found.add(chips[i])
    return found.pop() if len(found) == 1 else None


def _chip_sets() -> list[tuple[int, ...]]:
    """The chips of every structure of the league."""
    return [s.chips for s in league_structures()]

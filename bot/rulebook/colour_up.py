"""The chip race at a colour-up worked out with the director's own race (bot/tournament/
chip_race.py): how many cards a player's odd small chips get him, what his small chips change
up to before the cards, what a player left with nothing but odd chips ends up with, what the
odd chips left after the whole new chips bring, how many new chips one player can win, and how
many the race hands out at a table whose odd chips are counted.

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
              (re.compile(r"\bfifties\b"), "50s"), (re.compile(r"\bhundreds\b"), "100s"),
              (re.compile(r"\bfives\b"), "5s"))
# a chip's colour said beside its worth ("7 green 25s")
CHIP_COLOUR = re.compile(r"\b(?:green|red|black|white|blue|pink|yellow|purple|orange|grey|gray) "
                         r"(?=\d)")
# a count said in words ("i have seven of them"); "one" stays a word ("one 25 chip")
COUNT_WORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
                         r"(?! (?:handed|ways?)\b)")
# "i have five 25s": a count of chips, kept apart from the chip so that it is not read as
# their worth (the chip names the one raced)
CHIPS_COUNTED = re.compile(r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                           r"twelve) (\d+)s\b")
WORD_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

# the small chip raced off
OLD = re.compile(rf"\bcolou?r(?:ing|ed)? ?up (?:the |our |my )?{N} s?\b|"
                 rf"(?<!how many ){N} s? (?:chips? )?(?:leave|leaving|go|going|come off|are raced|"
                 rf"get raced|"
                 rf"raced|race off)\b|\brac(?:e|ing) (?:off |of )?(?:the |our )?{N} s\b|"
                 rf"\bodd {N} s?\b|\bin {N} s (?:over|left)\b|\b(?:left over|over|left) in {N} s\b|"
                 rf"\bone {N} chip\b|\b(?:have|has|had|got|hold|holding) #\d+ (?:of (?:the |my )?)?"
                 rf"{N}(?: s| chips?)\b")
# the new smallest chip
NEW = re.compile(rf"\b(?:to|for|into|(?:get|gets|got|them) in) {N} s\b|"
                 rf"{N} (?:is|are|being|as) (?:the )?(?:new )?(?:smallest|lowest)\b|"
                 rf"\bnew (?:smallest )?chip (?:is |of )?(?:a |an )?{N}|"
                 rf"{N} (?:is |as )?(?:the )?new chip\b|"
                 rf"\b(?:most|how many) {N} chips\b|\bhow many {N} s\b|"
                 rf"\b(?:get|gets|win|wins) (?:a|an|the) {N}\b|"
                 rf"\b(?:keep|stay) in {N} s\b")
# the player's odd chips counted ("3 odd 25s", "11 of them", "seven 25s") or his small chips'
# worth
COUNT = re.compile(rf"{N} odd\b(?! (?:#\d+(?: s)? )?(?:chips? )?(?:on|at|in|left on|across|"
                   rf"around) the (?:table|race)\b)|"
                   rf"\b(?:have|has|had|got|hold|holding) {N} (?:of them|of those|of em)\b|"
                   rf"\b(?:have|has|had|got|hold|holding) {N} (?:of (?:the |my )?)?{N}(?: s| "
                   rf"chips?)\b")
WORTH = re.compile(rf"\b(?:have|had|got|hold|holding|has|with) {N}(?! (?:of|odd|#))(?: in "
                   rf"(?:small |odd )?chips| in {N} s)?\b|\bstack (?:is|was|of) {N}\b")
# odd chips left on the table after the whole new chips ("race left 50 in 25s over", "2
# leftover 25s")
LEFT = re.compile(rf"\bleft(?: over)? {N} in {N} s\b|{N} (?:in {N} s )?(?:left over|over|left)\b")
LEFT_COUNT = re.compile(rf"{N} (?:leftover|left over) {N} s\b")
# the odd chips of the whole table: a total ("10 odd 25s on the table", "7 odd quarters left on
# the table for the race", "5 odd 25s in the race") or each player's ("odd chips at the table
# are 3, 1, 2")
TABLE_ODD = re.compile(rf"(?:\bonly )?{N} odd (?:{N}(?: s)? )?(?:chips? )?(?:(?:left )?"
                       rf"(?:on|at|in|across|around) the (?:table|race)|in total|total)\b")
TABLE_LIST = re.compile(r"\bodd (?:chips|ones|#\d+ s)(?: (?:at|on) the table)? (?:are|were|is) "
                        r"((?:#\d+ (?:and )?){2,10})|\b(?:have|had|hold|with) ((?:#\d+ (?:and )?)"
                        r"{2,10})odd (?:chips|ones)\b")
# how many new chips the race gives out at the table
ASK_HANDED = re.compile(r"\bhow many\b.{0,30}\b(handed out|awarded|given out|go out|get handed|"
                        r"come out|are won|get won|given|created)\b")

NON_WORD = re.compile(r"[^\w]+")
WIN = re.compile(r"\b(win|won)\b")
TOKEN = re.compile(r"#(\d+)")
PLAYERS_TOLD = re.compile(rf"{N} (?:players|people|guys) $")

ASK_CARDS = re.compile(r"\bhow many (?:race )?cards\b|\bdealt (?:a |any )?cards?\b|"
                       r"\bcards? (?:do|does|will|would|should) (?:i|he|she|we) get\b|"
                       r"\bhow many (?:of (?:them|those|em|my chips) )?(?:go|goes|are) (?:into|in) "
                       r"the race\b")
ASK_MOST = re.compile(r"\b(most|max|maximum|more than one)\b.{0,50}\b(win|get|won)\b|"
                      r"\bhow many\b.{0,30}\b(?:can|could) (?:i|he|she|you) win\b|"
                      r"\bhow many\b.{0,30}\b(?:can|could) (?:one|a|any|a single) (?:player|"
                      r"person|guy) (?:win|get)\b")
ASK_CHANGED = re.compile(r"\bbefore the (cards|race|deal)\b|\bchang\w* (?:them )?up\b|"
                         r"\b(swap|exchang)\w*\b|\bstraight (?:off|away)\b|\bright away\b|"
                         r"\bhow (?:much|many) (?:do|will|would|can) i (?:get|keep|have) "
                         r"in #\d+ s\b(?! (?:after|once|when))")
# "how many 100s": the new chips counted, not their worth
ASK_HOW_MANY = re.compile(r"\bhow many (?:#\d+ s|new chips|chips)\b")
# a player whose whole stack was odd chips ("had one 25 chip left", "only odd chips")
ONLY_ODD = re.compile(rf"\bone {N} chip (?:left|only)\b|\bonly (?:had |have )?(?:one|odd)\b|"
                      r"\bnothing (?:else|but)\b|\ball i (?:had|have)\b|"
                      r"\b(?:whole|entire) stack (?:is|was) (?:just |only )?one\b")
ASK_AFTER = re.compile(r"\b(end up|left with|what do i get|do i get|how much do i get|"
                       r"what happens|am i out|eliminated|busted|knocked out)\b")
ASK_HIGH = re.compile(r"\bhighest (?:card|remaining|one)\b|\bhow much\b|\bget it\b|"
                      r"\bget anything\b")


def race_question(query: str, profile: Profile) -> Worked | None:
    low = query[:MAX_CHARS].casefold()
    if not RACE.search(NON_WORD.sub(" ", low)):
        return None  # no race named: not read further (most questions)
    for pattern, chip in CHIP_WORDS:
        low = pattern.sub(chip, low)
    low = CHIP_COLOUR.sub("", low).replace("->", " to ")
    t = _with_counts(read(CHIPS_COUNTED.sub(r"\1 of \2s", low)))
    if t is None:
        # "chip race: the most new chips one player can win": whatever the chips
        shape = " ".join(NON_WORD.sub(" ", low).split())
        if RACE.search(shape) and ASK_MOST.search(shape) and not ASK_CARDS.search(shape):
            return _most(None, None, profile)
        return None
    if not RACE.search(t.shape):
        return None
    shape = t.shape
    if ASK_MOST.search(shape) and not ASK_CARDS.search(shape):
        # a player wins at most one chip in the race, whatever his odd chips; what he gets
        # all told ("the most 100s i get with 11 25s") counts his chips changed up too
        old, new = _chips(t)
        told = [m.span() for m in (*OLD.finditer(shape), *NEW.finditer(shape))]
        if not all_read(shape, told) and not WIN.search(shape):
            return None
        return _most(old, new, profile)
    old, new = _chips(t)
    if old is None or new is None:
        return None
    spans = []
    for named, value in ((OLD, old), (NEW, new)):
        for m in named.finditer(shape):
            if t.value(_first(m)) != value:
                return None  # two chips named for one: not read for sure
            spans.append(m.span())
    table = _table_odd(t, spans, old, new, profile)
    if table is not None:
        return table if table.amount >= 0 else None
    left = LEFT.search(shape)
    if left is not None and re.search(r"\b(have|had|got|hold|holding|with)\s*$",
                                      shape[:left.start()]):
        left = None  # "I have 75 left": a player's own odd chips, not those on the table
    left_count = LEFT_COUNT.search(shape)
    if left_count is not None and t.value(left_count.group(2)) == old and ASK_HIGH.search(
            shape) and not ASK_CARDS.search(shape):
        # "after the race there are 2 leftover 25s": their worth
        return _left_over(t, [*spans, left_count.span()], t.value(left_count.group(1)) * old,
                          old, new, profile)
    if left is not None and ASK_HIGH.search(shape) and not ASK_CARDS.search(shape):
        return _left_over(t, [*spans, left.span()], t.value(_first(left)), old, new, profile)
    count_m, worth_m = COUNT.search(shape), WORTH.search(shape)
    if count_m is not None:
        if count_m.group(4) is not None and t.value(count_m.group(4)) != old:
            return None  # "i got 7 100s": not the chips raced off
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
        if ASK_HOW_MANY.search(shape):
            # "how many 100s do i get straight off": the new chips he changes up, counted
            return worked("chip-race", "chip-race", [changed // new, changed], profile,
                          asked=2, old=old, new=new, odd=len(line.cards), mine=mine, counted=1)
        return worked("chip-race", "chip-race", [changed], profile, asked=2, old=old, new=new,
                      odd=len(line.cards), mine=mine)
    if only and ASK_AFTER.search(shape):
        return worked("chip-race", "chip-race", [line.stack_after], profile, asked=3, old=old,
                      new=new, mine=mine)
    return None


def _with_counts(t: Text | None) -> Text | None:
    """The question with each count said in words ("i have six of them") read as an amount."""
    if t is None:
        return None
    values = list(t.values)

    def sub(m: re.Match[str]) -> str:
        values.append(WORD_COUNTS[m.group(1)])
        return f"#{len(values) - 1}"

    shape = COUNT_WORDS.sub(sub, t.shape)
    return Text(shape, tuple(values))


def _chips(t: Text) -> tuple[int | None, int | None]:
    """The chip raced off and the new smallest chip, as named or from the league's
    structures; None where not known or not one a whole number of the other."""
    shape = t.shape
    old_m, new_m = OLD.search(shape), NEW.search(shape)
    old = t.value(_first(old_m)) if old_m else None
    new = t.value(_first(new_m)) if new_m else None
    if old is None and new is not None:
        old = _next_chip(new, -1)
    if new is None and old is not None:
        new = _next_chip(old, 1)
    if old is None or new is None or not 0 < old < new or new % old:
        return None, None
    return old, new


def _table_odd(t: Text, spans: list[tuple[int, int]], old: int, new: int,
               profile: Profile) -> Worked | None:
    """The new chips handed out at a table whose odd chips the question counts: each player's
    ("3, 1, 2"), played as told, or their total, played spread one to a player and packed as
    many to a player as he can keep; the number where both plays agree. None: not such a
    question; a Worked with a negative amount: one, but not read for sure."""
    shape = t.shape
    listed, total = TABLE_LIST.search(shape), TABLE_ODD.search(shape)
    if not ASK_HANDED.search(shape) or (listed is None) == (total is None):
        return None
    unread = worked("chip-race", "chip-race", [-1], profile)
    per_chip = new // old
    if listed is not None:
        counts = [t.value(n) for n in TOKEN.findall(listed.group(1) or listed.group(2))]
        spans = [*spans, listed.span()]
        told = PLAYERS_TOLD.search(shape[:listed.start()])
        if told is not None and t.value(told.group(1)) == len(counts):
            spans.append(told.span())  # "4 players have 1, 2, 3 and 3 odd chips"
        plays = [counts]
    else:
        assert total is not None
        odd = t.value(total.group(1))
        if total.group(2) is not None and t.value(total.group(2)) != old:
            return unread
        spans = [*spans, total.span()]
        # spread over as many players as a table seats, and packed as few as can hold them
        seats = min(odd, TABLE_SIZE)
        spread = [odd // seats + (i < odd % seats) for i in range(seats)]
        packed = [per_chip - 1] * (odd // (per_chip - 1)) + [odd % (per_chip - 1)]
        plays = [spread, [c for c in packed if c]]
    if not all_read(shape, spans) or any(not 0 < c < per_chip for p in plays for c in p) or (
            any(len(p) > TABLE_SIZE for p in plays)):
        return unread
    handed = set()
    for counts in plays:
        result = _race({s: new + c * old for s, c in enumerate(counts, start=1)}, old, new,
                       profile)
        handed.add(sum(1 for line in result.lines if line.won))
    if len(handed) != 1:
        return unread
    (out,) = handed
    odd_total = sum(plays[0])
    return worked("chip-race", "chip-race", [out], profile, asked=6, old=old, new=new,
                  odd=odd_total, pool=odd_total * old)


def _most(old: int | None, new: int | None, profile: Profile) -> Worked | None:
    """A full table, every player with as many odd chips as he can keep: the most new chips
    one player wins in that race; where the chips are not known, in the race of every colour-up
    of the league's structures, when they all agree."""
    pairs = {(old, new)} if old is not None and new is not None else {
        (chips[i], chips[i + 1]) for chips in _chip_sets() for i in range(len(chips) - 1)
        if chips[i + 1] % chips[i] == 0}
    most = set()
    for small, big in pairs:
        result = _race({s: big + big - small for s in range(1, TABLE_SIZE + 1)}, small, big,
                       profile)
        most.add(max(int(bool(line.won)) for line in result.lines))
    if len(most) != 1:
        return None
    return worked("chip-race", "chip-race", [most.pop()], profile, asked=4, old=old or 0,
                  new=new or 0)


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

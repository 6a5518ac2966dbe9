"""Reading the amounts of a `/rule` question: which deeds it tells, in what order, what it asks.

"he raised 50 to 100, least I can reraise to?" reads as a bet of 50, a raise to 100 and a
question about the minimum raise. The question is lower-cased, each amount replaced by `#i`
(`Text`), and read with the patterns below; bot/rulebook/amounts.py plays what was read on the
engine. A question with an amount no pattern reads is not read at all (`all_read`): better no
number than a wrong one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from bot.rulebook.chip_words import (
    CHIP_COLOUR,
    CHIP_CORRECTED,
    CHIPS_VERBS,
    MISSPELT_MOVES,
    MOVES_SPELT,
)
from bot.rulebook.chip_words import (
    N as N,  # re-exported: the amount token other readers use
)
from bot.rulebook.size_words import NUMBER as NUMBER  # re-exported, as the next two
from bot.rulebook.size_words import UNREAD as UNREAD
from bot.rulebook.size_words import WORD_WAYS as WORD_WAYS
from bot.rulebook.size_words import (
    chips_counted,
    dashed_blinds,
    multiples_as_chips,
    pot_bets_as_chips,
)
from bot.rulebook.story_words import spelt_right

# Amounts above this are not chips anybody bets: the question is not read.
MAX_AMOUNT = 10**8
# Most raises of one size read from "the last raise was 200 and the bet is now 600".
MAX_RAISES = 8


MAX_CHARS = 100  # the lookup's bound (search.MAX_QUERY_CHARS): nothing past it is read


# After "bb", a deed: the player in the big blind acting ("shoved 10k, bb calls"), not its size.
PLAYER_ACTS = (r"(?!\s+(?:calls?|called|folds?|folded|raises?|raised|checks?|checked|says|said|"
               r"shoves?|shoved|jams?|jammed|goes|went|puts?|wakes|snap\w*|tank\w*|allin|"
               r"limps?|limped|flats?|wants?|wanted|can|could|may|should|decides?|tries|is|"
               r"has|had)\b)")


# "1st", "3rd": which one, not an amount
ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth",
            "7": "seventh", "8": "eighth", "9": "ninth", "10": "tenth"}
ORDINAL = re.compile(r"\b(10|[1-9])(st|nd|rd|th)\b")


# "shoves" said of chips that are not all-in: pushed
PUSHED = {"e": "push", "es": "pushes", "ed": "pushed", "ing": "pushing"}
SHOVES = re.compile(r"\b(?:(he|she|i|guy|villain)\s+(?:\w+\s+)?)?shov(e|es|ed|ing)\b")
NOT_ALL_IN = re.compile(r"(?:\b(hes|he is|shes|she is|im|i am|its|it is|\w+ is)\s+)?"
                        r"\b(?:not|isnt|wasnt|never)\s+(?:\w+\s+)?all[ -]?in\b")
NOT_ALL_IN_OF = {"hes": "he", "he is": "he", "shes": "she", "she is": "she", "im": "i", "i am": "i"}


def _pushed_not_shoved(low: str) -> str:
    """"He shoves 3600 out front, he's not all in": the one shove told is chips pushed, when
    "not all in" is said of him (or of nobody named)."""
    shoves = list(SHOVES.finditer(low))
    said = NOT_ALL_IN.search(low)
    if len(shoves) != 1 or said is None or said.start() < shoves[0].end():
        return low
    of = said.group(1)
    shover = "he" if shoves[0].group(1) in ("guy", "villain") else shoves[0].group(1)
    if of is not None and of not in ("its", "it is") and (
            NOT_ALL_IN_OF.get(of) is None or NOT_ALL_IN_OF[of] != shover):
        return low  # said of another player
    shove = shoves[0]
    return low[:shove.start(2) - 4] + PUSHED[shove.group(2)] + low[shove.end():]


def ordinals_as_words(text: str) -> str:
    """"Who deals 1st" as "who deals first"."""
    return ORDINAL.sub(lambda m: ORDINALS[m.group(1)], text)


COUNTS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
           "8": "eight", "9": "nine", "10": "ten"}


# Claims about the answer beside the story ("he says 1600, i say 1300, who's right", "dealer says
# im in for 2000", "mike says i can only call"): opinions to check, not deeds; a declaration
# said ("i said raise 2000", "says call") is a deed and stays.
_SPEAKER = (r"(?:he|she|they|we|you|u|i|dealer|the dealer|floor|the floor|[a-z]+)")
_CLAIM_VERB = r"(?:says|said|say|thinks|think|claims|claimed|insists|reckons|tells me|told me)"
_CLAIM_START = (r"(?:that\s+)?(?:it\s?'?s|its|it is|it should|that\s?'?s|thats|i\s?'?m|im|i am|"
                r"you\s?'?re|youre|you|u|ur|he\s?'?s|hes|he is|she\s?'?s|shes|i can|i cant|i can't|"
                r"i have to|i gotta|he can|he cant|she can|min|minimum|the min|the minimum|only|"
                r"must|should)\b")
# "he said hes all in", "she says im calling": a declaration, no claim
_DECLARED = (r"(?!(?:that\s+)?(?:i\s?'?m|im|i am|he\s?'?s|hes|he is|she\s?'?s|shes|she is|"
             r"you\s?'?re|youre)\s+(?:all|allin|calling|raising|betting|folding|going|in)\b)")
_OFFICIAL = r"(?:the )?(?:dealer|floor|td|director)"
CLAIM = re.compile(rf"\b{_OFFICIAL} {_CLAIM_VERB}\s+['\"]?{_CLAIM_START}[^.,;?!]*|"
                   rf"\b{_SPEAKER} {_CLAIM_VERB}\s+['\"]?{_DECLARED}{_CLAIM_START}[^.,;?!]*")
# two players' bare numbers: "he says 1600 i say 1300"
BARE_CLAIMS = re.compile(rf"\b{_SPEAKER} {_CLAIM_VERB}\s+(?:its\s+|it s\s+)?\$?[\d.,]+k?\b"
                         rf"(?=\s*(?:[.,;?!]|$|who|which|what|and\s+(?:he|she|i|you|they)\b|"
                         rf"(?:he|she|i|you|they)\s+{_CLAIM_VERB}\b))")
# the asker's own two readings offered: "does that mean to 2k or 5k total", "is it 900 or 1200"
ALTERNATIVES = re.compile(r"\b(?:(?:does|do|did) (?:that|it|this) mean|(?:is|was) (?:it|that|this)|"
                          r"which,?)\s+(?:to\s+)?\$?[\d.,]+k?\s+or\s+(?:to\s+)?\$?[\d.,]+k?\b")
WHO_IS_RIGHT = re.compile(r"\b(?:who\s?'?s|whos|who is|what\s?'?s|whats|what is) "
                          r"(?:right|correct)\b|\bwhich (?:is it|one is right)\b")


# what a claim is about, kept as the question ("mike says min reraise is 3000": the least raise)
CLAIM_ABOUT = re.compile(r"\b(?:min|minimum|least|smallest|lowest)\s+(?:\w+\s+)?"
                         r"(?:raise|reraise|[2-5]\s?bet|bet)\b|\btotal\b")


def _claim_asks(m: re.Match[str]) -> str:
    about = CLAIM_ABOUT.search(m.group(0))
    return f" whats the {about.group(0)} " if about else " "


def without_claims(query: str) -> tuple[str, str]:
    """The question without the claims about its answer it reports (see CLAIM), and the claims
    set aside."""
    low = query[:MAX_CHARS].casefold().replace("\u2019", "'")
    if not re.search(rf"\b{_CLAIM_VERB}\b|\bor\b", low):
        return query, ""
    claims = [m.group(0) for m in CLAIM.finditer(low)]
    claims += [m.group(0) for m in ALTERNATIVES.finditer(low)]
    out = ALTERNATIVES.sub(" what is the", CLAIM.sub(_claim_asks, low))
    if WHO_IS_RIGHT.search(low):
        claims += [m.group(0) for m in BARE_CLAIMS.finditer(out)]
        out = BARE_CLAIMS.sub(" ", out)
    if out == low:
        return query, ""
    return WHO_IS_RIGHT.sub(" ", out), " ".join(claims)


@dataclass(frozen=True)
class Text:
    """The question in lower case with each amount replaced by `#i`, and the amounts."""

    shape: str
    values: tuple[int, ...]

    def value(self, token: str) -> int:
        return self.values[int(token)]


def read(query: str) -> Text | None:
    low = ordinals_as_words(query[:MAX_CHARS].casefold().replace("\u2019", "'").replace("'", ""))
    low = spelt_right(low)
    # "(no raises yet)": no deed
    low = re.sub(r"\bno (?:raises|reraises|raise|reraise)(?: yet| before)?\b", " ", low)
    low = _pushed_not_shoved(low)
    values: list[int] = []

    def sub(m: re.Match[str]) -> str:
        number = float(m.group(1).replace(",", ""))
        if m.group(2):
            number *= 1000
        if number != int(number) or not 0 < number <= MAX_AMOUNT:
            return " ? "
        values.append(int(number))
        return f" #{len(values) - 1} "

    # raise misspelt ("rase", "raize", "riase"), as the word lookup forgives it
    low = re.sub(r"\b(re ?)?(rase|raize|riase|rasie|raiss)(s|d|ed)?\b",
                 lambda m: f"{m.group(1) or ''}raise{m.group(3) or ''}", low)
    # chips moved, misspelt or in chat speech ("tosed", "throwed", "thru 500 in", "thinkin")
    low = MISSPELT_MOVES.sub(lambda m: MOVES_SPELT[m.group(1)], low)
    low = re.sub(r"\bthru(?=\s+(?:in\s+|out\s+)?(?:a\s+|an\s+|one\s+)?\$?\d)", "threw", low)
    # "the 50 percent rule": a share, no amount
    low = re.sub(r"\b(\d{1,3})\s?(?:percent|pct)\b", r"\1%", low)
    # "a 25 chip... no wait, a 1000 chip": the teller corrects himself, the last chip told counts
    low = CHIP_CORRECTED.sub("", low)
    low = re.sub(r"\brr\b", "reraise", low)  # "min rr": a reraise
    low = re.sub(r"\bopen ?raise\w*", "open", low)  # "openraise": an open
    # chips counted by their worth: "2 chips of 500", "two 500 chips", "3x 1000 chips"
    low = re.sub(r"\b([2-9]|two|three|four|five) (?:chips of|x|of the) (\d+)(?: chips?)?\b|"
                 r"\b([2-9]|two|three|four|five) (\d+)(?:s| chips)\b", chips_counted, low)
    # "level 4", "round 3", "seat 3 bets": which level or seat, not chips (nor a 3-bet)
    low = re.sub(r"\b(level|lvl|round|table|seat) ?#?\d{1,2}\b", r"\1", low)
    # a check-raise is a raise: "x/r to 7k", "check raises to 7k"
    low = re.sub(r"\b(?:x ?/ ?r|x-r|xr|check[ -]?rais\w*)\s+(?=to\b|\$?\d)", "raises ", low)
    # "3-bet", "4bet": names of raises, not amounts; "2 ways": a count
    low = re.sub(r"\b([2-5])[ -]?bet(s|ting|ted)?\b", r"xbet\2", low)
    low = re.sub(r"\b([2-9]|10)[ -]((?:other |bigger |big |short |deep |more )?(?:ways?|players?|"
                 r"winners?|people|limpers?|limps|callers?|guys|opponents|villains|handed|"
                 r"tables?|seats?|hands?|cards?|levels?|stacks|others)|of (?:them|us))\b",
                 lambda m: f"{COUNTS[m.group(1)]} {m.group(2)}", low)
    low = re.sub(r"\bbetween ([2-9])\b(?! ?[,.]?\d)",
                 lambda m: f"between {COUNTS[m.group(1)]}", low)
    low = pot_bets_as_chips(low)
    # "100/200", "1k-2k": the blinds, kept as one token
    low = re.sub(r"\$?(\d[\d,.]*k?)\s*/\s*\$?(\d[\d,.]*k?)", r"\1 slash \2", low)
    low = dashed_blinds(low)
    low = multiples_as_chips(low)
    shape = NUMBER.sub(sub, low)
    shape = re.sub(r"[^a-z0-9#?]+", " ", shape).strip()
    shape = re.sub(r"# (\d+)", r"#\1", shape)
    shape = re.sub(r"\ball ?ins?\b|\ball ?ined\b", "allin", shape)
    shape = re.sub(r"\bre ?raise", "reraise", shape)
    if not values:
        return None
    return Text(f" {shape} ", tuple(values))


SILENT = re.compile(r"\b(?:without|w o|wo|w out) (a word|saying|declaring|a declaration|announcing|"
                     r"any|talking|speaking|a sound|comment\w*|words?)|\bno talking\b|"
                     r"\bnot a word\b|\bnothing said\b|\bdidnt say (a word|anything)\b|"
                     r"\bsilent|\bno (word|words|declaration|announcement)|\bdidnt say|"
                     r"\bnot saying|\bwithout saying|\bnever said|\bno verbal|\b(says|said|"
                     r"saying) nothing\b|\bquietly\b|\bwordlessly\b|\bdidnt (announce|declare)")


ASK_MIN_RAISE = re.compile(
    r"\b(min|mini|minimum|least|smallest|lowest|how much|how big|at least|legal|next)\b.*"
    r"\b(rais\w*|reraise\w*|xbet\w*|click|raise)\b|"
    r"\b(rais\w*|reraise\w*|xbet\w*)\b.*\b(min|minimum|at least|least|smallest|how much)\b|"
    r"\bmin ?rais|\b(want|wants|going|trying|like) to (reraise|raise)\b|"
    r"\b(min|minimum|least|smallest|lowest)\b.{0,12}\b(make it|go to)\s*\??\s*$|"
    r"^\W*(?!.*\b(can|may|could)\b).*\b(reraise|re raise|xbet)\s*\?\s*$|"
    r"\b(is|was|does|did) (that|it|this|his|her)( allin| shove| jam)?( count as| make)? a (full |"
    r"legal |real |proper |complete )?(raise|reraise)\b|"
    r"\b(what|how much)\b.*\b(need|needs|have|has|must|got)\b.{0,20}\b(raise|reraise|make it)\b|"
    r"\b(what|how much|how big)\b.*\b(xbet|raise|reraise)\b.{0,12}\b(need|needs|has|have|must)\b")


# Who a question asks about by "can ... bet": "can I", "can the first player", "can player B"
ASKED_WHO = (r"(?:i|he|she|we|you|they|someone|somebody|anyone|anybody|"
             r"the (?:first|next|second) (?:player|guy|one|to act)|"
             r"(?:player|seat) [a-f])")
ASK_MIN_BET = re.compile(rf"\bcan {ASKED_WHO} (bet|lead|open)\b|"
                          r"\b(bet|lead|donk)\s+(legal|allowed|ok|valid)\b|"
                          r"\b(bet|lead|donk|open)\w*\b.*\b(less than|under|below|smaller than) "
                          r"(the |a |one )?(bb|big blind)\b|"
                          r"\b(min|minimum|least|smallest|lowest|how (small|little|low))\b.*"
                          r"\b(bet|open\w*|lead)\b|\b(bet|open\w*)\b.*\bhow (small|little|low)\b|"
                          r"\b(bet|open\w*|lead\w*)\b.*\b(min|minimum|at least)\b|\bmin ?bet")


# An amount the player proposes, to be checked against the rule ("is 1600 the smallest legal
# reraise", "can I lead for 200? what's the min"): the question's own guess, not a deed told
PROPOSED = re.compile(
    rf"\b(?:is|isnt)\s+(?:a\s+|an\s+)?{N}\s+(?:bet|lead|open)\s+(?:legal|allowed|ok|valid|enough)\b|"
    rf"\b(?:is|isnt|would|does)\s+{N}\s+(?:the\s+|a\s+|an\s+)?(?:min\w*|smallest|least|lowest|"
    rf"legal|enough|allowed|ok|valid|full)\b|"
    rf"\b(?:can|could|may|should)\s+{ASKED_WHO}\s+(?:just\s+)?(?:raise|reraise|bet|lead|"
    rf"open|make it|go|min raise|xbet)(?:\s+(?:out|the flop|the turn|the river|it))?\s+"
    rf"(?:to\s+|for\s+)?"
    rf"{N}(?=\s*\?|\s*$|\s+(?:on|at|in|into|preflop|postflop|after|before)\b|"
    rf".{{0,40}}\b(?:min|minimum|smallest|least|lowest|enough)\b)|"
    rf"\b(?:still|just|only)\s+{N}\s+more\b")


ASK_REOPEN = re.compile(
    r"\bcan (a|the (?!next\b)\w+ ?\w*|he|she|i|they|original|first|b)\b.{0,24}?\b(reraise|raise|"
    r"rejam|reshove|re jam|re shove|re pop|repop|jam again|shove again|go again|over the top)\b|"
    r"\b(does|do|can|may|is|will)\b.{0,16}\b(get to|allowed to|able to|have the right to|"
    r"still)\s+(reraise|raise)\b|"
    r"\b(reopen\w*|re open\w*|open(ed)? again)\b|\b(allowed|able) to (reraise|raise)\b|"
    r"\bcan (reraise|raise) again\b|\bwhat can (i|he|she|they|a|the \w+) do\b|"
    r"\b(my|his|her|their) options\b")


# "how much to call": what the player owes, asked when the action comes back to him
ASK_CALL = re.compile(r"\bhow (much|many)( more)?( chips)?( do i| does \w+| have i)?"
                      r"( need| have| got)? to call\b|\bhow (much|many) more\b(?!.{0,12}\brais)|"
                      r"\bwhat(s| is| do i)? (the |my |his |her |their )?call\b|"
                      r"\bhow much (does|do|would|will|should|must) (a|b|c|d|he|she|i|\w+) call\b|"
                      r"\bhow much is it (for|to) (him|her|me|them|a|b|c|\w+)\b|"
                      r"\bhow much (is it|do i|does \w+|would \w+|will \w+) (to )?call\b|"
                      r"\bhow much (do|does|would|will) \w+ (have|need|got) to put in\b|"
                      r"\bwhat(s| is| does| will)? it cost\b|"
                      r"\bwhat does (a|b|c|d|he|she|i|\w+) (have|need) to call\b")
ASK_PUT_IN = re.compile(r"\bhow (much|many)\b.*\b(put|add|more|in)\b|\bchips (\w+ )?adds?\b")


def ways(shape: str) -> int | None:
    m = re.search(r"\b(two|three|four|five|six|seven|eight|nine) (ways?|players|winners|people)"
                  r"\b|\bbetween (two|three|four|five|six|seven|eight|nine)\b", shape)
    if m is None:
        return None
    word = m.group(1) or m.group(3)
    return WORD_WAYS.get(word)


# "sb 100 bb 200": both blinds named
BOTH_BLINDS = (rf"\b(?:sb|small blind)(?: is| of| at)? {N} (?:and )?(?:bb|big blind)"
               rf"(?: is| of| at)? {N}")
# "from the small blind with 100 in": his own blind, half the big blind
# ("sb has 100 in", "sb (100 in)")
OWN_SMALL_BLIND = (rf"\b(?:(?:from|in) the )?(?:sb|small blind) (?:here )?"
                   rf"(?:with |w |has |who has )?{N} (?:already )?(?:in|posted)\b")
# "bb with 200 in": the big blind's own blind, said as chips he has in
OWN_BIG_BLIND = (rf"\b(?:bb|big blind) (?:here )?(?:with |w |has |who has )?{N} (?:already )?"
                 rf"(?:in|posted)\b")


def blinds_of(t: Text) -> tuple[int, int] | None:
    m = re.search(rf"{N} slash {N}|\bblinds (?:of |are |at )?{N} and {N}|{BOTH_BLINDS}", t.shape)
    if m:
        small, big = (t.value(g) for g in m.groups() if g is not None)
        return (small, big) if 0 < small <= big else None
    m = re.search(OWN_SMALL_BLIND, t.shape)
    if m:
        small = t.value(m.group(1))
        return (small, small * 2)
    m = re.search(OWN_BIG_BLIND, t.shape)
    if m:
        big = t.value(m.group(1))
        return (max(1, big // 2), big)
    m = re.search(rf"\b(bb|big blind)( is| of| at| are)? {N}|{N} (bb|big blind)\b{PLAYER_ACTS}",
                  t.shape)
    if m:
        big = t.value(m.group(3) or m.group(4))
        return (max(1, big // 2), big)
    return None


# The deeds of the players before the one in question, as (pattern, deed); a pattern's groups
# are the amounts it names, in order. A raise "from X to Y" is a bet of X and a raise to Y.
DEEDS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), d) for p, d in (
    (rf"\b(?:rais\w*|reraise\w*|went|go|goes|bumped|bump\w*|made it|makes it)\s+(?:was\s+|went\s+|"
     rf"is\s+|of\s+)?(?:it\s+)?(?:from\s+)?{N}\s+to\s+{N}", "bet-raise"),
    (rf"\b(?:went|goes|action was|action went|it was)\s+{N}(?:\s+(?:then\s+|and\s+)?{N})"
     rf"(?:\s+(?:then\s+|and\s+)?{N})?(?:\s+(?:then\s+|and\s+)?{N})?", "sequence"),
    # "raises by 3k": on top of the bet faced; "min raises": the least raise (no amount said)
    (rf"\b(?:rais(?:es|ed|ing)?|reraise[sd]?|bump(?:s|ed)?)\s+(?:it\s+)?by\s+{N}|"
     rf"\b(?:rais(?:es|ed|ing)?|reraise[sd]?|bump(?:s|ed)?)\s+(?:it\s+)?(?:another\s+)?{N}\s+more\b",
     "raiseby"),
    (r"\bmin ?(?:rais(?:es|ed)|click(?:s|ed)|reraise[sd]|xbets|xbetted)\b(?!\s+(?:to\s+|by\s+)?#)",
     "minraise"),
    (rf"\b(?:allin|shove\w*|jam\w*|push\w*|ship\w*|moves? in|moved in)\s+"
     rf"(?:on\s+|over\s+(?:it|me|him|her|that)\s+)?"
     rf"(?:for\s+|of\s+|with\s+|to\s+)?{N}",
     "allin"),
    (rf"{N}\s+(?:allin|shove|jam)\b", "allin"),
    # "he makes it 900": chips above the bet, read by the "make it" rule when it is the last deed
    (rf"\b(?:makes it|made it)\s+(?:to\s+)?{N}", "makeit"),
    # "bet to 600": a total, so a raise (before the flop at given blinds, else a bet opening)
    (rf"\b(?:rais\w*|reraise\w*|xbet\w*|makes it|made it|make it|makes|made|opens? to|opened to|"
     rf"bets? to|"
     rf"iso(?:s|ed|lates?|lated)?(?:\s+(?:raise[sd]?|it))?\s+to|"
     rf"opens?|opened|min raised to|limp raise\w* to|squeez\w*)\s+"
     rf"(?:to\s+|for\s+)?{N}", "raise"),
    (rf"\b(?:and\s+|then\s+)?again\s+to\s+{N}", "raise"),
    # "utg to 600", "co 1500": a position and a size, the raise understood ("utg 1" is utg+1)
    (rf"\b(?:utg|mp|hj|lj|co|btn|button|cutoff|hijack|lojack|dealer)\s+(?:goes\s+|went\s+)?"
     rf"to\s+{N}|\b(?:mp|hj|lj|co|btn|button|cutoff|hijack|lojack)\s+{N}(?!\s+(?:slash|bb|big|"
     rf"chips?|antes?|bet|raise|reraise|open|shove|allin|call|more|stack|behind|left|"
     rf"effective|deep)\b)", "raise"),
    (rf"\b(?:bets?|betting|leads?(?: out)?(?: for)?|donks?|fires?|fired|c ?bets?)\s+"
     rf"(?:of\s+|for\s+)?{N}", "bet"),
    (rf"(?:\b(?:a|an|the|his|her|their)\s+)?{N}\s+bet\b", "bet"),
    (rf"(?:\b(?:a|an|the|his|her|their)\s+)?{N}\s+(?:raise|reraise|xbet|open|opener)\b(?!\s+(?:to|by)\b)",
     "raise"),
    # "how much to call" asks; it tells no call
    (r"(?<!to )\bcall(?:s|ed)?\b(?:\s+(?:for\s+)?#\d+)?|\bflat(?:s|ted)?\b|"
     r"\blimp(?:s|ed)?\b(?!\s+(?:pot|pots|around|in)\b)|\b(?:a |one )?limper\b", "call"),
))


def deeds_of(shape: str, t: Text, skip: Sequence[tuple[int, int]]
           ) -> tuple[list[tuple[int, str, int]], list[tuple[int, int]]]:
    """(position, deed, amount to) for every deed named, in the order written, and the spans of
    text they were read from; text inside a `skip` span (the deed in question, the blinds) is
    not a deed of another player."""
    found: list[tuple[int, int, str, list[int]]] = []
    for pattern, deed in DEEDS:
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
        elif deed in ("call", "minraise"):
            out.append((start, deed, 0))
        else:
            out.append((start, deed, amounts[0]))
    return out, spans


def facing_of(shape: str, t: Text) -> tuple[tuple[int, int], str, int] | None:
    """"facing a raise to 600", "into his bet of 800", "the bet is 100": the bet the player in
    question faces, with where it is said."""
    m = re.search(
        rf"\bafter\s+(?:a|an|the|his|her|my|their)\s+{N}\s+(bet|raise|open|shove|allin)\b|"
        rf"\b(?:facing|into|vs|versus|against|over|to call|"
        rf"call(?!\s+(?:shove|allin|raise|reraise|bet|jam)\b))\s+(?:a\s+|an\s+|the\s+|his\s+|"
        rf"her\s+|my\s+|their\s+)?(?:(raise|reraise|bet|shove|allin)\s+(?:to\s+|of\s+|for\s+)?)?"
        rf"{N}(?:\s+(raise|bet|open|shove|allin))?|"
        rf"\b(?:the\s+)?(bet|raise)\s+(?:on the (?:flop|turn|river)\s+)?"
        rf"(?:in front of (?:me|him|her)\s+|to (?:me|him|her)\s+|"
        rf"i (?:face|faced|am facing)\s+|facing (?:me|him|her)\s+)?(?:is|was|of|at)\s+(?:to\s+)?{N}"
        rf"(?!\s+to\s+#)(?!\s+slash)", shape)
    if m is None:
        # "call on a 400 bet", "400 to call", "its 400 to me"
        on = re.search(rf"\bon\s+(?:a|an|the|his|her|their|my)\s+{N}\s+(bet|raise|shove|allin)\b|"
                       rf"{N}\s+(?:more\s+)?to call\b|"
                       rf"\b(?:its|it is|it was|thats|blinds)\s+{N}\s+to (?:me|him|her|you)\b",
                       shape)
        if on is None:
            return None
        if on.group(3) is not None:
            return on.span(), "bet", t.value(on.group(3))
        if on.group(4) is not None:
            # at given blinds, the raise before the flop (as "facing 600" below)
            return on.span(), "bet" if blinds_of(t) is None else "raise", t.value(on.group(4))
        word = on.group(2)
        deed = "raise" if word == "raise" else "allin" if word in ("shove", "allin") else "bet"
        return on.span(), deed, t.value(on.group(1))
    word = m.group(2) or m.group(3) or m.group(5) or m.group(6)
    amount = t.value(m.group(1) or m.group(4) or m.group(7))
    # "facing 600" at given blinds is the raise before the flop the seeds' examples tell
    deed = ("raise" if word in ("raise", "reraise", "open") else "allin" if word in (
        "shove", "allin") else "bet" if word == "bet" or blinds_of(t) is None else "raise")
    return (m.start(), m.end()), deed, amount


# Words of a question that asks for an amount ("min raise?", "how much", "what's the total").
ASKS = re.compile(r"\b(min|mini|minimum|least|smallest|lowest|how much|how many|total|what "
                   r"(does|do|is|s|would)|whats|can (he|she|i|a|they)|what now|who gets)\b")


def asks_amounts(query: str) -> bool:
    """Whether a question is about amounts the engine might settle: several amounts, or one with
    a question about it. Such a question that `work_out` cannot read is not answered with a
    sure rule: its number would be missing."""
    t = read(query)
    if t is None:
        return False
    return len(t.values) >= 2 or bool(ASKS.search(t.shape))


class _Named(Protocol):
    @property
    def id(self) -> str: ...


R = TypeVar("R", bound=_Named)
# Rules a question for the least raise is not about, though its words may rank them first (a
# bet or a blind named in the spot told)
NOT_THE_RAISE = frozenset({"minimum-bet", "blinds", "betting-actions", "streets"})


def asked_first(query: str, rules: Sequence[R]) -> tuple[R, ...]:
    """The rules offered for a question whose amounts were not worked out, the one it asks
    about first: the minimum raise, when the least raise is asked and the words ranked a
    rule of the spot told above it."""
    t = read(query)
    if t is None or not rules or rules[0].id not in NOT_THE_RAISE:
        return tuple(rules)
    if not ASK_MIN_RAISE.search(t.shape) or ASK_REOPEN.search(t.shape):
        return tuple(rules)
    wanted = [r for r in rules if r.id == "minimum-raise"]
    return (*wanted, *(r for r in rules if r.id != "minimum-raise"))


def raise_sized(shape: str, t: Text) -> tuple[tuple[int, int], list[tuple[str, int]]] | None:
    """"The last raise was 200 and the bet is now 600": a round whose raises were each 200,
    from a bet of 200 up to 600 (what the engine needs to know is the bet and the last full
    raise; raises of that size lead there)."""
    m = re.search(rf"\b(?:previous|last) (?:raise|bet|raise size)(?: was| of| is)? (?:by )?{N}\b"
                  rf".{{0,30}}?\b(?:bet|it|its|current bet|to call)(?: is| was| s)? (?:now )?"
                  rf"(?:at )?(?:up to )?{N}", shape)
    if m is not None:
        size, to = t.value(m.group(1)), t.value(m.group(2))
    else:
        # the other order: "the bet was 400 and the last raise 200"
        m = re.search(rf"\b(?:bet|current bet)(?: is| was| s)? (?:now )?(?:at )?(?:up to )?{N}\b"
                      rf".{{0,30}}?\b(?:previous|last) (?:raise|raise size)(?: was| of| is)? "
                      rf"(?:by )?{N}\b", shape)
        if m is None:
            return None
        to, size = t.value(m.group(1)), t.value(m.group(2))
    if not 0 < size <= to or to % size or to // size > MAX_RAISES:
        return None
    return m.span(), [("bet", size), *(("raise", size * k) for k in range(2, to // size + 1))]


def all_read(shape: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether every amount of the question lies in a span that was read."""
    return all(any(a <= m.start() < b for a, b in spans) for m in re.finditer(r"#\d+", shape))


# "... and said raise first": raise declared before the chips went in, told after them
RAISE_SAID_FIRST = re.compile(r"\b(said|says|say|saying|announc\w*|declar\w*)\s+(a\s+)?raise\s+"
                              r"(first|before|beforehand)\b")

# The deed the question asks about: (span, how, amount, second amount)
Deed = tuple[tuple[int, int], str, int, int]


def deed_in_question(shape: str, t: Text) -> Deed | None:
    m = re.search(rf"(?:\b(?:i|he|she)\s+|^\s*)(?:only\s+)?(?:have|has|had|got|have got|has got)\s+"
                  rf"(?:only\s+)?{N}\b.{{0,30}}?"
                  rf"\b(?:bet|bets|typed|raise\w*|shove\w*)\s+(?:to\s+)?{N}|"
                  rf"\bwith\s+(?:only\s+)?{N}\s+(?:left|behind|in (?:his|her|my) stack)\s+"
                  rf"(?:\w+\s+)?(?:typed|types|bets|bet|says|said)\s+(?:raise\s+|bet\s+)?(?:to\s+)?{N}",
                  shape)
    if m:
        stack, said = (t.value(g) for g in m.groups() if g is not None)
        return m.span(), "over-stack", said, stack
    m = re.search(rf"\b(?:bet|bets|typed|raise\w*|shove\w*)\s+(?:to\s+)?{N}\b"
                  rf"(?:(?!\b(?:bet|bets|typed|raise\w*|shove\w*)\b).){{0,30}}?\b(?:i|he|"
                  rf"she|but)\s+(?:only\s+)?(?:have|has|had)\s+(?:only\s+)?{N}", shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:bet|bets|typed|types|raise\w*|shove\w*)\s+(?:to\s+)?{N}\s+"
                  rf"(?:but|and|with)\s+(?:my|his|her|their)\s+(?:whole\s+|entire\s+)?stack\s+"
                  rf"(?:is|was|are|were)\s+(?:only\s+)?"
                  rf"{N}\b", shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:stack|chips) (?:is|was|are|were|of)\s+(?:only\s+)?{N}\b.{{0,30}}?"
                  rf"\b(?:bet|bets|typed|raise\w*|shove\w*|said)\s+(?:raise\s+)?(?:to\s+)?{N}",
                  shape)
    if m:
        return m.span(), "over-stack", t.value(m.group(2)), t.value(m.group(1))
    named = r"\b(?:bet|bets|typed|raise\w*|allin for)\s+(?:to\s+)?"
    # (no other amount between: "he bets 600, i put in 500 with 500 behind" is my stack)
    m = re.search(rf"{named}{N}\b[^#]{{0,30}}?\b(?:with|but)\s+"
                  rf"(?:(?:he|she|i)\s+)?(?:only\s+)?(?:(?:has|have|had)\s+)?(?:only\s+)?(?:a\s+)?"
                  rf"{N}\s*(?:stack|chips|left|behind|in (?:my|his) stack)|"
                  rf"{named}{N}\b[^#]{{0,30}}?\b(?:but|and)\s+(?:(?:he|"
                  rf"she|i)\s+)?(?:only\s+)?(?:has|have|had)\s+(?:only\s+)?{N}"
                  rf"(?=\s*(?:$|\?|what|whats|how|so\b))",
                  shape)
    if m:
        said, stack = (t.value(g) for g in m.groups() if g is not None)
        return m.span(), "over-stack", said, stack
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+(?:i\s*m\s+|im\s+|hes\s+|shes\s+)?"
                  rf"allin\b(?!\s+for\b)(?:\s+{N}\s+stack\b)?.{{0,24}}?\b(?:only\s+)?{CHIPS_VERBS}\s+"
                  rf"(?:in\s+|out\s+)?(?:only\s+)?{N}\b(?:\s+forward\b)?(?:.{{0,12}}?"
                  rf"\b(?:(?:hes|shes|he|she|i)\s+(?:got|has|have|had)|with)\s+(?:only\s+)?"
                  rf"{N}(?:\s+(?:total|stack|in (?:all|total)))?\b)?", shape)
    if m and sum(g is not None for g in m.groups()) == 2:
        # "said all in (4500 stack) but only slid 2000", "said all in but only pushed 2k, he's
        # got 7400": the word binds, all of the stack
        stack = t.value(m.group(1) or m.group(3))
        if t.value(m.group(2)) < stack:
            return m.span(), "said-vs-chips", stack, t.value(m.group(2))
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+(?:i\s*m\s+|im\s+|hes\s+|shes\s+)?"
                  rf"allin\b.{{0,24}}?\b{CHIPS_VERBS}\s+(?:in\s+|out\s+)?(?:only\s+)?{N}\s+(?:of|from)\s+(?:my|his|her)\s+"
                  rf"(?:whole\s+|entire\s+)?(?:stack\s+of\s+)?{N}(?:\s+stack)?\s*\??\s*$", shape)
    if m and t.value(m.group(1)) < t.value(m.group(2)):
        # "said all in but only pushed 2000 of my 5000": the word binds, all of the stack
        return m.span(), "said-vs-chips", t.value(m.group(2)), t.value(m.group(1))
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*|called out)\s+(?:i\s+)?"
                  rf"(?:(?:raise|bet|make it)\s+(?:to\s+)?)?{N}\b.{{0,30}}?"
                  rf"\b(?:{CHIPS_VERBS}|"
                  rf"bet|had|chips (?:were|was|are|came to)|chips)\s+(?:in\s+|out\s+|forward\s+)?"
                  rf"{N}", shape)
    if m:
        return m.span(), "said-vs-chips", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:(?:said|says|say|saying|goes|went)\s+(?:i\s+)?calls?|i\s+call\s+your)\s+"
                  rf"(?:your\s+|the\s+|his\s+|her\s+)?{N}\s+(?:and\s+|then\s+){{0,2}}(?:i\s+)?"
                  rf"(?:raise|reraise)s?\s+(?:you\s+|it\s+)?(?:by\s+)?(?:another\s+)?{N}"
                  rf"(?:\s+more)?", shape)
    if m:
        # "call 500 and raise 1000" said: a call said first, a raise after it (a string bet)
        return m.span(), "string-said", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+call\b.{{0,30}}?\b{CHIPS_VERBS}\s+"
                  rf"(?:in\s+|out\s+)?{N}|"
                  rf"\bcall(?:s|ed)?\s+(?:and|but|then)\s+(?:then\s+|also\s+)?{CHIPS_VERBS}\s+"
                  rf"(?:in\s+|out\s+|forward\s+)?{N}(?!\s+more)", shape)
    if m is None and re.search(rf"\bcall(?:s|ed)?\s+(?:and|but|then)\s+(?:then\s+|also\s+)?"
                               rf"{CHIPS_VERBS}\s+(?:in\s+|out\s+)?{N}\s+more\b", shape):
        # "calls and then puts in 800 more": a call and chips past it, which rule holds them
        # (a string bet, a raise) the words do not settle
        return (0, len(shape)), "unsettled", 0, 0
    if m:
        # "call" said (or "calls and tosses 800 in"): the word binds, a call
        return m.span(), "said-call", 0, t.value(m.group(1) or m.group(2))
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+raise\b(?:\s+first\b)?.{{0,20}}?"
                  rf"{N}\s+(?:(?:in\s+|out\s+)?(?:to call|to match(?: the bet)?)|call)\b.{{0,30}}?"
                  rf"\bback\b(?:.{{0,12}}?{N}\s+more\b|\s+and\s+add(?:ed|s)?\s+(?:another\s+)?{N})",
                  shape)
    if m:
        # "raise" said first lets him go back to his stack: both trips are the raise (the first
        # the call)
        call = t.value(m.group(1))
        return m.span(), "said-raise-trips", call, call + t.value(m.group(2) or m.group(3))
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+raise\b.{{0,40}}?\b"
                  rf"(?:(?:enough|just|only|chips|amount)\b.{{0,12}}\bcall|to call|the call)"
                  rf"(?: of {N})?\b", shape)
    if m:
        # "the call of 500": the bet called, said
        return m.span(), "said-raise-call", t.value(m.group(1)) if m.group(1) else 0, 0
    m = re.search(rf"\b(?:said|says|say|announc\w*|declar\w*)\s+raise\b(?!\s+(?:to\s+|by\s+)?#)"
                  rf".{{0,40}}?\b{CHIPS_VERBS}\s+"
                  rf"(?:in\s+|out\s+|forward\s+)?(?:only\s+)?{N}", shape)
    if m:
        return m.span(), "said-raise-chips", 0, t.value(m.group(1))
    m = re.search(rf"\b(?:raise|raises|raised|raising)\s+{N}\s+(?:over|on top of)\s+"
                  rf"(?:a\s+|an\s+|the\s+|his\s+|her\s+|my\s+|their\s+)?{N}\s+"
                  rf"(?:bet|raise|open)\b", shape)
    if m and t.value(m.group(1)) < t.value(m.group(2)):
        # "raise 2k over a 3k bet": less than the bet, so chips added to it, not a total
        return (m.start(), m.end(1)), "raise_by", t.value(m.group(1)), 0
    m = re.search(rf"\brais\w*\s+it\s+(?:by\s+)?{N}|"
                  rf"\b(?:said|says|say|declar\w*|announc\w*)\s+(?:i\s+)?raise\s+(?:by\s+)?{N}"
                  rf"(?!\s+to\b)|\braise it\s+(?:by\s+)?{N}|\braise by\s+{N}|"
                  # "'raise 2000' he says": the words quoted first
                  rf"^\s*raise\s+{N}\s+(?:he|she|i|they)\s+(?:says|said|say)\b", shape)
    if m:
        return m.span(), "raise_by", t.value(next(g for g in m.groups() if g is not None)), 0
    m = re.search(rf"\b(?:said|says|say|declar\w*|announc\w*)\s+(?:i\s+)?rais\w*\s+to\s+{N}|"
                  rf"\b(?:i|he|she)\s+(?:went|go|goes)\s+rais\w*\s+to\s+{N}|"
                  rf"\bi\s+(?:say\s+)?raise\s+to\s+{N}|"
                  rf"\b(?:said|says)\s+{N}\b", shape)
    if m:
        return m.span(), "raise_to", t.value(next(g for g in m.groups() if g is not None)), 0
    m = re.search(rf"\b(?:lets\s+)?make it\s+{N}", shape)
    rest = shape[:m.start()] + shape[m.end():] if m else ""
    if m and re.search(r"\b(facing|into|vs|against|over|call|bets?|betting|raise\w*|shove\w*|"
                       r"to me|limp\w*|open\w*|leads?|slash|utg|preflop)\b", rest):
        return m.span(), "make_it", t.value(m.group(1)), 0
    m = re.search(rf"\bcall(?:ed|s|ing)?\s+(?:only\s+|just\s+)?{N}\b.{{0,30}}?\b(?:when|but|"
                  rf"while|and)\b.{{0,20}}?\b(?:bet|raise)\s+(?:was|is|of)\s+(?:to\s+)?{N}", shape)
    if m and t.value(m.group(1)) < t.value(m.group(2)):
        # a call of less than the bet: chips put in short of a call
        return (m.start(), m.end(1)), "put_in", t.value(m.group(1)), 0
    m = re.search(rf"\b(?:{CHIPS_VERBS}|flicks?|flicked)\s+(?:in\s+|out\s+)?"
                  rf"(?:a\s+|an\s+)?(?:one|single|lone|a|an)\s+(?:single\s+|lone\s+)?"
                  rf"{CHIP_COLOUR}{N}\s+chip\b", shape)
    if m is None:
        # "put 1000 out in a single chip": the worth, then the one chip it is
        m = re.search(rf"\b{CHIPS_VERBS}\s+(?:in\s+|out\s+)?{N}\s+(?:(?:in|out|forward)\s+)?"
                      rf"(?:with|in|as|using)\s+(?:a|one)\s+(?:single\s+|lone\s+)?chip\b", shape)
    if m is None:
        # "I call with a 1000 chip": call said, one chip put in
        m = re.search(rf"\bcall(?:s|ed|ing)?\s+(?:it\s+)?(?:with|using)\s+"
                      rf"(?:a|an|one|single|lone)\s+(?:single\s+|lone\s+)?{CHIP_COLOUR}{N}\s+"
                      rf"chip\b", shape)
    if m is None:
        m = re.search(rf"\b(?:a|one|single|lone|an)\s+(?:single\s+)?{CHIP_COLOUR}{N}\s+chip\s+"
                      rf"(?:(?:is\s+|"
                      rf"was\s+|gets\s+|got\s+)?(?:thrown|tossed|put|dropped|pushed|slid|flung|"
                      rf"chucked|comes in|"
                      rf"came in|goes in|went in)\b|(?=(?:over|into|"
                      rf"facing|vs|against|on)\b))", shape)
    if m and (re.search(r"\b(said|says|say|announc\w*|declar\w*)\s+raise\b", shape[:m.start()])
              or RAISE_SAID_FIRST.search(shape, m.end())):
        # "raise" said before the chip went in: a raise, to the chip's worth at most
        return m.span(), "single-chip-raise", t.value(m.group(1)), 0
    if m:
        # one chip put in without "raise" said first: a call (TREPS and Tavern alike)
        return m.span(), "single-chip", t.value(m.group(1)), 0
    m = re.search(rf"\b{CHIPS_VERBS}\s+(?:in\s+|out\s+)?(?:exactly\s+|just\s+)?{N}"
                  rf"(?:\s+(?:in|out|forward))?(?:\s+in one (?:motion|go|move))?\s+"
                  rf"(?:to call(?:\s+(?:my|his|her|the|a))?(?:\s+bet)?(?:\s+of)?(?:\s+#\d+)?"
                  rf"(?:\s+bet)?\s+)?"
                  rf"(?:and\s+)?(?:then\s+)?(?:(?:went|goes|go|going|reach|reached|reaches|reaching|came|"
                  rf"comes|dips|dipped)\s+"
                  rf"back\b.{{0,30}}?|(?:grabbed|grabs|added|adds|threw|tossed|pushed)\s+(?:in\s+)?"
                  rf"(?:another\s+)?){N}", shape)
    if m and not re.search(r"\b(said|says|announc\w*|declar\w*)\s+raise\b", shape[:m.start()]):
        # chips put in, then a trip back to the stack for more: only the first chips count
        return m.span(), "string", t.value(m.group(1)), t.value(m.group(2))
    m = re.search(rf"\bcall(?:s|ed)\s+(?:the\s+)?{N}\s+(?:and\s+)?(?:then\s+)?(?:went|goes|reached|"
                  rf"reaches|came|comes)\s+back\b.{{0,30}}?{N}", shape)
    if m and not re.search(r"\b(said|says|announc\w*|declar\w*)\s+raise\b", shape[:m.start()]):
        # a call of a bet (the bet it calls, when none is told), then a trip back for more
        return m.span(), "string-call", t.value(m.group(1)), t.value(m.group(2))
    # the last chips put in are the deed in question ("someone bets 400 and I put in 600")
    puts = list(re.finditer(rf"\b(?:{CHIPS_VERBS}|bet|adds?|added)\s+"
                            rf"(?:in\s+|out\s+|forward\s+)?(?:only\s+|just\s+)?"
                            rf"(?:a\s+(?:stack|pile)\s+of\s+)?{N}"
                            rf"(?:\s+(?:in|out|forward|more))?", shape))
    if puts and (SILENT.search(shape) or facing_of(shape, t) is not None or re.search(
            r"\b(into|facing|vs|against|over)\b(?! (me|him|her|us|you|them|the pot|a pot|that|it|"
            r"this|the top)\b)",
            shape) or (
            re.search(rf"\b(bets?|raises?|raised|opens?|opened|leads?)\s+(to\s+)?{N}|"
                      rf"{N}\s+(bet|raise|open)\b",
                      shape[:puts[-1].start()]) and puts[-1].group(0).split()[0] != "bet")):
        # chips put in after a bet or raise told: the chips are the deed in question
        m = puts[-1]
        if m.group(0).startswith("add"):
            # "adds 600 more": chips on top of what he had in (a blind); after a call or a
            # first trip told, a second trip, which the words do not settle
            if re.search(r"\b(call\w*|put\w*|threw|throws?|tosse[sd]|toss|slid|slides?|push\w*|"
                         r"drops?|dropped|bets?)\b", shape[:m.start()].rsplit(" i ", 1)[-1]):
                return (0, len(shape)), "unsettled", 0, 0
            return m.span(), "add", t.value(m.group(1)), 0
        if m.group(0).endswith(" more"):
            return (0, len(shape)), "unsettled", 0, 0  # "puts in 500 more": on top of what?
        return m.span(), "put_in", t.value(m.group(1)), 0
    return None


STREET = re.compile(r"\b(flop|turn|river)\b")
# A street that opens a new round of the story: ", turn bet 800", ". river: he shoves", "then on
# the turn"; not a street said after a deed ("he bets 600 on the turn")
OPENS_ROUND = re.compile(r"(?:^|[,.;:!?]|\bthen\b|\band\b)\s*(?:then\s+)?(?:on\s+)?(?:the\s+)?"
                         r"(flop|turn|river)\b")


def new_street(query: str, shape: str) -> int | None:
    """Where in `shape` the last street that opens a new round of the story is named, or None
    (no such street, or the streets of the question and of its shape do not match up)."""
    low = query[:MAX_CHARS].casefold()
    said = list(STREET.finditer(low))
    in_shape = list(STREET.finditer(shape))
    if len(said) != len(in_shape):
        return None
    opening = {m.start(1) for m in OPENS_ROUND.finditer(low)}
    last = None
    for m, at in zip(said, in_shape, strict=True):
        if m.start() in opening:
            last = at.start()
    return last


# The patterns above are compiled on their first use (and kept by `re`): reading a question
# that matches none of them once here compiles them all at import, so that the first `/rule`
# asked does not pay for it on the loop.
deed_in_question(" #0 ", Text(" #0 ", (1,)))

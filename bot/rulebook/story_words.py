"""The words of a betting round told as a story (read by bot/rulebook/betting_story.py): the
tokens a question is cut into, and the vocabulary of actors, positions, verbs and the words
that stop a story from being read for sure."""

from __future__ import annotations

import re
from typing import Literal

MAX_CHARS = 100  # the lookup's bound: nothing past it is read
MAX_AMOUNT = 10**8

# "asked": a raise or bet told without its size, the one the question is about; "reach": the
# others fold to the player named; "sayraiseby": "raise it 800" said, the deed asked about
Verb = Literal["raise", "bet", "call", "check", "fold", "allin", "minraise", "raiseby", "asked",
               "reach", "sayraiseby"]
Ask = Literal["min", "total", "added", "reopen", "legal"]

# One token: (kind, text, value). Kinds: amt, times, bigs, share, pair, word, stop, count.
Token = tuple[str, str, float]

_AMT = r"\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?k\b)?"
TOKEN = re.compile(
    rf"(?P<pair>{_AMT})\s*/\s*(?P<pair2>{_AMT})(?!\s*(?:of\s+(?:the\s+)?)?pot\b)"
    rf"|(?P<dash>{_AMT})\s?-\s?(?P<dash2>{_AMT})(?=\s|$|[,.;:!?)])"
    rf"|(?P<frac>[123])\s*/\s*(?P<frac2>[2-4])(?=\s+(?:of\s+(?:the\s+)?)?pot\b)"
    rf"|(?P<pct>\d{{1,3}})\s?(?:%|percent\b|pct\b)"
    rf"|(?P<xbet>[2-5])\s?-?\s?b(?:et\w*|s)?\b"
    rf"|(?P<times>\d{{1,2}}(?:\.\d+)?)\s?x(?:s|es|ed|d)?(?![a-z0-9])"
    rf"|(?P<bigs>\d{{1,2}}(?:\.\d+)?)\s?(?:bbs?|bigs?|big blinds?|big ones|blinds)\b"
    rf"|(?P<ord>\d+)(?:st|nd|rd|th)\b"
    rf"|(?P<amt>{_AMT})"
    rf"|(?P<word>[a-z]+(?:\+?\d)?)(?![\d])"
    rf"|(?P<stop>[,;:!?()]|\.(?!\d)|\s[-\u2013\u2014]+\s|[\u2013\u2014])")

SHARES = {"half": 0.5, "quarter": 0.25, "third": 1 / 3, "full": 1.0}
# "3 way", "2 bigger stacks", "9 players": a count, not chips
COUNT_WORDS = frozenset({"way", "ways", "players", "player", "handed", "people", "guys", "others",
                         "seats", "tables", "limpers", "callers", "of", "stacks", "bigger",
                         "smaller", "opponents", "villains", "hands", "levels"})


def _number(text: str) -> float | None:
    m = re.fullmatch(r"\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?k)?", text.strip())
    if m is None:
        return None
    number = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    return number * 1000 if m.group(3) else number


def tokens(query: str) -> list[Token] | None:
    """The tokens of a question (None when an amount is no whole number of chips)."""
    low = query[:MAX_CHARS].casefold().replace("\u2019", "").replace("'", "")
    low = spelt_right(low)
    low = low.replace("all-in", "allin").replace("all in", "allin").replace("min-", "min ")
    low = re.sub(r"\bno[ -]one\b", "noone", low)
    # "level 5", "lvl 12": which level, not chips
    low = re.sub(r"\b(level|lvl|round|table|seat)\s?#?\d{1,2}\b", r"\1", low)
    low = re.sub(r"\bre[- ](raise|pop|shove|jam)", r"re\1", low)
    # "100/200/25": the blinds and the ante
    low = re.sub(r"(\d[\d,.]*k?\s*/\s*\d[\d,.]*k?)\s*/\s*\d[\d,.]*k?\b", r"\1 ante", low)
    # a check-raise is a raise
    low = re.sub(r"\b(?:check[ -]?|x ?/ ?|x-)(rais\w*)", r"\1", low)
    out: list[Token] = []
    for m in TOKEN.finditer(low):
        kind = m.lastgroup or ""
        if kind in ("pair2", "dash2"):
            kind = kind[:-1]
        text = m.group(0)
        if kind in ("pair", "dash"):
            small, big = _number(m.group(kind)), _number(m.group(kind + "2"))
            if small is None or big is None or not 0 < small <= big or (
                    kind == "dash" and big > 2 * small):
                return None
            out.append(("pair", text, small))
            out.append(("pair", text, big))
            continue
        if kind == "frac2":
            kind = "frac"
        if kind == "frac":
            out.append(("share", text, int(m.group("frac")) / int(m.group("frac2"))))
        elif kind == "pct":
            out.append(("share", text, int(m.group("pct")) / 100))
        elif kind == "xbet":
            tail = re.search(r"b(et\w*|s)?$", text)
            ending = tail.group(1) or "" if tail else ""
            out.append(("word", "xbet" + ("s" if ending in ("s", "ets") else
                                          "ted" if ending.endswith("ted") else ""),
                        int(m.group("xbet"))))
        elif kind in ("times", "bigs"):
            out.append((kind, text, float(m.group(kind))))
        elif kind == "ord":
            out.append(("word", "nth", 0))
        elif kind == "amt":
            value = _number(text)
            if value is None or value != int(value) or not 0 < value <= MAX_AMOUNT:
                return None
            out.append(("amt", text, value))
        elif kind == "word":
            out.append(("word", text, 0))
        else:
            out.append(("stop", text, 0))
    # "3 way", "2 bigger stacks": counts
    for i, (kind, text, value) in enumerate(out):
        if kind == "amt" and value <= 10 and i + 1 < len(out) and out[i + 1][1] in COUNT_WORDS:
            out[i] = ("count", text, value)
    return out


# --- the vocabulary of stories ---------------------------------------------------------------

# the names of a position, as the engine's seats know them
CANON = {"cutoff": "co", "hijack": "hj", "lojack": "lj", "button": "btn", "bu": "btn",
         "dealer": "btn", "utg+1": "utg1", "utg+2": "utg2"}
HERO = frozenset({"i", "im", "me", "my", "myself", "hero"})
VILLAIN = frozenset({"he", "she", "him", "his", "her", "dude", "guy", "villain", "vill", "opp",
                     "opponent", "someone", "somebody", "bro", "buddy", "fish", "reg"})
# positions in the order they act before the flop, the blinds last
POSITIONS = {"utg": 3, "utg1": 4, "utg+1": 4, "utg2": 5, "utg+2": 5, "mp": 6, "mp1": 6, "mp2": 7,
             "lj": 7, "lojack": 7, "hj": 8, "hijack": 8, "co": 9, "cutoff": 9, "btn": 10,
             "button": 10, "bu": 10, "dealer": 10, "sb": 1, "bb": 2}

_VERB_WORDS: tuple[tuple[str, Verb], ...] = (
        ("raise raises raised raising reraise reraises reraised xbet xbets xbetting xbetted "
         "squeeze squeezes squeezed iso isos isoed isolates isolated bump bumps bumped "
         "open opens opened", "raise"),
        ("bet bets betting lead leads led donk donks donked fire fires fired cbet cbets "
         "stab stabs", "bet"),
        ("call calls called flat flats flatted limp limps limped complete completes completed "
         "overcall overcalls overcalled overlimps", "call"),
        ("check checks checked", "check"),
        ("fold folds folded", "fold"),
        ("shove shoves shoved jam jams jammed allin ships shipped push pushes pushed "
         "reshove reshoves reshoved rejam rejams rejammed", "allin"),
        ("repop repops repopped", "raise"))
VERBS: dict[str, Verb] = {w: verb for words, verb in _VERB_WORDS for w in words.split()}
# "another guy", "the first player": a player not named
ORDER_WORDS = frozenset({"first", "second", "third", "fourth", "fifth", "next", "another",
                         "other", "new", "nth"})
CLICKS = frozenset({"click", "clicks", "clicked"})
STREETS = frozenset({"flop", "turn", "river", "postflop"})
ARTICLES = frozenset({"a", "an", "the", "his", "her", "my", "their", "your"})
NOUN_DEEDS: dict[str, Verb] = {"open": "raise", "opener": "raise", "raise": "raise",
                               "reraise": "raise", "xbet": "raise", "bet": "bet", "lead": "bet",
                               "cbet": "bet", "shove": "allin", "jam": "allin", "allin": "allin",
                               "limp": "call", "squeeze": "raise", "iso": "raise"}



# Words that change a story beyond a list of deeds (a declaration, chips pushed, a stack, a
# mistake, another pot): the story is not read here
STOPPERS = frozenset({
    "would", "thinking", "thought", "mistake", "accident", "string", "only", "but", "not",
    "didnt", "doesnt", "dont", "no", "never", "chip", "threw", "throws", "put", "puts", "tossed",
    "tosses", "dropped", "drops", "slid", "forward", "typed", "types", "misclick", "wait",
    "actually", "oops", "has", "had", "got", "return", "returned", "dead", "side", "split",
    "chop", "chopped", "main", "pots", "sidepot", "straddle", "straddles", "straddled", "wants",
    "tries", "tried", "less", "instead", "stack", "stacks", "covered", "covers", "effective",
    "said", "declared", "announced", "announces", "declares", "change", "oot", "turned",
    "back", "show", "shows", "wins", "won", "lost",
    "takes", "take", "get", "gets", "owe", "owes", "odd", "color", "race", "sidepots",
    "pot", "into", "under", "bounty", "rebuy", "addon", "deal", "misdeal", "exposed",
    "behind", "left", "have"})
# Of those, the ones read where they stand in the shapes below ("40% pot into 5k", "with 3,000
# behind", "come back with", "i have") are let through by `_allowed`
READ_WHERE_THEY_STAND = frozenset({"pot", "into", "behind", "left", "back", "have", "has", "had",
                                   "says",
                                   "said", "under"})
CLAUSE_WORDS = frozenset({"if", "when", "and", "then", "after", "while", "but"})
QUESTION_MODALS = frozenset({"can", "could", "may", "should", "must", "gotta", "to", "wanna",
                             "min", "minimum", "least", "smallest", "lowest", "legal", "next",
                             "legally", "allowed"})
BASE_FORMS = frozenset({"raise", "reraise", "xbet", "click", "bet", "open", "lead", "call",
                        "squeeze", "shove", "jam", "iso", "donk", "fire", "cbet", "limp"})
FILLER = frozenset({"ok", "okay", "so", "and", "then", "just", "also", "now", "here", "who",
                    "guy", "player", "next", "first", "second", "third", "nth", "lol", "hey",
                    "um", "uh", "like", "basically", "at", "with", "in", "up", "pre", "preflop",
                    "blinds", "blind", "level", "lvl", "we", "are", "were", "heads", "hu",
                    "everyone", "everybody", "all", "around", "folded", "cold", "smooth", "sized",
                    "them", "us", "there", "that", "this", "be", "do", "does", "did", "doing",
                    "am", "to", "act", "acting", "nobody", "noone", "one", "what", "whats",
                    "how", "much", "many", "can", "the", "a", "an", "it", "is", "was", "if",
                    "when", "min", "least", "smallest", "lowest", "minimum", "legal", "allowed",
                    "for", "of", "on", "vs", "facing", "after", "over", "by", "total", "more",
                    "again", "another", "gotta", "could", "may", "should", "must",
                    "valid", "tda", "treps", "tavern", "rules", "rule", "way", "some"})
# Words misspelt or run together in chat that the readers need read right
SPELT = {"minimun": "minimum", "minumum": "minimum", "mininum": "minimum", "minimium": "minimum",
         "minium": "minimum", "leest": "least", "beted": "bet", "waht": "what", "wats": "whats",
         "wanna": "want to", "smalest": "smallest", "littlest": "smallest"}
MISSPELT = re.compile(rf"\b({'|'.join(SPELT)})\b")


def spelt_right(text: str) -> str:
    """Lower-case `text` with the misspellings of SPELT put right."""
    return MISSPELT.sub(lambda m: SPELT[m.group(1)], text)


MISSPELT_RAISE = re.compile(r"\b(re ?)?(rase|raize|riase|rasie|raiss)(s|d|ed)?\b")

"""A betting round told as a story, read by its structure: who did what, to how much, and what is
asked ("utg min raises, hj 3x's it, least co can 4bet?" at 500/1000).

The question is cut into tokens (words, amounts, multiples, shares of the pot, the blinds, stops)
and read as a list of deeds, each an actor, a verb and a size, followed or preceded by the
question: the least raise or bet, the total of a raise, the chips it adds, whether a player may
raise again. bot/rulebook/amounts.py plays what was read on the engine. A story is read only
when every amount and every deed in it is accounted for: a deed told without its size (other
than the one asked about), a word that changes the story ("if", "said", "only") or an order
that is not clear leaves it unread (None), and the lookup answers with words alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig
from bot.engine.hand_events import Acted, StreetDealt
from bot.engine.profile import Profile
from bot.rulebook.worked import TABLE_SIZE, spot_seats

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


@dataclass
class Size:
    """How big a deed is: chips (`to`, or `by` on top of the bet faced), a multiple of the bet
    faced (`times`) or of the big blind (`bigs`), a share of the pot said, or the least raise."""

    how: Literal["to", "by", "times", "bigs", "pot", "min"]
    value: float = 0.0


@dataclass
class Deed:
    actor: str  # "" for a player not named: a new one
    verb: Verb
    size: Size | None = None


@dataclass
class Story:
    blinds: tuple[int, int] | None = None
    street: Literal["preflop", "postflop"] | None = None
    heads_up: bool = False
    deeds: list[Deed] = field(default_factory=list)
    ask: Ask | None = None
    asker: str = ""  # who the question is for ("" the next to act)
    proposed: int | None = None
    # chips behind said of a player after his deed ("I bet 900 with 3,000 behind"): actor ->
    # (chips behind, index of that deed)
    behind: dict[str, tuple[int, int]] = field(default_factory=dict)
    me: str = ""  # the position the asker says he is in ("im in the cutoff", "sb here")
    level: int = 0  # the raise the question names by number: 4 for "min 4bet" (0: none)
    mentioned: frozenset[str] = frozenset()  # "i", "he", "she" named in the question's words


class _Unread(Exception):
    """The story is not read for sure."""


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
_MISSPELT = re.compile(r"\b(re ?)?(rase|raize|riase|rasie|raiss)(s|d|ed)?\b")


def read_story(query: str) -> Story | None:
    """The story a question tells, or None when it is not read for sure."""
    low = _MISSPELT.sub(lambda m: f"{m.group(1) or ''}raise{m.group(3) or ''}", query)
    low = re.sub(r"\brr\b", "reraise", low, flags=re.IGNORECASE)
    toks = tokens(low)
    if not toks or not any(t[0] in ("amt", "pair") for t in toks):
        return None
    if not _allowed([t[1] for t in toks if t[0] == "word"]):
        return None
    if any(a[0] == "amt" and b[1] in ("chips", "chip") for a, b in zip(toks, toks[1:],
                                                                         strict=False)):
        return None  # "137 chips": chips counted, not a bet's size
    try:
        return _Reader(toks, query).read()
    except _Unread:
        return None


def _allowed(words: list[str]) -> bool:
    text = " ".join(words)
    for w in set(words) & STOPPERS:
        if w not in READ_WHERE_THEY_STAND:
            return False
    if re.search(r"\b(have|has|had)\b(?! to\b)", text):
        return False  # a stack said ("I have 1,500"), not "how much do I have to raise"
    if re.search(r"\b(left|behind)\b", text) and not re.search(r"\bwith (behind|left)\b", text):
        return False
    if re.search(r"\bback\b", text) and not re.search(r"\bcome back with\b", text):
        return False
    if re.search(r"\bunder\b", text) and not re.search(r"\bunder the gun\b", text):
        return False
    if re.search(r"\bsaid\b", text) or re.search(r"\bsays?\b", text) and re.search(
            r"\bpush", text):
        return False  # "says raise and pushes 1,000": chips against a word, the phrases' reading
    return True


class _Reader:
    def __init__(self, toks: list[Token], original: str) -> None:
        self.t = toks
        self.i = 0
        self.story = Story()
        self.pot: int | None = None
        self.caps = set(re.findall(r"\b[A-F]\b", original[:MAX_CHARS]))
        self.asked: list[str] = []  # the words no deed took: the question
        self.levels: set[int] = set()  # the raises the question names by number ("min 4bet")
        self.proposed: list[int] = []
        self.round_starts: list[int] = []
        self.deed_end = 0  # where the last deed read ends
        self.streets: set[str] = set()  # the streets named so far

    # --- looking at tokens ---
    def word(self, k: int = 0) -> str:
        j = self.i + k
        return self.t[j][1] if 0 <= j < len(self.t) and self.t[j][0] == "word" else ""

    def kind(self, k: int = 0) -> str:
        j = self.i + k
        return self.t[j][0] if 0 <= j < len(self.t) else ""

    def value(self, k: int = 0) -> float:
        return self.t[self.i + k][2]

    def actor_at(self, k: int = 0) -> tuple[str, int] | None:
        """The actor named at i+k and how many tokens name him."""
        w, nxt = self.word(k), self.word(k + 1)
        if (w, nxt) == ("under", "the") and self.word(k + 2) == "gun":
            return "utg", 3
        pair = {("small", "blind"): "sb", ("big", "blind"): "bb", ("cut", "off"): "co"}.get(
            (w, nxt))
        if pair is not None:
            return pair, 2
        if w in POSITIONS:
            return CANON.get(w, w), 1
        if w in ORDER_WORDS and nxt in ("guy", "player", "person", "dude", "one", "villain"):
            return "", 2  # "another guy", "the second player": one not named, new to the story
        if w in HERO:
            return "i", 1
        if w in VILLAIN:
            return _villain(w), 1
        if w == "player" and len(nxt) == 1 and nxt in "abcdef":
            return nxt, 2
        if len(w) == 1 and w in "abcdef" and w.upper() in self.caps and (
                nxt in VERBS or nxt in ("is", "min") or self.kind(k + 1) != "word"):
            return w, 1
        if (w and w not in VERBS and w not in FILLER and w not in STOPPERS and len(w) > 1
                and nxt in VERBS and nxt not in BASE_FORMS):
            return w, 1  # a name: "Jo opens", "Bea calls"
        return None

    def in_question(self, at: int) -> bool:
        """Whether the deed that starts at `at` is the question's ("can I raise", "min 3bet",
        "how much to call"): a modal word shortly before it, in the same clause."""
        for j in range(at - 1, at - 5, -1):
            if j < 0 or self.t[j][0] == "stop" or self.t[j][1] in CLAUSE_WORDS:
                return False
            if self.t[j][1] in QUESTION_MODALS:
                return True
        return False

    # --- the story ---
    def read(self) -> Story:
        story = self.story
        while self.i < len(self.t):
            if not self._level() and not self._deed_here():
                self._other()
        if self.round_starts:
            story.deeds = story.deeds[self.round_starts[-1]:]
        asked = re.sub(r"\s+", " ", " ".join(self.asked).replace("|", " "))
        story.ask = _ask(asked)
        if len(self.levels) > 1:
            raise _Unread
        story.level = next(iter(self.levels), 0)
        story.asker = _asker(self.asked, "A" in self.caps)
        story.mentioned = frozenset(
            "i" if w in HERO else _villain(w) for i, w in enumerate(self.asked)
            if w in HERO or w in VILLAIN and not (i and self.asked[i - 1] in ORDER_WORDS))
        if len(self.proposed) > 1:
            raise _Unread
        story.proposed = self.proposed[0] if self.proposed else None
        for d in story.deeds:
            if d.size is not None and d.size.how == "pot":
                if self.pot is None:
                    raise _Unread  # a share of a pot whose size is not said
                d.size = Size("to", _whole(d.size.value * self.pot))
        _check_verbs_read(asked)
        return story

    def _level(self) -> bool:
        """The blinds, antes, the street, heads-up, who the asker is: not deeds."""
        story = self.story
        kind, w = self.kind(), self.word()
        if kind == "pair":
            _set_blinds(story, int(self.value()), int(self.value(1)))
            self.i += 2
            return True
        if kind == "count":
            count, after = int(self.value()), self.word(1)
            self.i += 2
            if after in ("limpers", "callers") and count <= 5:
                story.deeds += [Deed("", "call") for _ in range(count)]
            elif after in ("way", "ways", "handed") and count == 2:
                story.heads_up = True
            return True
        if w in ("ante", "antes", "bba") or (w in ("bb", "big") and self.word(1) == "ante"):
            self.i += 1 if w in ("ante", "antes", "bba") else 2
            while self.word() in ("of", "is", "at"):
                self.i += 1
            if self.kind() == "amt":
                self.i += 1
            return True
        if kind == "amt" and self.word(1) in ("ante", "antes", "bba"):
            self.i += 2
            return True
        if self._blind_said():
            return True
        if w in ("heads", "hu") and (w == "hu" or self.word(1) == "up"):
            story.heads_up = True
            self.i += 1 if w == "hu" else 2
            return True
        if w in STREETS:
            if story.street == "preflop":
                raise _Unread
            j = -1
            while self.word(j) in ("then", "on", "the", "and"):
                j -= 1
            after_a_stop = any(t[0] == "stop" for t in self.t[self.deed_end:self.i])
            if story.deeds and w != "postflop" and (self.kind(j) in ("stop", "") or (
                    after_a_stop and w not in self.streets)):
                # a new round opens: "..., turn bet 800", "he bets 100 on the flop, min bet on
                # the turn?"
                self.round_starts.append(len(story.deeds))
            self.streets.add(w)
            story.street = "postflop"
            self.i += 1
            return True
        if w in ("pre", "preflop") or (w == "before" and self.word(1) == "the" and
                                       self.word(2) == "flop"):
            if story.street == "postflop":
                raise _Unread
            story.street = "preflop"
            self.i += 1 if w != "before" else 3
            return True
        if w in ("nobody", "noone") and VERBS.get(self.word(1)) in ("raise", "bet"):
            self.i += 2  # "nobody opened": everyone folded to the asker
            if story.deeds:
                raise _Unread
            _set_preflop(story)
            return True
        if w in ("im", "i") and self.word(1) in ("am", "in", "on", "the", "") or w == "im":
            j = 1
            while self.word(j) in ("am", "in", "on", "the", "at"):
                j += 1
            named = self.actor_at(j)
            if named is not None and named[0] in POSITIONS:
                _set_me(story, named[0])
                self.i += j + named[1]
                return True
        if w in POSITIONS and self.word(1) == "here":
            _set_me(story, CANON.get(w, w))
            self.i += 2
            return True
        if w == "with" and self.kind(1) == "amt" and self.word(2) in ("behind", "left"):
            deeds = self.story.deeds
            if not deeds or not deeds[-1].actor:
                raise _Unread
            story.behind[deeds[-1].actor] = (int(self.value(1)), len(deeds) - 1)
            self.i += 3
            return True
        if kind == "stop" and self.kind(1) == "amt" and self.word(2) == "in" and story.me in (
                "sb", "bb") and self.kind(-1) == "word" and self.actor_at(-1) is not None:
            # "im in the sb (100 in)": the blind he has in
            (_set_small if story.me == "sb" else _set_big)(story, int(self.value(1)))
            _set_preflop(story)
            self.i += 3
            return True
        if w == "with" and self.kind(1) == "amt" and self.word(2) == "in":
            # "sb here with 100 in": the blind he has in
            if not story.me:
                raise _Unread
            (_set_small if story.me == "sb" else _set_big)(story, int(self.value(1)))
            _set_preflop(story)
            self.i += 3
            return True
        return False

    def _blind_said(self) -> bool:
        """ "bb is 400", "sb 200 bb 400", "400 bb", "sb (100 in)"."""
        story = self.story
        named = self.actor_at()
        if named is not None and named[0] in ("sb", "bb"):
            j = named[1]
            if self.kind(j) == "stop" and self.kind(j + 1) == "amt" and self.word(j + 2) == "in":
                # "sb (100 in)": the asker, in that blind, with it in
                amount = int(self.value(j + 1))
                (_set_small if named[0] == "sb" else _set_big)(story, amount)
                _set_me(story, named[0])
                _set_preflop(story)
                self.i += j + 3
                if self.kind() == "stop" and self.t[self.i][1] == ")":
                    self.i += 1
                return True
            while self.word(j) in ("is", "of", "at"):
                j += 1
            if self.kind(j) == "amt" and not (self.word(j + 1) in VERBS or self.word(j + 1) in (
                    "to", "more")) and not (j == named[1] and self.kind(-1) != "stop" and
                                            self.i > 0 and VERBS.get(self.word(-1)) is not None):
                amount = int(self.value(j))
                (_set_small if named[0] == "sb" else _set_big)(story, amount)
                self.i += j + 1
                return True
        if self.kind() == "amt" and self.word(1) in ("bb", "sb") and not (
                self.word(2) in VERBS or self.word(2) in ("is", "with")):
            (_set_big if self.word(1) == "bb" else _set_small)(story, int(self.value()))
            self.i += 2
            return True
        return False

    def _other(self) -> None:
        kind, text, value = self.t[self.i]
        self.i += 1
        if kind == "stop":
            self.asked.append("|")
            return
        if kind == "amt":
            if self.proposal_at():
                self.proposed.append(int(value))
                self.asked.append("#")
                return
            raise _Unread  # an amount no deed accounts for
        if kind in ("times", "bigs", "share", "pair", "count"):
            raise _Unread
        if text.startswith("xbet") and value:
            self.levels.add(int(value))
        self.asked.append(text)

    def proposal_at(self) -> bool:
        """ "can the next player raise to 2000", "is 1600 the min": the asker's own amount."""
        back = [w for w in self.asked[-6:]]
        if "|" in back:
            back = back[len(back) - back[::-1].index("|"):]
        if {"can", "could", "may"} & set(back) and back and back[-1] in ("to", "for") and (
                {"raise", "reraise", "xbet", "bet", "open", "lead"} & set(back)):
            return True  # "can the next player raise to 2000"
        # "is 1600 the min", "is 900 legal"
        return bool(back) and back[-1] in ("is", "isnt") and self.word() in (
            "the", "a", "legal", "enough", "allowed", "valid", "ok")

    # --- deeds ---
    def _deed_here(self) -> bool:
        start = self.i
        deed = self._deed()
        if deed is None:
            self.i = start
            deed = self._noun_deed()
            if deed is None:
                self.i = start
                return False
        self.story.deeds.append(deed)
        self._over()
        self.deed_end = self.i
        return True

    def _over(self) -> None:
        """ "3bets to 1,800 over a 600 open", "raises to 900 after my 300 bet": the deed named
        after "over" (facing, vs, after) came before the one told."""
        if self.word() in ("over", "facing", "vs", "versus", "against", "after") and (
                self.word(1) in ARTICLES):
            self.i += 1
            noun = self._noun_deed()
            if noun is None:
                raise _Unread
            self.story.deeds.insert(len(self.story.deeds) - 1, noun)

    def _deed(self) -> Deed | None:
        """[actor] [min] verb [object] [size]."""
        actor = ""
        start = self.i
        named = self.actor_at()
        if named is not None:
            actor, step = named
            self.i += step
            if self.word() in ("is", "goes", "went") and self.word(1) == "allin":
                self.i += 1
        while self.word() in ("then", "just", "also", "now", "who", "instantly", "snap") or (
                named is not None and self.word().endswith("ly") and self.word(1) in VERBS):
            self.i += 1  # "he quickly shoves": the deed, its manner aside
        w = self.word()
        if w in ("everyone", "everybody", "all", "it") and self.word(1) in ("folds", "fold",
                                                                             "folded"):
            self.i += 1
            w = self.word()
        if w in ("says", "say") and VERBS.get(self.word(1)) == "raise":
            return self._said_raise(actor)
        minimum = False
        if w in ("min", "mini"):
            told = actor and self.kind(2) == "stop" and self.t[self.i + 2][1] != "?" and any(
                t[0] == "amt" for t in self.t[self.i + 3:])
            if (self.word(1) in BASE_FORMS and not told) or (
                    VERBS.get(self.word(1)) is None and self.word(1) not in CLICKS):
                return None  # "min raise?": the question; "i min raise, he 3bets to 4000" told
            minimum = True
            self.i += 1
            w = self.word()
        verb = VERBS.get(w)
        if w in CLICKS and (actor or minimum):
            verb, minimum = "raise", True
        elif w in ("makes", "made", "make") and self.word(1) == "it" and (
                w != "make" or actor and actor not in ("he", "she")):
            verb = "raise"
            self.i += 1
        elif w in ("goes", "went") and self.word(1) == "to" and actor:
            verb = "raise"
        elif w in ("cold", "smooth") and VERBS.get(self.word(1)) == "call":
            self.i += 1
            verb = "call"
        if verb is None:
            if actor and actor not in ("i", "he", "she") and (
                    self.kind() in ("amt", "times", "bigs") or self.word() == "to" and
                    self.kind(1) == "amt"):
                # "utg 2500", "hj 3x's it", "utg to 1200": a position and a size, the raise
                size = self._size()
                if size is None or size.how not in ("to", "times", "bigs"):
                    raise _Unread
                return Deed(actor, "raise", size)
            return None
        if not actor and verb in ("bet", "raise") and self.word(1) in ("is", "was"):
            # "the bet is 400", "the first raise is to 1200": the bet the asker faces
            j = 3 if self.word(2) == "to" else 2
            if self.kind(j) != "amt":
                raise _Unread
            self.i += j + 1
            return Deed("", verb, Size("to", self.value(-1)))
        if w in BASE_FORMS and self.in_question(start) or (
                not actor and w in ("raise", "reraise", "xbet") and self.kind(1) in ("stop", "")):
            return None
        self.i += 1
        if verb == "check" and self.word() in ("to", "around") and not actor:
            # "checked to me": the players before him checked; the turn is his
            self.i += 1
            if self.word() == "the":
                self.i += 1
            target = self.actor_at()
            if target is None or not target[0]:
                raise _Unread
            self.i += target[1]
            return Deed(target[0], "reach")
        if verb == "fold":
            if self.word() in ("to", "around"):
                self.i += 1
                if self.word() == "the":
                    self.i += 1
                target = self.actor_at()
                if target is None:
                    raise _Unread
                self.i += target[1]
                return Deed(target[0], "reach")
            return Deed(actor, "fold")
        if verb == "call" and self.word() == "allin":
            raise _Unread  # a call all in: for how much is the stack's business
        if self.word() in ("my", "his", "her", "the") and self.kind(1) == "amt" and self.word(
                2) in ("bet", "open", "raise", "lead", "xbet"):
            # "raises my 400 bet by 600": the bet raised, told as the verb's object
            owner = {"my": "i", "his": "he", "her": "she"}.get(self.word(), "")
            self.story.deeds.append(Deed(owner, "bet" if self.word(2) in ("bet", "lead")
                                         else "raise", Size("to", self.value(1))))
            self.i += 3
        if verb == "raise" and self.kind() == "amt" and self.word(1) == "to" and self.kind(
                2) == "amt":
            # "raised 50 to 100": a bet of 50, raised to 100
            first, second = self.value(), self.value(2)
            self.i += 3
            if first >= second:
                raise _Unread
            self.story.deeds.append(Deed("", "bet", Size("to", first)))
            return Deed(actor, "raise", Size("to", second))
        size = self._size()
        if minimum or (size is not None and size.how == "min"):
            if verb not in ("raise", "bet") or size is not None and size.how not in ("min", "to"):
                raise _Unread
            # "min raises to 8k": the least raise, its size said (and checked when played)
            return Deed(actor, "minraise", size if size is not None and size.how == "to" else None)
        if verb in ("check", "call"):
            if size is not None and (verb == "check" or size.how != "to"):
                raise _Unread
            return Deed(actor, verb, size)
        if size is None:
            if w in BASE_FORMS and actor != "i":
                self.i = start
                return None  # "whats the 3bet total", "does the hj 3bet": the question's word
            # a raise or bet told without its size: the one asked about, if the last
            return Deed(actor, "asked") if verb != "allin" else Deed(actor, "allin")
        if size.how == "by":
            return Deed(actor, "raiseby", size)
        return Deed(actor, verb, size)

    def _said_raise(self, actor: str) -> Deed:
        """ "i say raise 800", "who says raise it 2000": a raise by that much, asked about."""
        if not actor:
            if self.word(-1) != "who" or not self.story.deeds:
                raise _Unread
            actor = self.story.deeds[-1].actor
        self.i += 2
        if self.word() == "it":
            self.i += 1
        if self.word() == "by":
            self.i += 1
        if self.kind() != "amt" or self.word(1) == "to" or self.kind(1) == "amt":
            raise _Unread
        self.i += 1
        return Deed(actor or "i", "sayraiseby", Size("by", self.value(-1)))

    def _size(self) -> Size | None:
        """The size said after a verb, or None."""
        while self.word() in ("it", "out", "up", "in", "for", "of", "again", "another", "a",
                              "him", "her", "me", "them",
                              "the", "pot") and not (
                self.word() == "a" and self.kind(1) != "share" and self.word(1) not in SHARES)\
                and not (self.word() == "the" and self.word(1) not in ("min", "minimum")) and \
                not (self.word() == "pot" and self.word(1) != "for"):
            self.i += 1
        by = False
        if self.word() == "to":
            self.i += 1
        elif self.word() == "by":
            by = True
            self.i += 1
        kind = self.kind()
        if kind == "amt":
            value = self.value()
            self.i += 1
            if self.word() == "into" and self.kind(1) == "amt" and self.value(1) > value:
                # "bets 200 into 600": the pot it goes into
                self._pot(int(self.value(1)))
                self.i += 2
                if self.word() == "pot":
                    self.i += 1
            if self.word() == "more":
                self.i += 1
                return Size("by", value)
            if self.word() == "total":
                self.i += 1
            return Size("by" if by else "to", value)
        if by:
            raise _Unread
        if kind in ("times", "bigs"):
            value = self.value()
            self.i += 1
            if self.word() == "it":
                self.i += 1
            if kind == "times" and self.word() == "the" and self.word(1) == "bb" or (
                    self.word() == "the" and (self.word(1), self.word(2)) == ("big", "blind")):
                # "2x the bb": a multiple of the big blind
                self.i += 2 if self.word(1) == "bb" else 3
                return Size("bigs", value)
            return Size("times" if kind == "times" else "bigs", value)
        if self.word() in ("min", "minimum") and self.word(1) not in VERBS:
            self.i += 1
            return Size("min")
        return self._share()

    def _share(self) -> Size | None:
        """ "40% pot into 5k", "a quarter of the 4k pot", "pot": a share of the pot."""
        start = self.i
        if self.kind() == "share":
            value = self.value()
            self.i += 1
        elif self.word() in SHARES:
            value = SHARES[self.word()]
            self.i += 1
        elif self.word() == "pot":
            value = 1.0
        else:
            return None
        while self.word() in ("of", "the", "a"):
            self.i += 1
        if self.kind() == "amt" and self.word(1) == "pot":
            self._pot(int(self.value()))
            self.i += 2
        elif self.word() == "pot":
            self.i += 1
            if self.word() == "into" and self.kind(1) == "amt":
                self._pot(int(self.value(1)))
                self.i += 2
        else:
            self.i = start
            return None
        return Size("pot", value)

    def _pot(self, pot: int) -> None:
        if self.pot not in (None, pot):
            raise _Unread
        self.pot = pot

    def _noun_deed(self) -> Deed | None:
        """ "vs a 2.2k open", "after a 3bet to 1,800", "a bet of a quarter of the 4k pot",
        "on a 1,000 turn bet": a deed named as a thing, of a player not named (or "my")."""
        lead = self.word()
        if lead in ("facing", "vs", "versus", "against", "on", "after", "over"):
            self.i += 1
            lead = self.word()
        if lead not in ARTICLES:
            return None
        owner = {"my": "i", "his": "he", "her": "she"}.get(lead, "")
        self.i += 1
        size: Size | None = None
        if self.kind() in ("amt", "times", "bigs"):
            kind, _, value = self.t[self.i]
            size = Size("to" if kind == "amt" else "times" if kind == "times" else "bigs", value)
            self.i += 1
        if self.word() in STREETS:
            self.i += 1
        noun = NOUN_DEEDS.get(self.word())
        if noun is None:
            return None
        self.i += 1
        if size is None:
            size = self._size()
            if size is None or size.how in ("min", "by"):
                return None
        elif self.word() == "to" and self.kind(1) == "amt":
            raise _Unread  # "a 300 raise to 900": which is it
        return Deed(owner, noun, size)


def _whole(value: float) -> float:
    if abs(value - round(value)) > 1e-9:
        raise _Unread
    return float(round(value))


def _set_blinds(story: Story, small: int, big: int) -> None:
    if story.blinds not in (None, (small, big)):
        raise _Unread
    story.blinds = (small, big)


def _set_big(story: Story, big: int) -> None:
    if story.blinds is not None and story.blinds[1] != big:
        raise _Unread
    story.blinds = (story.blinds[0] if story.blinds else max(1, big // 2), big)


def _set_small(story: Story, small: int) -> None:
    if story.blinds is None:
        story.blinds = (small, small * 2)
    elif story.blinds[0] != small:
        raise _Unread


def _set_preflop(story: Story) -> None:
    """A blind still in front of its player: the round is the one before the flop."""
    if story.street == "postflop":
        raise _Unread
    story.street = "preflop"


def _set_me(story: Story, position: str) -> None:
    if story.me not in ("", position):
        raise _Unread
    story.me = position


# the question's own words: "min 3bet?", "whats my min reraise", "can A raise", "to what"
ASK_MIN = re.compile(r"\b(min|mini|minimum|least|smallest|lowest)\b|\bhow (much|big|small)\b.*"
                     r"\b(min|raise|reraise|xbet|bet|open|lead)\b|\b(raise|reraise|xbet) to\s*$|"
                     r"\bcome back with\b|\bgotta (raise|reraise|xbet|make it)\b|"
                     r"\bhow much\s*$")
ASK_TOTAL = re.compile(r"\b(whats|what is|what s) (that|it|this|his|the total)\b|\bto what\b|"
                       r"\bcomes? to\b|"
                       r"\btotal\b|\bhow much is (that|it)\b")
ASK_ADDED = re.compile(r"\bchips (\w+ )?adds?\b|\bhow (many|much)( chips)? (do|does|did) \w+ "
                       r"(add|put in)\b")
ASK_REOPEN = re.compile(r"\bcan (\w+ ){0,3}(raise|reraise|xbet)( again)?\s*$|"
                        r"\b(reopen\w*|re open\w*)\b")
ASK_LEGAL = re.compile(r"\b(legal|allowed|valid|ok|okay|enough)\s*$")
# "is that a legal 3bet", "was it enough": the deed told last is the one asked about
ASKS_ABOUT_TOLD = re.compile(r"(?<!much )(?<!what )\b(is|was|isnt) (that|it|this|mine)\b")


def _ask(asked: str) -> Ask | None:
    if ASK_ADDED.search(asked):
        return "added"
    if ASKS_ABOUT_TOLD.search(asked):
        return "legal"
    if ASK_TOTAL.search(asked) and not re.search(r"\b(min|minimum|least|smallest)\b (raise|"
                                                 r"reraise|xbet|bet)", asked):
        return "total"
    if ASK_REOPEN.search(asked) and not ASK_MIN.search(asked):
        return "reopen"
    if ASK_MIN.search(asked):
        return "min"
    if ASK_LEGAL.search(asked):
        return "legal"
    return None


def _asker(asked_words: list[str], player_a: bool = False) -> str:
    """Who the question is for: "least co can 4bet", "whats my min", "min he can come back
    with" ("" when it names nobody: the next to act)."""
    found = ""
    for i, w in enumerate(asked_words):
        who = ("i" if w in HERO else _villain(w) if w in VILLAIN else
               CANON.get(w, w) if w in POSITIONS else "")
        if len(w) == 1 and w in ("bcdef" if not player_a else "abcdef"):
            who = w
        if not who:
            continue
        before = set(asked_words[max(0, i - 2):i])
        after = asked_words[i + 1] if i + 1 < len(asked_words) else ""
        if {"can", "could", "for", "does", "do", "should", "may"} & before or after in (
                "can", "could", "min", "minimum", "needs", "need", "gotta", "should") or w in (
                "my", "his"):
            if found not in ("", who):
                raise _Unread
            found = who
    return found


def _villain(word: str) -> str:
    """ "he", "dude", "villain": one player; "she", "her": another, when both are told."""
    return "she" if word in ("she", "her", "hers") else "he"


def _check_verbs_read(asked: str) -> None:
    """A verb left among the question's words must be the question's own ("can I raise",
    "min 3bet"): any other is a deed told in a way not read."""
    for m in re.finditer(r"[a-z]+", asked):
        if VERBS.get(m.group(0)) in ("raise", "bet", "allin", "call") and not re.search(
                r"\b(can|could|may|to|min|minimum|least|smallest|lowest|legal|gotta|should|must|"
                r"next|my|his|her|the|a|whats|what|how|much|legally)\s+([a-z]+\s+){0,2}$",
                asked[:m.start()]):
            raise _Unread


# --- playing a story on the engine -------------------------------------------------------------

# Blinds of a round after the flop whose blinds the question does not give: small enough that
# any bet named is at least a big blind.
TINY_BLINDS = (1, 2)
# Seats of a full table (the button the last) and of a heads-up one (the button posts the
# small blind and is seat 2)
FULL_TABLE = 10
FOLDS_AT_MOST = 2 * FULL_TABLE


@dataclass
class Played:
    """The hand at the turn of the player asked about."""

    hand: Hand
    seat: int
    asked: Deed | None  # the deed the question is about, not played ("bb 3bets min, total?")
    all_ins: int  # all-ins told in the round


def play(story: Story, profile: Profile) -> Played | None:
    """The story played on the engine under `profile` up to the asked player's turn, or None
    when it cannot be played as told (an order no table has, a raise below the minimum, a
    size whose base is not said)."""
    try:
        return _play(story, profile)
    except (_Unread, IllegalAction):
        return None


def _street(story: Story) -> Literal["preflop", "postflop"]:
    if story.street is not None:
        return story.street
    sized = [d for d in story.deeds if d.verb not in ("reach", "fold")]
    if any(d.verb == "check" for d in sized) or sized and sized[0].verb == "bet":
        return "postflop"
    if story.blinds is not None and (not sized or sized[0].verb in (
            "raise", "call", "minraise", "asked", "allin")):
        return "preflop"
    raise _Unread


def _play(story: Story, profile: Profile) -> Played:
    street = _street(story)
    preflop = street == "preflop"
    if preflop and story.blinds is None:
        raise _Unread  # the first raise's size is the big blind's business
    small, big = story.blinds or TINY_BLINDS
    deeds = list(story.deeds)
    ask = story.ask
    asked: Deed | None = None
    if deeds and (deeds[-1].verb in ("asked", "sayraiseby") or ask in ("total", "added") and
                  deeds[-1].verb in ("minraise", "raiseby") or ask == "legal" and
                  deeds[-1].verb in ("raise", "bet", "minraise")):
        asked = deeds.pop()
    if ask is None or ask == "legal" and asked is None:
        raise _Unread
    if asked is not None and asked.verb == "asked" and ask != "min":
        raise _Unread  # "co 3bets, whats the total": a size untold, not the least asked
    if not story.deeds and story.street is None:
        raise _Unread  # "min bet at 100/200": before the flop or after, the question does not say
    if any(d.verb in ("asked", "sayraiseby") or d.verb == "allin" and d.size is None
           for d in deeds):
        raise _Unread  # a deed told without its size, not the one asked about
    acting = {d.actor for d in story.deeds}
    if story.mentioned - acting - {story.me and "i"} and "" in acting and any(
            d.verb == "allin" for d in deeds):
        raise _Unread  # "bet 500, guy shoves 700, what can I do": was I the one who bet?
    count = 2 if story.heads_up else FULL_TABLE
    order = ([2, 1] if preflop else [1, 2]) if story.heads_up else (
        [*range(3, count + 1), 1, 2] if preflop else list(range(1, count + 1)))
    seats: dict[str, int] = {}
    claimed: set[int] = set()
    names = [d.actor for d in story.deeds] + [story.asker, story.me]
    for name in names:
        seat = _position_seat(name, story.heads_up)
        if seat is not None:
            seats[name] = seat
            claimed.add(seat)
    if story.me:
        if "i" in seats and seats["i"] != seats[story.me]:
            raise _Unread
        seats["i"] = seats[story.me]
    cursor = order[-1]  # the seat before the first to act
    out: set[int] = set()  # seats folded or all in: the turn passes them

    def seat_of(deed: Deed | None, actor: str) -> int:
        """The seat of a player: his position, the seat he was given, else the next to act
        (a player not named is whoever's turn it is; a name new to the story, the next seat
        no other name holds)."""
        nonlocal cursor
        if actor in seats:
            seat = seats[actor]
        else:
            at = order.index(cursor)
            turn = [s for s in order[at + 1:] + order[:at + 1] if s not in out and (
                not actor or s not in claimed)]
            if not turn:
                raise _Unread
            seat = turn[0]
            if actor:
                seats[actor] = seat
                claimed.add(seat)
        at, to = order.index(cursor), order.index(seat)
        passed = order[at + 1:to] if at < to else order[at + 1:] + order[:to]
        out.update(passed)  # the players between fold
        if deed is not None:
            if seat in out:
                raise _Unread
            if deed.verb in ("fold", "allin"):
                out.add(seat)
            cursor = seat if deed.verb != "reach" else order[order.index(seat) - 1]
        return seat

    placed = [(seat_of(d, d.actor), d) for d in deeds]
    hero_name = asked.actor if asked is not None else story.asker or ("i" if story.me else "")
    if asked is not None and story.asker and story.asker != asked.actor and asked.actor and (
            story.asker not in ("he", "she") or asked.actor == "i"):
        raise _Unread  # the deed asked about and the question name two players
    hero = seat_of(None, hero_name) if hero_name or asked is not None else None
    stacks: dict[int, int] = {}
    for seat, deed in placed:
        if deed.verb == "allin" and deed.size is not None:
            stacks[seat] = _chips(deed.size, 0, big, story) + (0 if preflop else big)
    for actor, (behind, index) in story.behind.items():
        seat, deed = placed[index]
        if deed.actor != actor or deed.size is None or deed.size.how != "to":
            raise _Unread
        stacks[seat] = behind + int(deed.size.value) + (0 if preflop else big)
    hand = Hand.start(HandConfig("story", spot_seats(count, stacks), count, small, big,
                                 profile=profile, deck_seed="story", table_size=TABLE_SIZE))
    if not preflop:
        while hand.street == "preflop" and hand.to_act is not None:
            hand.check_or_call(hand.to_act)
        if hand.street != "flop":
            raise _Unread
    all_ins = 0
    street_played = hand.street
    for seat, deed in placed:
        _reach(hand, seat, big, final=False)
        all_ins += _act(hand, seat, deed, preflop, big, story)
        if hand.street != street_played:
            raise _Unread  # the round told ends before its last deed: another round follows
    if hero is None:
        if hand.to_act is None:
            raise _Unread
        hero = hand.to_act
    _reach(hand, hero, big, final=True)
    if hand.street != street_played:
        raise _Unread
    if story.level and asked is not None:
        # "i 3bet, min 4bet?": the raise asked about, told without its size, must be the one the
        # question names by number
        since = max((i for i, e in enumerate(hand.events) if isinstance(e, StreetDealt)),
                    default=0)
        raises = sum(1 for e in hand.events[since:] if isinstance(e, Acted) and e.action in (
            "bet", "raise", "all_in") and e.full and e.to > 0)
        if raises + (2 if preflop else 1) != story.level:
            raise _Unread
    if asked is not None and asked.verb == "asked" and asked.actor == "" and story.asker not in (
            "", "he", "she"):
        raise _Unread
    return Played(hand, hero, asked, all_ins)


def _position_seat(name: str, heads_up: bool) -> int | None:
    if name not in POSITIONS:
        return None
    if heads_up:
        seat = {"sb": 2, "btn": 2, "bb": 1}.get(CANON.get(name, name))
        if seat is None:
            raise _Unread  # "utg" at a table of two
        return seat
    return POSITIONS[CANON.get(name, name)]


def _reach(hand: Hand, seat: int, big: int, final: bool) -> None:
    """The others fold until `seat` is to act (an unraised pot to the big blind: the small blind
    completes, as it is his to act on)."""
    for _ in range(FOLDS_AT_MOST):
        actor = hand.to_act
        if actor is None or hand.is_over:
            raise _Unread
        if actor == seat:
            return
        if hand.player(seat).folded:
            raise _Unread
        if final and actor == 1 and seat == 2 and hand.street == "preflop" and (
                hand.current_bet == big):
            hand.call(1)
        elif final and not _others_with_chips(hand, seat, actor) and hand.player(seat).acted:
            # the asker raising again needs someone with chips to call it: the question takes
            # a player who called for granted
            hand.call(actor)
        else:
            hand.fold(actor)
    raise _Unread


def _others_with_chips(hand: Hand, seat: int, actor: int) -> bool:
    return any(not p.folded and not p.all_in and p.stack > 0 for s, p in hand.players.items()
               if s not in (seat, actor))


def _chips(size: Size, current: int, big: int, story: Story) -> int:
    """A size as the chips it comes to: "3x" of the bet faced, "2 bigs" of the big blind."""
    if size.how == "to":
        return int(size.value)
    if size.how == "times":
        if current <= 0:
            raise _Unread
        value = size.value * current
    elif size.how == "bigs":
        if story.blinds is None:
            raise _Unread
        value = size.value * big
    else:
        raise _Unread
    return int(_whole(value))


def _act(hand: Hand, seat: int, deed: Deed, preflop: bool, big: int, story: Story) -> int:
    """Plays one deed; 1 when it was an all-in."""
    legal = hand.legal()
    if legal is None:
        raise _Unread
    current = hand.current_bet
    verb, size = deed.verb, deed.size
    if verb == "reach":
        return 0
    if verb == "fold":
        hand.fold(seat)
    elif verb == "check":
        hand.check(seat)
    elif verb == "call":
        if size is not None and int(size.value) not in (current, legal.call_amount):
            raise _Unread  # "calls 300" facing another amount
        hand.call(seat)
    elif verb == "minraise":
        if not legal.can_raise or size is not None and int(size.value) != legal.min_raise_to:
            raise _Unread  # "min raises to 900" where the least raise is another amount
        hand.wager_to(seat, legal.min_raise_to)
    elif verb == "raiseby":
        if size is None or current == 0:
            raise _Unread
        hand.wager_to(seat, current + int(size.value))
    elif verb == "allin":
        if size is None:
            raise _Unread
        to = _chips(size, current, big, story)
        hand.all_in(seat)
        if hand.player(seat).bet != to:
            raise _Unread
        return 1
    elif verb in ("raise", "bet"):
        if size is None:
            raise _Unread
        to = _chips(size, current, big, story)
        if verb == "bet" and not preflop and current > 0:
            raise _Unread  # "bets 600" facing a bet: another round, or a raise not said so
        if verb == "raise" and (current == 0 or to <= current):
            raise _Unread
        hand.wager_to(seat, to)
    else:
        raise _Unread
    return 0

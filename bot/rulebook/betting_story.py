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

from bot.rulebook.story_words import (
    ARTICLES,
    BASE_FORMS,
    CANON,
    CLAUSE_WORDS,
    CLICKS,
    FILLER,
    HERO,
    MAX_CHARS,
    MISSPELT_RAISE,
    NOUN_DEEDS,
    ORDER_WORDS,
    POSITIONS,
    QUESTION_MODALS,
    READ_WHERE_THEY_STAND,
    SHARES,
    STOPPERS,
    STREETS,
    VERBS,
    VILLAIN,
    Ask,
    Token,
    Verb,
    tokens,
)


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
    said: Verb | None = None  # of a deed asked about: the verb told ("leads": a bet)


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


class Unread(Exception):
    """The story is not read for sure."""




# "= how much" alone after a size said as a multiple
BARE_HOW_MUCH = re.compile(r"\s*(at |so |ok )?how (much|big)( is (it|that|this))?\s*\??\s*")
# "our minimum bet is 400", "whats the small blind": the level, not a deed told
LEVEL_TOLD = re.compile(r"\b(min|minimum) (bet|raise) (is|was|=|of)\b|\b(whats|what is|what s|what"
                        r" should) the (small|big) blind\b", re.IGNORECASE)


def read_story(query: str) -> Story | None:
    """The story a question tells, or None when it is not read for sure."""
    if LEVEL_TOLD.search(query.replace("'", "")):
        return None
    low = MISSPELT_RAISE.sub(lambda m: f"{m.group(1) or ''}raise{m.group(3) or ''}", query)
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
        story = _Reader(toks, query).read()
    except Unread:
        return None
    after = re.search(r"\b(after|following) (?:(?:a|an|the|his|her|my|their) )?(?:\w+ )?"
                      r"(open|opens|raise|reraise|bet|lead|shove|jam|xbet|squeeze|\d)", low,
                      re.IGNORECASE)
    if after and len(story.deeds) >= 2 and any(
            w in VERBS or w == "all" for w in re.findall(r"[a-z]+", low[:after.start()].lower())):
        return None  # "all in for 900 after an open to 2000": told out of the order played
    return story


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
        last = story.deeds[-1] if story.deeds else None
        if story.ask == "min" and BARE_HOW_MUCH.fullmatch(asked) and last is not None and (
                last.size is not None and last.size.how in ("times", "bigs", "pot")):
            raise Unread  # "opens 3x = how much": what the open comes to, not the next raise
        if last is not None and last.verb == "asked" and last.said == "bet" and re.search(
                r"\b(raise|reraise|xbet|click)", asked):
            raise Unread  # "he leads, min raise?": the raise over a lead whose size is untold
        if len(self.levels) > 1:
            raise Unread
        story.level = next(iter(self.levels), 0)
        story.asker = _asker(self.asked, "A" in self.caps)
        story.mentioned = frozenset(
            "i" if w in HERO else _villain(w) for i, w in enumerate(self.asked)
            if w in HERO or w in VILLAIN and not (i and self.asked[i - 1] in ORDER_WORDS))
        if len(self.proposed) > 1:
            raise Unread
        story.proposed = self.proposed[0] if self.proposed else None
        for d in story.deeds:
            if d.size is not None and d.size.how == "pot":
                if self.pot is None:
                    raise Unread  # a share of a pot whose size is not said
                d.size = Size("to", whole(d.size.value * self.pot))
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
                raise Unread
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
                raise Unread
            story.street = "preflop"
            self.i += 1 if w != "before" else 3
            return True
        if w in ("nobody", "noone") and VERBS.get(self.word(1)) in ("raise", "bet"):
            self.i += 2  # "nobody opened": everyone folded to the asker
            if story.deeds:
                raise Unread
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
                raise Unread
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
                raise Unread
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
            raise Unread  # an amount no deed accounts for
        if kind in ("times", "bigs", "share", "pair", "count"):
            raise Unread
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
                raise Unread
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
        if (w in ("says", "say") or w in ("go", "goes", "went") and actor in HERO | VILLAIN) and (
                VERBS.get(self.word(1)) == "raise"):
            # "i say raise 700", "i go raise 700": the words said
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
                    raise Unread
                return Deed(actor, "raise", size)
            return None
        if not actor and verb in ("bet", "raise") and self.word(1) in ("is", "was"):
            # "the bet is 400", "the first raise is to 1200": the bet the asker faces
            j = 3 if self.word(2) == "to" else 2
            if self.kind(j) != "amt":
                raise Unread
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
                raise Unread
            self.i += target[1]
            return Deed(target[0], "reach")
        if verb == "fold":
            if self.word() in ("to", "around"):
                self.i += 1
                if self.word() == "the":
                    self.i += 1
                target = self.actor_at()
                if target is None:
                    raise Unread
                self.i += target[1]
                return Deed(target[0], "reach")
            return Deed(actor, "fold")
        if verb == "call" and self.word() == "allin":
            raise Unread  # a call all in: for how much is the stack's business
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
                raise Unread
            self.story.deeds.append(Deed("", "bet", Size("to", first)))
            return Deed(actor, "raise", Size("to", second))
        size = self._size()
        if minimum or (size is not None and size.how == "min"):
            if verb not in ("raise", "bet") or size is not None and size.how not in ("min", "to"):
                raise Unread
            # "min raises to 8k": the least raise, its size said (and checked when played)
            return Deed(actor, "minraise", size if size is not None and size.how == "to" else None)
        if verb in ("check", "call"):
            if size is not None and (verb == "check" or size.how != "to"):
                raise Unread
            return Deed(actor, verb, size)
        if size is None:
            if w in BASE_FORMS and actor != "i":
                self.i = start
                return None  # "whats the 3bet total", "does the hj 3bet": the question's word
            # a raise or bet told without its size: the one asked about, if the last
            return Deed(actor, "asked", said=verb) if verb != "allin" else Deed(actor, "allin")
        if size.how == "by":
            return Deed(actor, "raiseby", size)
        return Deed(actor, verb, size)

    def _said_raise(self, actor: str) -> Deed:
        """ "i say raise 800", "who says raise it 2000": a raise by that much, asked about."""
        if not actor:
            if self.word(-1) != "who" or not self.story.deeds:
                raise Unread
            actor = self.story.deeds[-1].actor
        self.i += 2
        if self.word() == "it":
            self.i += 1
        if self.word() == "by":
            self.i += 1
        if self.kind() != "amt" or self.word(1) == "to" or self.kind(1) == "amt":
            raise Unread
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
            raise Unread
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
            raise Unread
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
            raise Unread  # "a 300 raise to 900": which is it
        return Deed(owner, noun, size)


def whole(value: float) -> float:
    if abs(value - round(value)) > 1e-9:
        raise Unread
    return float(round(value))


def _set_blinds(story: Story, small: int, big: int) -> None:
    if story.blinds not in (None, (small, big)):
        raise Unread
    story.blinds = (small, big)


def _set_big(story: Story, big: int) -> None:
    if story.blinds is not None and story.blinds[1] != big:
        raise Unread
    story.blinds = (story.blinds[0] if story.blinds else max(1, big // 2), big)


def _set_small(story: Story, small: int) -> None:
    if story.blinds is None:
        story.blinds = (small, small * 2)
    elif story.blinds[0] != small:
        raise Unread


def _set_preflop(story: Story) -> None:
    """A blind still in front of its player: the round is the one before the flop."""
    if story.street == "postflop":
        raise Unread
    story.street = "preflop"


def _set_me(story: Story, position: str) -> None:
    if story.me not in ("", position):
        raise Unread
    story.me = position


# the question's own words: "min 3bet?", "whats my min reraise", "can A raise", "to what"
ASK_MIN = re.compile(r"\b(min|mini|minimum|least|smallest|lowest)\b|\bhow (much|big|small)\b.*"
                     r"\b(min|raise|reraise|xbet|bet|open|lead)\b|\b(raise|reraise|xbet) to\s*$|"
                     r"\bcome back with\b|\bgotta (raise|reraise|xbet|make it)\b|"
                     r"\bhow much\s*$")
ASK_TOTAL = re.compile(r"\b(whats|what is|what s) (that|it|this|his|the total)\b|\bto what\b|"
                       r"\bcomes? to\b|"
                       r"\btotal\b|\bhow much is (that|it)\b|"
                       r"\b(how much|what) is (the|his|her|that) "
                       r"(open|raise|bet|xbet|lead|shove)\b")
ASK_ADDED = re.compile(r"\bchips (\w+ )?adds?\b|\bhow (many|much)( chips)? (do|does|did) \w+ "
                       r"(add|put in)\b")
ASK_REOPEN = re.compile(r"\bcan (\w+ ){0,3}(raise|reraise|xbet)( again)?\s*$|"
                        r"\b(reopen\w*|re open\w*)\b")
ASK_LEGAL = re.compile(r"\b(legal|allowed|valid|ok|okay|enough)\s*$")
# "is that a legal 3bet", "was it enough": the deed told last is the one asked about
ASKS_ABOUT_TOLD = re.compile(r"(?<!much )(?<!what )(?<!total )\b(is|was|isnt) "
                             r"(that|it|this|mine)\b")


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
                raise Unread
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
            raise Unread

"""Finding the rule a player means, as a floor person would hear the question.

A query goes through the same steps as every name of every rule:

1. **Bounded**: only the first `MAX_QUERY_CHARS` characters are read, and only the first
   `MAX_QUERY_WORDS` words, so no input can hold the event loop.
2. **Words**: case folded, apostrophes dropped ("what's" -> "whats"), hyphens and slashes split
   ("re-buy" -> "re buy", also tried joined as "rebuy"), and every number or amount ("800",
   "1,200", "$5k", "100/200") becomes the one word `#`: "let's make it 800" is "make it #".
3. **Stems**: plurals and -ing/-ed endings go ("raising", "raises", "raised" -> "rais").
4. **Synonyms** (the tables: bot/rulebook/vocabulary.py): words players use for the same
   thing become one word (colour/color, bathroom/toilet -> away, chop/tie -> split,
   busted/knocked out -> eliminated ...).
5. **Typos**: chat spellings are read as the word ("wat", "hav"); a word the rulebook does not
   know is replaced by the word it does know with a z for an s, a letter doubled or two letters
   swapped ("raize", "rasie"), else by the closest one, when one is close enough ("kiker" ->
   "kicker"; as typed against the words the rules write when the stem is too short: "shws").

Then the rules are ranked. Topics that no rulebook here covers (angle shooting, straddles,
rake: bot/rulebook/phrases.py) are known, so they are answered honestly with no rule rather
than with a wrong one. A phrase of the query that means one rule ("call your bet and raise
you" is a string bet, whatever single words it shares with other rules) comes first; then the
rules whose names and keywords cover most of the query's meaningful words, weighted by how
telling each word is.

The lookup is sure of the first rule only when nothing speaks against it (`Index.ranked`): no
phrase of the query means another rule, no word of it is one the rulebook does not know (it
may be the real topic: "rake", "sunglasses"), no telling word points elsewhere, the rule is not
tied to the question only by a word guessed from a typo ("winter" is no "winner"), the question
is not whether something is rude, and, without a phrase, the rule uses every word of the
question and scores clearly above the next one.
Otherwise it offers the closest rules, best first.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from bot.rulebook.amount_words import ordinals_as_words
from bot.rulebook.phrases import INTENTS, MANNERS, NOT_COVERED
from bot.rulebook.vocabulary import AS_TYPED, CHAT, JOINED, STOPWORDS, SYNONYMS


class Named(Protocol):
    """What the search reads of a rule (bot.rulebook.loader.Rule)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def keywords(self) -> tuple[str, ...]: ...
    @property
    def summary(self) -> str: ...
    def texts(self) -> list[str]: ...


R = TypeVar("R", bound=Named)
T = TypeVar("T")

# The longest topic `/rule` accepts (the option's max_length) and the most words read of it.
MAX_QUERY_CHARS = 100
MAX_QUERY_WORDS = 24
# The longest name matched as a phrase.
MAX_PHRASE_WORDS = 8
# Words of one query that may be corrected for typos (each costs a fuzzy match).
MAX_CORRECTIONS = 6

NUMBER = "#"



def _stem(word: str) -> str:
    """A light stemmer: the same word in its common endings gives the same stem."""
    if word == NUMBER or len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            # "betting" -> "bett" -> "bet"; "calling" keeps "call"
            if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
                stem = stem[:-1]
            return _trim(stem)
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return _trim(word[:-1])
    return _trim(word)


def _trim(word: str) -> str:
    # "raise" and "rais(ing)" meet at "rais"; "shuffle" and "shuffl(ing)" at "shuffl"
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        return word[:-1]
    return word


_AMOUNT = re.compile(r"[$€£]?\d[\d,._]*(?:\s?[kmx]|\s?bbs?)?\b|\b(?:ten|twenty|fifty|hundred|"
                     r"thousand)\b")
_SPLIT = re.compile(r"[a-z0-9#%]+")
_SMALL = re.compile(r"(?<![\d$€£/.,])\b([1-9])\b(?![\d/]|[.,]\d|\s?(?:k|x|bbs?|%|percent)\b)")
_SMALL_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_XBET = re.compile(r"\b[2-5][ -]?bet(s|ting|ted)?\b")
_WITH = re.compile(r"\bw/(o\b)?")
_DEAL_WITH = re.compile(r"\b(to|we|you|cant|i|how|td|director|floor|they|he|she) deal with\b|"
                        r"\b(whats|what is) the deal\b")
_TWO_AS_TO = re.compile(r"(?<![\d$€£/.,])\b2 (?=(show|act|call|fold|check|post|play|pay|leave|be|"
                        r"do|go|get|see|win|muck|rebuy|move|sit|wait|make|take|put|talk|use)\b)")


@functools.lru_cache(maxsize=4096)
def _word(raw: str) -> str:
    if raw in STOPWORDS:
        return raw  # "have", "same": a filler word stays itself, so it stays filler
    if raw in AS_TYPED:
        return AS_TYPED[raw]
    stem = _stem(raw)
    return SYNONYMS.get(stem, SYNONYMS.get(raw, stem))


# Filler words that order a phrase's other words ("raise after an all-in").
ORDER_WORDS = frozenset({"after", "before", "by", "from", "into", "over", "than", "while"})

# Words that say nothing of a topic yet are no filler either ("obviously", "forgot"): a query
# word the rulebook does not know makes a sure answer doubtful, unless it is one of these.
GENERIC = frozenset(_word(w) for w in """
hes shes isnt wasnt arent dont doesnt didnt havent hasnt thats theyre weve youve ill youll
obviously forgot forget tiny bit little lot lots know knew look looks looking few until
against anything something everything nothing people person everyone everybody nobody
mistake mistakes previous vs versus gave give gives guess suppose supposed correct true
false fine sure normal normally usually always never often exactly only else other another
different whole entire since though although instead already gonna wanna gotta yeah yes
no not nope lol hey hello thanks thank question questions ask asked asking answer case
situation spot exact work works working job some mean totally literally basically kind
sort proper properly legit normal official officially standard supposedly fair enough
good bad big small huge tons bunch couple pretty quite very real really happen happened
ok time times thing someone something go goes went going come comes came done try tried
spew spewed spewing
""".split())


def words(text: str) -> list[str]:
    """A text as the words the search compares: bounded, folded, numbers as `#`, stemmed and
    with synonyms made one."""
    return [_word(w) for w in plain_words(text)]


def plain_words(text: str) -> list[str]:
    """A text as words before stems and synonyms: folded, numbers as `#`, split words joined
    ("re buy" -> "rebuy")."""
    low = text[:MAX_QUERY_CHARS * 4].casefold().replace("\u2019", "'").replace("'", "")
    low = low.replace("%", " percent ")
    low = ordinals_as_words(low)
    # "3-bet", "4bet": a name of a raise, not an amount
    low = _XBET.sub(" xbet ", low)
    # chat shorthand: "w/o" is without, "hav 2 show" is have to show
    low = _WITH.sub(lambda m: " without " if m.group(1) else " with ", low)
    low = _TWO_AS_TO.sub(" to ", low)
    # "deal with" a problem, "what's the deal": no deal of the prizes
    low = _DEAL_WITH.sub(lambda m: f" {m.group(1) or m.group(2)} dealwith ", low)
    # a lone small number counts players or cards ("down to 2", "2 players"), not chips
    low = _SMALL.sub(lambda m: f" {_SMALL_WORDS[int(m.group(1))]} ", low)
    low = _AMOUNT.sub(f" {NUMBER} ", low)
    # a chat word may stand for two ("outta": out of)
    raw = [p for w in _SPLIT.findall(low)[: MAX_QUERY_WORDS * 2] for p in CHAT.get(w, w).split()]
    out: list[str] = []
    i = 0
    while i < len(raw):
        pair = (raw[i], raw[i + 1]) if i + 1 < len(raw) else None
        if pair is not None and pair in JOINED:
            out.append(JOINED[pair])
            i += 2
            continue
        out.append(raw[i])
        i += 1
    return out


def content_words(ws: Iterable[str]) -> list[str]:
    return [w for w in ws if w not in STOPWORDS and w != NUMBER]


_INTENTS = tuple((re.compile(p), rid) for p, rid in INTENTS)
_MANNERS = re.compile(MANNERS)
_NOT_COVERED = tuple((re.compile(p), name, ids) for p, name, ids in NOT_COVERED)

INTENT_BONUS = 1.5
# A word found in this many rules' names or fewer tells which rule is meant (its weight, idf);
# a match on commoner words alone scores at most VAGUE_CAP, below what lookup accepts.
TELLING_IDF = 2.6
VAGUE_CAP = 0.55
PHRASE_BONUS = 0.1
# Queries whose workings are kept (an answer and its autocomplete share them).
MEMO_SIZE = 64
# A rule offered when the lookup is unsure scores at least this much.
SUGGEST_CUTOFF = 0.15
# Without a phrase that means one rule, a sure answer scores this much and this far ahead.
SURE_SCORE = 0.75
SURE_MARGIN = 0.3
# ... and, unless the words say the rule's name strongly (this much), a wider lead.
STRONG_SCORE = 1.1
WIDE_MARGIN = 0.45
# A phrase's rule is in doubt when another rule's words score this far above its own.
INTENT_DISPUTE = 0.05
# Of two phrases meaning two rules, the second comes first when its words score this far more
# and the first's score below RIVAL_WEAK.
RIVAL_LEAD = 0.3
RIVAL_WEAK = 0.4
# ... and the second's words say it this strongly (a phrase's story, "late back from the break,
# is my hand dead", is not outweighed by one word of another rule).
RIVAL_STRONG = 0.9


@dataclass(frozen=True)
class NotCovered:
    """A topic none of the league's rulebooks covers, with the rules nearest to it."""

    topic: str
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class Ranking(Generic[R]):
    """The rules a query may mean, best first, and whether the first is meant for sure."""

    rules: tuple[R, ...]
    sure: bool


@dataclass(frozen=True)
class Query:
    text: str  # as typed, bounded
    plain: str  # the words before stems and synonyms, joined by spaces
    words: tuple[str, ...]  # every word, normalised
    content: tuple[str, ...]  # the meaningful ones, typos corrected
    # every run of 2 to MAX_PHRASE_WORDS words, with and without filler words
    grams: frozenset[tuple[str, ...]] = frozenset()
    joined: str = ""  # the words joined by spaces (what phrases are matched against)
    misspelt: bool = False  # a word was corrected for a typo
    # words read as the closest known word, a guess ("winter": winner), not a sure slip
    guessed: frozenset[str] = frozenset()


@dataclass
class _Entry(Generic[R]):
    rule: R
    phrases: list[tuple[str, ...]]  # names (and keyword phrases) as word sequences
    name_words: set[str]
    key_words: set[str]
    summary_words: set[str]
    title_words: set[str]  # of the id and the title: the rule's own name
    prefixes: set[str]  # every name word, for prefix search as a player types
    # names of two words or more: as said, and without filler words
    multiword: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    # each name's meaningful words, for how fully a query says a name
    cover: list[tuple[str, ...]] = field(default_factory=list)
    # every word the rule uses, its texts included: what a question about it may say
    all_words: frozenset[str] = frozenset()


class Index(Generic[R]):
    """The rules' names, keywords and summaries as words, with how telling each word is."""

    def __init__(self, rules: Sequence[R]) -> None:
        self.entries: list[_Entry[R]] = []
        for rule in rules:
            names = [rule.id.replace("-", " "), rule.title, *rule.aliases]
            phrases = [tuple(words(n)) for n in [*names, *rule.keywords]]
            name_words = {w for n in names for w in content_words(words(n))}
            key_words = {w for k in rule.keywords for w in content_words(words(k))}
            summary_words = set(content_words(words(rule.summary)))
            prefixes = {w for n in names for w in re.findall(r"[a-z0-9]+", n.casefold())}
            title_words = set(content_words(words(f"{rule.id.replace('-', ' ')} {rule.title}")))
            multiword = [(p, tuple(w for w in p if w not in STOPWORDS)) for p in phrases
                          if 2 <= len(p) <= MAX_PHRASE_WORDS]
            cover = [c for c in (tuple(w for w in p if w not in STOPWORDS and w != NUMBER)
                                 for p in phrases) if c]
            self.entries.append(_Entry(rule, [p for p in phrases if p], name_words,
                                       key_words - name_words, summary_words, title_words,
                                       prefixes, [(p, st) for p, st in multiword if st], cover))
        count = len(self.entries) or 1
        df: dict[str, int] = {}
        for e in self.entries:
            for w in e.name_words | e.key_words:
                df[w] = df.get(w, 0) + 1
        self.idf = {w: math.log(1 + count / n) for w, n in df.items()}
        self.max_idf = math.log(1 + count)
        self.vocabulary = sorted(set(self.idf) | {w for e in self.entries
                                                  for w in e.summary_words})
        self._by_id = {e.rule.id: e for e in self.entries}
        # known stems, and players' words that stand for one ("cuss": swear)
        self._stems = tuple(sorted(set(self.vocabulary) | {
            k for k, v in SYNONYMS.items() if v in self.idf and len(k) >= 4}))
        # words as written (and players' words for them) that stand for a known stem: what a
        # word too short or too mangled to correct as a stem is compared with
        known_stems = set(self.vocabulary)
        written = {w for e in self.entries
                   for t in [e.rule.title, *e.rule.aliases, *e.rule.keywords, *e.rule.texts()]
                   for w in re.findall(r"[a-z]+", t.casefold().replace("'", ""))}
        written |= set(SYNONYMS)
        self._spellings = tuple(sorted(w for w in written if len(w) >= 3 and not w.isdigit()
                                       and w not in STOPWORDS and _word(w) in known_stems))
        self._spelling_set = frozenset(self._spellings)
        # words of the rules' names as written, filler included ("hand" of hand for hand): a
        # name's word typed with two letters swapped is that word
        self._name_spellings = frozenset(
            w for e in self.entries for n in [e.rule.title, *e.rule.aliases]
            for w in re.findall(r"[a-z]+", n.casefold()) if len(w) >= 4)
        self._cache: dict[tuple[str, Query], object] = {}
        # word -> (rule, share of the word's weight it earns: name 1, keyword .85, summary .3)
        self._word_index: dict[str, list[tuple[int, float]]] = {}
        # a name or keyword phrase of two words or more -> (rule, what saying it is worth)
        self._phrase_index: dict[tuple[str, ...], list[tuple[int, float]]] = {}
        for i, e in enumerate(self.entries):
            for w in e.name_words | e.key_words | e.summary_words:
                share = 1.0 if w in e.name_words else 0.85 if w in e.key_words else 0.3
                self._word_index.setdefault(w, []).append((i, share))
            for phrase, stripped in e.multiword:
                # "at the table" says less than "string bet": the telling words count
                bonus = PHRASE_BONUS + 0.06 * min(len(stripped), 4)
                # "raise after an all-in" is no "raise all-in": a phrase whose filler orders
                # its words is matched only as said
                loose = len(stripped) >= 2 and not ORDER_WORDS & set(phrase)
                grams = {phrase} | ({stripped} if loose else set())
                for gram in grams:
                    self._phrase_index.setdefault(gram, []).append((i, bonus))
        for e in self.entries:
            e.all_words = frozenset(e.name_words | e.key_words | e.summary_words | {
                w for t in e.rule.texts() for w in content_words(words(t))})
        # every word the rulebook uses, texts included: a query word outside it is strange
        self.known = frozenset(self.vocabulary).union(*(e.all_words for e in self.entries))

    # --- the query ---------------------------------------------------------------------------

    def query(self, text: str) -> Query:
        bounded = text[:MAX_QUERY_CHARS]
        raw = self._split_compounds(plain_words(bounded))[:MAX_QUERY_WORDS]
        ws = [_word(w) for w in raw]
        budget = MAX_CORRECTIONS
        fixes: dict[str, str] = {}
        guessed: set[str] = set()
        for w, as_typed in zip(ws, raw, strict=True):
            if w in STOPWORDS or w == NUMBER or w in fixes or w in GENERIC:
                continue
            if w not in self.idf and not w.isdigit():
                before = budget
                fixes[w], budget = self._correct(w, as_typed, budget)
                if budget < before and fixes[w] != w:
                    guessed.add(fixes[w])
        # correct the same words in the full sequence too, so phrases see them
        ws = [fixes.get(w, w) for w in ws]
        corrected = content_words(ws)
        plain = " ".join(raw)
        grams = _grams(ws) | _grams([w for w in ws if w not in STOPWORDS])
        return Query(bounded, plain, tuple(ws), tuple(corrected), grams, " ".join(ws),
                     any(w != fixed for w, fixed in fixes.items()), frozenset(guessed))

    def _split_compounds(self, raw: list[str]) -> list[str]:
        """Two words typed as one ("bigblind") read as the two words the rules write, when the
        whole is no word of theirs; a word with a verb's ending is one word ("shortstacked")."""
        out: list[str] = []
        for w in raw:
            if len(w) >= 6 and w.isalpha() and _word(w) not in self.known and (
                    w not in STOPWORDS and not w.endswith(("ed", "ing"))):
                cut = next((i for i in range(3, len(w) - 2)
                            if w[:i] in self._spelling_set and w[i:] in self._spelling_set), None)
                if cut is not None:
                    out += [w[:cut], w[cut:]]
                    continue
            out.append(w)
        return out

    def _correct(self, word: str, as_typed: str, budget: int) -> tuple[str, int]:
        """The known word a misspelt one means: its stem near a known stem ("kiker", "cusss":
        cuss), else the word as typed near a word the rules write ("shws": shows); and the
        fuzzy matches left to the query (each costs one)."""
        # a g dropped from -ing ("takin", "cheatin")
        if as_typed.endswith("in") and len(as_typed) >= 5 and _word(as_typed + "g") in self.known:
            return _word(as_typed + "g"), budget
        # the commonest slips first: a z for an s ("raize"), a letter doubled ("bett"), two
        # letters swapped ("rasie")
        plain = re.sub(r"(.)\1", r"\1", as_typed.replace("z", "s"))
        if plain != as_typed and _word(plain) in self.idf:
            return _word(plain), budget
        for i in range(1, len(as_typed) - 1):
            swapped = as_typed[:i] + as_typed[i + 1] + as_typed[i] + as_typed[i + 2:]
            if swapped in self._spelling_set or swapped in self._name_spellings:
                return _word(swapped), budget
        # "fone": an f for a ph
        if "f" in as_typed and as_typed.replace("f", "ph") in self._spelling_set:
            return _word(as_typed.replace("f", "ph")), budget
        if len(as_typed) == 3 and as_typed.isalpha():
            # a letter left out of a short word ("muk": muck), when only one word fits
            fits = [v for v in self._spellings if len(v) == 4 and v[0] == as_typed[0]
                    and _within(as_typed, v)]
            if len(fits) == 1:
                return _word(fits[0]), budget
        if len(word) >= 4 and budget > 0:
            budget -= 1
            near = _closest(word, self._stems)
            if near != word:
                return SYNONYMS.get(near, near), budget
        if len(as_typed) >= 4 and budget > 0:
            budget -= 1
            near = _closest(as_typed, self._spellings)
            if near != as_typed:
                return _word(near), budget
        return word, budget

    # --- scoring -----------------------------------------------------------------------------

    def unknown(self, q: Query) -> bool:
        """Whether the query has a meaningful word that no rule's names or keywords know."""
        return any(w not in self.idf for w in q.content)

    def strange(self, q: Query) -> list[str]:
        """The query's words that no rule's names, keywords or texts use and that are more than
        table filler: words of a topic the rulebook may not cover ("rake", "sunglasses")."""
        return [w for w in q.content
                if w not in self.known and w not in GENERIC and not w.isdigit()]

    def intents(self, q: Query) -> list[str]:
        """The rules phrases of the query mean, in the order the phrases are listed (patterns
        are tried on the words as typed and as normalised)."""
        return [rule_id for rule_id, _ in self._intent_spans(q)]

    def _intent_spans(self, q: Query) -> list[tuple[str, tuple[int, int]]]:
        """Each rule a phrase means, with the words (first, past the last) the phrase spans."""
        return self._memo(("intents", q), lambda: self._find_intents(q))

    def _find_intents(self, q: Query) -> list[tuple[str, tuple[int, int]]]:
        found: list[tuple[str, tuple[int, int]]] = []
        compared = _compare_amounts(q.text)
        if compared is not None and compared in self._by_id:
            found.append((compared, (0, len(q.words))))
        seen = {rule_id for rule_id, _ in found}
        for pattern, rule_id in _INTENTS:
            if rule_id not in self._by_id or rule_id in seen:
                continue
            for text in (q.plain, q.joined):
                m = pattern.search(text)
                if m is not None:
                    first = len(text[:m.start()].split())
                    found.append((rule_id, (first, max(first + 1, len(text[:m.end()].split())))))
                    seen.add(rule_id)
                    break
        return found

    def _rival_intents(self, q: Query) -> list[str]:
        """Rules meant by phrases of the query other than the first one's words: a phrase
        inside the first phrase ("prize" in "chop the prize money") is part of its meaning,
        not another topic."""
        spans = self._intent_spans(q)
        if not spans:
            return []
        (top, (a, b)), rivals = spans[0], []
        for rule_id, (c, d) in spans[1:]:
            if rule_id != top and (d <= a or c >= b):
                rivals.append(rule_id)
        return rivals

    def intent(self, q: Query) -> str | None:
        """The rule the query's first meaningful phrase means, if any."""
        found = self.intents(q)
        return found[0] if found else None

    def not_covered(self, q: Query) -> NotCovered | None:
        texts = (q.plain, q.joined)
        for pattern, topic, ids in _NOT_COVERED:
            if any(pattern.search(t) for t in texts):
                return NotCovered(topic, tuple(i for i in ids if i in self._by_id))
        return None

    def scored(self, q: Query) -> list[tuple[float, R]]:
        """Every rule with a score above 0, best first (ties keep the book's order); the rule a
        phrase of the query means comes first."""
        return self._scored(q, self.intent(q))

    def _scored(self, q: Query, intent: str | None) -> list[tuple[float, R]]:
        out = [(free + INTENT_BONUS if rule.id == intent else capped, rule)
               for free, capped, rule in self._word_scores(q)]
        return sorted([sr for sr in out if sr[0] > 0], key=lambda sr: -sr[0])

    def _word_scores(self, q: Query) -> list[tuple[float, float, R]]:
        """Each rule's score from the query's words: as it is, and capped where only common
        words are shared (a rule a phrase means is not capped)."""
        return self._memo(("words", q), lambda: self._compute_word_scores(q))

    def _compute_word_scores(self, q: Query) -> list[tuple[float, float, R]]:
        content = [w for w in q.content if len(w) >= 2 or w in self.idf]
        scores = [(0.0, 0.0, e.rule) for e in self.entries]
        if not content:
            return scores
        weights = {w: self.idf.get(w, self.max_idf * 0.35) for w in content}
        total = sum(weights[w] for w in content)
        # only the rules that share a word or a phrase with the query are scored
        covered: dict[int, float] = {}
        for w in content:
            for i, share in self._word_index.get(w, ()):
                covered[i] = covered.get(i, 0.0) + weights[w] * share
        phrases: dict[int, float] = {}
        for gram in q.grams:
            for i, bonus in self._phrase_index.get(gram, ()):
                phrases[i] = max(phrases.get(i, 0.0), bonus)
        said = set(content)
        for i in covered.keys() | phrases.keys():
            e = self.entries[i]
            score = covered.get(i, 0.0) / total if total else 0.0
            if score > 0:
                # of two rules the query covers alike, the one whose name it says most fully
                score += 0.2 * self._name_cover(said, e)
                # a word of the rule's own title says more than one of its aliases
                score += 0.1 * sum(w in e.title_words for w in content) / len(content)
            phrase = phrases.get(i, 0.0)
            score += phrase
            capped = score
            if not phrase and not self._telling(content, e):
                # only common words in common ("cards and chips"): a hint, never an answer
                capped = min(score, VAGUE_CAP)
            scores[i] = (score, capped, e.rule)
        return scores

    def forget(self) -> None:
        """Drop what was worked out for recent queries (and the typo and word caches): the next
        query is worked out afresh, as a new question is (benchmarks measure that)."""
        self._cache.clear()
        _closest.cache_clear()
        _word.cache_clear()

    def _memo(self, key: tuple[str, Query], compute: Callable[[], T]) -> T:
        """What was worked out for this query already (an answer and the autocomplete of the
        same words, several steps of one answer), kept for the last few queries."""
        if key in self._cache:
            return typing.cast(T, self._cache[key])
        if len(self._cache) >= MEMO_SIZE:
            self._cache.clear()
        value = compute()
        self._cache[key] = value
        return value

    def ranked(self, q: Query) -> Ranking[R]:
        """The rules the query may mean, best first, and whether the first is meant for sure.

        Sure only when nothing speaks against it: a phrase of the query means one rule and no
        phrase means another, or (no phrase) one rule covers the query's words well and clearly
        better than any other; and never with a word the rulebook does not know, which may be
        the real topic of the question."""
        intents = self.intents(q)
        words_only = self._scored(q, None)
        score_of = {rule.id: s for s, rule in words_only}
        strange = self.strange(q)
        rivals = self._rival_intents(q)
        if rivals:
            # two phrases, two topics: the first listed comes first, unless the query's words
            # hardly say it and say another of them far more
            strongest = max(rivals, key=lambda i: score_of.get(i, 0.0))
            listed = score_of.get(intents[0], 0.0)
            rival = score_of.get(strongest, 0.0)
            if listed < RIVAL_WEAK and rival - listed >= RIVAL_LEAD and rival >= RIVAL_STRONG:
                intents = [strongest, *(i for i in intents if i != strongest)]
        order = [self._by_id[i].rule for i in intents]
        order += [rule for s, rule in words_only
                  if rule.id not in intents and s >= SUGGEST_CUTOFF]
        if not order:
            return Ranking((), False)
        top = order[0]
        # a telling word the first rule does not use at all points at another topic as well
        unexplained = self._unexplained(q, self._by_id[top.id])
        if intents:
            other = next(((s, r) for s, r in words_only if r.id != top.id), None)
            disputed = other is not None and other[0] >= SURE_SCORE and (
                other[0] - score_of.get(top.id, 0.0) >= INTENT_DISPUTE)
            # a phrase met inside a question that says two things or more no word of the rule
            # explains is about something else as well
            sure = not rivals and not disputed and len(self._foreign(q, self._by_id[top.id])) < 2
        else:
            best = words_only[0][0]
            second = words_only[1][0] if len(words_only) > 1 else 0.0
            # without a phrase, every word of the question must be one the rule uses
            entry = self._by_id[top.id]
            lead = SURE_MARGIN if best >= STRONG_SCORE else WIDE_MARGIN
            sure = best >= SURE_SCORE and best - second >= lead and not self._unused(q, entry)
            # one word alone is sure only when it names the rule ("away"), not when the rule
            # merely uses it ("another")
            if len(q.content) == 1 and q.content[0] not in entry.name_words:
                sure = False
        sure = sure and not strange and not unexplained and not self._rests_on_guess(q, top.id)
        # whether a deed is polite is no rule's to say for sure
        sure = sure and _MANNERS.search(q.plain) is None
        return Ranking(tuple(order), sure)

    def _rests_on_guess(self, q: Query, rule_id: str) -> bool:
        """Whether only words guessed from a typo tie the query to the rule: "do we play in
        winter" is no question about the winner."""
        if not q.guessed:
            return False
        e = self._by_id[rule_id]
        mine = e.name_words | e.key_words | e.summary_words
        return not any(w in mine for w in q.content if w not in q.guessed)

    def _unexplained(self, q: Query, e: _Entry[R]) -> list[str]:
        """The query's telling words (few rules use them) that rule `e` does not use."""
        mine = e.name_words | e.key_words | e.summary_words
        return [w for w in q.content if w not in mine and w not in GENERIC
                and self.idf.get(w, 0.0) >= TELLING_IDF]

    def _foreign(self, q: Query, e: _Entry[R]) -> list[str]:
        """The query's words, filler aside, that rule `e` never uses, not even in its texts."""
        return [w for w in q.content if w not in e.all_words and w not in GENERIC and len(w) > 1]

    def _unused(self, q: Query, e: _Entry[R]) -> list[str]:
        """The query's words, filler aside, that rule `e` does not use."""
        mine = e.name_words | e.key_words | e.summary_words
        return [w for w in q.content if w not in mine and w not in GENERIC and len(w) > 1]

    def _telling(self, content: Sequence[str], e: _Entry[R]) -> bool:
        return any(self.idf.get(w, 0.0) >= TELLING_IDF
                   for w in content if w in e.name_words or w in e.key_words)

    @staticmethod
    def _name_cover(said: set[str] | frozenset[str], e: _Entry[R]) -> float:
        """How much of its best-said name the query says (1.0: every word of a name)."""
        best = 0.0
        for words_ in e.cover:
            best = max(best, sum(w in said for w in words_) / len(words_))
        return best

    def prefix_hits(self, text: str) -> list[R]:
        """Rules a name of which has a word starting with the last word typed (autocomplete
        while a word is half written: "stri" -> string bets)."""
        parts = re.findall(r"[a-z0-9]+", text[:MAX_QUERY_CHARS].casefold())
        if not parts or len(parts[-1]) < 2:
            return []
        last = parts[-1]
        return [e.rule for e in self.entries if any(p.startswith(last) for p in e.prefixes)]


_PUT_FACING = re.compile(
    r"\b(?:put|puts|putting|bet|bets|betting|make it|made it|call|called|calls|push|pushed|"
    r"threw|throws|raise to|raised to)\b(?: in| out)?\s+\$?(\d[\d,]*(?:\.\d+)?k?)\b.{0,40}?"
    r"\b(?:facing|against|into|vs|versus|when the bet (?:is|was)|to call|on a bet of|"
    r"over)\s+(?:a |an |the |his |her )?(?:bet of |raise to |raise of )?\$?"
    r"(\d[\d,]*(?:\.\d+)?k?)\b")


def _amount(text: str) -> float:
    number = text.replace(",", "")
    return float(number[:-1]) * 1000 if number.endswith("k") else float(number)


def _compare_amounts(text: str) -> str | None:
    """"put in 300 facing 500": the amounts say which rule, whatever the words: less than the
    bet is below a call."""
    m = _PUT_FACING.search(text[:MAX_QUERY_CHARS].casefold())
    if m is None:
        return None
    put, facing = _amount(m.group(1)), _amount(m.group(2))
    return "below-call" if put < facing else None


def _within(short: str, word: str) -> bool:
    """Whether `short` is `word` with letters left out, in order."""
    letters = iter(word)
    return all(c in letters for c in short)


def _grams(seq: Sequence[str]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(seq[i:i + n]) for n in range(2, MAX_PHRASE_WORDS + 1)
                     for i in range(len(seq) - n + 1))


@functools.lru_cache(maxsize=2048)
def _closest(word: str, vocabulary: tuple[str, ...]) -> str:
    # a short word needs to be closer: "beat" is not a typo of "bet"
    cutoff = 0.86 if len(word) <= 5 else 0.8
    # a typo seldom hits the first letter, and "dinner" is no misspelt "winner"
    same_start = [v for v in vocabulary if v[:1] == word[:1]]
    near = difflib.get_close_matches(word, same_start, n=3, cutoff=cutoff)
    if not near:
        return word
    # of words equally close, one with the very letters typed ("delaer": dealer, not declar)
    best = difflib.SequenceMatcher(None, word, near[0]).ratio()
    tied = [v for v in near if difflib.SequenceMatcher(None, word, v).ratio() == best]
    return next((v for v in tied if sorted(v) == sorted(word)), tied[0])

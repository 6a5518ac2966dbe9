"""Load, validate and query the rulebook in data/rules/*.toml.

Every rule has two parts, both in the league's own words:

- **At the table** (`table`): the rule as the rulebooks state it for a live game with real cards
  and chips. `/rule` answers with it first, because leagues look rules up at their real tables.
- **In this bot** (`bot`): how the bot applies the rule in its games, where that matters.

Layout of a file (see data/rules/betting.toml):

    topic = "Betting"        # shown as the section heading
    order = 10               # sections are listed by this number, then by name

    [[rule]]
    id = "string-bet"
    title = "String bets"
    aliases = ["string bet", ...]
    summary = "one line"
    follows = ["TREPS: String Bets", "Tavern: String Bets"]
    table = "the rule at a live table, the same in every league"
    bot = "what the bot does"

A part whose text differs between leagues is a table instead of a string: an `overview` (what
every league shares, or how they differ) and either one text per rulebook ...

    [rule.table]
    overview = "..."
    [rule.table.profiles]
    treps = "..."
    tavern = "..."
    tda = "..."

... or one text per value of a profile knob, so that a league that overrides the knob reads
the rule it plays:

    [rule.bot]
    overview = "..."
    knob = "make_it"
    [rule.bot.values]
    fifty_percent = "..."
    call = "..."

Texts may name a knob, or a number derived from knobs (`DERIVED`), in braces ("{clock_seconds}
seconds") so that a league that overrides a number reads the number it plays.
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from bot.datafiles import shipped
from bot.engine.profile import KNOBS, PROFILE_NAMES, Profile, make_profile
from bot.rulebook.amount_words import asked_first, asks_amounts
from bot.rulebook.amounts import work_out
from bot.rulebook.asked import Asked, load_asked
from bot.rulebook.names import name_keys, normalise, query_keys
from bot.rulebook.search import MAX_QUERY_CHARS, Index, Query, plain_words
from bot.rulebook.vocabulary import STOPWORDS
from bot.rulebook.worked import Worked
from bot.tournament.clock import clock_timing

MAX_SEARCH_RESULTS = 25  # Discord's cap on autocomplete choices
# One part of a rule stays within an embed field (1,024 characters), so that a presenter may
# show either part as a field; both parts together stay far inside an embed description.
MAX_TEXT_CHARS = 1024
# Autocomplete choice names are capped at 100 characters by Discord.
MAX_TITLE_CHARS = 100

# The headings of the two parts, in the order `/rule` gives them.
TABLE_HEADING = "At the table"
BOT_HEADING = "In this bot"
LIVE_HEADING = "In this bot, at a live night"

# A tournament is dealt by the bot (online) or played with real cards and chips (live).
MODES = ("online", "live")
Mode = typing.Literal["online", "live"]

# "In this bot" at a live night for a rule the bot takes no part in there: the bot deals no
# hands and takes no bets at a live night, so the table applies the rule (tests/rulebook check
# that no rule without its own live text names a command or a deed of the online bot).
DEFAULT_LIVE = (
    "At a live night the cards and chips are real and the bot deals no hands, so this rule is "
    "the table's to apply, as set out above; the director settles any doubt and can post his "
    "ruling with /td ruling."
)

# Who a profile's rulebook is, for "the Tavern rules are silent on this".
BOOK_NAMES = {"treps": "The TREPS rulebook says", "tavern": "The Tavern rules say",
              "tda": "The TDA rules say"}

# Numbers the texts may quote that are not knobs themselves but follow from them: a league that
# sets clock_seconds=90 reads the countdown's start moved as well.
# The clock's moments come from the director's own timing, so the text cannot tell a player
# other times than the ones he is given (TREPS counts down the end of its minute; TDA 29 counts
# 5 seconds down after its 25).
DERIVED: dict[str, Callable[[Profile], int]] = {
    # seconds from the call of the clock to the deadline
    "clock_total_seconds": lambda p: clock_timing(p).expires_after,
    # seconds after the call at which the final countdown begins
    "countdown_starts_seconds": lambda p: clock_timing(p).countdown_after,
}
PLACEHOLDERS = (*KNOBS, *DERIVED)

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_PLACEHOLDER_RE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_RULE_KEYS = {"id", "title", "aliases", "keywords", "summary", "follows", "table", "bot", "live",
              "both_modes", "silent"}
_PART_KEYS = {"overview", "knob", "values", "profiles"}
_FILE_KEYS = {"topic", "order", "rule"}
_DEFAULT_ORDER = 100
_PART_NAMES = {"table": TABLE_HEADING, "bot": BOT_HEADING}

# Which rulebook a citation comes from, by how it starts; Tavern adopts Robert's Rules.
_SOURCE_PREFIXES: tuple[tuple[str, str], ...] = (
    ("treps", "treps"),
    ("tavern", "tavern"),
    ("robert's rules", "tavern"),
    ("tda", "tda"),
)


class RulebookError(ValueError):
    """The rulebook files are malformed; the message lists every problem found."""


def default_rules_dir() -> Traversable:
    """The shipped rulebook (data/rules, installed as `bot.data`)."""
    return shipped("rules")


def knob_choices(knob: str) -> tuple[str, ...] | None:
    """The values a knob can take, spelt as in TOML keys; None for free numbers."""
    hints = typing.get_type_hints(Profile)
    hint = hints.get(knob)
    if hint is bool:
        return ("true", "false")
    if typing.get_origin(hint) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(hint))
    return None


def knob_key(value: Any) -> str:
    """A knob value as the key it has in a part's `values` table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _citation_source(citation: str) -> str | None:
    low = citation.casefold()
    for prefix, source in _SOURCE_PREFIXES:
        if low.startswith(prefix):
            return source
    return None


@functools.cache
def _base_value(profile_name: str, knob: str) -> Any:
    return getattr(make_profile(profile_name), knob)


@dataclass(frozen=True)
class Part:
    """One part of a rule (at the table, or in this bot): one text, or one per league."""

    overview: str
    knob: str | None = None
    values: Mapping[str, str] = field(default_factory=dict)
    profiles: Mapping[str, str] = field(default_factory=dict)

    @property
    def varies(self) -> bool:
        return bool(self.values or self.profiles)

    def raw_for(self, profile: Profile | None) -> str:
        """The text as written, placeholders unfilled."""
        if profile is None:
            return self.overview
        if self.knob is not None:
            return self.values[knob_key(getattr(profile, self.knob))]
        if self.profiles:
            return self.profiles[profile.name]
        return self.overview

    def text_for(self, profile: Profile | None = None) -> str:
        """The part as this league plays it; without a profile, the overview."""
        raw = self.raw_for(profile)
        return raw if profile is None else fill(raw, profile)

    def texts(self) -> list[str]:
        """Every text of the part, as written."""
        return [self.overview, *self.values.values(), *self.profiles.values()]


@dataclass(frozen=True, eq=False)
class Rule:
    id: str
    title: str
    topic: str
    aliases: tuple[str, ...]
    summary: str
    follows: tuple[str, ...]
    table: Part
    bot: Part
    topic_order: int = _DEFAULT_ORDER
    source: Traversable | None = None
    # Words and phrases players use for the rule that are not its names (not unique to it).
    keywords: tuple[str, ...] = ()
    # What the bot does at a live night, where that differs from online play (else
    # DEFAULT_LIVE), unless `both_modes`: the bot part is true of both.
    live: Part | None = None
    both_modes: bool = False
    # Profiles whose rulebook says nothing on this rule: the league plays the TDA's (or its
    # own choice of knob), and the text says so.
    silent: tuple[str, ...] = ()

    @property
    def knob(self) -> str | None:
        """The knob the rule's texts depend on (the live part's first), if any."""
        return self.table.knob or self.bot.knob

    @property
    def varies(self) -> bool:
        return self.table.varies or self.bot.varies

    def table_for(self, profile: Profile | None = None) -> str:
        """At the table: the rule for a live game, as this league's rulebook states it (and,
        where that rulebook is silent, that it is, and what the league plays instead)."""
        text = self.table.text_for(profile)
        if profile is not None and profile.name in self.silent:
            return f"{silent_note(profile.name)} {text}"
        return text

    def bot_for(self, profile: Profile | None = None, mode: Mode = "online") -> str:
        """In this bot: how the bot applies the rule for this league, in a tournament it deals
        (online) or at a live night (real cards and chips)."""
        return self.bot_part(mode).text_for(profile)

    def bot_part(self, mode: Mode = "online") -> Part:
        if mode == "online" or self.both_modes:
            return self.bot
        return self.live if self.live is not None else Part(DEFAULT_LIVE)

    def text_for(self, profile: Profile | None = None, mode: Mode = "online") -> str:
        """The whole answer, live rule first, each part under its heading (Discord markdown);
        without a profile, the overviews."""
        heading = LIVE_HEADING if mode == "live" else BOT_HEADING
        return (f"**{TABLE_HEADING}**\n{self.table_for(profile)}\n\n"
                f"**{heading}**\n{self.bot_for(profile, mode)}")

    def texts(self) -> list[str]:
        """Every text a player can be shown: title, summary and every variant of every part."""
        notes = [silent_note(name) for name in self.silent]
        return [self.title, self.summary, *self.table.texts(), *self.bot.texts(),
                *self.bot_part("live").texts(), *notes]

    def follows_for(self, profile: Profile | None = None) -> tuple[str, ...]:
        """The citations behind the rule as this league plays it.

        The league's own rulebook first; for a knob, the rulebooks that play the knob's value
        (a Tavern league that switched to the 50% rule follows TREPS and the TDA there); where
        those are silent, the TDA, as design/rules.md says; failing all, every citation but
        those of a rulebook that is silent on the rule.
        """
        if profile is None:
            return self.follows
        by_source: dict[str, list[str]] = {}
        for citation in self.follows:
            source = _citation_source(citation)
            if source is not None:
                by_source.setdefault(source, []).append(citation)
        for source in self._sources_for(profile):
            if by_source.get(source) and source not in self.silent:
                return tuple(by_source[source])
        # a silent rulebook is not cited for the rule it says nothing on
        return tuple(c for c in self.follows if _citation_source(c) not in self.silent) or (
            self.follows)

    def _sources_for(self, profile: Profile) -> list[str]:
        knob = self.knob
        if knob is None:
            return [profile.name, "tda"]
        value = getattr(profile, knob)
        sharing: list[str] = []
        if _base_value(profile.name, knob) == value:
            sharing.append(profile.name)
        sharing += [
            n for n in PROFILE_NAMES if n not in sharing and _base_value(n, knob) == value
        ]
        return sharing + ["tda"]

    def names(self) -> tuple[str, ...]:
        return (self.id, self.title, *self.aliases)

    def keys(self) -> set[str]:
        """Every normalised name the rule answers to exactly."""
        return {normalise(k) for k in self.names()} - {""}


def silent_note(profile_name: str) -> str:
    """Said before the rule where a league's own rulebook says nothing on it."""
    return f"({BOOK_NAMES[profile_name]} nothing on this; the league plays it as follows.)"


def placeholder_value(name: str, profile: Profile) -> Any:
    if name in DERIVED:
        return DERIVED[name](profile)
    return getattr(profile, name)


def fill(text: str, profile: Profile) -> str:
    """The text with every {knob} replaced by this league's value (numbers with commas)."""
    def sub(m: re.Match[str]) -> str:
        value = placeholder_value(m.group(1), profile)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        return str(value)

    return _PLACEHOLDER_RE.sub(sub, text)


# --- finding the rule a player means ----------------------------------------------------------

AnswerKind = typing.Literal["confident", "unsure", "uncovered"]


@dataclass(frozen=True)
class Answer:
    """What `/rule` answers to a topic, and how sure it is of it.

    - `confident`: `rule` is the rule meant; `worked`, the amounts the engine works out.
    - `unsure`: the topic may mean any of `suggestions`, closest first (`amounts_unread`: the
      question gives amounts the engine could not be set up with).
    - `uncovered`: no rulebook of the league covers the topic (`not_covered` names it, when
      known) or no rule matches; `suggestions` holds only rules close to it, if any.
    """

    kind: AnswerKind
    rule: Rule | None = None
    suggestions: tuple[Rule, ...] = ()
    not_covered: str | None = None
    worked: Worked | None = None
    amounts_unread: bool = False


# One question of each kind the amount readers answer (`Rulebook.warm_up`) ...
WARM_UP = (
    "A bets 1000, B all in 1200, C calls, D all in 2100, can A raise? min 3bet",
    "blinds 100/200 utg makes it 600, he said raise to 800 and threw 1000, min?",
    "blinds 1k/2k, utg opens 2.5x, min 3bet?",
    "pot is 900, he bets half pot, min raise?",
    "3 way all in, stacks 400 / 1000 / 2500, how big is the main pot",
    "chopped a 550 pot two ways, 25s smallest, my share",
    "blinds 200/400 and the small blind busted last hand, what does the old bb post now",
    "chip race: 10 odd 25 chips on the table in all, how many 100 chips go out",
    "how long is the countdown when the clock is called",
)
# ... and one the typo reader answers.
WARM_UP_WORDS = "strnig bettt minimun raize verbel declaraton rabit huntng"


class Rulebook:
    def __init__(self, rules: Iterable[Rule], asked: Asked | None = None) -> None:
        """`asked`: what players' questions say of the rules (bot/rulebook/asked.py), to order
        the rules offered when unsure and to doubt a sure answer; None ranks by names alone."""
        self._asked = asked
        self._rules: dict[str, Rule] = {r.id: r for r in rules}
        self._keys: dict[str, Rule] = name_keys(self._rules.values())
        self._sorted = sorted(
            self._rules.values(),
            key=lambda r: (r.topic_order, r.topic.casefold(), r.title.casefold()),
        )
        self._index: Index[Rule] = Index(self._sorted)

    def __len__(self) -> int:
        return len(self._rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> typing.Iterator[Rule]:
        return iter(self._sorted)

    def all(self) -> list[Rule]:
        return list(self._sorted)

    def ids(self) -> list[str]:
        return [r.id for r in self._sorted]

    def topics(self) -> list[str]:
        return list(dict.fromkeys(r.topic for r in self._sorted))

    def get(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            near = difflib.get_close_matches(rule_id[:MAX_QUERY_CHARS], list(self._rules),
                                             n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise KeyError(
                f"no rule with id {rule_id[:MAX_QUERY_CHARS]!r} in the rulebook{hint} "
                f"(rules live in data/rules/*.toml)"
            ) from None

    def exact(self, query: str) -> Rule | None:
        """The rule one of whose names the query is (ignoring case, punctuation, filler words
        and plurals), or None."""
        query = query[:MAX_QUERY_CHARS]
        if query in self._rules:
            return self._rules[query]
        for key in query_keys(query):
            if key in self._keys:
                return self._keys[key]
        return None

    def answer(self, query: str, suggestions: int = 3,
               profile: Profile | None = None) -> Answer:
        """The rule a player means by `query`, how sure the lookup is of it, and for a question
        with amounts under a league's `profile`, the amounts worked out by the engine.

        A name of a rule is sure at once; a topic no rulebook here covers is never answered
        with a rule (unsure of one a phrase beside it means); a question whose amounts the engine
        can play out gets the rule it applies; else the ranking of search.py (the first
        MAX_QUERY_CHARS read)."""
        return self._answer(query, suggestions, profile)[0]

    def _answer(self, query: str, suggestions: int = 3, profile: Profile | None = None
                ) -> tuple[Answer, list[tuple[float, Rule]]]:
        """The answer, and the rules' scores when they were needed (for autocomplete)."""
        query = query[:MAX_QUERY_CHARS]
        found = self.exact(query)
        q = self._index.query(query)
        if found is not None and (self._literal(query) or self._asked is None
                                  or not self._asked.doubts(q, found.id)):
            # a name as typed is meant; one met by dropping filler words ("heads up, who is the
            # button") is a question, read as one when players meant otherwise
            return Answer("confident", found), []
        uncovered = self._index.not_covered(q)
        scored = self._index.scored(q)
        if uncovered is not None:
            near = [self._rules[i] for i in uncovered.suggestions]
            if meant := [self._rules[i] for i in self._index.intents(q)]:  # a phrase beside it
                near = [*meant, *(r for r in near if r not in meant)]
                return Answer("unsure", None, self._offer(q, near, suggestions)), scored
            return Answer("uncovered", None, tuple(near[:suggestions]), uncovered.topic), scored
        worked = work_out(query, profile) if profile is not None else None
        if worked is not None and worked.rule_id in self._rules:
            return Answer("confident", self._rules[worked.rule_id], worked=worked), scored
        ranking = self._index.ranked(q)
        if profile is not None and asks_amounts(query) and ranking.rules:
            # amounts the engine could not be set up with: the rule asked about first, unsure
            offered = self._offer(q, asked_first(query, ranking.rules), suggestions)
            return Answer("unsure", None, offered, amounts_unread=True), scored
        if self._index.intent(q) is None:
            # a name with filler exact() drops ("i'm all in"), unless a phrase means another rule
            key = "".join(w for w in plain_words(query) if w not in STOPWORDS)
            if key in self._keys:
                sure = self._sure(q, self._keys[key], ranking.rules, suggestions, also=False)
                return sure, scored
        if not self._index.intents(q) and not q.guessed:
            # a name said in table talk ("dude limped": call), not a guess at a typo'd word
            said = "".join(w for w in q.words if w not in STOPWORDS)
            if said in self._keys:
                sure = self._sure(q, self._keys[said], ranking.rules, suggestions, also=False)
                return sure, scored
        if (self._index.unknown(q) or q.misspelt or not ranking.rules) and not (
                self._index.intents(q)):
            # a word the rulebook does not know: a name misspelt as a whole comes first
            typo = self._misspelt_name(query)
            if typo is not None:
                return self._sure(q, typo, ranking.rules, suggestions, also=False), scored
        if not ranking.rules:
            return Answer("uncovered"), scored
        if ranking.sure:
            return self._sure(q, ranking.rules[0], ranking.rules[1:], suggestions), scored
        return Answer("unsure", None, self._offer(q, ranking.rules, suggestions)), scored

    def _sure(self, q: Query, rule: Rule, others: Sequence[Rule], suggestions: int,
              also: bool = True) -> Answer:
        """A sure answer (with the `others` as see-also, when `also`), unless what players'
        questions say doubts it: then it is offered with the others, unsure."""
        if self._asked is not None and self._asked.doubts(q, rule.id):
            return Answer("unsure", None, self._offer(q, [rule, *others], suggestions))
        see_also = tuple(r for r in others if r != rule)[:suggestions] if also else ()
        return Answer("confident", rule, see_also)

    def _offer(self, q: Query, rules: Sequence[Rule], suggestions: int) -> tuple[Rule, ...]:
        """The rules offered when unsure, best first: the ranking's order with what players'
        questions say merged in."""
        if self._asked is None:
            return tuple(rules[:suggestions])
        ids = self._asked.order(q, [r.id for r in rules])
        return tuple(self._rules[i] for i in ids if i in self._rules)[:suggestions]

    def _literal(self, query: str) -> bool:
        """Whether the query is a rule's id or one of its names as typed (case and punctuation
        aside)."""
        return query in self._rules or normalise(query) in self._keys

    def read(self, query: str) -> Query:
        """A question as the lookup reads it: bounded, normalised, typos corrected."""
        return self._index.query(query[:MAX_QUERY_CHARS])

    def forget(self) -> None:
        """Work the next query out afresh (see search.Index.forget)."""
        self._index.forget()

    def warm_up(self) -> None:
        """Answer a question of each kind once under every profile: the readers' patterns are
        compiled on first use, 20-100 ms that belong to the start, not to a player's first
        question (bench/rule_lookup.py)."""
        for name in PROFILE_NAMES:
            for question in (*WARM_UP, WARM_UP_WORDS):
                self.answer(question, profile=make_profile(name))
        self.forget()

    def _misspelt_name(self, query: str) -> Rule | None:
        """A short query that is a name with a letter or two wrong ("dead butn")."""
        key = normalise(query)
        if not 4 <= len(key) <= _TYPO_NAME_CHARS:
            return None
        near = difflib.get_close_matches(key, list(self._keys), n=1, cutoff=0.85)
        return self._keys[near[0]] if near else None

    def lookup(self, query: str) -> Rule | None:
        """The one rule a player most likely means, or None when nothing is close enough."""
        return self.answer(query).rule

    def search(self, query: str, limit: int = MAX_SEARCH_RESULTS) -> list[Rule]:
        """Rules for autocomplete, best first; an empty query lists rules by title."""
        limit = max(0, min(limit, MAX_SEARCH_RESULTS))
        query = query[:MAX_QUERY_CHARS]
        if not normalise(query):
            return sorted(self._rules.values(), key=lambda r: r.title.casefold())[:limit]
        answer, scored = self._answer(query)
        if not scored:
            scored = self._index.scored(self._index.query(query))
        results = [rule for score, rule in scored if score >= _SEARCH_CUTOFF]
        results += [r for r in self._index.prefix_hits(query) if r not in results]
        # the rule /rule would answer with, or the rules it would offer, come first
        first = [answer.rule] if answer.rule is not None else list(answer.suggestions)
        results = [*first, *(r for r in results if r not in first)]
        return results[:limit]


_SEARCH_CUTOFF = 0.3
# Only a query this short is tried as a misspelt name as a whole.
_TYPO_NAME_CHARS = 30


# --- loading ------------------------------------------------------------------------------


def _check_text(text: str, where: str, problems: list[str]) -> None:
    if not text.strip():
        problems.append(f"{where}: text is empty")
    if len(text.strip()) > MAX_TEXT_CHARS:
        problems.append(
            f"{where}: text has {len(text.strip())} characters, more than {MAX_TEXT_CHARS}")
    for name in _PLACEHOLDER_RE.findall(text):
        if name not in PLACEHOLDERS:
            problems.append(
                f"{where}: {{{name}}} is not a profile knob ({', '.join(PLACEHOLDERS)})")


def _check_variants(texts: Any, allowed: Sequence[str], table: str, where: str,
                    problems: list[str], *, lacks: str, unknown: str) -> None:
    """One text per allowed name (profile or knob value), each a valid text; `lacks` and
    `unknown` are messages with {} for the names."""
    if not isinstance(texts, dict):
        problems.append(f"{where}: {table} must be a table of name = text")
        return
    missing = [n for n in allowed if n not in texts]
    extra = sorted(set(texts) - set(allowed))
    if missing:
        problems.append(f"{where}: " + lacks.format(", ".join(missing)))
    if extra:
        problems.append(f"{where}: " + unknown.format(", ".join(extra)))
    for name, text in texts.items():
        if not isinstance(text, str):
            problems.append(f"{where}: {table}.{name} must be a string")
        else:
            _check_text(text, f"{where} {table}.{name}", problems)


def _parse_part(raw: Any, where: str, problems: list[str]) -> Part | None:
    """A part is a text, or a table: overview plus profiles, or overview, knob and values."""
    start = len(problems)
    if isinstance(raw, str):
        _check_text(raw, where, problems)
        return Part(raw.strip()) if len(problems) == start else None
    if not isinstance(raw, dict):
        problems.append(f"{where}: must be a text, or a table with an overview and the texts "
                        "per profile or per knob value")
        return None
    for key in sorted(set(raw) - _PART_KEYS):
        problems.append(f"{where}: unknown field {key!r} (fields are "
                        f"{', '.join(sorted(_PART_KEYS))})")
    overview = raw.get("overview")
    if not isinstance(overview, str):
        problems.append(f"{where}: missing overview = \"...\" (the text without a profile)")
    else:
        _check_text(overview, f"{where}.overview", problems)
    knob, values, profiles = raw.get("knob"), raw.get("values"), raw.get("profiles")
    for texts in (values, profiles):
        if isinstance(texts, dict) and "bot" in texts and where.endswith(" table"):
            # TOML puts a key written after a [rule.table...] header into that table
            problems.append(f"{where}: `bot = ...` below [rule.table] belongs to that table in "
                            "TOML; write it above [rule.table], or as its own [rule.bot]")
    if profiles is not None and (knob is not None or values is not None):
        problems.append(f"{where}: give either profiles or knob + values, not both")
    elif profiles is not None:
        _check_variants(
            profiles, PROFILE_NAMES, "profiles", where, problems,
            lacks="profiles lacks a text for {}",
            unknown=f"profiles has unknown profile(s) {{}} (profiles are "
                    f"{', '.join(PROFILE_NAMES)})",
        )
    elif (knob is None) != (values is None):
        problems.append(f"{where}: knob and values go together: name the knob and give its texts")
    elif knob is not None:
        choices = knob_choices(knob) if isinstance(knob, str) and knob in KNOBS else None
        if not isinstance(knob, str) or knob not in KNOBS:
            problems.append(f"{where}: knob {knob!r} is not one of {', '.join(KNOBS)}")
        elif choices is None:
            problems.append(
                f"{where}: knob {knob!r} is a number, not a choice; write {{{knob}}} in the "
                "text instead"
            )
        else:
            _check_variants(
                values, choices, "values", where, problems,
                lacks=f"values lacks a text for {knob} = {{}}",
                unknown=f"values has {{}}, not a value of {knob} ({', '.join(choices)})",
            )
    else:
        problems.append(f"{where}: a part that is a table varies: give profiles, or knob and "
                        "values (a text the same for everyone is written as a string)")
    if len(problems) > start:
        return None
    assert isinstance(overview, str)
    return Part(
        overview=overview.strip(),
        knob=knob,
        values=types.MappingProxyType({k: v.strip() for k, v in (values or {}).items()}),
        profiles=types.MappingProxyType({k: v.strip() for k, v in (profiles or {}).items()}),
    )


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value)


def _parse_rule(
    raw: Any, where: str, topic: str, order: int, path: Traversable, problems: list[str]
) -> Rule | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: a rule must be a table ([[rule]])")
        return None
    rid = raw.get("id")
    if isinstance(rid, str):
        where = f"{where} ({rid!r})"
    start = len(problems)
    for key in ("id", "title", "aliases", "summary", "follows", "table", "bot"):
        if key not in raw:
            problems.append(f"{where}: missing required field {key!r}")
    for key in sorted(set(raw) - _RULE_KEYS):
        fields = ", ".join(sorted(_RULE_KEYS))
        problems.append(f"{where}: unknown field {key!r} (fields are {fields})")
    if "id" in raw and not (isinstance(rid, str) and _ID_RE.match(rid)):
        problems.append(f"{where}: id must be kebab-case like 'string-bet', got {rid!r}")
    for key in ("title", "summary"):
        if key in raw and not (isinstance(raw[key], str) and raw[key].strip()):
            problems.append(f"{where}: {key} must be a non-empty string")
    if isinstance(raw.get("title"), str) and len(raw["title"]) > MAX_TITLE_CHARS:
        problems.append(f"{where}: title is longer than {MAX_TITLE_CHARS} characters")
    if isinstance(raw.get("summary"), str) and "\n" in raw["summary"].strip():
        problems.append(f"{where}: summary must be one line")
    if "aliases" in raw and not (isinstance(raw["aliases"], list) and _str_list(raw["aliases"])):
        problems.append(f"{where}: aliases must be a list of non-empty strings")
    if "keywords" in raw and not _str_list(raw["keywords"]):
        problems.append(f"{where}: keywords must be a list of non-empty strings")
    if "follows" in raw and not (_str_list(raw["follows"]) and raw["follows"]):
        problems.append(f"{where}: follows must be a non-empty list of citations")
    parts = {name: _parse_part(raw[name], f"{where} {name}", problems)
             for name in _PART_NAMES if name in raw}
    live = _parse_part(raw["live"], f"{where} live", problems) if "live" in raw else None
    both = raw.get("both_modes", False)
    if not isinstance(both, bool):
        problems.append(f"{where}: both_modes must be true or false")
    elif both and "live" in raw:
        problems.append(f"{where}: give a live text or both_modes = true, not both")
    silent = raw.get("silent", [])
    if not (isinstance(silent, list) and all(n in PROFILE_NAMES and n != "tda" for n in silent)):
        problems.append(f"{where}: silent lists profiles whose rulebook says nothing on the rule "
                        "(treps, tavern; the TDA decides where they are silent)")
    if len(problems) > start:
        return None
    assert isinstance(rid, str)  # checked above: a problem otherwise
    return Rule(
        id=rid,
        title=raw["title"].strip(),
        topic=topic,
        aliases=tuple(a.strip() for a in raw["aliases"]),
        summary=raw["summary"].strip(),
        follows=tuple(raw["follows"]),
        table=typing.cast(Part, parts["table"]),
        bot=typing.cast(Part, parts["bot"]),
        topic_order=order,
        source=path,
        keywords=tuple(k.strip() for k in raw.get("keywords", ())),
        live=live,
        both_modes=bool(both),
        silent=tuple(silent),
    )


def _load_file(path: Traversable, problems: list[str]) -> list[Rule]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{path.name}: not valid TOML: {exc}")
        return []
    for key in sorted(set(data) - _FILE_KEYS):
        problems.append(f"{path.name}: unknown top-level key {key!r} (rules go in [[rule]])")
    topic = data.get("topic")
    if not (isinstance(topic, str) and topic.strip()):
        problems.append(f"{path.name}: missing top-level topic = \"...\"")
        topic = path.name.removesuffix(".toml")
    order = data.get("order", _DEFAULT_ORDER)
    if not isinstance(order, int) or isinstance(order, bool):
        problems.append(f"{path.name}: order must be a whole number")
        order = _DEFAULT_ORDER
    raw_rules = data.get("rule", [])
    if not isinstance(raw_rules, list) or not raw_rules:
        problems.append(f"{path.name}: no rules (write each as a [[rule]] table)")
        return []
    rules = []
    for n, raw in enumerate(raw_rules, 1):
        rule = _parse_rule(raw, f"{path.name} rule #{n}", topic.strip(), order, path, problems)
        if rule is not None:
            rules.append(rule)
    return rules


def _check_unique(rules: list[Rule], problems: list[str]) -> None:
    seen_ids: dict[str, Rule] = {}
    for rule in rules:
        if rule.id in seen_ids:
            other = seen_ids[rule.id]
            problems.append(
                f"duplicate id {rule.id!r}: in {_name(rule)} and {_name(other)}"
            )
        else:
            seen_ids[rule.id] = rule
    owners: dict[str, Rule] = {}
    for rule in rules:
        for name in rule.names():
            key = normalise(name)
            if not key:
                problems.append(f"{_name(rule)} ({rule.id!r}): {name!r} has no letters or digits")
                continue
            other = owners.setdefault(key, rule)
            if other is not rule:
                problems.append(
                    f"duplicate alias {name!r}: {rule.id!r} ({_name(rule)}) and "
                    f"{other.id!r} ({_name(other)}) both answer to it"
                )


def _name(rule: Rule) -> str:
    return rule.source.name if rule.source else "<memory>"


def load_rulebook(path: str | Path | None = None) -> Rulebook:
    """The rulebook from a directory of TOML files (default data/rules), validated.

    The default rulebook is read once and cached; an explicit path is always read afresh so
    that tests and `/rule reload`-style tools see edits.
    """
    if path is None:
        return _default_rulebook()
    return _load(Path(path))


@functools.lru_cache(maxsize=1)
def _default_rulebook() -> Rulebook:
    return _load(default_rules_dir())


def _load(directory: Traversable, asked: Asked | None = None) -> Rulebook:
    if directory.is_file():
        files = [directory]
    elif directory.is_dir():
        files = sorted((f for f in directory.iterdir() if f.name.endswith(".toml")),
                       key=lambda f: f.name)
    else:
        raise RulebookError(f"rulebook directory {directory} does not exist")
    if not files:
        raise RulebookError(f"no *.toml rule files in {directory}")
    problems: list[str] = []
    rules: list[Rule] = []
    for file in files:
        rules.extend(_load_file(file, problems))
    _check_unique(rules, problems)
    if problems:
        raise RulebookError(
            f"rulebook {directory} has {len(problems)} problem(s):\n  " + "\n  ".join(problems)
        )
    return Rulebook(rules, asked if asked is not None else load_asked())

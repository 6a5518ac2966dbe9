"""Finding the rule a player means: the `Rulebook` of loaded rules (bot/rulebook/loader.py) and
what `/rule` answers to a topic, with how sure it is (`Answer`). The reading of a question is
bot/rulebook/search.py; its amounts, bot/rulebook/amounts.py; what players asked,
bot/rulebook/asked.py.
"""

from __future__ import annotations

import difflib
import functools
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook.amount_words import asked_first, asks_amounts
from bot.rulebook.amounts import work_out
from bot.rulebook.asked import Asked, load_asked
from bot.rulebook.loader import Rule, default_rules_dir, load_rules
from bot.rulebook.names import name_keys, normalise, query_keys
from bot.rulebook.search import MAX_QUERY_CHARS, Index, Query, plain_words
from bot.rulebook.vocabulary import STOPWORDS
from bot.rulebook.worked import Worked

MAX_SEARCH_RESULTS = 25  # Discord's cap on autocomplete choices

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
        if found is not None and (self._literal(query) or self._asked is None):
            return Answer("confident", found), []  # a name as typed is meant
        q = self._index.query(query)
        if found is not None and self._asked is not None and not self._asked.doubts(q, found.id):
            # one met by dropping filler words ("heads up, who is the button") is a question,
            # read as one when players meant otherwise
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


def load_rulebook(path: str | Path | None = None) -> Rulebook:
    """The rulebook from a directory of TOML files (default data/rules), validated.

    The default rulebook is read once and cached; an explicit path is always read afresh so
    that tests and `/rule reload`-style tools see edits.
    """
    if path is None:
        return _default_rulebook()
    return Rulebook(load_rules(Path(path)), load_asked())


@functools.lru_cache(maxsize=1)
def _default_rulebook() -> Rulebook:
    return Rulebook(load_rules(default_rules_dir()), load_asked())

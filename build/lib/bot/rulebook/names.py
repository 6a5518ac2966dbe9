"""The names a rule is found by at once: its names and aliases folded to keys ("String-Bet" ==
"string_bet"), singular forms of them, and the keys a query may match them by."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from bot.rulebook.search import MAX_QUERY_CHARS


class _Named(Protocol):
    def names(self) -> Sequence[str]: ...

    def keys(self) -> set[str]: ...


R = TypeVar("R", bound=_Named)

# Words too common to say which rule is meant, for exact names ("the turn" is the turn).
_STOPWORDS = frozenset({
    "a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "is", "are", "my", "i", "you",
    "what", "whats", "when", "how", "do", "does", "can", "if", "at", "with", "your", "rule",
    "rules", "about", "who", "should", "be",
})


def normalise(text: str) -> str:
    """Fold case and drop everything but letters and digits: "String-Bet" == "string_bet"."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9%]+", text.casefold().replace("'", "").replace("\u2019", ""))


def _singular(word: str) -> str:
    # "misdeals", "string bets", "dead hands": the plural of a name finds the name
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def name_keys(rules: Iterable[R]) -> dict[str, R]:
    """Each key of a name or alias, with the rule it names. A name made singular finds its rule
    too, unless another rule has that exact name or uses that one word in a name ("pots": "pot"
    is split pots' word as well, so "how much is the pot" names no rule)."""
    rules = list(rules)
    keys = {key: rule for rule in rules for key in rule.keys()}
    shared = Counter(w for r in rules for w in {_singular(w) for n in r.names() for w in _words(n)})
    for rule in rules:
        for single in ([_singular(w) for w in _words(name)] for name in rule.names()):
            if len(single) > 1 or shared[single[0]] < 2:
                keys.setdefault(normalise(" ".join(single)), rule)
    return keys


def query_keys(query: str) -> list[str]:
    """The normalised forms a query may match a name by, most literal first: as typed, without
    filler words, and with plurals made singular."""
    words = _words(query[:MAX_QUERY_CHARS])
    content = [w for w in words if w not in _STOPWORDS]
    keys = [normalise(query[:MAX_QUERY_CHARS]), "".join(content),
            "".join(_singular(w) for w in words), "".join(_singular(w) for w in content)]
    return [k for k in dict.fromkeys(keys) if k]

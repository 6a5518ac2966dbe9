"""Load, validate and query the rulebook in data/rules/*.toml.

Layout of a file (see data/rules/betting.toml):

    topic = "Betting"        # shown as the section heading
    order = 10               # sections are listed by this number, then by name

    [[rule]]
    id = "make-it"
    title = "Make it X"
    aliases = ["make it", ...]
    summary = "one line"
    text = "what every league shares, or an overview when leagues differ"
    follows = ["TREPS: Raising", "Tavern: Verbal Declarations", "TDA 2024 Rule 43"]
    knob = "make_it"         # optional: the Profile field the rule depends on ...
    [rule.values]            # ... and the text for every value of that knob
    fifty_percent = "..."
    call = "..."

A rule whose text differs by rulebook without a knob gives `[rule.profiles]` with a text for
each of treps, tavern and tda instead. Texts may name a knob in braces ("{clock_seconds}
seconds") so that a league that overrides a number reads the number it plays.
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from bot.datafiles import shipped
from bot.engine.profile import KNOBS, PROFILE_NAMES, Profile, make_profile

MAX_SEARCH_RESULTS = 25  # Discord's cap on autocomplete choices
# An embed field holds 1,024 characters; a longer rule would be cut mid-sentence in /rule.
MAX_TEXT_CHARS = 1024
# Autocomplete choice names are capped at 100 characters by Discord.
MAX_TITLE_CHARS = 100

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_PLACEHOLDER_RE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_RULE_KEYS = {
    "id", "title", "aliases", "summary", "text", "follows", "knob", "values", "profiles",
}
_REQUIRED_KEYS = ("id", "title", "aliases", "summary", "text", "follows")
_FILE_KEYS = {"topic", "order", "rule"}
_DEFAULT_ORDER = 100

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


def normalise(text: str) -> str:
    """Fold case and drop everything but letters and digits: "String-Bet" == "string_bet"."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9%]+", text.casefold())


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
    """A knob value as the key it has in a rule's `values` table."""
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


@dataclass(frozen=True, eq=False)
class Rule:
    id: str
    title: str
    topic: str
    aliases: tuple[str, ...]
    summary: str
    text: str
    follows: tuple[str, ...]
    knob: str | None = None
    values: Mapping[str, str] = field(default_factory=dict)
    profiles: Mapping[str, str] = field(default_factory=dict)
    topic_order: int = _DEFAULT_ORDER
    source: Traversable | None = None

    @property
    def varies(self) -> bool:
        return bool(self.values or self.profiles)

    def text_for(self, profile: Profile | None = None) -> str:
        """The rule as this league plays it; without a profile, the overview text."""
        if profile is None:
            return self.text
        if self.knob is not None:
            raw = self.values[knob_key(getattr(profile, self.knob))]
        elif self.profiles:
            raw = self.profiles[profile.name]
        else:
            raw = self.text
        return _fill(raw, profile)

    def follows_for(self, profile: Profile | None = None) -> tuple[str, ...]:
        """The citations behind the rule as this league plays it.

        The league's own rulebook first; for a knob, the rulebooks that play the knob's value
        (a Tavern league that switched to the 50% rule follows TREPS and the TDA there); where
        those are silent, the TDA, as design/rules.md says; failing all, every citation.
        """
        if profile is None:
            return self.follows
        by_source: dict[str, list[str]] = {}
        for citation in self.follows:
            source = _citation_source(citation)
            if source is not None:
                by_source.setdefault(source, []).append(citation)
        for source in self._sources_for(profile):
            if by_source.get(source):
                return tuple(by_source[source])
        return self.follows

    def _sources_for(self, profile: Profile) -> list[str]:
        if self.knob is None:
            return [profile.name, "tda"]
        value = getattr(profile, self.knob)
        if _base_value(profile.name, self.knob) == value:
            sharing = [profile.name]
        else:
            sharing = []
        sharing += [
            n for n in PROFILE_NAMES if n not in sharing and _base_value(n, self.knob) == value
        ]
        return sharing + ["tda"]

    def keys(self) -> set[str]:
        """Every normalised name the rule answers to exactly."""
        return {normalise(k) for k in (self.id, self.title, *self.aliases)} - {""}


def _fill(text: str, profile: Profile) -> str:
    def sub(m: re.Match[str]) -> str:
        value = getattr(profile, m.group(1))
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        return str(value)

    return _PLACEHOLDER_RE.sub(sub, text)


class Rulebook:
    def __init__(self, rules: Iterable[Rule]) -> None:
        self._rules: dict[str, Rule] = {r.id: r for r in rules}
        self._keys: dict[str, Rule] = {}
        for rule in self._rules.values():
            for key in rule.keys():
                self._keys[key] = rule
        self._sorted = sorted(
            self._rules.values(),
            key=lambda r: (r.topic_order, r.topic.casefold(), r.title.casefold()),
        )

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
            near = difflib.get_close_matches(rule_id, list(self._rules), n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise KeyError(
                f"no rule with id {rule_id!r} in the rulebook{hint} "
                f"(rules live in data/rules/*.toml)"
            ) from None

    def lookup(self, query: str) -> Rule | None:
        """The one rule a player most likely means, or None when nothing is close."""
        if query in self._rules:
            return self._rules[query]
        key = normalise(query)
        if not key:
            return None
        if key in self._keys:
            return self._keys[key]
        scored = self._scored(query)
        if scored and scored[0][0] >= _LOOKUP_CUTOFF:
            return scored[0][1]
        return None

    def search(self, query: str, limit: int = MAX_SEARCH_RESULTS) -> list[Rule]:
        """Rules for autocomplete, best first; an empty query lists rules by title."""
        limit = max(0, min(limit, MAX_SEARCH_RESULTS))
        if not normalise(query):
            return sorted(self._rules.values(), key=lambda r: r.title.casefold())[:limit]
        return [rule for score, rule in self._scored(query) if score >= _SEARCH_CUTOFF][:limit]

    def _scored(self, query: str) -> list[tuple[float, Rule]]:
        key = normalise(query)
        qwords = _words(query)
        results = []
        for rule in self._sorted:
            score = _score(key, qwords, rule)
            if score > 0:
                results.append((score, rule))
        # sorted() is stable, so equal scores keep the topic/title order of the book
        return sorted(results, key=lambda sr: -sr[0])


_LOOKUP_CUTOFF = 0.72
# Words too common to say which rule is meant ("the clock" is about the clock, not "the").
_STOPWORDS = frozenset(
    {"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "is", "my", "i", "you", "what"}
)
_SEARCH_CUTOFF = 0.45


def _score(key: str, qwords: list[str], rule: Rule) -> float:
    best = 0.0
    partial = key not in _STOPWORDS
    for name in rule.keys():
        if key == name:
            return 1.0
        if not partial:
            continue
        if name.startswith(key) and len(key) >= 2:
            # a longer typed prefix is more telling; the shorter the name, the closer the match
            best = max(best, 0.85 + 0.1 * len(key) / len(name))
        elif len(key) >= 3 and key in name:
            best = max(best, 0.75 + 0.1 * len(key) / len(name))
        ratio = difflib.SequenceMatcher(None, key, name).ratio()
        # below 0.6 a match is mostly shared letters, noise in an autocomplete list
        if ratio >= 0.6:
            best = max(best, ratio)
    content = [qw for qw in qwords if len(qw) >= 2 and qw not in _STOPWORDS]
    if content:
        names = [rule.id.replace("-", " "), rule.title, *rule.aliases]
        rule_words = {w for n in names for w in _words(n)}
        # every meaningful word typed starts a word of the rule's names: "blind out" finds
        # "big blind knocked out"
        if all(any(rw.startswith(qw) for rw in rule_words) for qw in content):
            best = max(best, 0.74)
        summary_words = set(_words(rule.summary))
        hits = sum(1 for qw in content if len(qw) >= 3 and qw in summary_words)
        if hits:
            # the summary helps autocomplete find a rule by what it is about, never lookup
            best = max(best, min(0.6, 0.45 + 0.05 * hits))
    return best


# --- loading ------------------------------------------------------------------------------


def _check_variants(texts: dict[str, Any], allowed: Sequence[str], table: str, where: str,
                    problems: list[str], *, lacks: str, unknown: str) -> None:
    """One text per allowed name (profile or knob value), each a valid text; `lacks` and
    `unknown` are messages with {} for the names."""
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


def _check_text(text: str, where: str, problems: list[str]) -> None:
    if not text.strip():
        problems.append(f"{where}: text is empty")
    if len(text) > MAX_TEXT_CHARS:
        problems.append(f"{where}: text has {len(text)} characters, more than {MAX_TEXT_CHARS}")
    for name in _PLACEHOLDER_RE.findall(text):
        if name not in KNOBS:
            problems.append(f"{where}: {{{name}}} is not a profile knob ({', '.join(KNOBS)})")


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
    for key in _REQUIRED_KEYS:
        if key not in raw:
            problems.append(f"{where}: missing required field {key!r}")
    for key in sorted(set(raw) - _RULE_KEYS):
        fields = ", ".join(sorted(_RULE_KEYS))
        problems.append(f"{where}: unknown field {key!r} (fields are {fields})")
    if "id" in raw and not (isinstance(rid, str) and _ID_RE.match(rid)):
        problems.append(f"{where}: id must be kebab-case like 'string-bet', got {rid!r}")
    for key in ("title", "summary", "text"):
        if key in raw and not (isinstance(raw[key], str) and raw[key].strip()):
            problems.append(f"{where}: {key} must be a non-empty string")
    if isinstance(raw.get("title"), str) and len(raw["title"]) > MAX_TITLE_CHARS:
        problems.append(f"{where}: title is longer than {MAX_TITLE_CHARS} characters")
    if isinstance(raw.get("summary"), str) and "\n" in raw["summary"].strip():
        problems.append(f"{where}: summary must be one line")
    if "aliases" in raw and not (isinstance(raw["aliases"], list) and _str_list(raw["aliases"])):
        problems.append(f"{where}: aliases must be a list of non-empty strings")
    if "follows" in raw and not (_str_list(raw["follows"]) and raw["follows"]):
        problems.append(f"{where}: follows must be a non-empty list of citations")
    if isinstance(raw.get("text"), str):
        _check_text(raw["text"], f"{where} text", problems)

    knob = raw.get("knob")
    values = raw.get("values")
    profiles = raw.get("profiles")
    if profiles is not None and (knob is not None or values is not None):
        problems.append(f"{where}: give either profiles or knob + values, not both")
    if profiles is not None:
        if not isinstance(profiles, dict):
            problems.append(f"{where}: profiles must be a table of profile = text")
        else:
            _check_variants(
                profiles, PROFILE_NAMES, "profiles", where, problems,
                lacks="profiles lacks a text for {}",
                unknown=f"profiles has unknown profile(s) {{}} (profiles are "
                        f"{', '.join(PROFILE_NAMES)})",
            )
    if (knob is None) != (values is None):
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
        elif not isinstance(values, dict):
            problems.append(f"{where}: values must be a table of knob value = text")
        else:
            _check_variants(
                values, choices, "values", where, problems,
                lacks=f"values lacks a text for {knob} = {{}}",
                unknown=f"values has {{}}, not a value of {knob} ({', '.join(choices)})",
            )
    if len(problems) > start:
        return None
    return Rule(
        id=rid,
        title=raw["title"].strip(),
        topic=topic,
        aliases=tuple(a.strip() for a in raw["aliases"]),
        summary=raw["summary"].strip(),
        text=raw["text"].strip(),
        follows=tuple(raw["follows"]),
        knob=knob,
        values=types.MappingProxyType({k: v.strip() for k, v in (values or {}).items()}),
        profiles=types.MappingProxyType({k: v.strip() for k, v in (profiles or {}).items()}),
        topic_order=order,
        source=path,
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
        for name in (rule.id, rule.title, *rule.aliases):
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


def _load(directory: Traversable) -> Rulebook:
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
    return Rulebook(rules)

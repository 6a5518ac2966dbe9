"""Load and validate the rulebook in data/rules/*.toml (finding a rule in it: lookup.py).

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

import functools
import re
import tomllib
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any

from bot.datafiles import shipped
from bot.engine.profile import KNOBS, PROFILE_NAMES, Profile, make_profile
from bot.rulebook.names import normalise
from bot.tournament.clock import clock_timing

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


def load_rules(directory: Traversable) -> list[Rule]:
    """Every rule of a directory of TOML files (or of one file), validated: any problem of any
    file refuses them all, each problem named."""
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
    return rules

"""The rulebook in data/rules: complete, searchable, true to the profiles, in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import Rule, Rulebook, RulebookError, load_rulebook
from bot.rulebook.loader import MAX_SEARCH_RESULTS, default_rules_dir

REPO = Path(__file__).resolve().parents[2]
SEEDS = [
    REPO.parent / "shared" / "seeds" / "000_5b95663e45ffa630.txt",
    REPO.parent / "shared" / "seeds" / "003_82ec4f962936c3b7.txt",
]

HAND_IDS = """
minimum-bet minimum-raise fifty-percent declared-raise make-it raise-it below-call
incomplete-all-in not-reopened cumulative-all-ins all-in-over-stack uncalled-bet side-pots
odd-chip face-up showdown-order show-two-cards muck show-one-show-all out-of-turn heads-up
blinds antes big-blind-ante deck-commitment burn-cards
""".split()
TOURNAMENT_IDS = """
random-seats button-draw first-dealer blind-levels sb-eliminated bb-eliminated dead-button
heads-up-blinds same-hand-eliminations action-time away table-presence clock chip-race
table-balancing breaking-tables final-table misdeal director-decision penalty
disqualification stack-adjustment rabbit-hunt late-registration rebuys payouts appeals
""".split()
CONDUCT_IDS = """
one-player-to-a-hand string-bet verbal-declaration single-chip discussing-hands
card-visibility chip-visibility unprotected-hands foreign-objects deck-changes strategy-talk
cheating language phones smoking folding-out-of-turn
""".split()

REQUIRED_ALIASES = {
    "string-bet": ["string-bet", "string bet", "strings"],
    "clock": ["clock", "calling the clock", "time"],
    "odd-chip": ["odd chip", "odd chips", "odd-chip"],
    "raise-it": ["raise it"],
    "make-it": ["make it"],
    "fifty-percent": ["50%", "50 percent", "fifty percent"],
    "rabbit-hunt": ["rabbit", "rabbit hunting"],
    "away": ["away", "absent"],
}

PROFILES = [make_profile(name) for name in PROFILE_NAMES]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def test_default_dir_is_in_the_repo() -> None:
    assert default_rules_dir() == REPO / "data" / "rules"


def test_default_rulebook_is_cached(book: Rulebook) -> None:
    assert load_rulebook() is book


@pytest.mark.parametrize("rule_id", HAND_IDS + TOURNAMENT_IDS + CONDUCT_IDS)
def test_required_id_exists(book: Rulebook, rule_id: str) -> None:
    rule = book.get(rule_id)
    assert rule.id == rule_id
    assert rule.title and rule.summary and rule.text and rule.follows and rule.topic


@pytest.mark.parametrize(
    ("rule_id", "alias"), [(r, a) for r, aliases in REQUIRED_ALIASES.items() for a in aliases]
)
def test_required_alias(book: Rulebook, rule_id: str, alias: str) -> None:
    rule = book.get(rule_id)
    assert alias in rule.aliases or alias == rule.id
    assert book.lookup(alias) is rule


def test_get_unknown_id_says_what_went_wrong(book: Rulebook) -> None:
    with pytest.raises(KeyError, match="string-bet"):
        book.get("string-bets")


@pytest.mark.parametrize(
    ("query", "rule_id"),
    [
        ("String Bet", "string-bet"),
        ("string_bet", "string-bet"),
        ("STRING-BET", "string-bet"),
        ("  string   bet! ", "string-bet"),
        ("strng bet", "string-bet"),
        ("odd", "odd-chip"),
        ("clock", "clock"),
        ("calling the clock", "clock"),
        ("RAISE IT", "raise-it"),
        ("clok", "clock"),
        ("rabbit huntin", "rabbit-hunt"),
        ("big blind knocked out", "bb-eliminated"),
        ("dead butn", "dead-button"),
        ("Chip Race", "chip-race"),
    ],
)
def test_lookup(book: Rulebook, query: str, rule_id: str) -> None:
    rule = book.lookup(query)
    assert rule is not None and rule.id == rule_id


@pytest.mark.parametrize("query", ["", "   ", "pineapple", "quantum chromodynamics", "xyz", "the"])
def test_lookup_unknown_topic_is_none(book: Rulebook, query: str) -> None:
    assert book.lookup(query) is None


def test_search_is_capped_and_ranked(book: Rulebook) -> None:
    assert len(book) > MAX_SEARCH_RESULTS
    assert len(book.search("")) == MAX_SEARCH_RESULTS
    titles = [r.title.casefold() for r in book.search("")]
    assert titles == sorted(titles)
    for query in ["", "a", "raise", "blind", "e"]:
        assert len(book.search(query)) <= MAX_SEARCH_RESULTS
        assert len(book.search(query, limit=100)) <= MAX_SEARCH_RESULTS
    assert book.search("raise it")[0].id == "raise-it"
    assert book.search("odd")[0].id == "odd-chip"
    assert book.search("pineapple") == []
    assert len(book.search("blind", limit=3)) == 3


def test_all_is_sorted_by_topic_then_title(book: Rulebook) -> None:
    rules = book.all()
    assert len(rules) == len(book)
    topics = [r.topic for r in rules]
    # each topic forms one block
    blocks = [t for i, t in enumerate(topics) if i == 0 or t != topics[i - 1]]
    assert len(set(topics)) == len(blocks)
    for a, b in zip(rules, rules[1:], strict=False):
        if a.topic == b.topic:
            assert a.title.casefold() <= b.title.casefold()


def _texts(rule: Rule) -> dict[str, str]:
    return {p.name: rule.text_for(p) for p in PROFILES}


@pytest.mark.parametrize(
    ("rule_id", "differ"),
    [
        ("make-it", ("treps", "tavern")),
        ("fifty-percent", ("treps", "tavern")),
        ("declared-raise", ("tda", "tavern")),
        ("cumulative-all-ins", ("treps", "tavern")),
        ("clock", ("treps", "tda")),
        ("away", ("treps", "tavern")),
        ("away", ("tavern", "tda")),
        ("away", ("treps", "tda")),
        ("sb-eliminated", ("treps", "tavern")),
        ("bb-eliminated", ("treps", "tda")),
        ("dead-button", ("treps", "tda")),
        ("same-hand-eliminations", ("treps", "tavern")),
        ("first-dealer", ("treps", "tavern")),
        ("button-draw", ("tavern", "tda")),
        ("random-seats", ("treps", "tavern")),
        ("rabbit-hunt", ("treps", "tda")),
        ("chip-race", ("treps", "tda")),
        ("misdeal", ("treps", "tavern")),
    ],
)
def test_text_differs_between_profiles(
    book: Rulebook, rule_id: str, differ: tuple[str, str]
) -> None:
    texts = _texts(book.get(rule_id))
    a, b = differ
    assert texts[a] != texts[b]


@pytest.mark.parametrize(
    ("rule_id", "same"),
    [
        ("make-it", ("treps", "tda")),
        ("clock", ("treps", "tavern")),
        ("rabbit-hunt", ("treps", "tavern")),
    ],
)
def test_text_same_where_profiles_agree(
    book: Rulebook, rule_id: str, same: tuple[str, str]
) -> None:
    texts = _texts(book.get(rule_id))
    assert texts[same[0]] == texts[same[1]]


def test_text_follows_an_overridden_knob(book: Rulebook) -> None:
    make_it = book.get("make-it")
    tavern = make_profile("tavern")
    tavern_50 = make_profile("tavern", make_it="fifty_percent")
    assert make_it.text_for(tavern_50) == make_it.text_for(make_profile("treps"))
    assert make_it.text_for(tavern_50) == make_it.values["fifty_percent"]
    assert make_it.text_for(tavern) == make_it.values["call"]
    fifty = book.get("fifty-percent")
    assert fifty.text_for(tavern_50) != fifty.text_for(tavern)

    rabbit = book.get("rabbit-hunt")
    assert rabbit.text_for(make_profile("treps", rabbit_hunt=False)) == rabbit.values["false"]
    away = book.get("away")
    assert away.text_for(make_profile("tda", away="fold")) == away.values["fold"]


def test_numbers_in_text_follow_the_profile(book: Rulebook) -> None:
    clock = book.get("clock")
    assert "60 seconds" in clock.text_for(make_profile("treps"))
    assert "25 seconds" in clock.text_for(make_profile("tda"))
    assert "90 seconds" in clock.text_for(make_profile("tavern", clock_seconds=90))
    for rule in book.all():
        for profile in PROFILES:
            assert "{" not in rule.text_for(profile), rule.id


def test_follows_for_cites_the_league_rulebook(book: Rulebook) -> None:
    make_it = book.get("make-it")
    assert all(c.startswith("Tavern") for c in make_it.follows_for(make_profile("tavern")))
    assert all(c.startswith("TREPS") for c in make_it.follows_for(make_profile("treps")))
    assert all(c.startswith("TDA") for c in make_it.follows_for(make_profile("tda")))
    # a Tavern league playing the 50% rule follows the rulebooks that have it
    overridden = make_it.follows_for(make_profile("tavern", make_it="fifty_percent"))
    assert overridden and all(c.startswith(("TREPS", "TDA")) for c in overridden)
    # Tavern is silent on the clock and plays it as TREPS does
    clock = book.get("clock").follows_for(make_profile("tavern"))
    assert clock and all(c.startswith("TREPS") for c in clock)
    for rule in book.all():
        for profile in PROFILES:
            cites = rule.follows_for(profile)
            assert cites and set(cites) <= set(rule.follows)


def test_every_variant_text_is_reachable(book: Rulebook) -> None:
    for rule in book.all():
        if rule.profiles:
            assert set(rule.profiles) == set(PROFILE_NAMES)
        if rule.knob:
            assert rule.values and not rule.profiles


# --- our own words --------------------------------------------------------------------------

RUN = 8


def _norm_words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.casefold().replace("'", "").replace("\u2019", ""))


def _ngrams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_no_rule_copies_a_seed(book: Rulebook) -> None:
    seeds = [p for p in SEEDS if p.exists()]
    if not seeds:
        pytest.skip("seed rulebooks not present next to the repo")
    seed_grams: set[tuple[str, ...]] = set()
    for path in seeds:
        seed_grams |= _ngrams(_norm_words(path.read_text(encoding="utf-8")), RUN)
    copied = []
    for rule in book.all():
        texts = [rule.title, rule.summary, rule.text, *rule.values.values()]
        texts += rule.profiles.values()
        for text in texts:
            hit = _ngrams(_norm_words(text), RUN) & seed_grams
            if hit:
                copied.append(f"{rule.id}: {' '.join(sorted(hit)[0])}")
    assert not copied, "rule text repeats the seeds word for word:\n" + "\n".join(copied)


# --- validation -----------------------------------------------------------------------------

GOOD = '''
topic = "Test"

[[rule]]
id = "{id}"
title = "{title}"
aliases = [{aliases}]
summary = "One line."
text = "Some words of our own."
follows = ["rules.md"]
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _rule(id: str = "alpha", title: str = "Alpha", aliases: str = '"first"') -> str:
    return GOOD.format(id=id, title=title, aliases=aliases)


def test_loads_a_good_directory(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule())
    book = load_rulebook(tmp_path)
    assert book.ids() == ["alpha"]
    assert book.lookup("First").id == "alpha"
    assert book.get("alpha").text_for(make_profile("tavern")) == "Some words of our own."


def test_duplicate_id_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule())
    _write(tmp_path, "b.toml", _rule(title="Other", aliases='"second"'))
    with pytest.raises(RulebookError, match=r"duplicate id 'alpha': in b\.toml and a\.toml"):
        load_rulebook(tmp_path)


def test_duplicate_alias_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule())
    _write(tmp_path, "b.toml", _rule(id="beta", title="Beta", aliases='"FIRST"'))
    with pytest.raises(RulebookError, match="duplicate alias 'FIRST'.*'beta'.*'alpha'"):
        load_rulebook(tmp_path)


def test_missing_field_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule().replace('summary = "One line."\n', ""))
    expected = r"a\.toml rule #1 \('alpha'\): missing required field 'summary'"
    with pytest.raises(RulebookError, match=expected):
        load_rulebook(tmp_path)


def test_bad_id_and_unknown_field_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule(id="Not_Kebab") + 'colour = "red"\n')
    with pytest.raises(RulebookError) as err:
        load_rulebook(tmp_path)
    assert "kebab-case" in str(err.value) and "unknown field 'colour'" in str(err.value)


def test_profiles_must_cover_all_three(tmp_path: Path) -> None:
    text = _rule() + '[rule.profiles]\ntreps = "a"\ntavern = "b"\n'
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError, match="profiles lacks a text for tda"):
        load_rulebook(tmp_path)


def test_knob_values_must_cover_every_value(tmp_path: Path) -> None:
    text = _rule() + 'knob = "away"\n[rule.values]\nfold = "a"\ncheck_or_fold = "b"\n'
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError, match="values lacks a text for away = dead_at_deal"):
        load_rulebook(tmp_path)


def test_unknown_knob_and_placeholder_are_refused(tmp_path: Path) -> None:
    text = _rule().replace("Some words", "{bogus} words")
    text += 'knob = "colour"\n[rule.values]\nx = "a"\n'
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError) as err:
        load_rulebook(tmp_path)
    assert "knob 'colour' is not one of" in str(err.value)
    assert "{bogus} is not a profile knob" in str(err.value)


def test_numeric_knob_cannot_select_texts(tmp_path: Path) -> None:
    text = _rule() + 'knob = "clock_seconds"\n[rule.values]\n60 = "a"\n'
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError, match="is a number, not a choice"):
        load_rulebook(tmp_path)


def test_broken_toml_and_missing_dir(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", "[[rule]\n")
    with pytest.raises(RulebookError, match=r"a\.toml: not valid TOML"):
        load_rulebook(tmp_path)
    with pytest.raises(RulebookError, match="does not exist"):
        load_rulebook(tmp_path / "nowhere")

"""The rulebook in data/rules: complete, searchable, true to the profiles, in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import Rule, Rulebook, RulebookError, load_rulebook
from bot.rulebook.loader import (
    BOT_HEADING,
    TABLE_HEADING,
    default_rules_dir,
)
from tests.outside import TAVERN_SEED, TREPS_SEED

REPO = Path(__file__).resolve().parents[2]
# The seed rulebooks are not in the repository (no rule may copy them): tests/outside.py says
# where they are looked for; without them the copy guard skips.
SEEDS = [TREPS_SEED, TAVERN_SEED]

HAND_IDS = """
minimum-bet minimum-raise fifty-percent declared-raise make-it raise-it below-call
incomplete-all-in not-reopened cumulative-all-ins all-in-over-stack uncalled-bet side-pots
odd-chip face-up showdown-order show-two-cards muck show-one-show-all out-of-turn heads-up
blinds antes big-blind-ante deck-commitment burn-cards betting-actions all-in chip-unit
split-pot hand-rankings dead-hand streets shuffle-and-deal the-cut exposed-card
winning-hand-shown
""".split()
TOURNAMENT_IDS = """
random-seats button-draw first-dealer blind-levels sb-eliminated bb-eliminated dead-button
heads-up-blinds same-hand-eliminations action-time away table-presence clock chip-race
table-balancing breaking-tables final-table misdeal director-decision penalty
disqualification stack-adjustment rabbit-hunt late-registration rebuys payouts appeals
rulebooks
""".split()
CONDUCT_IDS = """
one-player-to-a-hand string-bet verbal-declaration single-chip discussing-hands
card-visibility chip-visibility unprotected-hands foreign-objects deck-changes strategy-talk
cheating language phones smoking folding-out-of-turn house-rules
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
    assert rule.title and rule.summary and rule.follows and rule.topic
    assert rule.table_for() and rule.bot_for()


def test_every_answer_gives_the_live_rule_first(book: Rulebook) -> None:
    for rule in book.all():
        for profile in [None, *PROFILES]:
            text = rule.text_for(profile)
            assert text.startswith(f"**{TABLE_HEADING}**\n{rule.table_for(profile)}"), rule.id
            assert text.endswith(f"**{BOT_HEADING}**\n{rule.bot_for(profile)}"), rule.id
            # the live part and the bot part say different things
            assert rule.table_for(profile) != rule.bot_for(profile), rule.id


def test_answers_fit_discord(book: Rulebook) -> None:
    # embed description 4,096; each part would also fit a field of 1,024
    for rule in book.all():
        for profile in [None, *PROFILES]:
            assert len(rule.text_for(profile)) <= 4096
            assert len(rule.table_for(profile)) <= 1024 and len(rule.bot_for(profile)) <= 1024
        assert len(rule.title) <= 100


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
        ("minimum-bet", ("tda", "tavern")),
        ("cumulative-all-ins", ("treps", "tavern")),
        ("clock", ("treps", "tda")),
        ("action-time", ("treps", "tda")),
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
        ("final-table", ("treps", "tavern")),
        ("rabbit-hunt", ("treps", "tda")),
        ("chip-race", ("treps", "tda")),
        ("misdeal", ("treps", "tavern")),
        ("misdeal", ("tavern", "tda")),
        ("string-bet", ("treps", "tavern")),
        ("exposed-card", ("treps", "tavern")),
        ("the-cut", ("treps", "tavern")),
        ("shuffle-and-deal", ("treps", "tavern")),
        ("rulebooks", ("treps", "tavern")),
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
        ("action-time", ("treps", "tavern")),
        ("rabbit-hunt", ("treps", "tavern")),
    ],
)
def test_text_same_where_profiles_agree(
    book: Rulebook, rule_id: str, same: tuple[str, str]
) -> None:
    rule = book.get(rule_id)
    a, b = (make_profile(name) for name in same)
    # the same rule, though one league's rulebook may be silent on it and say so
    assert rule.table.text_for(a) == rule.table.text_for(b)
    assert rule.bot_for(a) == rule.bot_for(b)


def test_string_bet_at_the_table_is_each_rulebook_own(book: Rulebook) -> None:
    """TREPS: the first motion's chips are the raise unless "raise" was said first; Tavern: a
    string bet that a player in the hand calls out is held to a call (rules.md)."""
    rule = book.get("string-bet")
    treps = rule.table_for(make_profile("treps"))
    tavern = rule.table_for(make_profile("tavern"))
    assert "first motion" in treps and '"raise"' in treps
    assert "held to a call" in tavern and "in the hand" in tavern
    # online there is no string bet, whatever the profile
    assert all("no string bet" in rule.bot_for(p) for p in PROFILES)


def test_exposed_card_follows_the_misdeal_sections(book: Rulebook) -> None:
    rule = book.get("exposed-card")
    assert "burn card" in rule.table_for(make_profile("treps"))
    assert "misdeal" in rule.table_for(make_profile("tavern"))
    assert "never exposes" in rule.bot_for(make_profile("tda"))


def test_text_follows_an_overridden_knob(book: Rulebook) -> None:
    make_it = book.get("make-it")
    tavern = make_profile("tavern")
    tavern_50 = make_profile("tavern", make_it="fifty_percent")
    assert make_it.table_for(tavern_50) == make_it.table_for(make_profile("treps"))
    assert make_it.table_for(tavern_50) == make_it.table.values["fifty_percent"]
    assert make_it.table_for(tavern) == make_it.table.values["call"]
    # the bot part follows the same knob: /bet facing a bet is read as the league plays it
    assert make_it.bot_for(tavern_50) == make_it.bot_for(make_profile("treps"))
    assert make_it.bot_for(tavern) == make_it.bot.values["call"]
    declared = book.get("declared-raise")
    assert declared.bot_for(tavern_50) == declared.bot_for(tavern)  # its own knob
    fifty = book.get("fifty-percent")
    assert fifty.text_for(tavern_50) != fifty.text_for(tavern)

    rabbit = book.get("rabbit-hunt")
    no_rabbit = make_profile("treps", rabbit_hunt=False)
    assert rabbit.table_for(no_rabbit) == rabbit.table.values["false"]
    assert rabbit.bot_for(no_rabbit) == rabbit.bot.values["false"]
    away = book.get("away")
    assert away.table_for(make_profile("tda", away="fold")) == away.table.values["fold"]


def test_numbers_in_text_follow_the_profile(book: Rulebook) -> None:
    clock = book.get("clock")
    assert "60 seconds" in clock.text_for(make_profile("treps"))
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
    # Tavern is silent on the clock and plays it as TREPS does: it cites TREPS, never TDA 29
    for rule_id in ("clock", "action-time"):
        cites = book.get(rule_id).follows_for(make_profile("tavern"))
        assert cites and all(c.startswith("TREPS") for c in cites), rule_id
    for rule in book.all():
        for profile in PROFILES:
            cites = rule.follows_for(profile)
            assert cites and set(cites) <= set(rule.follows)


def test_every_variant_text_is_reachable(book: Rulebook) -> None:
    for rule in book.all():
        for part in (rule.table, rule.bot):
            if part.profiles:
                assert set(part.profiles) == set(PROFILE_NAMES)
            if part.knob:
                assert part.values and not part.profiles


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
        for text in rule.texts():
            hit = _ngrams(_norm_words(text), RUN) & seed_grams
            if hit:
                copied.append(f"{rule.id}: {' '.join(sorted(hit)[0])}")
    assert not copied, "rule text repeats the seeds word for word:\n" + "\n".join(copied)


def test_copy_guard_catches_a_copied_sentence() -> None:
    """The guard above would fail on a text lifted from a seed (it is not vacuous)."""
    seed = SEEDS[0]
    if not seed.exists():
        pytest.skip("seed rulebooks not present next to the repo")
    copied = "Rabbit hunting is not permitted unless all participants in a hand agree."
    grams = _ngrams(_norm_words(seed.read_text(encoding="utf-8")), RUN)
    assert _ngrams(_norm_words(copied), RUN) & grams


# --- validation -----------------------------------------------------------------------------

GOOD = '''
topic = "Test"

[[rule]]
id = "{id}"
title = "{title}"
aliases = [{aliases}]
summary = "One line."
follows = ["rules.md"]
table = "Some words of our own."
bot = "What the bot does."
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _rule(id: str = "alpha", title: str = "Alpha", aliases: str = '"first"') -> str:
    return GOOD.format(id=id, title=title, aliases=aliases)


def _varying(part: str, body: str) -> str:
    """A good rule whose `part` is a table: an overview, then `body`."""
    text = _rule().replace(f'{part} = "', f'{part}_old = "')
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith(f"{part}_old"))
    return text + f'\n[rule.{part}]\noverview = "How leagues differ."\n' + body


def test_loads_a_good_directory(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule())
    book = load_rulebook(tmp_path)
    assert book.ids() == ["alpha"]
    assert book.lookup("First").id == "alpha"
    rule = book.get("alpha")
    assert rule.table_for(make_profile("tavern")) == "Some words of our own."
    assert rule.bot_for(make_profile("tavern")) == "What the bot does."
    assert rule.text_for(make_profile("tavern")) == (
        "**At the table**\nSome words of our own.\n\n**In this bot**\nWhat the bot does.")


def test_a_part_may_vary_by_profile_or_by_knob(tmp_path: Path) -> None:
    body = 'knob = "rabbit_hunt"\n[rule.bot.values]\ntrue = "Yes."\nfalse = "No."\n'
    _write(tmp_path, "a.toml", _varying("bot", body))
    rule = load_rulebook(tmp_path).get("alpha")
    assert rule.bot_for(make_profile("treps")) == "Yes."
    assert rule.bot_for(make_profile("tda")) == "No."
    assert rule.bot_for() == "How leagues differ."
    assert rule.knob == "rabbit_hunt"
    body = '[rule.table.profiles]\ntreps = "T"\ntavern = "V"\ntda = "D {clock_total_seconds}"\n'
    _write(tmp_path, "a.toml", _varying("table", body))
    rule = load_rulebook(tmp_path).get("alpha")
    assert [rule.table_for(p) for p in PROFILES] == ["T", "V", "D 30"]


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


@pytest.mark.parametrize("field", ["summary", "table", "bot"])
def test_missing_field_is_refused(tmp_path: Path, field: str) -> None:
    text = "\n".join(ln for ln in _rule().splitlines() if not ln.startswith(f"{field} ="))
    _write(tmp_path, "a.toml", text)
    expected = rf"a\.toml rule #1 \('alpha'\): missing required field '{field}'"
    with pytest.raises(RulebookError, match=expected):
        load_rulebook(tmp_path)


def test_bad_id_and_unknown_field_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule(id="Not_Kebab") + 'colour = "red"\n')
    with pytest.raises(RulebookError) as err:
        load_rulebook(tmp_path)
    assert "kebab-case" in str(err.value) and "unknown field 'colour'" in str(err.value)


def test_profiles_must_cover_all_three(tmp_path: Path) -> None:
    body = '[rule.table.profiles]\ntreps = "a"\ntavern = "b"\n'
    _write(tmp_path, "a.toml", _varying("table", body))
    with pytest.raises(RulebookError, match="profiles lacks a text for tda"):
        load_rulebook(tmp_path)


def test_knob_values_must_cover_every_value(tmp_path: Path) -> None:
    body = 'knob = "away"\n[rule.bot.values]\nfold = "a"\ncheck_or_fold = "b"\n'
    _write(tmp_path, "a.toml", _varying("bot", body))
    with pytest.raises(RulebookError, match="values lacks a text for away = dead_at_deal"):
        load_rulebook(tmp_path)


def test_a_varying_part_needs_an_overview_and_variants(tmp_path: Path) -> None:
    text = _varying("table", "").replace('overview = "How leagues differ."\n', 'knob = "away"\n')
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError) as err:
        load_rulebook(tmp_path)
    assert "missing overview" in str(err.value)
    assert "knob and values go together" in str(err.value)


def test_bot_written_below_a_table_header_is_explained(tmp_path: Path) -> None:
    """TOML puts `bot = ...` written after [rule.table.profiles] into that table."""
    text = "\n".join(ln for ln in _rule().splitlines() if not ln.startswith(("table =", "bot =")))
    text += ('\n[rule.table]\noverview = "o"\n[rule.table.profiles]\ntreps = "a"\ntavern = "b"\n'
             'tda = "c"\nbot = "d"\n')
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError, match=r"`bot = \.\.\.` below \[rule\.table\]"):
        load_rulebook(tmp_path)


def test_unknown_knob_and_placeholder_are_refused(tmp_path: Path) -> None:
    text = _varying("bot", 'knob = "colour"\n[rule.bot.values]\nx = "a"\n')
    text = text.replace("Some words", "{bogus} words")
    _write(tmp_path, "a.toml", text)
    with pytest.raises(RulebookError) as err:
        load_rulebook(tmp_path)
    assert "knob 'colour' is not one of" in str(err.value)
    assert "{bogus} is not a profile knob" in str(err.value)


def test_numeric_knob_cannot_select_texts(tmp_path: Path) -> None:
    body = 'knob = "clock_seconds"\n[rule.bot.values]\n60 = "a"\n'
    _write(tmp_path, "a.toml", _varying("bot", body))
    with pytest.raises(RulebookError, match="is a number, not a choice"):
        load_rulebook(tmp_path)


def test_too_long_a_part_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", _rule().replace("What the bot does.", "word " * 250))
    with pytest.raises(RulebookError, match="more than 1024"):
        load_rulebook(tmp_path)


def test_broken_toml_and_missing_dir(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", "[[rule]\n")
    with pytest.raises(RulebookError, match=r"a\.toml: not valid TOML"):
        load_rulebook(tmp_path)
    with pytest.raises(RulebookError, match="does not exist"):
        load_rulebook(tmp_path / "nowhere")

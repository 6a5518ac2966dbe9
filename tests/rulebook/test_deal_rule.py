"""`/rule deal` answers with what the league's bot does at the final table (ICM by
Malmuth-Harville or chip chop, every player left accepts, an amount kept to play for, points by
the finishing order), and says honestly that no rulebook covers deals: it is the league's own
procedure, cited as such and as no rulebook's."""

from __future__ import annotations

import pytest

from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import Rulebook, load_rulebook


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


@pytest.mark.parametrize("query", ["deal", "deals", "deal making", "chip chop", "ICM",
                                   "icm deal", "can we chop the prize money",
                                   "chopping the final two"])
def test_deal_queries_find_the_deal_rule(book: Rulebook, query: str) -> None:
    answer = book.answer(query)
    assert answer.rule is not None and answer.rule.id == "deal", query
    assert answer.not_covered is None


def test_a_chopped_pot_and_the_dealing_of_cards_keep_their_rules(book: Rulebook) -> None:
    def found(query: str) -> str | None:
        rule = book.lookup(query)
        return rule.id if rule is not None else None

    assert found("chop") == "split-pot"  # a split pot, not a deal
    assert found("who gets the extra chip in a chop") == "odd-chip"
    assert found("dealing") == "shuffle-and-deal"
    assert found("who deals") == "shuffle-and-deal"


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_the_deal_rule_says_what_the_bot_does_and_that_no_rulebook_covers_it(
        book: Rulebook, name: str) -> None:
    rule = book.get("deal")
    profile = make_profile(name)
    table = rule.table_for(profile)
    assert table.startswith("None of the rulebooks this league follows covers deals: what "
                            "follows is the league's own procedure.")
    for words in ("ICM (the Malmuth-Harville model", "chip chop", "Every player left must accept",
                  "kept to play for", "the league's points with them, follow the finishing "
                  "order"):
        assert words in table, words
    online = rule.bot_for(profile, "online")
    assert "/td deal" in online and "each player accepts or refuses with the buttons" in online
    assert "the clock shows each dealt prize and what is still played for" in online
    live = rule.bot_for(profile, "live")
    assert "as counted at the table" in live and "confirms each player's answer" in live
    # Cited as the league's procedure, never as a rulebook's.
    assert rule.follows_for(profile) == ("No rulebook: the league's own procedure",)
    assert not rule.silent  # no book to be silent: the table text says none covers it

"""The director's rulings in words: the log keeps a rule id, a case and the players;
the presenter words them, the same sentences as when the log kept the words, and names the
player a ruling is about, member or guest, by his name."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.announcements import Announcements
from bot.discord_ui.presenter.limits import safe_name
from bot.engine.events import event_from_dict
from bot.tournament import events as tev
from tests.tournament.test_stored_rulings import LATE, OLD_WORDS

MEMBER = "123456789012345678"
NAMES = {MEMBER: "**Dana** Smith", "guest-3": "Old_Joe", "p1": "Ann", "p2": "Ben"}


def _words(e: tev.TournamentRuling) -> str:
    post = Announcements(NAMES).post(e)
    assert post is not None
    return post.text


@pytest.mark.parametrize(("rule_id", "text", "case"), OLD_WORDS,
                         ids=[f"{r}-{c or 'only'}" for r, _, c in OLD_WORDS])
def test_each_ruling_reads_as_the_words_the_log_used_to_keep(
        rule_id: str, text: str, case: tev.RulingCase) -> None:
    players = (MEMBER,) if rule_id == "late-registration" else ("p1", "p2")
    words = LATE.format(player=safe_name(NAMES[MEMBER])) if rule_id == "late-registration" \
        else text
    expected = f"Ruling: {words.rstrip('.')} (`/rule topic:{rule_id}`)."
    assert _words(tev.TournamentRuling(rule_id, 1, None, players, case)) == expected
    # A ruling read from an old log (its words stored, no case) reads the same.
    old = {"type": "tournament.tournament_ruling", "rule_id": rule_id, "table": 1,
           "hand_id": None, "players": list(players),
           "text": text.replace("p7", MEMBER)}
    assert _words(tev.upgraded(event_from_dict(old))) == expected  # type: ignore[arg-type]


def test_the_player_who_sits_out_is_named_member_or_guest_never_by_his_id() -> None:
    for player, name in ((MEMBER, r"\*\*Dana\*\* Smith"), ("guest-3", r"Old\_Joe"),
                         ("999999999999999999", "a player")):
        text = _words(tev.TournamentRuling("late-registration", 1, None, (player,)))
        assert text.startswith(f"Ruling: {name} sits out this hand"), text
        assert player not in text


def test_a_rule_the_presenter_has_no_sentence_for_reads_as_its_title_and_players() -> None:
    text = _words(tev.TournamentRuling("table-balancing", 1, None, ("p1",)))
    assert text.startswith("Ruling: ") and "Ann" in text and "p1" not in text
    assert text.endswith("(`/rule topic:table-balancing`).")

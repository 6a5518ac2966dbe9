"""The director's own rulings are stored as a rule id, a case and the players, never
as words; a log written before that, whose rulings carry their English `text`, replays to the
same tournament and the same rulings."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.events import event_from_dict
from bot.tournament import events as ev
from bot.tournament.tournament import Tournament
from tests.tournament.helpers import T0, find, make, play_all_in_hand, replayed

# Every sentence older bots wrote into the log for a director's ruling, with its case.
LATE = ("{player} sits out this hand: a new player is not dealt in between the small blind and "
        "the button, and plays once the button has passed him.")
OLD_WORDS: list[tuple[str, str, ev.RulingCase]] = [
    ("heads-up-blinds", "Heads-up: the button posts the small blind; the big blind keeps moving, "
     "so nobody posts it twice in a row.", ""),
    ("same-hand-eliminations", "Players eliminated in the same hand are placed by their stacks "
     "at the start of the hand; equal stacks share the place.", "places"),
    ("same-hand-eliminations", "The small and the big blind were both eliminated: the next player "
     "posts the big blind, there is no small blind, and the button stays where it was. Next hand "
     "the button stays and both blinds are posted.", "button-stays"),
    ("same-hand-eliminations", "The small and the big blind were both eliminated: the next player "
     "posts the big blind, there is no small blind, and the button goes to the nearest player on "
     "the big blind's right. Next hand the button stays and both blinds are posted.",
     "button-moves"),
    ("bb-eliminated", "The big blind was eliminated: the next player posts the big blind, there "
     "is no small blind, and the button moves to the player who was the small blind. Next hand "
     "the button stays and both blinds are posted.", ""),
    ("sb-eliminated", "The small blind was eliminated: the old big blind posts the small blind, "
     "the next player the big blind, and the button does not move.", "button-stays"),
    ("sb-eliminated", "The small blind was eliminated: the old big blind posts the small blind, "
     "the next player the big blind, and the button goes to the nearest player on the small "
     "blind's right (its player is out too).", "button-moves"),
    ("dead-button", "Dead button: the big blind moves on one player; the button is on an empty "
     "seat.", "empty-button"),
    ("dead-button", "Dead button: the big blind moves on one player; there is no small blind.",
     "no-small-blind"),
    ("dead-button", "Dead button: the big blind moves on one player; the button is on an empty "
     "seat and there is no small blind.", "empty-button-no-small-blind"),
    ("late-registration", LATE.format(player="p7"), ""),
]


def old_form(e: ev.TournamentRuling, text: str, name: str = ev.TournamentRuling.type
             ) -> dict[str, Any]:
    """The ruling as an older bot stored it: its words in `text`, no case."""
    data = e.to_dict()
    del data["case"]
    return {**data, "type": name, "text": text}


def _old_text(e: ev.TournamentRuling) -> str:
    if e.rule_id == "late-registration":
        return LATE.format(player=e.players[0])
    (text,) = [t for rule, t, case in OLD_WORDS if rule == e.rule_id and case == e.case]
    return text


def _two_out_then_heads_up() -> Tournament:
    """p1 and p2 bust in one hand (a same-hand ruling), then the next hand is heads-up."""
    base = make("tda", n=4)
    for player, stack in (("p1", 300), ("p2", 200), ("p0", 3000)):
        base.adjust_stack(player, stack, "td", "test set-up", T0)

    def attempt(seed: str) -> Tournament:
        t = replayed(base)
        play_all_in_hand(t, 1, seed, folders={"p3"})
        return t

    t = find(attempt, lambda t: t.players["p1"].status == t.players["p2"].status == "out")
    t.start_hand(1, "heads-up", T0 + 1)
    return t


def test_a_ruling_is_stored_as_its_rule_its_case_and_its_players_never_as_words() -> None:
    t = _two_out_then_heads_up()
    rulings = [e for e in t.events if isinstance(e, ev.TournamentRuling)]
    assert [(r.rule_id, r.case) for r in rulings] == [
        ("same-hand-eliminations", "places"), ("heads-up-blinds", "")]
    for r in rulings:
        data = r.to_dict()
        assert set(data) == {"type", "rule_id", "table", "hand_id", "players", "case"}
        assert event_from_dict(data) == r


@pytest.mark.parametrize(("rule_id", "text", "case"), OLD_WORDS,
                         ids=[f"{r}-{c or 'only'}" for r, _, c in OLD_WORDS])
@pytest.mark.parametrize("stored_as", ["tournament.tournament_ruling", "tournament.ruling"])
def test_a_ruling_stored_with_its_words_reads_as_its_rule_and_case(
        rule_id: str, text: str, case: ev.RulingCase, stored_as: str) -> None:
    players = ("p7",) if rule_id == "late-registration" else ("p1", "p2")
    data = {"type": stored_as, "rule_id": rule_id, "text": text, "table": 2, "hand_id": None,
            "players": list(players)}
    current = ev.upgraded(event_from_dict(data))
    assert current == ev.TournamentRuling(rule_id, 2, None, players, case)
    assert "text" not in current.to_dict()


def test_a_log_whose_rulings_carry_words_replays_to_the_same_tournament() -> None:
    t = _two_out_then_heads_up()
    old_log = [old_form(e, _old_text(e)) if isinstance(e, ev.TournamentRuling) else e.to_dict()
               for e in t.events]
    assert sum("text" in d for d in old_log) == 2
    again = Tournament.replay(event_from_dict(d) for d in old_log)
    assert again.events == t.events  # read back in today's form
    assert again.snapshot() == t.snapshot()
    assert again.tables[1].hand is not None and again.tables[1].hand.events == \
        t.tables[1].hand.events  # type: ignore[union-attr]


def test_every_case_the_director_can_rule_has_a_name_in_the_vocabulary() -> None:
    assert {case for _, _, case in OLD_WORDS} == set(ev.RULING_CASES)

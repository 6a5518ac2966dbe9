"""The tournament's event vocabulary: each class and its stored name agree, names stored by
earlier versions still read back (databases keep what was written), and every rule an event
cites is in the bot's rulebook."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from bot.engine.events import Event, current_type, event_from_dict
from bot.rulebook import load_rulebook
from bot.tournament import events as ev
from bot.tournament.tournament import Tournament
from tests.tournament.sim import run_one, state

CURRENT = [cls for cls in vars(ev).values()
           if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
           and cls.__module__ == ev.__name__ and cls.type not in ev.LEGACY_NAMES]


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("cls", CURRENT, ids=lambda c: c.__name__)
def test_a_class_is_stored_under_its_own_name(cls: type[Any]) -> None:
    assert cls.type == f"tournament.{_snake(cls.__name__)}"
    assert event_from_dict({"type": cls.type, **_fields_of(cls)}).__class__ is cls


def _fields_of(cls: type[Any]) -> dict[str, Any]:
    """Plain values for every field without a default, enough to build one."""
    samples = {int: 1, float: 1.0, str: "x", bool: False}
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            kind = str(f.type)
            out[f.name] = next((v for t, v in samples.items() if kind.startswith(t.__name__)),
                               [] if "tuple" in kind else {} if "dict" in kind else "x")
    return out


def _old_form(d: dict[str, Any]) -> dict[str, Any]:
    """An event as an earlier version stored it."""
    old = {v: k for k, v in ev.LEGACY_NAMES.items()}
    out = dict(d)
    if d["type"] in old:
        out["type"] = old[d["type"]]
    if d["type"] == ev.HandDealt.type:
        out["small_blind_pos"] = out.pop("small_blind_seat")
        out["small_blind_amount"] = out.pop("small_blind")
        out["big_blind_amount"] = out.pop("big_blind")
        out["big_blind"] = out.pop("big_blind_seat")
    return out


@pytest.fixture(scope="module")
def played() -> list[Tournament]:
    # seeds whose runs cover every renamed event between them
    return [run_one(seed) for seed in (3, 5, 11, 17)]


def test_logs_written_under_the_old_names_replay_to_the_same_tournament(
        played: list[Tournament]) -> None:
    seen: set[str] = set()
    for t in played:
        stored = [_old_form(e.to_dict()) for e in t.events]
        seen |= {d["type"] for d in stored}
        again = Tournament.replay(event_from_dict(d) for d in stored)
        assert state(again) == state(t)
        assert [e.type for e in again.events] == [e.type for e in t.events]  # upgraded
    renamed = set(ev.LEGACY_NAMES) - {"tournament.show_requested"}
    assert renamed <= seen, renamed - seen


def test_a_request_to_show_stored_under_its_old_name_reads_back() -> None:
    old = event_from_dict({"type": "tournament.show_requested", "table": 1, "hand_id": "1-t1-h1",
                           "player": "p1", "at": 5.0})
    assert ev.upgraded(old) == ev.AskedToShow(1, "1-t1-h1", "p1", 5.0)
    assert isinstance(old, ev.AskedToShow)


def test_raw_readers_can_map_old_names() -> None:
    assert current_type("tournament.action") == "tournament.player_acted"
    assert current_type("tournament.hand_started") == "tournament.hand_dealt"
    assert current_type("tournament.rebuy") == "tournament.rebuy"


def test_every_rule_an_event_cites_is_in_the_rulebook(played: list[Tournament]) -> None:
    book = load_rulebook()
    cited = {e.rule_id for t in played for e in t.events
             if isinstance(getattr(e, "rule_id", None), str)}
    assert len(cited) > 10
    for rule_id in sorted(cited):
        assert book.get(rule_id).id == rule_id

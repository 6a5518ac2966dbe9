"""Every registered event type, hand and tournament, round-trips through JSON exactly."""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any

import pytest

import bot.engine.hand_events  # noqa: F401  (registers the hand's events)
import bot.tournament.events  # noqa: F401  (registers the tournament's events)
from bot.engine.events import (
    Event,
    current_type,
    event,
    event_aliases,
    event_from_dict,
    event_from_json,
    event_types,
)


def sample(tp: Any, salt: int) -> Any:
    """A value of type `tp` that is not the field's default (so decoding must really work)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return sample(next(a for a in args if a is not type(None)), salt)
    if origin is typing.Literal:
        return args[salt % len(args)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0], salt), sample(args[0], salt + 1))
        return tuple(sample(a, salt + i) for i, a in enumerate(args))
    if origin is list:
        return [sample(args[0], salt), sample(args[0], salt + 1)]
    if origin is dict:
        return {sample(args[0], salt): sample(args[1], salt), sample(args[0], salt + 1):
                sample(args[1], salt + 1)}
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return build(tp, salt)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = list(tp)
        return members[salt % len(members)]
    if tp is bool:
        return salt % 2 == 0
    if tp is int:
        return 1000 + salt
    if tp is float:
        return 0.5 + salt
    if tp is str:
        return f"s{salt}"
    if tp is Any:
        return {"k": [salt, "v"], "n": None}
    raise AssertionError(f"no sample for {tp!r}")


def typed(value: Any) -> Any:
    """`value` with the type of every part spelled out (dict order aside)."""
    if isinstance(value, dict):
        return sorted((typed(k), typed(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return (type(value).__name__, [typed(v) for v in value])
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,
                [typed(getattr(value, f.name)) for f in dataclasses.fields(value)])
    return (type(value).__name__, repr(value))


def build(cls: type[Any], salt: int = 0) -> Any:
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: sample(hints[f.name], salt + i)
                  for i, f in enumerate(dataclasses.fields(cls))})


@pytest.mark.parametrize("name", sorted(event_types()))
def test_every_event_type_round_trips(name: str) -> None:
    cls = event_types()[name]
    original = build(cls)
    assert isinstance(original, Event) and original.type == name
    again = event_from_json(original.to_json())
    assert again == original
    assert type(again) is cls
    # Field by field, with the types too: a tuple stays a tuple, an int key an int.
    for f in dataclasses.fields(cls):
        assert typed(getattr(again, f.name)) == typed(getattr(original, f.name)), f.name
    # And from the dict a store row holds (after a JSON round trip of its own).
    assert event_from_dict(json.loads(json.dumps(original.to_dict()))) == original


def test_none_for_optional_fields_round_trips() -> None:
    from bot.engine.hand_events import HoleCardsDealt, StreetDealt

    for ev in (HoleCardsDealt(3, None), StreetDealt("flop", ("As", "Kd", "2c"), None)):
        assert event_from_json(ev.to_json()) == ev


def test_the_registry_covers_both_vocabularies() -> None:
    names = event_types()
    assert any(n.startswith("hand.") for n in names)
    assert sum(1 for n in names if not n.startswith("hand.")) >= 10


def test_unknown_type_or_field_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="unknown event type 'hand.nope'"):
        event_from_dict({"type": "hand.nope"})
    with pytest.raises(ValueError, match="unknown field 'colour'"):
        event_from_dict({"type": "hand.mucked", "seat": 2, "colour": "red"})
    with pytest.raises(TypeError):
        event_from_dict({"type": "hand.mucked", "seat": 2.5})


@event("test.renamed_thing", aliases=("test.old_thing",))
@dataclasses.dataclass(frozen=True)
class RenamedThing(Event):
    seat: int
    cards: tuple[str, ...]


def test_an_alias_decodes_to_the_renamed_class_and_writes_the_new_name() -> None:
    old = {"type": "test.old_thing", "seat": "3", "cards": ["As", "Kd"]}
    ev = event_from_dict(old)
    assert ev == RenamedThing(3, ("As", "Kd")) and ev.type == "test.renamed_thing"
    assert ev.to_dict()["type"] == "test.renamed_thing"
    assert event_aliases()["test.old_thing"] == "test.renamed_thing"
    assert "test.old_thing" not in event_types()
    with pytest.raises(ValueError, match="registered twice"):
        event("test.other", aliases=("test.old_thing",))(
            dataclasses.dataclass(frozen=True)(type("Other", (Event,), {})))


@event("test.thing_v1", replaced_by="test.renamed_thing")
@dataclasses.dataclass(frozen=True)
class ThingStoredBefore(Event):
    seat_no: int


def test_an_earlier_form_decodes_to_its_own_class_and_reads_as_the_current_name() -> None:
    ev = event_from_dict({"type": "test.thing_v1", "seat_no": "2"})
    assert ev == ThingStoredBefore(2)  # its owner upgrades it (renamed fields)
    assert current_type("test.thing_v1") == "test.renamed_thing"
    assert current_type("test.old_thing") == "test.renamed_thing"
    assert current_type("test.renamed_thing") == "test.renamed_thing"
    assert "test.thing_v1" not in event_types()

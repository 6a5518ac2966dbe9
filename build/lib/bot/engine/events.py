"""The event vocabulary's plumbing: every event is a frozen dataclass with a `type` tag that
round-trips through JSON exactly.

Hand events live in `hand_events.py`; tournament events register themselves the same way.
Plumbing only: no poker rule is decided here.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

_REGISTRY: dict[str, type[Event]] = {}
# Names an event type was stored under before it was renamed: old name -> current name.
_ALIASES: dict[str, str] = {}

E = TypeVar("E", bound="type[Event]")


def event(name: str, *, aliases: tuple[str, ...] = (),
          replaced_by: str | None = None) -> Callable[[E], E]:
    """Register a frozen dataclass as an event type under a stable name (kept in the store).

    `aliases` are names the type was stored under before: stored events of those names still
    decode to this class (whose `type`, written from now on, is `name`).

    `replaced_by` marks a class that only reads an earlier stored form whose fields changed too
    (its owner turns it into the current event): `name` is then an old name, and readers of raw
    dicts see it as `replaced_by` (`current_type`), like an alias.
    """

    def wrap(cls: E) -> E:
        for key in (name, *aliases):
            if key in _REGISTRY and _REGISTRY[key] is not cls:
                raise ValueError(f"event type {key!r} registered twice")
        cls.type = name
        _REGISTRY[name] = cls
        for old in aliases:
            _REGISTRY[old] = cls
            _ALIASES[old] = name
        if replaced_by is not None:
            _ALIASES[name] = replaced_by
        return cls

    return wrap


def event_types() -> dict[str, type[Event]]:
    """Every registered event type by its current stored name."""
    return {name: cls for name, cls in _REGISTRY.items() if name not in _ALIASES}


def event_aliases() -> dict[str, str]:
    """Old stored names -> current names, for readers of raw stored event dicts."""
    return dict(_ALIASES)


def current_type(stored: str) -> str:
    """The current name of an event type as found in a raw stored dict (`data["type"]`).

    Databases keep the names they were written with, so a reader of raw dicts compares
    `current_type(data["type"]) == SomeEvent.type`, never a name literal: it then reads every
    database the same, whichever names it holds.
    """
    return _ALIASES.get(stored, stored)


@dataclasses.dataclass(frozen=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


Decoder = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


def _decoder(tp: Any) -> Decoder:
    """A function rebuilding a field of type `tp` from its JSON form, built once per type.

    JSON `null` is None for any field. Tuples, lists, dicts and nested dataclasses are rebuilt
    from their lists and objects; an `int` field takes a JSON string of digits (dict keys are
    strings in JSON); an enum field takes its value. A union tries its members in order and
    keeps the raw value if none fits. Anything else (str, bool, float, Any, Literal) is taken
    as it is.
    """
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    inner: Decoder
    if origin in (typing.Union, types.UnionType):
        members = [_decoder(a) for a in args if a is not type(None)]

        def inner(value: Any) -> Any:
            for member in members:
                try:
                    return member(value)
                except (TypeError, ValueError, AttributeError):
                    continue
            return value

    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        inner = (lambda value: tuple(value)) if item is _identity else (
            lambda value: tuple([item(v) for v in value]))
    elif origin is tuple:
        items = [_decoder(a) for a in args]

        def inner(value: Any) -> Any:
            return tuple([f(v) for f, v in zip(items, value, strict=True)])

    elif origin is list:
        item = _decoder(args[0])

        def inner(value: Any) -> Any:
            return [item(v) for v in value]

    elif origin is dict:
        key, val = (_decoder(a) for a in args)

        def inner(value: Any) -> Any:
            return {key(k): val(v) for k, v in value.items()}

    elif isinstance(tp, type) and dataclasses.is_dataclass(tp):
        build = _fields_decoder(tp)

        def inner(value: Any) -> Any:
            return build(value) if isinstance(value, dict) else value

    elif tp is int:
        inner = _int
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        inner = tp
    else:
        return _identity
    return _none_or(inner)


def _none_or(inner: Decoder) -> Decoder:
    def decode(value: Any) -> Any:
        return None if value is None else inner(value)

    return decode


def _int(value: Any) -> Any:
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return int(value)
    raise TypeError(f"expected int, got {value!r}")


def _fields_decoder(cls: type[Any]) -> Callable[[dict[str, Any]], Any]:
    """Build `cls` from a dict of its fields' JSON forms, each field through its decoder."""
    hints = typing.get_type_hints(cls)
    fields = {f.name: _decoder(hints[f.name]) for f in dataclasses.fields(cls)}
    name = getattr(cls, "type", cls.__name__)

    def build(data: dict[str, Any]) -> Any:
        try:
            return cls(**{k: fields[k](v) for k, v in data.items()})
        except KeyError as err:
            if err.args[0] in fields:
                raise
            raise ValueError(f"{name}: unknown field {err.args[0]!r}") from None

    return build


# One decoder per event type, built on its first use (its module's names are all defined by
# then, which the type hints may need).
_DECODERS: dict[str, Callable[[dict[str, Any]], Any]] = {}


def event_from_dict(data: dict[str, Any]) -> Event:
    data = dict(data)
    name = data.pop("type")
    build = _DECODERS.get(name)
    if build is None:
        try:
            cls = _REGISTRY[name]
        except KeyError:
            raise ValueError(f"unknown event type {name!r}") from None
        build = _DECODERS[name] = _fields_decoder(cls)
    event: Event = build(data)
    return event


def event_from_json(text: str) -> Event:
    return event_from_dict(json.loads(text))

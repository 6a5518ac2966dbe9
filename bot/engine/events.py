"""The event vocabulary's plumbing: every event is a frozen dataclass with a `type` tag that
round-trips through JSON exactly.

Hand events live in `hand_events.py`; tournament events register themselves the same way.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

_REGISTRY: dict[str, type[Event]] = {}

E = TypeVar("E", bound="type[Event]")


def event(name: str) -> Callable[[E], E]:
    """Register a frozen dataclass as an event type under a stable name (kept in the store)."""

    def wrap(cls: E) -> E:
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise ValueError(f"event type {name!r} registered twice")
        cls.type = name  # type: ignore[attr-defined]
        _REGISTRY[name] = cls
        return cls

    return wrap


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


def _revive(tp: Any, value: Any) -> Any:
    """Rebuild a field from its JSON form using the dataclass's type hints."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _revive(arg, value)
            except (TypeError, ValueError, AttributeError):
                continue
        return value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_revive(args[0], v) for v in value)
        return tuple(_revive(a, v) for a, v in zip(args, value, strict=True))
    if origin is list:
        return [_revive(args[0], v) for v in value]
    if origin is dict:
        kt, vt = args
        return {_revive(kt, k): _revive(vt, v) for k, v in value.items()}
    if dataclasses.is_dataclass(tp) and isinstance(value, dict):
        hints = typing.get_type_hints(tp)
        return tp(**{k: _revive(hints[k], v) for k, v in value.items()})
    if tp is int and isinstance(value, str):
        return int(value)
    if tp is int and not isinstance(value, int):
        raise TypeError(f"expected int, got {value!r}")
    return value


def event_from_dict(data: dict[str, Any]) -> Event:
    data = dict(data)
    name = data.pop("type")
    try:
        cls = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown event type {name!r}") from None
    hints = typing.get_type_hints(cls)
    return cls(**{k: _revive(hints[k], v) for k, v in data.items()})


def event_from_json(text: str) -> Event:
    return event_from_dict(json.loads(text))

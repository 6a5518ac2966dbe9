"""Who may see which event: hole cards and mucked hands must never reach another player.

The engine knows what is secret; the store enforces it. An event's audience is fixed when it is
appended, either explicitly (`Private(event, user_id)`) or by a rule registered for its type
(`register_audience_rule("hole_cards", lambda d: [d["user_id"]])`). Export queries then filter
in SQL, so a formatter that forgets to redact cannot leak what it was never given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

AudienceRule = Callable[[dict[str, Any]], Iterable[int] | None]

_RULES: dict[str, AudienceRule] = {}


@dataclass(frozen=True)
class Private:
    """An event only the given users (and directors) may see."""

    event: Any  # a dict, or an engine Event with to_dict()
    viewers: tuple[int, ...]

    def __init__(self, event: Any, *viewers: int) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "viewers", tuple(int(v) for v in viewers))


def register_audience_rule(event_type: str, rule: AudienceRule) -> None:
    """Make every future `event_type` event private to the users `rule` returns (None: public)."""
    _RULES[event_type] = rule


def unregister_audience_rule(event_type: str) -> None:
    _RULES.pop(event_type, None)


def audience_for(data: dict[str, Any], explicit: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if explicit is not None:
        return explicit
    rule = _RULES.get(str(data.get("type")))
    if rule is None:
        return None
    viewers = rule(data)
    return None if viewers is None else tuple(int(v) for v in viewers)


@dataclass(frozen=True)
class Viewer:
    """Whose export this is. The default (nobody in particular) sees only public events."""

    user_id: int | None = None
    director: bool = False

    @classmethod
    def player(cls, user_id: int) -> Viewer:
        return cls(user_id=user_id)

    def may_see(self, audience: tuple[int, ...] | None) -> bool:
        if audience is None or self.director:
            return True
        return self.user_id is not None and self.user_id in audience


PUBLIC = Viewer()
DIRECTOR = Viewer(director=True)

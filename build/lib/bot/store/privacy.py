"""Who may see which event: hole cards and mucked hands must never reach another player.

Two layers, both enforced by the store so a formatter cannot leak what it was never given:

* Audience, fixed when an event is appended: `Private(event, user_id, ...)` makes it visible
  only to those users (and directors); otherwise a rule registered for its type decides
  (`register_audience_rule`). Export queries filter on it in SQL.
* Redaction, applied when a non-director reads: a rule per event type may strip secret fields
  from an otherwise public event (`register_redaction`).

Defaults for the engine's hand events (bot/engine/hand_events.py): `HoleCardsDealt` is visible
to directors only unless appended as `Private(event, owner)` (the store cannot map a seat to a
user), and `deck_seed` is stripped from `HandStarted` / `HandEnded`, since the seed reveals
every card dealt, mucked ones included.

Rules are kept under an event type's current name and looked up through `current_type`: a
database keeps the names its events were written with (`hand.dealt` before the hand events were
renamed), and a hole card or seed must not slip through an old name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.engine.events import current_type
from bot.engine.hand_events import HandEnded, HandStarted, HoleCardsDealt

AudienceRule = Callable[[dict[str, Any]], Iterable[int | str] | None]
Redaction = Callable[[dict[str, Any], "Viewer"], dict[str, Any] | None]

_RULES: dict[str, AudienceRule] = {}
_REDACTIONS: dict[str, Redaction] = {}


@dataclass(frozen=True)
class Private:
    """An event only the given users (and directors) may see."""

    event: Any  # a dict, or an engine Event with to_dict()
    viewers: tuple[str, ...]

    def __init__(self, event: Any, *viewers: int | str) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "viewers", tuple(str(v) for v in viewers))


def register_audience_rule(event_type: str, rule: AudienceRule) -> None:
    """Make future `event_type` events visible only to the users `rule` returns (None: public;
    empty: directors only). An explicit `Private` wrapper still wins."""
    _RULES[current_type(event_type)] = rule


def unregister_audience_rule(event_type: str) -> None:
    _RULES.pop(current_type(event_type), None)


def register_redaction(event_type: str, rule: Redaction) -> None:
    """Rewrite (or drop, by returning None) `event_type` events for non-director viewers."""
    _REDACTIONS[current_type(event_type)] = rule


def unregister_redaction(event_type: str) -> None:
    _REDACTIONS.pop(current_type(event_type), None)


def audience_for(data: dict[str, Any], explicit: tuple[str, ...] | None) -> tuple[str, ...] | None:
    if explicit is not None:
        return explicit
    rule = _RULES.get(current_type(str(data.get("type"))))
    if rule is None:
        return None
    viewers = rule(data)
    return None if viewers is None else tuple(str(v) for v in viewers)


def redact(data: dict[str, Any], viewer: Viewer) -> dict[str, Any] | None:
    if viewer.director:
        return data
    rule = _REDACTIONS.get(current_type(str(data.get("type"))))
    return data if rule is None else rule(dict(data), viewer)


@dataclass(frozen=True)
class Viewer:
    """Whose export this is. The default (nobody in particular) sees only public events."""

    user_id: str | None = None
    director: bool = False

    @classmethod
    def player(cls, user_id: int | str) -> Viewer:
        return cls(user_id=str(user_id))

    def may_see(self, audience: tuple[str, ...] | None) -> bool:
        if audience is None or self.director:
            return True
        return self.user_id is not None and self.user_id in audience


PUBLIC = Viewer()
DIRECTOR = Viewer(director=True)


def _without_deck_seed(data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    data.pop("deck_seed", None)
    return data


register_audience_rule(HoleCardsDealt.type, lambda data: ())
register_redaction(HandStarted.type, _without_deck_seed)
register_redaction(HandEnded.type, _without_deck_seed)

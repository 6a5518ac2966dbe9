"""Rule profiles: the league's choice among the two seed rulebooks and the TDA, knob by knob.

Each knob is a rule on which the rulebooks differ (see data/rules and design/rules.md). A league
picks a profile and may override single knobs: `make_profile("tavern", clock_seconds=90)`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

MakeItRule = Literal["fifty_percent", "call"]
ShortDeclaredRaise = Literal["minimum", "make_it"]
BlindsAfterElimination = Literal["moving_button", "dead_button"]
AwayRule = Literal["fold", "check_or_fold", "dead_at_deal"]
ClockExpiry = Literal["fold", "check_or_fold"]
ButtonDraw = Literal["high_card", "first_ace"]
SeatDraw = Literal["by_card", "random"]
ChipRace = Literal["card_method", "one_chip_max"]

PROFILE_NAMES = ("treps", "tavern", "tda")


@dataclass(frozen=True)
class Profile:
    name: str
    # "make it X" above a call but short of a full raise
    make_it: MakeItRule
    # "raise to X" / "raise X" short of a full raise
    short_declared_raise: ShortDeclaredRaise
    # several short all-ins adding up to a full raise reopen the betting
    cumulative_short_all_ins_reopen: bool
    blinds_after_elimination: BlindsAfterElimination
    clock_seconds: int
    clock_countdown_seconds: int
    clock_expiry: ClockExpiry
    away: AwayRule
    seat_draw: SeatDraw
    button_draw: ButtonDraw
    chip_race: ChipRace
    rabbit_hunt: bool
    overrides: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "overrides": dict(self.overrides)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Profile:
        return make_profile(data["name"], **data.get("overrides", {}))


_BASE: dict[str, dict[str, Any]] = {
    "treps": dict(
        make_it="fifty_percent", short_declared_raise="minimum",
        cumulative_short_all_ins_reopen=True, blinds_after_elimination="moving_button",
        clock_seconds=60, clock_countdown_seconds=10, clock_expiry="fold", away="fold",
        seat_draw="by_card", button_draw="high_card", chip_race="card_method", rabbit_hunt=True,
    ),
    "tavern": dict(
        make_it="call", short_declared_raise="make_it",
        cumulative_short_all_ins_reopen=False, blinds_after_elimination="dead_button",
        clock_seconds=60, clock_countdown_seconds=10, clock_expiry="fold", away="check_or_fold",
        seat_draw="random", button_draw="first_ace", chip_race="card_method", rabbit_hunt=True,
    ),
    "tda": dict(
        make_it="fifty_percent", short_declared_raise="minimum",
        cumulative_short_all_ins_reopen=True, blinds_after_elimination="dead_button",
        clock_seconds=25, clock_countdown_seconds=5, clock_expiry="check_or_fold",
        away="dead_at_deal", seat_draw="random", button_draw="high_card",
        chip_race="one_chip_max", rabbit_hunt=False,
    ),
}

KNOBS = tuple(f.name for f in dataclasses.fields(Profile) if f.name not in ("name", "overrides"))


class ProfileError(ValueError):
    pass


def make_profile(name: str = "tda", **overrides: Any) -> Profile:
    """The named profile with single knobs overridden; unknown names or knobs are refused."""
    if name not in _BASE:
        choices = ", ".join(PROFILE_NAMES)
        raise ProfileError(f"unknown rule profile {name!r}: choose one of {choices}")
    unknown = set(overrides) - set(KNOBS)
    if unknown:
        raise ProfileError(
            f"unknown rule knob(s) {', '.join(sorted(unknown))}: knobs are {', '.join(KNOBS)}"
        )
    values = {**_BASE[name], **overrides}
    _check(values)
    return Profile(name=name, overrides=tuple(sorted(overrides.items())), **values)


_CHOICES: dict[str, tuple[Any, ...]] = {
    "make_it": ("fifty_percent", "call"),
    "short_declared_raise": ("minimum", "make_it"),
    "blinds_after_elimination": ("moving_button", "dead_button"),
    "clock_expiry": ("fold", "check_or_fold"),
    "away": ("fold", "check_or_fold", "dead_at_deal"),
    "seat_draw": ("by_card", "random"),
    "button_draw": ("high_card", "first_ace"),
    "chip_race": ("card_method", "one_chip_max"),
}


def _check(values: dict[str, Any]) -> None:
    for knob, allowed in _CHOICES.items():
        if values[knob] not in allowed:
            raise ProfileError(f"{knob} must be one of {', '.join(map(str, allowed))}")
    for knob in ("clock_seconds", "clock_countdown_seconds"):
        v = values[knob]
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise ProfileError(f"{knob} must be a whole number of seconds above 0")
    if values["clock_countdown_seconds"] > values["clock_seconds"]:
        raise ProfileError("clock_countdown_seconds cannot exceed clock_seconds")
    for knob in ("cumulative_short_all_ins_reopen", "rabbit_hunt"):
        if not isinstance(values[knob], bool):
            raise ProfileError(f"{knob} must be true or false")

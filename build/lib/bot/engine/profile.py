"""Rule profiles: the league's choice among the two seed rulebooks and the TDA, knob by knob.

Each knob is a rule on which the seed rulebooks differ (TREPS, Tavern, and the TDA 2024 rules
for the `tda` profile): the rule of data/rules that a knob decides gives its text per value
and cites the seed sections (e.g. `make-it`: TREPS "Raising", Tavern "String Bets"; `clock`:
TREPS "Calling the Clock", TDA 29). A league picks a profile and may override single knobs:
`make_profile("tavern", clock_seconds=90)`. The values a knob may take are its type's: a
`Literal` lists them, and both `_check` here and the rulebook loader read them from the type.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

ProfileName = Literal["treps", "tavern", "tda"]
MakeItRule = Literal["fifty_percent", "call"]
ShortDeclaredRaise = Literal["minimum", "make_it"]
BlindsAfterElimination = Literal["moving_button", "dead_button"]
AwayRule = Literal["fold", "check_or_fold", "dead_at_deal"]
ClockExpiry = Literal["fold", "check_or_fold"]
ButtonDraw = Literal["high_card", "first_ace"]
SeatDraw = Literal["by_card", "random"]
ChipRace = Literal["card_method", "one_chip_max"]
# The level clock during hand-for-hand: it runs only while hands are dealt (stands while the
# tables wait for each other between rounds: the TDA's practice), or runs as always.
HandForHandClock = Literal["hands_only", "runs"]

PROFILE_NAMES: tuple[ProfileName, ...] = typing.get_args(ProfileName)


@dataclass(frozen=True)
class Profile:
    name: ProfileName
    # "make it X" above a call but short of a full raise
    make_it: MakeItRule
    # "raise to X" / "raise X" short of a full raise
    short_declared_raise: ShortDeclaredRaise
    # several short all-ins adding up to a full raise reopen the betting
    cumulative_short_all_ins_reopen: bool
    blinds_after_elimination: BlindsAfterElimination
    clock_seconds: int
    clock_countdown_seconds: int
    # True: the countdown follows clock_seconds (TDA 29: 25 s, then 5 counted down, 30 s in
    # all); False: it is the last part of them (TREPS "Calling the Clock": a minute, the last
    # 10 seconds counted down).
    clock_countdown_after: bool
    clock_expiry: ClockExpiry
    away: AwayRule
    seat_draw: SeatDraw
    button_draw: ButtonDraw
    chip_race: ChipRace
    rabbit_hunt: bool
    hand_for_hand_clock: HandForHandClock
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
        clock_seconds=60, clock_countdown_seconds=10, clock_countdown_after=False,
        clock_expiry="fold", away="fold", seat_draw="by_card", button_draw="high_card",
        chip_race="card_method", rabbit_hunt=True, hand_for_hand_clock="hands_only",
    ),
    "tavern": dict(
        make_it="call", short_declared_raise="make_it",
        cumulative_short_all_ins_reopen=False, blinds_after_elimination="dead_button",
        clock_seconds=60, clock_countdown_seconds=10, clock_countdown_after=False,
        clock_expiry="fold", away="check_or_fold",
        seat_draw="random", button_draw="first_ace", chip_race="card_method", rabbit_hunt=True,
        hand_for_hand_clock="hands_only",
    ),
    "tda": dict(
        make_it="fifty_percent", short_declared_raise="minimum",
        cumulative_short_all_ins_reopen=True, blinds_after_elimination="dead_button",
        clock_seconds=25, clock_countdown_seconds=5, clock_countdown_after=True,
        clock_expiry="check_or_fold",
        away="dead_at_deal", seat_draw="random", button_draw="high_card",
        chip_race="one_chip_max", rabbit_hunt=False, hand_for_hand_clock="hands_only",
    ),
}

KNOBS = tuple(f.name for f in dataclasses.fields(Profile) if f.name not in ("name", "overrides"))
# Each knob's type, resolved once: what `_check` accepts follows from it.
_KNOB_TYPES: dict[str, Any] = {
    name: hint for name, hint in typing.get_type_hints(Profile).items() if name in KNOBS
}


class ProfileError(ValueError):
    pass


def is_profile_name(name: str) -> TypeGuard[ProfileName]:
    return name in PROFILE_NAMES


def make_profile(name: str = "tda", **overrides: Any) -> Profile:
    """The named profile with single knobs overridden; unknown names or knobs are refused."""
    if not is_profile_name(name):
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


def knob_values(knob: str) -> tuple[Any, ...] | None:
    """The values a knob may take (from its type), or None for a number."""
    hint = _KNOB_TYPES[knob]
    if typing.get_origin(hint) is Literal:
        return typing.get_args(hint)
    if hint is bool:
        return (True, False)
    return None


def _check(values: dict[str, Any]) -> None:
    for knob in KNOBS:
        value = values[knob]
        allowed = knob_values(knob)
        if allowed is not None:
            # `in` would take 1 for True: the type must match as well.
            if not any(type(value) is type(a) and value == a for a in allowed):
                shown = "true or false" if _KNOB_TYPES[knob] is bool else ", ".join(
                    map(str, allowed))
                word = "" if _KNOB_TYPES[knob] is bool else "one of "
                raise ProfileError(f"{knob} must be {word}{shown}")
        elif _KNOB_TYPES[knob] is int:
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ProfileError(f"{knob} must be a whole number of seconds above 0")
        else:  # a knob of a new type must say here how it is checked
            raise AssertionError(f"no check for knob {knob} of type {_KNOB_TYPES[knob]!r}")
    if not values["clock_countdown_after"] and (
            values["clock_countdown_seconds"] > values["clock_seconds"]):
        # The countdown is the end of clock_seconds, so it cannot be longer than them.
        raise ProfileError("clock_countdown_seconds cannot exceed clock_seconds")

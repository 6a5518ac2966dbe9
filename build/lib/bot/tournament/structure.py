"""Blind structures: timed levels and breaks, the starting stack, the big-blind-ante option,
the chip denominations (for the colour-up) and the re-buy / add-on / late-registration limits.

The core functions take `Structure` objects; only `load_structure` reads the
structure files (data/structures/, shipped as `bot.data`; see bot/datafiles.py).
Time here is *play time*: seconds the tournament clock has run (director pauses excluded), so a
break or a pause never eats level time.

Where the rules come from: rule blind-levels in data/rules (timed levels, a level change takes
effect from the next hand) and rule chip-race (a chip leaves play once no blind or ante needs it;
TREPS "Chip-Race"); the league's structure file says the rest.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.datafiles import data_files, league_data_dir
from bot.tournament.errors import StructureError
from bot.tournament.interning import interned

# 10 players x (5 - 1) odd chips fit in one deck; a wider ratio could need more than 52 cards.
MAX_DENOMINATION_RATIO = 5


@dataclass(frozen=True)
class Level:
    small_blind: int
    big_blind: int
    ante: int = 0
    seconds: int = 1200


@dataclass(frozen=True)
class Break:
    seconds: int = 600


Period = Level | Break


@dataclass(frozen=True)
class RebuyTerms:
    cost: int
    chips: int
    until_level: int  # last level (1-based) at which a busted player may buy back in
    max_per_player: int = 1


@dataclass(frozen=True)
class AddOnTerms:
    """The add-on: open to the end of level `until_level` and in the break right after it;
    `at_break`: only in that break (the common practice after the last re-buy level)."""

    cost: int
    chips: int
    until_level: int
    at_break: bool = False


@dataclass(frozen=True)
class Structure:
    name: str
    periods: tuple[Period, ...]
    starting_stack: int
    chips: tuple[int, ...]  # denominations in play at the start, smallest first
    big_blind_ante: bool = False
    late_registration_level: int | None = None  # last level (1-based) open to late entries
    rebuys: RebuyTerms | None = None
    add_on: AddOnTerms | None = None

    def __post_init__(self) -> None:
        validate(self)

    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(p for p in self.periods if isinstance(p, Level))

    def level_number(self, index: int) -> int:
        """1-based level number of the level at period `index` (or the next level in a break)."""
        n = sum(1 for p in self.periods[: index + 1] if isinstance(p, Level))
        if isinstance(self.periods[index], Break):
            n += 1
        return n

    def break_after(self, level: int) -> int | None:
        """The index of the break right after level `level` (None: no break follows it)."""
        n = 0
        for i, p in enumerate(self.periods):
            if isinstance(p, Level):
                n += 1
            elif n == level and i > 0 and isinstance(self.periods[i - 1], Level):
                return i
        return None

    def rebuys_close_at(self, period: int) -> int | None:
        """The last re-buy level when period `period` is the first one after it (the
        re-buys close as it starts), else None."""
        rb = self.rebuys
        if rb is None or self.level_number(period) <= rb.until_level:
            return None
        first = period == 0 or self.level_number(period - 1) <= rb.until_level
        return rb.until_level if first else None

    def add_on_break(self, period: int) -> bool:
        """Whether period `period` is the break right after the add-on's last level."""
        return self.add_on is not None and period == self.break_after(self.add_on.until_level)

    def period_at(self, play_seconds: float) -> int:
        """Index of the period running after `play_seconds` of play; the last level never ends."""
        t = 0.0
        for i, p in enumerate(self.periods):
            t += p.seconds
            if play_seconds < t:
                return i
        last_level = max(i for i, p in enumerate(self.periods) if isinstance(p, Level))
        return last_level

    def period_start(self, index: int) -> float:
        return float(sum(p.seconds for p in self.periods[:index]))

    def level_for_hand(self, index: int) -> Level:
        """The blinds a hand starting in period `index` plays (a break: the level after it)."""
        for p in self.periods[index:]:
            if isinstance(p, Level):
                return p
        return self.levels[-1]

    def to_dict(self) -> dict[str, Any]:
        periods: list[dict[str, Any]] = []
        for p in self.periods:
            if isinstance(p, Break):
                periods.append({"break": True, "seconds": p.seconds})
            else:
                periods.append({"small_blind": p.small_blind, "big_blind": p.big_blind,
                                "ante": p.ante, "seconds": p.seconds})
        out: dict[str, Any] = {
            "name": self.name, "periods": periods, "starting_stack": self.starting_stack,
            "chips": list(self.chips), "big_blind_ante": self.big_blind_ante,
            "late_registration_level": self.late_registration_level,
        }
        if self.rebuys:
            out["rebuys"] = dict(vars(self.rebuys))
        if self.add_on:
            out["add_on"] = dict(vars(self.add_on))
            if not self.add_on.at_break:
                del out["add_on"]["at_break"]  # as stored before it existed
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Structure:
        try:
            periods: list[Period] = []
            for p in data["periods"]:
                secs = int(p["seconds"]) if "seconds" in p else int(p["minutes"] * 60)
                if p.get("break"):
                    periods.append(Break(secs))
                else:
                    periods.append(Level(int(p["small_blind"]), int(p["big_blind"]),
                                         int(p.get("ante", 0)), secs))
            return interned(Structure(
                name=str(data["name"]),
                periods=tuple(periods),
                starting_stack=int(data["starting_stack"]),
                chips=tuple(int(c) for c in data["chips"]),
                big_blind_ante=bool(data.get("big_blind_ante", False)),
                late_registration_level=data.get("late_registration_level"),
                rebuys=RebuyTerms(**data["rebuys"]) if data.get("rebuys") else None,
                add_on=AddOnTerms(**data["add_on"]) if data.get("add_on") else None,
            ))
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, StructureError):
                raise
            raise StructureError(
                f"not a blind structure ({err}): give name, periods (small_blind, big_blind, "
                "ante, seconds or minutes; or break with seconds), starting_stack and chips"
            ) from None


def validate(s: Structure) -> None:
    if not s.periods or not s.levels:
        raise StructureError("a structure needs at least one level")
    if any(p.seconds <= 0 for p in s.periods):
        raise StructureError("every level and break needs a duration above 0 seconds")
    if not s.chips or any(c <= 0 for c in s.chips) or list(s.chips) != sorted(set(s.chips)):
        raise StructureError("chips must be positive denominations, smallest first, no repeats")
    for a, b in zip(s.chips, s.chips[1:], strict=False):
        if b % a or b // a > MAX_DENOMINATION_RATIO:
            raise StructureError(
                f"each chip must be 2 to {MAX_DENOMINATION_RATIO} times the one below it "
                f"({a} then {b} is not), so a chip race fits in one deck"
            )
    unit = s.chips[0]
    for n, lv in enumerate(s.levels, 1):
        if lv.small_blind <= 0 or lv.big_blind < lv.small_blind or lv.ante < 0:
            raise StructureError(
                f"level {n}: blinds must be positive, the big blind at least the small one, "
                "the ante 0 or more"
            )
        if any(x % unit for x in (lv.small_blind, lv.big_blind, lv.ante)):
            raise StructureError(f"level {n}: blinds and ante must be multiples of the "
                                 f"smallest chip ({unit})")
    if s.starting_stack <= 0 or s.starting_stack % unit:
        raise StructureError(f"the starting stack must be a positive multiple of {unit}")
    n_levels = len(s.levels)
    for label, lvl in (("late registration", s.late_registration_level),
                       ("re-buys", s.rebuys.until_level if s.rebuys else None),
                       ("add-on", s.add_on.until_level if s.add_on else None)):
        if lvl is not None and not 1 <= lvl <= n_levels:
            raise StructureError(f"{label} must end at a level from 1 to {n_levels}")
    for label, extra in (("re-buy", s.rebuys), ("add-on", s.add_on)):
        if extra is not None and (extra.chips <= 0 or extra.chips % unit or extra.cost < 0):
            raise StructureError(f"{label} chips must be a positive multiple of {unit}, "
                                 "its cost 0 or more")
    if s.rebuys is not None and s.rebuys.max_per_player < 1:
        raise StructureError("max re-buys per player must be 1 or more")
    if s.add_on is not None and s.add_on.at_break and s.break_after(s.add_on.until_level) is None:
        raise StructureError(f"the add-on is at the break after level {s.add_on.until_level}, "
                             f"but level {s.add_on.until_level} is not followed by a break")


def chip_no_longer_needed(s: Structure, smallest: int, period_index: int) -> int | None:
    """The next denomination if the smallest chip in play can be raced off now, else None.

    It can when every blind and ante from the level a hand would play now to the last level is
    a multiple of the next chip up (rule chip-race; TREPS "Chip-Race": no longer needed in the
    blind or ante structure).
    """
    bigger = [c for c in s.chips if c > smallest]
    if not bigger:
        return None
    nxt = bigger[0]
    start = period_index
    while isinstance(s.periods[start], Break) and start + 1 < len(s.periods):
        start += 1
    for p in s.periods[start:]:
        if isinstance(p, Level) and any(x % nxt for x in (p.small_blind, p.big_blind, p.ante)):
            return None
    return nxt


def structure_names() -> list[str]:
    """The presets a league can pick: shipped ones and those of its own data folder."""
    return sorted(data_files("structures"))


def league_structures() -> tuple[Structure, ...]:
    """Every preset a league can pick, loaded once per data folder (the folder is set at
    start-up; `/rule` reads the blinds, antes and chips of all of them on a question)."""
    return _structures_in(league_data_dir())


@lru_cache(maxsize=4)
def _structures_in(folder: Path | None) -> tuple[Structure, ...]:
    return tuple(load_structure(name) for name in structure_names())


def load_structure(name_or_path: str) -> Structure:
    """A preset by name (turbo, regular, deep, or one of the league's own), or a TOML file."""
    presets = data_files("structures")
    if name_or_path in presets:
        text = presets[name_or_path].read_text(encoding="utf-8")
    elif Path(name_or_path).suffix == ".toml" and Path(name_or_path).is_file():
        text = Path(name_or_path).read_text(encoding="utf-8")
    else:
        raise StructureError(
            f"no structure preset {name_or_path!r}: presets are {', '.join(sorted(presets))}"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise StructureError(f"structure {name_or_path!r} is not valid TOML: {err}") from None
    return Structure.from_dict(data)

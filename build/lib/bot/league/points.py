"""Points systems (data/points/*.toml) and the season options a league plays them with.

A system is a named formula over one player's night: entrants n, place k, the buy-in b (whole
currency units) and the player's own spend e (buy-in + re-buys + add-ons). The formulas are
code, chosen by the file's `kind`; a file only names, documents and parameterises one, and
carries worked examples that the tests check, so a file cannot promise numbers the code does
not give.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from bot.datafiles import data_files
from bot.league.words import counted

DEFAULT_SYSTEM = "linear"
KINDS = ("linear", "pokerstars", "td3", "table", "neau")
SEASON_RULES = ("sum", "td3")
TIE_BREAKS = ("wins", "best_finish", "head_to_head")


class PointsError(ValueError):
    pass


@dataclass(frozen=True)
class PointsSystem:
    name: str
    title: str
    kind: str
    formula: str
    description: str
    season: str = "sum"  # how counted nights make a season score: "sum" or "td3"
    places: tuple[float, ...] = ()  # kind "table": points for 1st, 2nd, ...
    per_player_beaten: float = 0.0  # kind "table"
    examples: tuple[dict[str, Any], ...] = ()

    def night(self, entrants: int, place: int, buy_in: float = 0.0,
              spend: float | None = None) -> float:
        """One player's points for one night (before bounty points)."""
        n, k = int(entrants), int(place)
        if n < 1 or not 1 <= k <= n:
            raise PointsError(f"place {k} of {counted(n, 'entrant')} is impossible")
        b = float(buy_in)
        e = b if spend is None else float(spend)
        if b < 0 or e < 0:
            raise PointsError("buy-in and spend are 0 or more")
        if self.kind == "linear":
            return float(n - k + 1)
        if self.kind == "pokerstars":
            return 10.0 * math.sqrt(n / k) * (1.0 + math.log10(b + 0.25))
        if self.kind == "td3":
            return math.log((n + 1) / k)
        if self.kind == "table":
            base = self.places[k - 1] if k <= len(self.places) else 0.0
            return float(base) + self.per_player_beaten * (n - k)
        if self.kind == "neau":
            if b == 0 or e == 0:
                return 0.0  # a freeroll: the formula has nothing to weigh
            return math.sqrt(n * b * b / e) / (k + 1)
        raise PointsError(f"unknown points kind {self.kind!r}")

    def season_score(self, counted: Sequence[float]) -> float:
        """The season score from the nights that count (after best-N)."""
        if not counted:
            return 0.0
        if self.season == "td3":
            mean = sum(counted) / len(counted)
            return 100.0 * (1.0 - math.exp(-mean))
        return float(math.fsum(counted))


def _system_from(data: Mapping[str, Any], where: str) -> PointsSystem:
    kind = data.get("kind")
    if kind not in KINDS:
        raise PointsError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    season = data.get("season", "sum")
    if season not in SEASON_RULES:
        raise PointsError(f"{where}: season must be one of {', '.join(SEASON_RULES)}")
    for key in ("name", "title", "formula", "description"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise PointsError(f"{where}: {key} is required text")
    places = tuple(float(x) for x in data.get("places", ()))
    if kind == "table" and not places:
        raise PointsError(f"{where}: a table system needs places = [...]")
    return PointsSystem(
        name=data["name"],
        title=data["title"],
        kind=kind,
        formula=data["formula"],
        description=" ".join(data["description"].split()),
        season=season,
        places=places,
        per_player_beaten=float(data.get("per_player_beaten", 0.0)),
        examples=tuple(dict(x) for x in data.get("examples", ())),
    )


def load_systems() -> dict[str, PointsSystem]:
    """Every points system (shipped and the league's own), by name (= the file's name)."""
    out: dict[str, PointsSystem] = {}
    for path in data_files("points").values():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        system = _system_from(data, path.name)
        if system.name != path.name.removesuffix(".toml"):
            raise PointsError(f"{path.name}: name {system.name!r} must match the file name")
        out[system.name] = system
    if DEFAULT_SYSTEM not in out:
        raise PointsError(f"data/points must define the default system {DEFAULT_SYSTEM!r}")
    return out


_CACHE: dict[str, PointsSystem] | None = None


def systems() -> dict[str, PointsSystem]:
    global _CACHE
    if _CACHE is None:
        _CACHE = load_systems()
    return _CACHE


def get_system(name: str | None) -> PointsSystem:
    """A system by name (case-insensitive); the default for None or an unknown name, so a
    league whose file was removed still gets standings rather than an error."""
    table = systems()
    if name is None:
        return table[DEFAULT_SYSTEM]
    return table.get(name.strip().casefold(), table[DEFAULT_SYSTEM])


# How a night's money is settled (SeasonOptions.money_mode).
MONEY_MODES: tuple[str, ...] = ("pairwise", "bank")


@dataclass(frozen=True)
class SeasonOptions:
    """How a league turns nights into a season table (and what money changes hands).

    Kept as JSON in league_settings.options; unknown keys are ignored so an older bot can read
    a newer bot's settings.
    """

    best_n: int | None = None  # count only the best N nights (None: all)
    min_nights: int = 0  # nights needed to qualify (for the final)
    final_seats: int | None = None  # the top N qualified players qualify for the final
    bounty_points: float = 0.0  # points per knockout, added to the night's points
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    bounty: int = 0  # money per knockout (smallest currency unit), paid by the busted player
    decimals: int = 0  # currency decimals: amounts are stored in 1/10**decimals units
    # How a night's money is settled: "pairwise", the players among themselves
    # (fewest transfers); "bank", the money was collected at the door and the banker pays each
    # winner. `banker`: the member who holds it (None: the director, "the bank").
    money_mode: str = "pairwise"
    banker: int | None = None
    banker_name: str | None = None

    def __post_init__(self) -> None:
        if self.best_n is not None and self.best_n < 1:
            raise PointsError("best N must be 1 or more")
        if self.min_nights < 0 or self.bounty < 0 or self.bounty_points < 0:
            raise PointsError("minimum nights and bounties are 0 or more")
        if self.final_seats is not None and self.final_seats < 1:
            raise PointsError("final seats must be 1 or more")
        if not 0 <= self.decimals <= 3:
            raise PointsError("currency decimals are 0 to 3")
        if self.money_mode not in MONEY_MODES:
            raise PointsError(f"money mode is one of {', '.join(MONEY_MODES)}")
        bad = [t for t in self.tie_breaks if t not in TIE_BREAKS]
        if bad:
            raise PointsError(f"unknown tie-break {bad[0]!r}; use {', '.join(TIE_BREAKS)}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["tie_breaks"] = list(self.tie_breaks)
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any] | None) -> SeasonOptions:
        data = dict(data or {})
        known = {f.name for f in fields(SeasonOptions)}
        values = {k: v for k, v in data.items() if k in known}
        if "tie_breaks" in values:
            values["tie_breaks"] = tuple(values["tie_breaks"])
        return SeasonOptions(**values)

    def money_major(self, amount: int) -> float:
        """An amount in smallest units as whole currency units (what formulas call b)."""
        return amount / 10.0**self.decimals


@dataclass(frozen=True)
class NightPoints:
    """One player's points for a night, and where they came from (for display and tests)."""

    base: float
    bounty: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)

    @property
    def total(self) -> float:
        return self.base + self.bounty


def night_points(system: PointsSystem, options: SeasonOptions, *, entrants: int, place: int,
                 buy_in: int = 0, spend: int | None = None,
                 knockouts: float = 0.0) -> NightPoints:
    """Points for one player's night; money arguments in smallest currency units."""
    base = system.night(entrants, place, options.money_major(buy_in),
                        None if spend is None else options.money_major(spend))
    return NightPoints(base=base, bounty=options.bounty_points * knockouts)


def describe_options(system: PointsSystem, options: SeasonOptions) -> str:
    """The rules of the table in one line, for the standings footer."""
    parts = [f"{system.title}: {system.formula}"]
    best = options.best_n
    parts.append(f"best {counted(best, 'night')} count{'s' if best == 1 else ''}" if best
                 else "every night counts")
    if options.min_nights:
        parts.append(f"{counted(options.min_nights, 'night')} to qualify")
    if options.final_seats:
        parts.append(f"top {options.final_seats} qualified reach the final")
    if options.bounty_points:
        parts.append(f"{fmt_points(options.bounty_points)} pts per knockout")
    names = {"wins": "wins", "best_finish": "best finish", "head_to_head": "head-to-head"}
    parts.append("ties: " + ", then ".join(names[t] for t in options.tie_breaks))
    return " · ".join(parts)


def fmt_points(value: float) -> str:
    """Points for display: 2 decimals, no '-0.00'."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text

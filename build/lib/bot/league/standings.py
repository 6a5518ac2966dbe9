"""Season standings from finished nights: best-N, qualification, tie-breaks, the points race."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .model import Night
from .points import PointsSystem, SeasonOptions

# Ties are judged on the points as shown (2 decimals): two players shown level must not be
# ranked apart by a difference nobody can see.
POINTS_PRECISION = 2


@dataclass(frozen=True)
class StandingRow:
    rank: int
    user_id: int
    name: str
    points: float
    nights: int
    counted: int  # nights that count toward the points (best N)
    wins: int
    cashes: int
    best_finish: int
    net: int
    qualified: bool  # played the minimum number of nights
    in_final: bool  # among the top `final_seats` qualified players
    tied: bool  # still level after every tie-break (shares its rank)


@dataclass
class _Player:
    user_id: int
    name: str
    nights: list[tuple[int, int, float]]  # (night index, place, points)
    wins: int = 0
    cashes: int = 0
    net: int = 0

    @property
    def best(self) -> int:
        return min(place for _, place, _ in self.nights)


def _collect(nights: Sequence[Night]) -> dict[int, _Player]:
    players: dict[int, _Player] = {}
    for i, night in enumerate(nights):
        for p in night.players:
            rec = players.setdefault(p.user_id, _Player(p.user_id, p.name, []))
            rec.name = p.name  # the latest display name
            rec.nights.append((i, p.place, p.points))
            rec.wins += p.place == 1
            rec.cashes += p.prize > 0
            rec.net += p.net
    return players


def counted_points(points: Sequence[float], best_n: int | None) -> list[float]:
    """The nights that count: all, or the best N (highest points)."""
    ranked = sorted(points, reverse=True)
    return ranked if best_n is None else ranked[:best_n]


def _h2h(p: _Player, group: Sequence[_Player]) -> int:
    """Nights in which p finished ahead of another member of the tied group, summed."""
    mine = {i: place for i, place, _ in p.nights}
    wins = 0
    for q in group:
        if q is p:
            continue
        for i, place, _ in q.nights:
            if i in mine and mine[i] < place:
                wins += 1
    return wins


def _order(group: list[_Player], breaks: Sequence[str]) -> list[list[_Player]]:
    """Split a group level on points into ordered sub-groups, applying tie-breaks in turn."""
    if len(group) <= 1 or not breaks:
        return [sorted(group, key=lambda p: (p.name.casefold(), p.user_id))]
    rule = breaks[0]
    key: Callable[[_Player], int]
    if rule == "wins":
        def key(p: _Player) -> int:
            return -p.wins
    elif rule == "best_finish":
        def key(p: _Player) -> int:
            return p.best
    else:
        h2h = {p.user_id: _h2h(p, group) for p in group}

        def key(p: _Player) -> int:
            return -h2h[p.user_id]
    out: list[list[_Player]] = []
    for value in sorted({key(p) for p in group}):
        out.extend(_order([p for p in group if key(p) == value], breaks[1:]))
    return out


def compute_standings(nights: Sequence[Night], system: PointsSystem,
                      options: SeasonOptions) -> list[StandingRow]:
    players = _collect(nights)
    score = {
        uid: system.season_score(counted_points([pts for _, _, pts in p.nights], options.best_n))
        for uid, p in players.items()
    }
    levels: dict[float, list[_Player]] = {}
    for uid, p in players.items():
        levels.setdefault(round(score[uid], POINTS_PRECISION), []).append(p)
    rows: list[StandingRow] = []
    finalists = 0
    position = 0
    for level in sorted(levels, reverse=True):
        for tied_group in _order(levels[level], options.tie_breaks):
            rank = position + 1
            for p in tied_group:
                position += 1
                qualified = len(p.nights) >= options.min_nights
                in_final = False
                if qualified and options.final_seats is not None:
                    in_final = finalists < options.final_seats
                    finalists += 1
                rows.append(StandingRow(
                    rank=rank, user_id=p.user_id, name=p.name, points=score[p.user_id],
                    nights=len(p.nights),
                    counted=min(len(p.nights), options.best_n or len(p.nights)),
                    wins=p.wins, cashes=p.cashes, best_finish=p.best, net=p.net,
                    qualified=qualified, in_final=in_final, tied=len(tied_group) > 1,
                ))
    return rows


def points_race(nights: Sequence[Night], system: PointsSystem,
                options: SeasonOptions) -> dict[int, list[float]]:
    """Each player's season score after every night (0 before their first), for the chart.

    Recomputed from the first i nights each time, so best-N and the td3 average are exactly
    what the table said at that moment.
    """
    race: dict[int, list[float]] = {}
    for i in range(1, len(nights) + 1):
        table = {r.user_id: r.points for r in compute_standings(nights[:i], system, options)}
        for uid in table:
            race.setdefault(uid, [0.0] * (i - 1))
        for uid, series in race.items():
            series.append(table.get(uid, series[-1] if series else 0.0))
    return race

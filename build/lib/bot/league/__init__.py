"""League play: points systems, seasons, standings, player records, settle-up, appeals.

Pure parts (points, standings, settle, stats, render, chart, and `nightlog`: a night's money
and busts read from its log as typed events) know nothing of Discord or the store; the
`service` package (seasons, nights, guests, appeals, views) is the only part that reads and
writes the store. The tournament side uses
`active_season_for` (when creating a tournament) and `score_tournament` (when one finishes).
"""

from .model import HOUSE, Night, PlayerNight
from .points import PointsSystem, SeasonOptions, get_system, night_points, systems
from .service import (
    LeagueError,
    LeagueSeason,
    active_season_for,
    score_tournament,
)
from .settle import Transfer, settle
from .standings import StandingRow, compute_standings, points_race

__all__ = [
    "HOUSE",
    "LeagueError",
    "LeagueSeason",
    "Night",
    "PlayerNight",
    "PointsSystem",
    "SeasonOptions",
    "StandingRow",
    "Transfer",
    "active_season_for",
    "compute_standings",
    "get_system",
    "night_points",
    "points_race",
    "score_tournament",
    "settle",
    "systems",
]

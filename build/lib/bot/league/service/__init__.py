"""League play over the store: leagues, seasons, scoring, standings, stats, settle-up, appeals.

The cog calls these and only formats; the tournament side calls `active_season_for` when it
creates a tournament and `score_tournament` when one finishes. Every refusal a user can act on
is a `LeagueError` with a message meant for them.

By concern:

- `seasons`: leagues and seasons (the default league, settings, starting and ending a season,
  the season a night counts in);
- `nights`: a finished tournament read as a league night from its log (money in, knockouts),
  and its scoring;
- `guests`: the server's guests, a night's points by player, `/td link` (`plan_guest_link`,
  `GuestLinkPlan`);
- `appeals`: filing, listing and deciding appeals;
- `views`: what the league shows (standings, a player's record, a night's settle-up).

Callers import from here (`bot.league.service`), which names every public one of them.
"""

from ..nightlog import DEFAULT_TABLE_SEATS
from .appeals import (
    APPEAL_WINDOW,
    APPEALS_PER_PAGE,
    APPEALS_PER_WINDOW,
    AppealsPage,
    appeals_page,
    close_appeal,
    file_appeal,
    find_hand,
    hand_name,
)
from .errors import LeagueError
from .guests import GuestLinkPlan, LinkedNight, guest_names, plan_guest_link, points_by_player
from .nights import load_night, load_nights, score_tournament
from .seasons import (
    DEFAULT_LEAGUE,
    FIRST_SEASON,
    MAX_NAME,
    LeagueInfo,
    LeagueSeason,
    NightSeason,
    SeasonEnd,
    active_season_for,
    configure_league,
    create_league,
    default_league,
    end_season,
    end_shown_season,
    find_league,
    find_season,
    league_of,
    league_settings,
    list_leagues,
    night_season,
    nights_token,
    options_of,
    season_settings,
    season_to_end,
    stamp_season,
    start_season,
)
from .views import (
    SeasonView,
    Settlement,
    player_stats,
    season_view,
    season_view_by_ids,
    settle_tournament,
)

__all__ = [
    "APPEALS_PER_PAGE",
    "APPEALS_PER_WINDOW",
    "APPEAL_WINDOW",
    "DEFAULT_LEAGUE",
    "DEFAULT_TABLE_SEATS",
    "FIRST_SEASON",
    "MAX_NAME",
    "AppealsPage",
    "GuestLinkPlan",
    "LeagueError",
    "LeagueInfo",
    "LeagueSeason",
    "LinkedNight",
    "NightSeason",
    "SeasonEnd",
    "SeasonView",
    "Settlement",
    "active_season_for",
    "appeals_page",
    "close_appeal",
    "configure_league",
    "create_league",
    "default_league",
    "end_season",
    "end_shown_season",
    "file_appeal",
    "find_hand",
    "find_league",
    "find_season",
    "guest_names",
    "hand_name",
    "league_of",
    "league_settings",
    "list_leagues",
    "load_night",
    "load_nights",
    "night_season",
    "nights_token",
    "options_of",
    "plan_guest_link",
    "player_stats",
    "points_by_player",
    "score_tournament",
    "season_settings",
    "season_to_end",
    "season_view",
    "season_view_by_ids",
    "settle_tournament",
    "stamp_season",
    "start_season",
]

"""The game service: tournaments running as sessions over the store, outside any cog."""

from bot.service.conservation import conservation_checks
from bot.service.service import TournamentService, Unrecoverable, random_seed
from bot.service.session import Notice, Outcome, Session

__all__ = ["Notice", "Outcome", "Session", "TournamentService", "Unrecoverable",
           "conservation_checks", "random_seed"]

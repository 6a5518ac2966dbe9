"""The game service: tournaments running as sessions over the store, outside any cog."""

from bot.service import conservation  # noqa: F401  (registers the stored-chips check)
from bot.service.service import TournamentService, Unrecoverable, random_seed
from bot.service.session import Notice, Outcome, Session

__all__ = ["Notice", "Outcome", "Session", "TournamentService", "Unrecoverable", "random_seed"]

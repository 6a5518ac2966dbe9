"""Hand histories from the stored log: exports (PHH and PokerStars-style text), and a stored
tournament's hands as the engine played them (bot/history/hands.py)."""

from bot.history.export import ExportError, HandInPlay, export_hand, export_tournament
from bot.history.hands import hand_events, played_hand, tournament_hand_events

__all__ = ["ExportError", "HandInPlay", "export_hand", "export_tournament", "hand_events",
           "played_hand", "tournament_hand_events"]

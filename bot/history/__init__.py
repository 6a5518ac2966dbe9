"""Hand-history exports (PHH and PokerStars-style text) from the stored event log."""

from bot.history.export import ExportError, export_hand, export_tournament

__all__ = ["ExportError", "export_hand", "export_tournament"]

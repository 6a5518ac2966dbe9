"""The league's refusals."""

from __future__ import annotations


class LeagueError(Exception):
    """A refusal with a message for the user."""

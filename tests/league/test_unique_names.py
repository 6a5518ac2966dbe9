"""Two `/league create` of one name at once, or of `Sunday` and `sunday`: one league, and the
second gets a clear answer (not a generic error)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.league.service import LeagueError, create_league
from bot.store import Store


@pytest.mark.parametrize("second", ["Sunday", "sunday", " SUNDAY "])
async def test_two_creates_at_once_make_one_league_and_answer_the_other(
        tmp_path: Path, second: str) -> None:
    a = await Store.open(tmp_path / "league.sqlite3")
    b = await Store.open(tmp_path / "league.sqlite3")
    try:
        results = await asyncio.gather(create_league(a, 1, "Sunday"),
                                       create_league(b, 1, second), return_exceptions=True)
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 1, results
        assert isinstance(refused[0], LeagueError)
        (winner,) = await a.leagues(1)
        assert str(refused[0]) == f"There is already a league called '{winner.name}'."
    finally:
        await a.close()
        await b.close()

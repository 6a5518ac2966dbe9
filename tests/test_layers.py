"""The layers import downwards only, and the director is as pure as the engine.

The layers, lowest first: the rules of a hand (`bot.engine`), the tournament director
(`bot.tournament`), the store, the services that run tournaments and leagues, the Discord side,
and the cogs on top. A module may import its own layer and the layers listed for it here; a new
arrow (say, the store importing the director, or the engine importing anything of ours) is a
design change, made here on purpose, not by accident in a module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_imports import _imports, _modules

ROOT = Path(__file__).resolve().parents[1]

# What each layer may import of ours (besides itself). `bot.datafiles` reads the shipped data
# with importlib.resources; it imports nothing of ours.
ALLOWED: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "datafiles": frozenset(),
    "tournament": frozenset({"engine", "datafiles"}),
    # A league's coming nights: dates, seats and the waiting list, which step is due when.
    "schedule": frozenset(),
    "store": frozenset({"engine"}),
    "rulebook": frozenset({"engine", "tournament", "datafiles"}),
    # The use cases run a night's league side too (its season, a guest's link).
    "service": frozenset({"engine", "tournament", "store", "league", "schedule"}),
    "history": frozenset({"engine", "tournament", "store"}),
    "league": frozenset({"engine", "tournament", "store", "history", "datafiles"}),
    # The screens (a web server beside the Discord side, never importing discord).
    "web": frozenset({"engine", "tournament", "store", "service"}),
    "discord_ui": frozenset({"engine", "tournament", "store", "service", "history", "league",
                             "rulebook", "datafiles", "config", "web", "schedule"}),
    "cogs": frozenset({"engine", "tournament", "store", "service", "history", "league",
                       "rulebook", "discord_ui", "datafiles", "schedule"}),
}


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "cogs":
        return "cogs"
    return parts[1] if len(parts) > 1 else parts[0]


def _arrows() -> set[tuple[str, str, str]]:
    """(importer module, its layer, imported layer) for every import across layers."""
    modules = _modules()
    known = set(modules)
    out = set()
    for name, path in modules.items():
        for target in _imports(name, path, known):
            mine, theirs = _layer(name), _layer(target)
            if mine != theirs:
                out.add((name, mine, theirs))
    return out


def test_layers_import_downwards_only() -> None:
    wrong = sorted(f"{name} ({mine}) imports {theirs}"
                   for name, mine, theirs in _arrows()
                   if mine in ALLOWED and theirs not in ALLOWED[mine])
    assert wrong == []


def test_nothing_of_ours_imports_the_cogs() -> None:
    """The bot loads the cogs as extensions by name; no module reaches into one."""
    assert sorted(n for n, mine, theirs in _arrows() if theirs == "cogs") == []


@pytest.mark.parametrize("package", ["engine", "tournament"])
def test_rules_packages_stay_pure(package: str) -> None:
    """The rules of a hand and the director import no discord, no database and no clock or
    randomness of their own: time and seeds are inputs, so a replay is exact."""
    banned = ("import discord", "from discord", "aiosqlite", "sqlite3", "psycopg",
              "import random", "from random", "import time", "from time", "import datetime",
              "from datetime", "import secrets", "import asyncio", "import os", "import socket")
    found = []
    for path in (ROOT / "bot" / package).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {word}" for word in banned
                  if any(line.strip().startswith(word) for line in text.splitlines())]
    assert found == []


def test_the_schedule_reads_no_clock_and_no_files() -> None:
    """A night's rules take the time and the time zone as inputs (dates are its matter, so it
    may use datetime's types, never its clock): a test gives any moment, and a replay is
    exact."""
    banned = ("import discord", "from discord", "aiosqlite", "sqlite3", "psycopg", "asyncio",
              "import time", "from time", "zoneinfo", "import os", "random", "secrets",
              ".now(", ".utcnow(", ".today(", "open(")
    found = [f"{path.name}: {word}" for path in (ROOT / "bot" / "schedule").rglob("*.py")
             for word in banned if word in path.read_text(encoding="utf-8")]
    assert found == []


def test_no_module_is_a_book() -> None:
    """A module holds one concern: none over 800 lines, but the one pure class of a hand's rules
    (bot/engine/hand.py), which reads best in one piece, section by section."""
    long = sorted(f"{path.relative_to(ROOT)}: {n} lines"
                  for top in ("bot", "cogs") for path in (ROOT / top).rglob("*.py")
                  if path.name != "hand.py" or path.parent.name != "engine"
                  for n in [len(path.read_text(encoding="utf-8").splitlines())] if n > 800)
    assert long == []


def test_a_stacked_deck_is_reachable_only_from_a_tests_create_bot() -> None:
    """The hook that lets a test choose each hand's deck is create_bot's option, passed down
    to the sessions: no cog, setting or entry point names it."""
    naming = sorted(str(path.relative_to(ROOT)) for top in ("bot", "cogs")
                    for path in (ROOT / top).rglob("*.py")
                    if "stacked_deck" in path.read_text(encoding="utf-8"))
    assert naming == ["bot/discord_ui/client.py", "bot/service/service.py",
                      "bot/service/session.py"]

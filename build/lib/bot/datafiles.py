"""The bot's shipped data files and a league's own.

The repository's top-level `data/` folder is installed as the package `bot.data` (see
pyproject.toml: `package-dir`), so the rulebook, blind structures, payout tables and points
systems are read with `importlib.resources` and `pip install .` works from any folder.

A league may keep its own structures, payouts and points systems in a folder of its own with the
same layout (`structures/`, `payouts/`, `points/`), named by the `LEAGUE_DATA_DIR` setting. Its
files are read by the same loaders, so they are checked the same way; a file there with the name
of a shipped one replaces it.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

# Every data file is TOML: it allows comments (why a level is that long, where a rule comes
# from) and reads with the standard library's tomllib.
SUFFIX = ".toml"

_league_dir: Path | None = None


def set_league_data_dir(path: Path | None) -> None:
    """Called once at start-up from the settings; None means shipped data only."""
    global _league_dir
    _league_dir = path


def league_data_dir() -> Path | None:
    """The league's own data folder (None: shipped data only)."""
    return _league_dir


def shipped(kind: str) -> Traversable:
    """The shipped folder of one kind of data (`rules`, `structures`, `payouts`, `points`)."""
    return files("bot.data").joinpath(kind)


def data_files(kind: str) -> dict[str, Traversable]:
    """Every TOML file of `kind`, by name (file stem): shipped first, then the league's."""
    found: dict[str, Traversable] = {}
    folders: list[Traversable] = [shipped(kind)]
    if _league_dir is not None and (_league_dir / kind).is_dir():
        folders.append(_league_dir / kind)
    for folder in folders:
        for item in sorted(folder.iterdir(), key=lambda t: t.name):
            if item.is_file() and item.name.endswith(SUFFIX):
                found[item.name.removesuffix(SUFFIX)] = item
    return found

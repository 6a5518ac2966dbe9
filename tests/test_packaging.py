"""The project installs and runs from anywhere: data inside the package, errors that exit.

A league installs the bot with a plain `pip install .` and runs it from whatever folder it is in,
so these tests install the project NON-editable into a fresh virtual environment (its
dependencies come from the test environment's site-packages, so nothing is downloaded) and run
`python -m bot demo` from an empty folder.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.store import load_migrations
from bot.store.postgres.migrate import load_pg_migrations

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    # The top-level cogs/ folder installs as bot.cogs (pyproject's package-dir).
    on_disk = {".".join(("bot", *parts) if parts[0] == "cogs" else parts)
               for top in ("bot", "cogs") for p in (ROOT / top).rglob("__init__.py")
               if "__pycache__" not in p.parts
               for parts in [p.parent.relative_to(ROOT).parts]}
    assert on_disk - listed == set(), "add these packages to pyproject.toml"
    assert "bot.data" in listed  # the top-level data/ folder, installed inside the package
    assert "bot.cogs" in listed and "cogs" not in listed  # never a top-level `cogs`


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    purelib = subprocess.run(
        [py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip()
    # The dependencies, but not the editable install of this project: a .pth line adds a folder
    # without processing the .pth files inside it (where the editable finder is).
    deps = [p for p in site.getsitepackages() if "site-packages" in p]
    Path(purelib, "deps.pth").write_text("\n".join(deps) + "\n")
    # Built from a copy of the sources that `pip install .` would read, so the checkout gets no
    # build/ or egg-info folders.
    source = tmp_path_factory.mktemp("source")
    for name in ("bot", "cogs", "data"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--no-build-isolation", "--no-cache-dir", "--target", purelib,
                           str(source)], cwd=source, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return py


def _run(py: Path, args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DISCORD"))}
    clean.update(env)
    return subprocess.run([str(py), "-m", "bot", *args], cwd=cwd, env=clean, text=True,
                          capture_output=True, timeout=120)


def test_demo_runs_from_another_folder(installed: Path, tmp_path: Path):
    done = _run(installed, ["demo", "3", "--no-dms"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "wins the tournament!" in done.stdout and "\n1st: " in done.stdout
    # It ran the installed copy, not this checkout.
    where = subprocess.run([str(installed), "-c", "import bot; print(bot.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where


def test_both_backends_migrations_are_installed(installed: Path, tmp_path: Path):
    """Each backend's migrations ship inside its package (bot/store/sqlite/migrations,
    bot/store/postgres/migrations), the same numbers and names on both."""
    here = {backend: [(m.version, m.name) for m in load()] for backend, load in (
        ("sqlite", load_migrations), ("postgres", load_pg_migrations))}
    done = subprocess.run(
        [str(installed), "-c", "from bot.store import load_migrations; "
         "from bot.store.postgres.migrate import load_pg_migrations; "
         "print([(m.version, m.name) for m in load_migrations()]); "
         "print([(m.version, m.name) for m in load_pg_migrations()])"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(here["sqlite"]), str(here["postgres"])]
    assert here["sqlite"] == here["postgres"] and len(here["sqlite"]) >= 8


def test_a_broken_league_file_stops_the_demo_with_one_line(installed: Path, tmp_path: Path):
    (tmp_path / "structures").mkdir()
    (tmp_path / "structures" / "turbo.toml").write_text("name = \n")
    done = _run(installed, ["demo"], tmp_path, LEAGUE_DATA_DIR=str(tmp_path))
    assert done.returncode == 1
    assert done.stderr.startswith("The demo cannot run: structure 'turbo' is not valid TOML")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_bad_setting_names_the_variable_and_never_its_value(installed: Path, tmp_path: Path):
    secret = "MTA5.not-a-guild-id.abcdefghijklmnop"
    done = _run(installed, [], tmp_path, DEV_GUILD_ID=secret, DISCORD_TOKEN="x")
    assert done.returncode == 2
    assert "DEV_GUILD_ID" in done.stderr and secret not in done.stderr + done.stdout
    done = _run(installed, ["demo"], tmp_path, LEAGUE_DATA_DIR=str(tmp_path / "nope"))
    assert done.returncode == 2 and "LEAGUE_DATA_DIR" in done.stderr


def test_the_screens_pages_are_installed(installed: Path, tmp_path: Path):
    """The clock and rail pages (bot/web/static, package data) are in the installed copy."""
    done = subprocess.run(
        [str(installed), "-c", "from bot.web.server import _page; "
         "from bot.discord_ui.presenter.screen import SCREEN_WORDS as w; "
         "print(*(len(_page(name, w.page_words)[0]) for name in ('clock', 'rail')))"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert all(int(size) > 2000 for size in done.stdout.split())


def test_the_cogs_install_inside_the_package(installed: Path, tmp_path: Path):
    """Every cog the bot loads imports from the installed copy as bot.cogs.*, and no
    top-level `cogs` package is installed to clash with another project's."""
    done = subprocess.run(
        [str(installed), "-c", "import importlib, importlib.util; "
         "from bot.discord_ui.client import EXTENSIONS; "
         "print(all(hasattr(importlib.import_module(n), 'setup') for n in EXTENSIONS)); "
         "print(importlib.util.find_spec('cogs') is None)"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]

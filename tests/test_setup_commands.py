"""The README's two commands, as a new league runs them: in a fresh copy of the repository
with no virtual environment, nothing installed and no token.

Marked `setup`: it makes a virtual environment and installs the project into it with pip (from
the machine's package cache or index), about a minute. Running the whole suite from inside a
test of the suite would run this test again, so here the test command runs one small test
file; `.ci/run` runs the full test command itself on its clean clone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.setup


def fresh_copy(dest: Path) -> Path:
    """The repository's files as git knows them (no .venv, no egg-info, no database)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # (a file deleted but not yet committed is not)
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python3 run.py ARGS` there, as from a plain shell: no token, no virtual environment."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "VIRTUAL_ENV", "PYTHONPATH", "DATABASE_PATH",
                        "DATABASE_URL", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
    return subprocess.run([sys.executable, "run.py", *args], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


def imports(copy: Path, module: str) -> bool:
    python = copy / ".venv" / "bin" / "python"
    return subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode == 0


def test_the_two_readme_commands_on_a_fresh_copy(tmp_path: Path) -> None:
    copy = fresh_copy(tmp_path / "league-bot")
    assert not (copy / ".venv").exists() and not (copy / ".env").exists()

    first = run(copy)
    assert first.returncode == 0, first.stderr[-3000:]
    assert "making the virtual environment .venv" in first.stderr
    assert "DISCORD_TOKEN is not set" in first.stderr and "Reset Token" in first.stderr
    assert "the offline demo" in first.stderr
    assert "absent from the `packages` configuration" not in first.stderr  # a quiet install
    assert "The tournament has started" in first.stdout and "wins the tournament!" in first.stdout
    # Running the bot installed what running needs, none of the test tools.
    assert imports(copy, "discord") and imports(copy, "bot.cogs.play")
    assert not imports(copy, "pytest") and not imports(copy, "mypy")

    again = run(copy)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "installing" not in again.stderr and "making" not in again.stderr  # nothing to do
    assert "The tournament has started" in again.stdout

    tests = run(copy, "test", "tests/test_settings_listed.py", "-p", "no:cacheprovider")
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-3000:]
    assert "installing the bot and its tests" in tests.stderr
    assert "4 passed" in tests.stdout

"""The house rule that the tree stays `ruff` clean, checked with the rest of the suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    result = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_stays_pure() -> None:
    """The rules engine imports no discord, no database and no clock or randomness."""
    banned = ("import discord", "from discord", "aiosqlite", "sqlite3", "import random",
              "from random", "import time", "from time", "import datetime", "import secrets")
    for path in (ROOT / "bot" / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in banned:
            assert word not in text, f"{path.name} uses {word!r}"

"""mypy over bot/ and cogs/ with pyproject.toml's settings (strict for engine and director)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_type_ignore_says_why() -> None:
    """A `# type: ignore[code]` is allowed only with the reason on the same line."""
    bare = []
    for top in ("bot", "cogs"):
        for path in (ROOT / top).rglob("*.py"):
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" in line:
                    after = line.split("type: ignore", 1)[1]
                    if "]" not in after or not after.split("]", 1)[1].strip(" #"):
                        bare.append(f"{path.relative_to(ROOT)}:{no}")
    assert bare == [], "give the reason after the ignore: " + ", ".join(bare)

"""mypy over bot/, cogs/, scripts/ and bench/ with pyproject.toml's settings (strict throughout):
the scripts and benchmarks call the bot's own constructors, so a change there is caught here."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The folders mypy checks (pyproject's [tool.mypy] files).
CHECKED: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")
                                   )["tool"]["mypy"]["files"]


def test_scripts_and_benchmarks_are_checked() -> None:
    assert {"bot", "cogs", "scripts", "bench"} <= set(CHECKED)


def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_type_ignore_says_why() -> None:
    """A `# type: ignore[code]` is allowed only with the reason on the same line."""
    bare = []
    for top in CHECKED:
        for path in (ROOT / top).rglob("*.py"):
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" in line:
                    after = line.split("type: ignore", 1)[1]
                    if "]" not in after or not after.split("]", 1)[1].strip(" #"):
                        bare.append(f"{path.relative_to(ROOT)}:{no}")
    assert bare == [], "give the reason after the ignore: " + ", ".join(bare)

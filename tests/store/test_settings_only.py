"""The environment is read in one place, bot/config.py (`Settings`): the store takes its target
explicitly, and `python -m bot.db` builds the settings the bot would (a `.env` included)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _reads_environment(path: Path) -> list[int]:
    """Lines of `path` that read os.environ or call os.getenv."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv")
            and isinstance(node.value, ast.Name) and node.value.id == "os"]


def test_only_the_settings_read_the_environment():
    found = {str(p.relative_to(ROOT)): lines
             for top in ("bot", "cogs") for p in sorted((ROOT / top).rglob("*.py"))
             if (lines := _reads_environment(p))}
    assert set(found) == {"bot/config.py"}, found


def test_db_tool_finds_the_database_the_settings_name(tmp_path: Path):
    (tmp_path / ".env").write_text("DATABASE_PATH=from-dotenv.sqlite3\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot.db", "migrate"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("from-dotenv.sqlite3: schema version ")
    assert (tmp_path / "from-dotenv.sqlite3").exists()
    assert not (tmp_path / "league.sqlite3").exists()


def test_db_tool_names_a_bad_setting_not_its_value(tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD"))}
    env.update(PYTHONPATH=str(ROOT), LOG_LEVEL="sekrit-value")
    done = subprocess.run([sys.executable, "-m", "bot.db", "check"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("Configuration error: LOG_LEVEL") and "sekrit" not in done.stderr

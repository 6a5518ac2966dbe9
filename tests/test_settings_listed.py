"""Every setting the bot reads is where an organiser looks for it: `.env.example`, each with a
comment saying what it does, and the settings table of docs/setup.md.

The settings read are found in bot/config.py itself (every `os.environ.get("NAME")`,
`os.getenv("NAME")` and `os.environ["NAME"]`), so a new one cannot be added without listing it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "bot" / "config.py"
# `NAME=value`, or commented out: `# NAME=value`.
LISTED = re.compile(r"^#?\s*([A-Z][A-Z0-9_]*)=")
TABLE_ROW = re.compile(r"^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|")


def settings_read(source: str) -> set[str]:
    """The environment variables a module reads by name."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        name: ast.expr | None = None
        if isinstance(node, ast.Call) and node.args:
            func = ast.unparse(node.func)
            if func in ("os.environ.get", "os.getenv", "environ.get", "getenv"):
                name = node.args[0]
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) in (
                "os.environ", "environ"):
            name = node.slice
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            found.add(name.value)
    return found


def listed_in_env_example() -> dict[str, str]:
    """Each setting of .env.example with the comment line just above it ("" if none)."""
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    out = {}
    for i, line in enumerate(lines):
        match = LISTED.match(line)
        if match:
            above = lines[i - 1] if i > 0 else ""
            is_comment = above.startswith("#") and not LISTED.match(above)
            out[match.group(1)] = above.lstrip("# ").strip() if is_comment else ""
    return out


def in_the_settings_table() -> set[str]:
    text = (ROOT / "docs" / "setup.md").read_text(encoding="utf-8")
    return {m.group(1) for line in text.splitlines() if (m := TABLE_ROW.match(line))}


def test_the_reader_finds_every_way_of_reading_a_setting() -> None:
    source = ("import os\nfrom os import environ, getenv\n"
              "a = os.environ.get('A')\nb = os.getenv('B', 'x')\nc = os.environ['C']\n"
              "d = environ.get('D')\ne = getenv('E')\nf = environ['F']\n")
    assert settings_read(source) == {"A", "B", "C", "D", "E", "F"}


def test_config_reads_the_settings_a_league_needs() -> None:
    read = settings_read(CONFIG.read_text(encoding="utf-8"))
    # A sample, so that the reader finding nothing cannot pass the tests below.
    assert {"DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS",
            "BACKUP_DIR", "BACKUP_KEEP", "WEB_HOST", "PUBLIC_URL"} <= read


def test_every_setting_read_is_in_env_example_with_a_comment() -> None:
    read = settings_read(CONFIG.read_text(encoding="utf-8"))
    listed = listed_in_env_example()
    assert sorted(read - listed.keys()) == [], "add these to .env.example"
    assert sorted(name for name in read if not listed[name]) == [], \
        "give these a comment line just above them in .env.example"
    assert sorted(listed.keys() - read) == [], ".env.example lists settings nobody reads"


def test_the_settings_table_lists_the_same() -> None:
    read = settings_read(CONFIG.read_text(encoding="utf-8"))
    assert sorted(read ^ in_the_settings_table()) == [], \
        "docs/setup.md's settings table and bot/config.py differ"

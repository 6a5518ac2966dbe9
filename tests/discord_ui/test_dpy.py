"""discord.py through one door (bot/discord_ui/dpy.py): no module of the Discord side or the
cogs reaches into discord.py's insides, and the bot checks at start-up that the discord.py
installed is one it was tested with."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import discord
import pytest
from discord.http import HTTPClient

from bot.discord_ui import dpy

ROOT = Path(__file__).resolve().parents[2]
DOOR = ROOT / "bot" / "discord_ui" / "dpy.py"
# discord.py's documented modules; anything else of it (discord.http, discord.state,
# discord.webhook.async_, ...) is its insides.
PUBLIC = ("discord", "discord.ext", "discord.ext.commands", "discord.ext.tasks",
          "discord.app_commands", "discord.ui", "discord.utils", "discord.abc")


def _sources() -> list[Path]:
    files = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").glob("*.py"))
    return [f for f in files if f != DOOR]


def test_discord_pys_insides_are_used_in_the_door_only() -> None:
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                    node.module.startswith("discord.") and node.module not in PUBLIC):
                found.append(f"{where}:{node.lineno} imports {node.module}")
            if isinstance(node, ast.Attribute) and node.attr.startswith("__discord"):
                found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
            if "discord_ui" in where.parts or where.parts[0] == "cogs":
                # another object's private name (ours are reached through self or cls)
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                        and not node.attr.startswith("__")
                        and not (isinstance(node.value, ast.Name)
                                 and node.value.id in ("self", "cls"))):
                    found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_the_tested_range_is_the_one_pyproject_names() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"discord.py{dpy.TESTED_RANGE}"' in pyproject
    assert dpy.check_discord_py()  # the version the suite runs on is inside it


def test_a_discord_py_outside_the_tested_range_is_named_in_the_log(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=dpy.__name__):
        assert not dpy.check_discord_py((2, 8, 0))
        assert not dpy.check_discord_py((2, 6, 4))
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and "discord.py 2.8.0 is installed" in said[0]
    assert f"tested with discord.py{dpy.TESTED_RANGE}" in said[0]


def test_a_discord_py_without_what_the_door_needs_refuses_to_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(HTTPClient, "request")
    with pytest.raises(dpy.DiscordPyUnsupported, match=r"discord\.py 3\.0\.0 has no"):
        dpy.check_discord_py((3, 0, 0))


async def test_requests_are_gated_once_and_then_are_discord_pys_own() -> None:
    http = discord.Client(intents=discord.Intents.none()).http
    own = http.request
    turns: list[str] = []

    async def gate() -> None:
        turns.append("turn")

    assert dpy.gate_requests(http, gate)
    assert not dpy.gate_requests(http, gate)  # a second login: still gated once
    assert http.request.request == own  # type: ignore[attr-defined]

"""Every refusal a tournament command raises names its code, and its sentence's `{fields}` are
exactly the fields it gives: a field left out would turn a refusal into a crash the
moment it is raised, and the presenter words only what the fields say."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import bot.tournament as package
from bot.tournament import errors

FOLDER = Path(package.__file__).parent
REFUSALS = {name for name, cls in vars(errors).items()
            if isinstance(cls, type) and issubclass(cls, errors.TournamentError)}
# The concerns of `Tournament` (tournament.py): the commands' refusals.
COMMAND_MODULES = ("core", "entries", "online", "desk", "director")


def _raises(module: str) -> list[ast.Call]:
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    return [node.exc for node in ast.walk(tree) if isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
            and node.exc.func.id in REFUSALS]


def _constant(node: ast.expr) -> str | None:
    """The template when it is written out (string constants, joined by +)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _constant(node.left), _constant(node.right)
        return None if left is None or right is None else left + right
    return None


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_each_refusal_has_its_code_and_exactly_the_fields_its_sentence_names(
        module: str) -> None:
    calls = [c for c in _raises(module) if c.func.id != "StructureError"]  # type: ignore[attr-defined]
    assert calls
    for call in calls:
        where = f"{module}.py:{call.lineno}"
        given = {k.arg for k in call.keywords}
        assert "code" in given, f"{where}: a refusal names its code"
        assert not any(isinstance(a, ast.JoinedStr) for a in ast.walk(call.args[0])), \
            f"{where}: values go in fields, not into the sentence"
        template = _constant(call.args[0])
        if template is None:
            continue  # a sentence given whole (MOVED_ON, a caller's words)
        named = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert named == given - {"code"}, where


"""Write the generated reference pages: `python -m scripts.make_docs` (from the repository).

docs/commands.md comes from the bot's command tree, docs/rules.md and docs/rules/ from the
rulebook in data/rules/. tests/test_docs.py builds the same pages in memory and fails when a
committed page differs, naming this command.
"""

from __future__ import annotations

from pathlib import Path

from scripts.command_reference import build_commands_page
from scripts.rule_reference import rule_pages

ROOT = Path(__file__).resolve().parents[1]
COMMAND = "python -m scripts.make_docs"


def pages() -> dict[Path, str]:
    """Every generated page, by its path in the repository."""
    return {Path("docs/commands.md"): build_commands_page(), **rule_pages()}


def main() -> None:
    for path, text in pages().items():
        target = ROOT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()

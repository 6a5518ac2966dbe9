"""`python -m bot.replay [--rules treps|tavern|tda] PATH...`: replay PHH hand histories.

Prints one JSON object a line per hand: its finishing stacks, or the refused action and why.
Exit status 0 when every hand replayed, 2 when any was refused or unreadable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from bot.engine.phh import PHHError, finishing_stacks, parse_phh, replay_phh
from bot.engine.profile import PROFILE_NAMES, make_profile


def phh_files(paths: list[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(path.rglob("*.phh"))
        else:
            yield path


def replay_file(path: Path, rules: str = "tda") -> dict[str, object]:
    try:
        hand = replay_phh(parse_phh(path.read_text(encoding="utf-8")), make_profile(rules))
    except (OSError, UnicodeDecodeError) as err:
        return {"file": str(path), "error": f"cannot read: {err}"}
    except PHHError as err:
        return {"file": str(path), "error": str(err)}
    return {"file": str(path), "finishing_stacks": finishing_stacks(hand)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.replay", description=__doc__)
    parser.add_argument("--rules", choices=PROFILE_NAMES, default="tda")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="PHH files or folders")
    args = parser.parse_args(argv)
    ok = True
    for path in phh_files(args.paths):
        result = replay_file(path, args.rules)
        ok = ok and "error" not in result
        sys.stdout.write(json.dumps(result) + "\n")
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate this folder's Pluribus subset from the full oracles (tests/outside.py's ORACLES).

`python -m tests.data.phh.choose_subset [ORACLES]` copies every WSOP and historical hand and 300
Pluribus hands chosen to cover what the engine must get right: the eight half-chip split pots,
then hands with side pots, split pots, all-ins, three-way showdowns, then an even spread of
the rest. The choice depends only on the files, so running it again gives the same subset.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from bot.engine.hand_events import Acted, PotAwarded, Shown
from bot.engine.phh import parse_phh, replay_phh
from tests.outside import ORACLES as DEFAULT_ORACLES

HERE = Path(__file__).resolve().parent
PLURIBUS_HANDS = 300
HALF_CHIP = ["102/0", "32/23", "41b/204", "60/88", "75b/76", "88/128", "91/43", "91/53"]
# How many of each kind, in this order of preference (a hand counts for its first kind).
QUOTAS = {"side_pot": 40, "split": 30, "all_in": 60, "three_way": 40}


def kinds(path: Path) -> list[str]:
    hand = replay_phh(parse_phh(path.read_text(encoding="utf-8")))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    found = []
    if len(awards) > 1:
        found.append("side_pot")
    if any(len(a.winners) > 1 for a in awards):
        found.append("split")
    if any(isinstance(e, Acted) and e.all_in for e in hand.events):
        found.append("all_in")
    if len({e.seat for e in hand.events if isinstance(e, Shown)}) >= 3:
        found.append("three_way")
    return found


def choose(pluribus: Path) -> list[Path]:
    files = sorted(pluribus.rglob("*.phh"))
    chosen = [pluribus / f"{name}.phh" for name in HALF_CHIP]
    taken = set(chosen)
    counts = dict.fromkeys(QUOTAS, 0)
    for path in files:
        if path in taken:
            continue
        for kind in kinds(path):
            if counts[kind] < QUOTAS[kind]:
                counts[kind] += 1
                chosen.append(path)
                taken.add(path)
                break
    rest = [p for p in files if p not in taken]
    need = PLURIBUS_HANDS - len(chosen)
    step = len(rest) / need
    chosen += [rest[int(i * step)] for i in range(need)]
    return chosen


def main(argv: list[str]) -> int:
    oracles = Path(argv[1]) if len(argv) > 1 else DEFAULT_ORACLES
    for folder in ("pluribus", "wsop-2023-43", "historical"):
        shutil.rmtree(HERE / folder, ignore_errors=True)
    for folder in ("wsop-2023-43", "historical"):
        shutil.copytree(oracles / folder, HERE / folder)
    for path in choose(oracles / "pluribus"):
        target = HERE / path.relative_to(oracles)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

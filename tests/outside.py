"""Where the tests find material that is not in the repository: the league's two seed rulebooks
(which no rule text may copy, so they are never committed) and the full hand-history oracles
(10,013 files; tests/data/phh/ vendors a subset). A fresh clone has neither, and the tests that
read them skip. This is the one place that names them (tests/test_references.py allows it here
only): set TEST_SEEDS_DIR or TEST_ORACLES_DIR, else each is looked for in a `shared` folder
beside the repository, where the project's development machine keeps them.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BESIDE = REPO.parent / "shared"

SEEDS = Path(os.environ.get("TEST_SEEDS_DIR") or BESIDE / "seeds")
TREPS_SEED = SEEDS / "000_5b95663e45ffa630.txt"
TAVERN_SEED = SEEDS / "003_82ec4f962936c3b7.txt"

ORACLES = Path(os.environ.get("TEST_ORACLES_DIR") or BESIDE / "oracles" / "phh")

"""The engine against real hand histories: every oracle hand replays to its finishing stacks.

Two sets: the subset vendored in tests/data/phh/ (313 hands, always run, so a fresh clone tests
the engine) and the full 10,013 at tests/outside.py's ORACLES when that folder exists (see the
READMEs of both for what the hands are). One test per folder, each looping over its files
(10,013 pytest parameters would cost more than the replays themselves) and listing every
failing file at once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.phh import PHHHand, finishing_stacks, parse_phh, replay_phh, to_phh
from bot.engine.profile import make_profile
from bot.replay import replay_file
from tests.outside import ORACLES

REPO = Path(__file__).resolve().parents[2]
VENDORED = REPO / "tests" / "data" / "phh"
SETS = {"vendored": VENDORED, "full": ORACLES}

# From the full oracles' README ("Whole chips", in the folder above ORACLES): the Pluribus logs
# split these pots into half chips; with whole chips the odd chip goes to the first winner left
# of the button.
HALF_CHIP_HANDS: dict[str, list[int]] = {
    "pluribus/102/0.phh": [10113, 9775, 10000, 10000, 10112, 10000],
    "pluribus/32/23.phh": [9950, 9275, 10388, 10000, 10000, 10387],
    "pluribus/41b/204.phh": [10163, 9900, 10000, 10162, 10000, 9775],
    "pluribus/60/88.phh": [9950, 10138, 10000, 10000, 9775, 10137],
    "pluribus/75b/76.phh": [9775, 9900, 10163, 10000, 10000, 10162],
    "pluribus/88/128.phh": [9950, 9475, 10000, 10288, 10000, 10287],
    "pluribus/91/43.phh": [9950, 9900, 10000, 10188, 10187, 9775],
    "pluribus/91/53.phh": [10113, 9775, 10000, 10112, 10000, 10000],
}
NO_FINISHING_STACKS = {"historical/dwan-ivey-2009.phh"}
EXPECTED_COUNTS = {
    "vendored": {"pluribus": 300, "wsop-2023-43": 11, "historical": 2},
    "full": {"pluribus": 10_000, "wsop-2023-43": 11, "historical": 2},
}


def _root(name: str) -> Path:
    root = SETS[name]
    if not root.is_dir():
        # Only the full set lives outside the repository; the vendored one must be there.
        assert name == "full", f"vendored hand histories missing at {root}"
        pytest.skip(f"full hand-history oracles not found at {root}")
    return root


def _expected(rel: str, phh: PHHHand) -> list[int] | None:
    if rel in HALF_CHIP_HANDS:
        return HALF_CHIP_HANDS[rel]
    if phh.finishing_stacks is None:
        return None
    stacks = phh.finishing_stacks
    # Any other fractional stack would be a half-chip hand the README does not list.
    assert all(x == int(x) for x in stacks), f"{rel}: unlisted fractional stacks {stacks}"
    return [int(x) for x in stacks]


@pytest.mark.parametrize(("name", "folder"), [
    (name, folder) for name in SETS for folder in sorted(EXPECTED_COUNTS[name])
])
def test_oracle_folder_replays_to_finishing_stacks(name: str, folder: str) -> None:
    root = _root(name)
    files = sorted((root / folder).rglob("*.phh"))
    assert len(files) == EXPECTED_COUNTS[name][folder]
    failures: list[str] = []
    checked = 0
    for path in files:
        rel = path.relative_to(root).as_posix()
        phh = parse_phh(path.read_text(encoding="utf-8"))
        expected = _expected(rel, phh)
        if expected is None:
            assert rel in NO_FINISHING_STACKS, f"{rel} has no finishing_stacks"
        # replay_file is what `python -m bot.replay` runs: the tested path is the shipped one.
        result = replay_file(path, "tda")
        if "error" in result:
            failures.append(f"{rel}: {result['error']}")
        elif expected is not None and result["finishing_stacks"] != expected:
            failures.append(f"{rel}: got {result['finishing_stacks']}, want {expected}")
        else:
            checked += expected is not None
    assert not failures, f"{len(failures)} of {len(files)} hands differ:\n" + "\n".join(
        failures[:30]
    )
    assert checked == len(files) - len(
        [f for f in files if f.relative_to(root).as_posix() in NO_FINISHING_STACKS])


@pytest.mark.parametrize("name", sorted(SETS))
def test_half_chip_table_files_exist(name: str) -> None:
    root = _root(name)
    for rel in HALF_CHIP_HANDS:
        assert (root / rel).is_file(), rel
        fs = parse_phh((root / rel).read_text(encoding="utf-8")).finishing_stacks
        # The README's table replaces a log that really has half chips, and moves no chips.
        assert fs is not None and any(x != int(x) for x in fs), rel
        assert sum(fs) == sum(HALF_CHIP_HANDS[rel]), rel


def test_vendored_files_are_unchanged_copies_of_the_oracles() -> None:
    _root("full")
    vendored = sorted(VENDORED.rglob("*.phh"))
    assert len(vendored) == sum(EXPECTED_COUNTS["vendored"].values())
    for path in vendored:
        rel = path.relative_to(VENDORED)
        assert path.read_bytes() == (ORACLES / rel).read_bytes(), rel


def test_dwan_ivey_replays_without_finishing_stacks() -> None:
    result = replay_file(VENDORED / "historical" / "dwan-ivey-2009.phh")
    assert "error" not in result, result
    stacks = result["finishing_stacks"]
    assert isinstance(stacks, list)
    assert sum(stacks) == 1125600 + 2000000 + 553500


# ---------------------------------------------------------------------- the CLI


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.replay", *args],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )


def test_cli_folder_prints_one_json_line_per_hand() -> None:
    folder = VENDORED / "wsop-2023-43"
    run = _cli(str(folder))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == EXPECTED_COUNTS["vendored"]["wsop-2023-43"]
    files = set()
    for line in lines:
        record = json.loads(line)
        assert "error" not in record, record
        assert all(isinstance(x, int) for x in record["finishing_stacks"])
        files.add(Path(record["file"]).name)
    assert files == {p.name for p in folder.glob("*.phh")}


HEADER = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
"""


@pytest.mark.parametrize(
    ("actions", "refused"),
    [
        # The minimum raise is to 200: a history saying 150 is refused, not corrected.
        (["p3 cbr 150"], "p3 cbr 150"),
        # More than the stack of 1,000.
        (["p3 cbr 1500"], "p3 cbr 1500"),
        # Raising again when nobody re-raised: legal; then p1 below the minimum re-raise.
        (["p3 cbr 300", "p1 cbr 400"], "p1 cbr 400"),
    ],
)
def test_cli_refused_amount_exits_2_and_names_the_action(
    tmp_path: Path, actions: list[str], refused: str
) -> None:
    deal = ["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h2c"]
    path = tmp_path / "bad.phh"
    path.write_text(HEADER + "actions = " + json.dumps(deal + actions) + "\n")
    run = _cli(str(path))
    assert run.returncode == 2, run.stdout + run.stderr
    (line,) = run.stdout.splitlines()
    record = json.loads(line)
    assert refused in record["error"], record
    assert "finishing_stacks" not in record


def test_cli_unreadable_file_exits_2(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.phh"
    garbage.write_bytes(b"\xff\xfe not toml [[[")
    missing = tmp_path / "missing.phh"
    run = _cli(str(garbage), str(missing))
    assert run.returncode == 2, run.stdout + run.stderr
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(records) == 2
    assert all("error" in r and "finishing_stacks" not in r for r in records), records


def test_cli_one_bad_file_among_good_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'FL'\n")
    run = _cli(str(VENDORED / "wsop-2023-43" / "1.phh"), str(bad))
    assert run.returncode == 2
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert "finishing_stacks" in first and "error" in second


# ---------------------------------------------------------------------- PHH round trip


def test_phh_round_trip_wsop_2023_43() -> None:
    tda = make_profile("tda")
    files = sorted((VENDORED / "wsop-2023-43").glob("*.phh"))
    assert files
    for path in files:
        phh = parse_phh(path.read_text(encoding="utf-8"))
        hand = replay_phh(phh, tda)
        text = to_phh(hand, reveal=set(hand.players))
        again = parse_phh(text)
        rehand = replay_phh(again, tda)
        assert finishing_stacks(rehand) == finishing_stacks(hand), path.name
        assert again.finishing_stacks == finishing_stacks(hand), path.name
        assert again.starting_stacks == phh.starting_stacks, path.name
        assert rehand.board == hand.board, path.name


# ---------------------------------------------------------------------- heads-up PHH


HEADS_UP_POKERKIT = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ['d dh p1 5d7s', 'd dh p2 2sQc', 'p2 cbr 30', 'p1 cc', 'd db AhThJs', 'p1 cbr 50', 'p2 f']
"""


def test_heads_up_phh_reads_and_writes_like_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    # pokerkit plays this history to [1030, 970]: p2 (button) raises, p1 calls, bets, p2 folds.
    assert list(list(pokerkit.HandHistory.loads(HEADS_UP_POKERKIT))[-1].stacks) == [1030, 970]
    hand = replay_phh(parse_phh(HEADS_UP_POKERKIT))
    assert finishing_stacks(hand) == [1030, 970]
    # And what we write, pokerkit must read to the same stacks.
    written = to_phh(hand, reveal=set(hand.players))
    assert list(list(pokerkit.HandHistory.loads(written))[-1].stacks) == [1030, 970]

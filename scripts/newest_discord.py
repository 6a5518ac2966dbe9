"""Run the Discord tests against the newest discord.py 2.x release on the package index.

    python -m scripts.newest_discord [--version 2.8.0]

The suite runs on the discord.py that constraints.txt pins; a league installing the bot gets
whatever pyproject.toml's range allows. This asks the package index for the newest 2.x release
and, when it is not the pinned one, installs it in a virtual environment of its own (a
temporary folder; the project's own .venv is left alone) and runs tests/discord there. It ends:
- 0, saying so, when the newest release passes (pyproject.toml's range may then be raised),
  when it is the pinned one (the suite has tested it), or when the index cannot be reached
  (nothing was tried: not a failure of the bot's);
- 1 when the newest release breaks the bot, naming the release.
`--version` tries a given release instead of the newest (a release candidate, an older one).
.ci/run runs it after the suite.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "discord.py"
SERIES = ">=2,<3"
SIMCORD_REFUSES = 100  # run_discord_tests: the test driver itself refuses the release


def pinned_version(constraints: Path = ROOT / "constraints.txt") -> str | None:
    """The discord.py version constraints.txt pins (the one the suite runs on)."""
    for line in constraints.read_text(encoding="utf-8").splitlines():
        found = re.fullmatch(r"\s*discord\.py\s*==\s*([^\s#]+)\s*(#.*)?", line)
        if found:
            return found.group(1)
    return None


def newest_on_index() -> tuple[str | None, str]:
    """(the newest 2.x release the index offers, None when it could not be asked; pip's last
    words when it could not)."""
    asked = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--quiet", "--no-deps",
         "--ignore-installed", "--disable-pip-version-check", "--report", "-",
         # an unreachable index is said at once, not after minutes of retries
         "--retries", "1", "--timeout", "20",
         f"{PACKAGE}{SERIES}"],
        capture_output=True, text=True, timeout=300)
    if asked.returncode != 0:
        return None, (asked.stderr.strip().splitlines() or ["no answer"])[-1]
    try:
        report = json.loads(asked.stdout)
        return str(report["install"][0]["metadata"]["version"]), ""
    except (ValueError, KeyError, IndexError) as exc:
        return None, f"pip's report could not be read ({exc})"


def run_discord_tests(version: str) -> int:
    """Install the project with discord.py `version` in a fresh environment and run the Discord
    tests there; pytest's exit code (or pip's, if the install failed)."""
    with tempfile.TemporaryDirectory(prefix="newest-discord-") as tmp:
        home = Path(tmp)
        venv.create(home / "venv", with_pip=True)
        python = str(home / "venv" / "bin" / "python")
        # The pinned versions of everything but discord.py.
        others = home / "constraints.txt"
        others.write_text("".join(line + "\n" for line in
                                  (ROOT / "constraints.txt").read_text().splitlines()
                                  if not line.strip().startswith(PACKAGE)))
        pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        installed = subprocess.run([*pip, "-c", str(others), "-e", f"{ROOT}[test]"], cwd=ROOT)
        if installed.returncode != 0:
            return installed.returncode
        # Outside pyproject.toml's range on purpose: pip says so and installs it.
        installed = subprocess.run([*pip, f"{PACKAGE}=={version}"], cwd=ROOT)
        if installed.returncode != 0:
            return installed.returncode
        # SimCord checks discord.py's insides when imported: one that refuses this release
        # cannot say whether the bot works on it.
        simcord = subprocess.run([python, "-c", "import simcord"], cwd=ROOT,
                                 capture_output=True, text=True)
        if simcord.returncode != 0:
            print((simcord.stderr.strip().splitlines() or ["?"])[-1])
            return SIMCORD_REFUSES
        return subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               "tests/discord"], cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--version", help="a discord.py release to try instead of the newest")
    args = parser.parse_args(argv)
    pinned = pinned_version()
    version = args.version
    if version is None:
        version, why = newest_on_index()
        if version is None:
            print(f"newest discord.py: the package index could not be asked ({why}); the "
                  "newest release was not tried.")
            return 0
        if version == pinned:
            print(f"newest discord.py: {version} is the release constraints.txt pins; the "
                  "suite has run on it.")
            return 0
    print(f"newest discord.py: running the Discord tests on discord.py {version} (the suite "
          f"ran on {pinned})", flush=True)
    ran = run_discord_tests(version)
    if ran == SIMCORD_REFUSES:
        print(f"newest discord.py: FAILED: discord.py {version} could not be tested: SimCord, "
              "which drives the Discord tests, refuses it (above). Raise SimCord, then run "
              "this again; pyproject.toml's range keeps leagues off it meanwhile.")
        return 1
    if ran != 0:
        print(f"newest discord.py: FAILED: discord.py {version} breaks the bot (the Discord "
              f"tests above fail on it; they pass on {pinned}). pyproject.toml's range keeps "
              "leagues off it until the bot is fixed for it.")
        return 1
    print(f"newest discord.py: discord.py {version} passes the Discord tests; pyproject.toml's "
          "range and constraints.txt may be raised to it.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Set up and run the bot, or its tests, with nothing but python3 (3.11 or newer).

    python3 run.py              the bot (reads DISCORD_TOKEN from .env; without one it says how
                                to get one and plays the offline demo)
    python3 run.py test [ARGS]  the whole test suite (ARGS go to pytest)
    python3 run.py db ARGS      database upkeep: backups, restore PATH, check (python -m bot.db)
    python3 run.py demo         the offline demo

Each makes the virtual environment `.venv` beside this file when it is missing and installs
into it what it needs, with the versions CI ran (constraints.txt): running the bot only what
running needs, the tests the `test` extra as well. It installs again only when pyproject.toml
or constraints.txt changed (after a `git pull`), so it is safe, and quick, to run again.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
# What was installed into .venv, and from which pyproject.toml and constraints.txt.
STAMP = VENV / "installed.txt"
OLDEST_PYTHON = (3, 11)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def say(text: str) -> None:
    print(f"run.py: {text}", file=sys.stderr, flush=True)


def make_venv() -> None:
    """`.venv` with pip in it, made anew only when there is none that works."""
    python = venv_python()
    if python.exists() and subprocess.run(
            [python, "-c", "import pip"], capture_output=True).returncode == 0:
        return
    say("making the virtual environment .venv")
    done = subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(VENV, ignore_errors=True)  # half made: the next run starts clean
        if "ensurepip" in done.stdout + done.stderr:
            sys.exit("run.py: this python3 cannot make a virtual environment; on Debian or "
                     "Ubuntu install it with `sudo apt install python3-venv`, then run this "
                     "again.")
        sys.exit(f"run.py: `python3 -m venv .venv` failed:\n{done.stdout}{done.stderr}")


def wanted(extra: str) -> str:
    """What the stamp says once `extra` is installed from today's project files."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "constraints.txt"):
        digest.update((ROOT / name).read_bytes())
    digest.update(sys.version.encode())
    return f"{extra} {digest.hexdigest()}"


def install(extra: str) -> None:
    """The project, editable, with the dependencies `extra` needs ("run": only what running
    needs; "test": the test tools too), unless they are already there."""
    have = STAMP.read_text(encoding="utf-8").strip() if STAMP.exists() else ""
    if have in (wanted(extra), wanted("test")):  # the test extra holds what running needs
        return
    target = "." if extra == "run" else f".[{extra}]"
    say(f"installing {'what the bot needs' if extra == 'run' else 'the bot and its tests'} "
        "into .venv (a minute or two the first time)")
    done = subprocess.run([venv_python(), "-m", "pip", "install", "-q",
                           "--disable-pip-version-check", "-c", "constraints.txt", "-e",
                           target], cwd=ROOT)
    if done.returncode != 0:
        sys.exit("run.py: installing failed (pip's messages above); nothing was marked as "
                 "installed, so running this again tries again.")
    STAMP.write_text(wanted(extra) + "\n", encoding="utf-8")


def run_in_venv(args: list[str]) -> int:
    """The command with the virtual environment's python, in place of this process where the
    system allows it (Ctrl-C and a service manager's stop then reach the bot itself)."""
    command = [str(venv_python()), *args]
    if os.name == "nt":
        return subprocess.call(command, cwd=ROOT)
    os.chdir(ROOT)
    os.execv(command[0], command)


def main(argv: list[str]) -> int:
    if sys.version_info < OLDEST_PYTHON:
        sys.exit(f"run.py: the bot needs Python {OLDEST_PYTHON[0]}.{OLDEST_PYTHON[1]} or "
                 f"newer; this python3 is {sys.version.split()[0]}.")
    command = argv[:1]
    make_venv()
    if command == ["test"]:
        install("test")
        return run_in_venv(["-m", "pytest", *argv[1:]])
    install("run")
    if command == ["db"]:
        return run_in_venv(["-m", "bot.db", *argv[1:]])
    if command == ["demo"]:
        return run_in_venv(["-m", "bot", *argv])
    # Without a token: the way to get one, then the offline demo (python -m bot says so).
    return run_in_venv(["-m", "bot", "--demo-without-token", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

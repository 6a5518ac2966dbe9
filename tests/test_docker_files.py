"""The Docker image and the compose files keep a league's data and let the room's TV in.

No Docker daemon runs where the tests run, so the files are read here as Docker reads them:
the Dockerfile's instructions, `.dockerignore`'s patterns, the compose files' YAML, and the
environment a container gets (the image's ENV, then `--env-file` / `env_file`, then compose's
`environment`), which the bot's own settings code then reads.
"""

from __future__ import annotations

import fnmatch
import json
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.__main__ import main
from bot.config import ConfigError, Settings, load_settings
from bot.db import _parser as db_parser
from tests.test_settings_listed import settings_read

ROOT = Path(__file__).resolve().parents[1]
VOLUME = Path("/data")


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, its arguments) in order, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("#") or not line.strip():
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        word, _, args = whole.partition(" ")
        out.append((word.upper(), args.strip()))
    return out


def instructions(name: str) -> list[str]:
    return [args for word, args in dockerfile() if word == name]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for args in instructions("ENV"):
        for pair in shlex.split(args):
            key, _, value = pair.partition("=")
            env[key] = value
    return env


def env_file(path: Path) -> dict[str, str]:
    """What `--env-file` (and compose's `env_file`) sets: every `KEY=VALUE` line, taken as it
    is (an empty value sets the variable empty); comments and blank lines skipped."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            out[key.strip()] = value
    return out


def compose(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
    return loaded


def service_env(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {k: str(v) for k, v in env.items()}


def container_env(monkeypatch: pytest.MonkeyPatch, *layers: dict[str, str]) -> None:
    """The environment of a container: `layers`, the later winning, with no other setting set
    (no .env in the image: .dockerignore keeps it out)."""
    for name in settings_read((ROOT / "bot" / "config.py").read_text(encoding="utf-8")):
        monkeypatch.delenv(name, raising=False)
    for layer in layers:
        for key, value in layer.items():
            monkeypatch.setenv(key, value)


def settings_in_container(monkeypatch: pytest.MonkeyPatch, *layers: dict[str, str]) -> Settings:
    container_env(monkeypatch, *layers)
    return load_settings(env_file=None)


def ignored(patterns: list[str], path: str) -> bool:
    """Docker's reading of .dockerignore: the last matching pattern wins (`!` lets back in);
    a pattern matching a folder leaves everything in it out; `**/` is any depth."""
    parts = path.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    out = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip("/")
        if pattern.startswith("**/"):
            pattern = pattern[3:]
            hit = any(fnmatch.fnmatchcase(p.rsplit("/", 1)[-1], pattern) for p in prefixes)
        else:
            hit = any(fnmatch.fnmatchcase(p, pattern) for p in prefixes)
        if hit:
            out = not negate
    return out


# --- the image ---------------------------------------------------------------------------------


def test_the_image_keeps_the_database_on_its_volume_whatever_env_example_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`docker run --env-file .env` with .env copied from .env.example: its DATABASE_PATH
    (league.sqlite3) overrides anything of the image's of that name, and still the database
    and the backups are on the volume, and the screens listen where the TV can reach them."""
    example = env_file(ROOT / ".env.example")
    assert example.get("DATABASE_PATH") == "league.sqlite3"  # what the test is about
    settings = settings_in_container(monkeypatch, image_env(), example)
    assert settings.database_path == VOLUME / "league.sqlite3"
    assert settings.backup_dir == VOLUME / "backups"
    assert settings.web_host == "0.0.0.0"
    assert any(str(VOLUME) in json.loads(v) for v in instructions("VOLUME"))


def test_an_empty_database_path_is_on_the_volume_too(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = settings_in_container(monkeypatch, image_env(), {"DATABASE_PATH": ""})
    assert settings.database_path == VOLUME / "league.sqlite3"


@pytest.mark.parametrize("path", ["/app/league.sqlite3", "/data/../app/league.sqlite3"])
def test_a_database_outside_the_volume_is_refused_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        path: str) -> None:
    container_env(monkeypatch, image_env(), {"DATABASE_PATH": path})
    monkeypatch.chdir(tmp_path)  # no .env
    with pytest.raises(ConfigError):
        load_settings(env_file=None)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert err.startswith("Configuration error: DATABASE_PATH must be inside the container's "
                          "volume /data")


def test_outside_a_container_the_paths_are_the_working_folders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings = settings_in_container(monkeypatch, env_file(ROOT / ".env.example"))
    assert settings.database_path == Path("league.sqlite3")
    assert settings.backup_dir == Path("backups")
    assert settings.web_host == "127.0.0.1"
    assert settings.backup_keep == 14


def test_the_image_runs_as_a_user_that_owns_the_volume() -> None:
    words = [word for word, _ in dockerfile()]
    users = instructions("USER")
    assert users and users[-1] not in ("root", "0")
    assert words.index("USER") < words.index("CMD")  # the bot itself runs as that user
    made = " ".join(instructions("RUN"))
    assert f"useradd --create-home --uid 10001 {users[-1]}" in made
    assert f"chown {users[-1]}:{users[-1]} {VOLUME}" in made


def test_the_image_exposes_the_screens_port(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = settings_in_container(monkeypatch, image_env(), env_file(ROOT / ".env.example"))
    assert str(settings.web_port) in instructions("EXPOSE")[0].split()


def test_the_health_check_asks_the_bot_if_it_is_alive() -> None:
    (check,) = instructions("HEALTHCHECK")
    options, _, command = check.partition("CMD")
    assert json.loads(command) == ["python", "-m", "bot.db", "health"]
    assert db_parser().parse_args(["health"]).command == "health"
    assert "--start-period=" in options and "--interval=" in options


def test_the_image_installs_only_what_running_needs_at_the_versions_ci_ran() -> None:
    copied = " ".join(instructions("COPY"))
    assert "constraints.txt" in copied
    (install,) = [r for r in instructions("RUN") if "pip install" in r]
    assert "-c constraints.txt ." in install
    assert "[test]" not in install
    # Every package the project installs is copied in.
    for folder in ("bot", "cogs", "data"):
        assert f"COPY {folder} ./{folder}" in [f"COPY {c}" for c in instructions("COPY")]


def test_dockerignore_keeps_secrets_and_the_leagues_data_out() -> None:
    patterns = [line.strip() for line in
                (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    for secret in (".env", ".env.local", "league.sqlite3", "league.sqlite3-wal",
                   "league.sqlite3.backups", "backups/league-x.sqlite3", ".venv/bin/python",
                   ".git/config", "bot/__pycache__/x.pyc"):
        assert ignored(patterns, secret), secret
    for needed in ("pyproject.toml", "constraints.txt", "bot/__main__.py", "cogs/play.py",
                   "data/structures/turbo.toml", "bot/store/sqlite/migrations/0001_initial.sql"):
        assert not ignored(patterns, needed), needed


# --- compose -----------------------------------------------------------------------------------


def test_docker_compose_is_one_bot_on_sqlite_with_its_volume(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = compose("docker-compose.yml")
    (name, bot), = spec["services"].items()
    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    assert bot["restart"] == "unless-stopped"
    volume, _, mounted = bot["volumes"][0].partition(":")
    assert Path(mounted) == VOLUME and volume in spec["volumes"]  # a named volume, kept
    settings = settings_in_container(monkeypatch, image_env(), env_file(ROOT / ".env.example"),
                                     service_env(bot))
    assert settings.database_url is None
    assert settings.database_path.parent == VOLUME
    published = [p.split(":") for p in bot["ports"]]
    assert ["8080", str(settings.web_port)] in published


def test_compose_postgres_is_the_network_of_two_processes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = compose("compose.postgres.yml")
    services = spec["services"]
    assert services["postgres"]["image"].startswith("postgres:")
    bots = {name: s for name, s in services.items() if s.get("build") == "."}
    served: set[int] = set()
    for bot in bots.values():
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["restart"] == "unless-stopped"
        settings = settings_in_container(monkeypatch, image_env(),
                                         env_file(ROOT / ".env.example"), service_env(bot))
        assert str(settings.database).startswith("postgresql://")
        assert settings.shards is not None
        assert not served & settings.shards.ids  # no shard served twice
        served |= settings.shards.ids
        count = settings.shards.count
    assert len(bots) == 2 and served == set(range(count))

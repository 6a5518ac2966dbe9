"""The check .ci/run makes of the newest discord.py 2.x release (scripts/newest_discord.py): a
release that breaks the Discord tests fails it, named; an index that cannot be asked, or a
newest release that is the pinned one, passes and says so."""

from __future__ import annotations

import pytest

from scripts import newest_discord


def test_the_pinned_release_is_read_from_constraints() -> None:
    assert newest_discord.pinned_version() == newest_discord.ROOT.joinpath(
        "constraints.txt").read_text().split("discord.py==")[1].split()[0]


def test_a_newer_release_that_breaks_the_bot_fails_naming_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tried: list[str] = []
    monkeypatch.setattr(newest_discord, "newest_on_index", lambda: ("9.9.0", ""))
    monkeypatch.setattr(newest_discord, "run_discord_tests", lambda v: tried.append(v) or 1)
    assert newest_discord.main([]) == 1
    assert tried == ["9.9.0"]
    assert "FAILED: discord.py 9.9.0 breaks the bot" in capsys.readouterr().out


def test_a_newer_release_that_passes_says_the_range_may_be_raised(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(newest_discord, "newest_on_index", lambda: ("9.9.0", ""))
    monkeypatch.setattr(newest_discord, "run_discord_tests", lambda v: 0)
    assert newest_discord.main([]) == 0
    assert "9.9.0 passes the Discord tests" in capsys.readouterr().out


@pytest.mark.parametrize("answer, said", [
    ((None, "Could not reach the index"), "could not be asked (Could not reach the index)"),
    (("pinned", ""), "the release constraints.txt pins"),
])
def test_nothing_is_run_when_the_index_is_unreachable_or_offers_the_pinned_release(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        answer: tuple[str | None, str], said: str) -> None:
    version = newest_discord.pinned_version() if answer[0] == "pinned" else None
    monkeypatch.setattr(newest_discord, "newest_on_index", lambda: (version, answer[1]))
    monkeypatch.setattr(newest_discord, "run_discord_tests",
                        lambda v: pytest.fail("no release should be installed"))
    assert newest_discord.main([]) == 0
    assert said in capsys.readouterr().out


def test_a_release_the_test_driver_refuses_fails_saying_it_was_not_tested(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(newest_discord, "newest_on_index", lambda: ("9.9.0", ""))
    monkeypatch.setattr(newest_discord, "run_discord_tests",
                        lambda v: newest_discord.SIMCORD_REFUSES)
    assert newest_discord.main([]) == 1
    assert "discord.py 9.9.0 could not be tested: SimCord" in capsys.readouterr().out

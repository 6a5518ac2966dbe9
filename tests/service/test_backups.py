"""The bot's own backups with the real game service playing: taken mid-hand and put back with
`python -m bot.db restore`, the tournament resumes from it; the daily schedule on the service's
clock; rotation; a backup folder that fails never stops play; the copy never holds up a
player's action."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.service import Outcome, TournamentService
from bot.service.backups import BACKUP_EVERY, RETRY_AFTER, TELL_EVERY, Backups
from bot.store import Store
from bot.store.runlock import running_on
from bot.store.sqlite import maintenance
from bot.store.sqlite.backups import backup_name, list_backups
from tests.service.helpers import FakeClock, acting, play_out, started_service

ROOT = Path(__file__).resolve().parents[2]


def db_command(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot.db", *args], capture_output=True,
                          text=True, timeout=120, env=env)


async def act(session, clock: FakeClock, action: str = "check_or_call") -> None:  # noqa: ANN001
    table, seat = acting(session)
    await session.run(lambda t, now: t.act(table, seat, action, now=now))
    clock.now += 2


def stacks(session) -> dict[str, int]:  # noqa: ANN001
    return {p: e.stack for p, e in session.tournament.players.items()}


async def test_a_backup_taken_mid_hand_restores_and_the_tournament_plays_on(
        tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(db, clock, heard)
    backups = Backups(session.store, tmp_path / "backups", keep=14, clock=clock)
    await act(session, clock)  # the first hand under way
    hand = session.tournament.tables[acting(session)[0]].hand
    assert hand is not None and not hand.is_over
    at_backup = (hand.hand_id, acting(session), len(hand.events), stacks(session))

    made = await backups.take("daily")
    assert made is not None and made.path.parent == tmp_path / "backups"
    await act(session, clock, "fold")  # play goes on after the backup...
    await play_out(session, clock, seed=5)  # ...to the end
    assert session.tournament.status == "finished"
    service.close()
    await session.store.close()

    restored = db_command("restore", str(made.path), "--database", str(db))
    assert restored.returncode == 0, restored.stderr
    aside = next(tmp_path.glob("league.sqlite3.before-restore-*"))
    assert f"kept at {aside}" in restored.stdout
    checked = db_command("check", "--database", str(db))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip().endswith("OK")

    # The bot started on it again finds the tournament at the hand and the player the backup
    # was taken at, and it plays on to a winner.
    store = await Store.open(db, clock=clock)
    again = TournamentService(store, clock=clock, seeds=lambda: "seed-after")
    (resumed,) = await again.recover()
    t = resumed.tournament
    assert t.status == "running"
    now_hand = t.tables[acting(resumed)[0]].hand
    assert now_hand is not None
    assert (now_hand.hand_id, acting(resumed), len(now_hand.events), stacks(resumed)) == at_backup
    await play_out(resumed, clock, seed=6)
    assert resumed.tournament.status == "finished"
    again.close()
    await store.close()
    # The database as it was before the restore holds the finished tournament.
    kept = await Store.open(aside)
    assert [row.status for row in await kept.tournaments()] == ["finished"]
    await kept.close()


async def test_restore_is_refused_while_a_bot_runs_on_the_database(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    store = await Store.open(db)
    made = await store.backup(tmp_path / "copy.sqlite3")
    await store.close()
    before = db.read_bytes()
    with running_on(db):  # what `python -m bot` holds while it runs
        refused = db_command("restore", str(made), "--database", str(db))
    assert refused.returncode == 1
    assert refused.stderr.startswith(f"Not restored: a bot is running on {db}; stop it first")
    assert db.read_bytes() == before and not list(tmp_path.glob("*.before-restore-*"))


async def test_restore_refuses_a_file_that_is_not_a_sound_backup(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    store = await Store.open(db)
    await store.close()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    done = db_command("restore", str(junk), "--database", str(db))
    assert done.returncode == 1 and done.stderr.startswith("Not restored: ")
    assert not list(tmp_path.glob("*.before-restore-*"))


async def test_the_backups_are_listed_with_their_time_and_size(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    clock = FakeClock()  # 2023-11-14 22:13:20 UTC
    store = await Store.open(db, clock=clock)
    backups = Backups(store, tmp_path / "backups", keep=14, clock=clock)
    await backups.take("daily")
    clock.now += 3600
    await backups.take("after-tournament-7")
    by_hand = await store.backup(tmp_path / "before-the-final.sqlite3")
    await store.close()
    listed = db_command("backups", "--database", str(db))
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == f"Backups of {db}, oldest first (times in UTC):"
    assert lines[1].startswith("  2023-11-14 22:13:20  ") and "daily" in lines[1]
    assert lines[2].startswith("  2023-11-14 23:13:20  ") and "after-tournament-7" in lines[2]
    assert " KB  " in lines[1] and str(tmp_path / "backups") in lines[1]
    assert "by hand" in lines[3] and str(by_hand.resolve()) in lines[3]
    assert lines[4] == "Put one back (the bot stopped): python -m bot.db restore PATH"


async def test_once_a_day_counted_from_the_newest_backup_even_across_restarts(
        tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "league.sqlite3", clock=clock)
    folder = tmp_path / "backups"
    backups = Backups(store, folder, keep=14, clock=clock)
    backups.start()
    assert backups.next_at == clock.now  # none yet: at once
    assert await backups.due() is not None
    clock.now += BACKUP_EVERY - 1
    assert await backups.due() is None
    clock.now += 1
    assert await backups.due() is not None
    await backups.close()

    # A restart an hour later takes none until a day after the newest.
    clock.now += 3600
    restarted = Backups(store, folder, keep=14, clock=clock)
    restarted.start()
    assert await restarted.due() is None
    assert restarted.next_at == clock.now - 3600 + BACKUP_EVERY
    # A finished tournament's backup counts as the day's.
    restarted.after_tournament(3)
    await restarted.close()
    assert [b.why for b in list_backups(folder, store.path)] == [
        "daily", "daily", "after-tournament-3"]
    await store.close()


async def test_only_the_newest_are_kept_and_nothing_else_in_the_folder_is_touched(
        tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(tmp_path / "league.sqlite3", clock=clock)
    folder = tmp_path / "backups"
    folder.mkdir()
    mine = [folder / "notes.txt", folder / "league-before-the-final.sqlite3",
            folder / backup_name(tmp_path / "other.sqlite3", clock.now - 9e5, "daily")]
    for path in mine:
        path.write_text("kept")
    backups = Backups(store, folder, keep=3, clock=clock)
    for n in range(5):
        assert await backups.take(f"after-tournament-{n}") is not None
        clock.now += 60
    kept = list_backups(folder, store.path)
    assert [b.why for b in kept] == ["after-tournament-2", "after-tournament-3",
                                     "after-tournament-4"]
    assert all(path.read_text() == "kept" for path in mine)
    # Two in the same second both kept, under two names.
    await backups.take("daily")
    await backups.take("daily")
    assert [b.why for b in list_backups(folder, store.path)][-2:] == ["daily", "daily-2"]
    await store.close()


async def test_a_failing_backup_folder_never_stops_play_and_is_told_once_a_day(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "league.sqlite3", clock, heard)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the backup folder should be")
    told: list[str] = []

    async def tell(reason: str) -> None:
        told.append(reason)

    backups = Backups(session.store, blocker / "backups", keep=14, clock=clock,
                      on_failure=tell)
    caplog.set_level(logging.INFO, logger="bot.service.backups")
    assert await backups.take("daily") is None
    assert backups.next_at == clock.now + RETRY_AFTER
    events = session.tournament.event_count
    await act(session, clock)  # play goes on
    assert session.tournament.event_count > events
    for _ in range(3):  # tried again later the same day: not told again, logged once
        clock.now += RETRY_AFTER
        assert await backups.due() is None
    assert len(told) == 1 and "NotADirectoryError" in told[0]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "could not be backed up" in errors[0].getMessage()
    clock.now = backups.next_at + TELL_EVERY
    assert await backups.due() is None
    assert len(told) == 2  # a day later, once more

    blocker.unlink()  # the host fixes it
    made = await backups.take("daily")
    assert made is not None and made.path.exists()
    assert any("backed up again" in r.getMessage() for r in caplog.records)
    service.close()
    await session.store.close()


async def test_the_copy_never_holds_up_a_players_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy is held in its thread until the player's action is committed: the action
    goes through meanwhile (the event loop and the store's writes never wait for it)."""
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "league.sqlite3", clock, heard)
    started, release = threading.Event(), threading.Event()
    copying_in: list[threading.Thread] = []
    real_copy = maintenance.copy_database

    def held_copy(source: Path, dest: Path) -> None:
        copying_in.append(threading.current_thread())
        started.set()
        assert release.wait(60)
        real_copy(source, dest)

    monkeypatch.setattr(maintenance, "copy_database", held_copy)
    backups = Backups(session.store, tmp_path / "backups", keep=14, clock=clock)
    taking = asyncio.get_running_loop().create_task(backups.take("daily"))
    assert await asyncio.to_thread(started.wait, 60)
    events = session.tournament.event_count
    await act(session, clock)  # committed while the copy is held
    await act(session, clock)
    assert session.tournament.event_count > events and not taking.done()
    release.set()
    made = await taking
    assert made is not None and made.path.exists()
    assert copying_in[0] is not threading.main_thread()
    service.close()
    await session.store.close()

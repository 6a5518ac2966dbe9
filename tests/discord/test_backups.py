"""The running bot's own backups and heartbeat, as a league meets them: a backup at start and
after a finished night (with its results in it), a failing backup folder said once to the
director role while the night plays on, and the process's heartbeat the health check reads."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from bot.discord_ui.client import LeagueBot, create_bot
from bot.service.service import HEARTBEAT_SECONDS
from bot.store import Store
from bot.store.sqlite.backups import list_backups

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import public

FAILING = "could not be backed up"


@pytest.fixture
def backup_dir(tmp_path: Path) -> Path:
    return tmp_path / "backups"


@pytest.fixture
def simcord_bot(tmp_path: Path, backup_dir: Path) -> LeagueBot:
    # What `python -m bot` turns on: its backups and its own heartbeat.
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                      backup_dir=backup_dir, backup_keep=14, process_heartbeat=True)


async def live_night_to_its_end(h: Harness) -> int:
    """A live night of three, started and played to its winner by the director's busts."""
    r = await h.director.slash(h.channel, "tournament create", name="Friday", mode="live")
    assert "is open for registration" in public(h, r)
    for m in (h.alice, h.bob, h.carol):
        await m.slash(h.channel, "tournament join")
    await h.director.slash(h.channel, "tournament start")
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    t = session.tournament
    for _ in range(2):
        await h.director.slash(h.channel, "bust", player=t.playing[-1])
    assert t.status == "finished"
    return session.store_id


async def test_the_bot_backs_up_at_start_and_after_a_finished_night(
        harness: Harness, tmp_path: Path, backup_dir: Path) -> None:
    h = harness
    db = tmp_path / "db.sqlite3"
    assert [b.why for b in list_backups(backup_dir, db)] == ["daily"]  # none before: at once
    tid = await live_night_to_its_end(h)
    assert h.bot.backups is not None
    await h.bot.backups.made()  # the one asked for at the finish
    found = list_backups(backup_dir, db)
    assert [b.why for b in found] == ["daily", f"after-tournament-{tid}"]
    # The night's places are in it.
    copy = await Store.open(found[-1].path)
    assert sorted(r.place for r in await copy.results(tid)) == [1, 2, 3]
    await copy.close()


async def test_a_failing_backup_is_said_once_to_the_director_role_and_play_goes_on(
        harness: Harness, backup_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    caplog.set_level(logging.ERROR, logger="bot.service.backups")
    shutil.rmtree(backup_dir)  # the folder becomes unusable mid-season
    backup_dir.write_text("a file where the backup folder was")
    tid = await live_night_to_its_end(h)
    assert h.bot.backups is not None
    await h.bot.backups.made()  # its backup failed
    told = [m for m in h.channel.history() if FAILING in m.content]
    assert len(told) == 1
    text = told[0].content
    assert text.startswith(f"<@&{h.director_role.id}> **The league's database could not be "
                           "backed up** (NotADirectoryError")
    assert "Play goes on and nothing is lost" in text and "BACKUP_DIR" in text
    sent = [r for r in h.env.http_requests if r.method == "POST" and isinstance(r.json, dict)
            and FAILING in str(r.json.get("content"))]
    assert sent[0].json["allowed_mentions"] == {"parse": [], "roles": [h.director_role.id]}
    # The night's results and points are all there all the same.
    assert len(await h.bot.store.results(tid)) == 3

    # The next night's backup fails too: not said again the same day, not logged again.
    h.bot.backups.after_tournament(tid)
    await h.bot.backups.made()
    assert sum(FAILING in m.content for m in h.channel.history()) == 1
    assert [r.levelno for r in caplog.records] == [logging.ERROR]


async def test_the_process_heartbeat_is_written_whatever_it_runs(harness: Harness) -> None:
    h = harness
    await h.advance(HEARTBEAT_SECONDS + 1)
    alive = await h.bot.store.process_alive_at("all")
    assert alive is not None and h.now() - HEARTBEAT_SECONDS - 1 <= alive <= h.now()
    await h.advance(3 * HEARTBEAT_SECONDS)
    later = await h.bot.store.process_alive_at("all")
    assert later is not None and later >= alive + 2 * HEARTBEAT_SECONDS

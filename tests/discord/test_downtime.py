"""A restart never charges its downtime to the players, as the channel shows it.

Online, the downtime is a pause: back up, every clock resumes with the time it had left and the
channel hears it once. A live night's clock is the room's: it catches up in one post.
"""

from __future__ import annotations

import re

import pytest

from bot.discord_ui.client import create_bot
from bot.service import Session
from bot.service.service import HEARTBEAT_SECONDS
from bot.tournament.clock import RESUME_MINIMUM

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_live_night import live_night
from .test_tournament_flow import create_and_join, table_message, to_act

TIMESTAMP = re.compile(r"<t:(\d+):R>")


async def restart_after(h: Harness, tmp_path, seconds: float) -> Session:
    """The bot stops, stays down `seconds`, and starts again on the same database."""
    await h.bot.close()
    await h.advance(seconds)
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    return new.tournaments.unfinished_in(h.guild.id)[0]


def posts_since(h: Harness, before: set[int]) -> list[str]:
    return [m.content for m in h.channel.history() if m.id not in before]


def past_timestamps(h: Harness, texts: list[str]) -> list[int]:
    return [int(x) for text in texts for x in TIMESTAMP.findall(text) if int(x) < h.now() - 1]


async def test_600_s_down_during_his_turn_does_not_time_him_out(harness: Harness,
                                                                 tmp_path) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol], profile="tda")
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, hand, seat = to_act(session)
    player = hand.players[seat].player
    await h.advance(30)  # 90 s of his 120 left
    before = {m.id for m in h.channel.history()}

    session = await restart_after(h, tmp_path, 600)
    posts = posts_since(h, before)
    assert not any("ran out of time" in p for p in posts), posts
    t = session.tournament
    assert not t.players[player].away
    table2, hand2, seat2 = to_act(session)
    assert (table2, hand2.hand_id, seat2) == (table, hand.hand_id, seat)
    turn = t.turn_deadline(table, h.now())
    # (The new bot's start-up takes a second or two of SimCord's virtual time after recovery.)
    assert turn is not None and turn.at == pytest.approx(h.now() + 90, abs=3)
    offline = [p for p in posts if "offline" in p]
    assert len(offline) == 1, posts
    assert "offline for 10 minutes" in offline[0] and "the clock was stopped" in offline[0]
    assert "play resumes at level 1, 25/50" in offline[0]
    # The table message shows his deadline as it is now, not the one that passed.
    assert not past_timestamps(h, posts)
    shown = table_message(h, session, table).embeds[0].description
    assert f"<t:{int(turn.at)}:R>" in shown

    # His time runs out when it would have, had the bot not stopped.
    await h.advance(turn.at - h.now() - 1)
    assert not any("ran out of time" in p for p in posts_since(h, before))
    await h.advance(2)
    assert sum("ran out of time" in p for p in posts_since(h, before)) == 1


async def test_31_minutes_down_mid_level_is_one_post_and_the_same_level(harness: Harness,
                                                                         tmp_path) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    await h.advance(100)
    left = session.tournament.clock_view(h.now()).seconds_left
    assert left is not None and 490 < left < 510
    before = {m.id for m in h.channel.history()}

    session = await restart_after(h, tmp_path, 31 * 60)
    posts = posts_since(h, before)
    t = session.tournament
    assert t.level_number(h.now()) == 1
    view = t.clock_view(h.now())
    assert view.seconds_left == pytest.approx(left, abs=3)
    assert not any("Level 2" in p or "Level 3" in p or "Level 4" in p for p in posts), posts
    offline = [p for p in posts if "offline" in p]
    assert len(offline) == 1, posts
    whole = round(left)
    assert (f"The bot was offline for 31 minutes; the clock was stopped; play resumes at "
            f"level 1, 25/50, {whole // 60}:{whole % 60:02d} left") in offline[0]
    assert not past_timestamps(h, posts), posts
    # The level ends when it had left to run.
    level = next(d for d in t.deadlines(h.now()) if d.kind == "level")
    assert level.at == pytest.approx(h.now() + left, abs=3)


async def test_a_short_turn_left_gets_the_minimum(harness: Harness, tmp_path) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol], profile="tda")
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, _, seat = to_act(session)
    await h.advance(118)  # 2 s left
    session = await restart_after(h, tmp_path, 600)
    turn = session.tournament.turn_deadline(table, h.now())
    assert turn is not None and turn.seat == seat
    assert turn.at == pytest.approx(h.now() + RESUME_MINIMUM, abs=3)


async def test_a_live_night_catches_up_in_one_post(harness: Harness, tmp_path) -> None:
    h = harness
    session, _ = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(5 * 60)  # regular: 20-minute levels
    before = {m.id for m in h.channel.history()}

    session = await restart_after(h, tmp_path, 31 * 60)
    posts = posts_since(h, before)
    t = session.tournament
    assert t.level_number(h.now()) == 2  # 36 minutes in
    assert len(posts) == 1, posts
    post = posts[0]
    assert "offline for 31 minutes" in post
    assert "level 2" in post.lower() and "50/100" in post
    assert "4:00 left" in post
    assert not past_timestamps(h, posts), posts
    # The clock message counts down to level 3, and the bot then goes on as usual.
    await h.advance(4 * 60 + 1)
    later = posts_since(h, before)
    assert any(p.startswith("⏰ **Level 3**") for p in later[1:]), later


async def test_the_running_bot_writes_its_heartbeat(harness: Harness) -> None:
    """What a SIGKILL leaves behind: a heartbeat at most HEARTBEAT_SECONDS old (the service
    test tests/service/test_downtime_crash.py kills a real process)."""
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    for _ in range(3):
        await h.advance(HEARTBEAT_SECONDS * 2.5)
        (rec,) = await h.bot.store.recover()
        assert rec.tournament.id == session.store_id and rec.alive_at is not None
        assert h.now() - HEARTBEAT_SECONDS <= rec.alive_at <= h.now()

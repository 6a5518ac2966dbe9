"""The director in control of the time: `/td time` on the level clock, `/td level`,
`/td break`, online and live, under each profile. Each is posted, kept as a director action,
shown on the clock (the live clock message, the screen's state, the table message's clock), and
survives a restart; refusals are private, specific, and change nothing."""

from __future__ import annotations

import re

import pytest

from bot.discord_ui.client import create_bot
from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.service import Session
from bot.service.usecases.director import director_actions
from bot.web.views import clock_view as screen_state

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_live_night import Channel, clock_id, live_night
from .test_tournament_flow import create_and_join, refused, reply, to_act

PROFILES = ("treps", "tavern", "tda")


def screen(session: Session, h: Harness) -> dict:
    """The state the room's clock page is sent (bot/web/views.py)."""
    return screen_state(session.tournament, name="x", names=session.names, now=h.now(),
                        words=SCREEN_WORDS)


def posted_since(h: Harness, seen: int) -> list[str]:
    return [m.content for m in h.channel.history()][seen:]


async def fold_out(h: Harness, session: Session) -> None:
    """The hand in play ends: whoever is to act folds until one is left."""
    first = to_act(session)
    for _ in range(20):
        found = to_act(session)
        if found is None or first is None or found[1] is not first[1]:
            return
        _, hand, seat = found
        actor = next(m for m in h.players if str(m.id) == hand.players[seat].player)
        await actor.slash(h.channel, "fold")
    raise AssertionError("the hand did not end")


async def restart(h: Harness, tmp_path) -> Session:
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    return new.tournaments.unfinished_in(h.guild.id)[0]


@pytest.mark.parametrize("profile", PROFILES)
async def test_online_time_level_and_break_from_the_next_hand(harness: Harness, tmp_path,
                                                              profile: str) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol], profile=profile)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    t = session.tournament
    hand = t.tables[1].hand
    assert hand is not None
    blinds_before = t.clock_view(h.now()).big_blind
    ends = t.clock_view(h.now()).ends_at
    assert ends is not None
    seen = len(h.channel.history())

    # Two more minutes in level 1: posted, answered, on the screen, kept.
    r = await h.director.slash(h.channel, "td time", change="+2m")
    assert r.ephemeral and reply(r).startswith("Done: Level 1 has ")
    assert t.clock_view(h.now()).ends_at == pytest.approx(ends + 120)
    assert screen(session, h)["ends_at"] == pytest.approx(ends + 120)
    assert any("The director adds 2 minutes to level 1" in p for p in posted_since(h, seen))
    # Set outright, then a restart keeps it.
    r = await h.director.slash(h.channel, "td time", change="12:00")
    assert reply(r) == "Done: Level 1 has 12:00 left."
    ends = h.now() + 720
    session = await restart(h, tmp_path)
    t = session.tournament
    assert t.clock_view(h.now()).seconds_left == pytest.approx(720, abs=1)

    # The next level: the hand in play keeps its blinds, the next hand plays the new ones.
    seen = len(h.channel.history())
    r = await h.director.slash(h.channel, "td level", to="next")
    assert reply(r) == "Done: the clock is at the start of level 2."
    posts = posted_since(h, seen)
    assert any("moves the clock to level 2 (it was level 1)" in p for p in posts), posts
    assert any("**Level 2**" in p for p in posts), posts
    level_2 = t.clock_view(h.now())
    assert level_2.level == 2 and level_2.big_blind > blinds_before
    current = t.tables[1].hand
    assert current is not None and current.hand_id == hand.hand_id
    await fold_out(h, session)
    await h.advance(HAND_DELAY)
    nxt = t.tables[1].hand
    assert nxt is not None and nxt.hand_id != hand.hand_id
    dealt = [e for e in t.events if getattr(e, "hand_id", None) == nxt.hand_id
             and e.type == "tournament.hand_dealt"]
    assert dealt and dealt[0].big_blind == level_2.big_blind

    # A break now: the next hand waits for its end; /td break again ends it.
    r = await h.director.slash(h.channel, "td break", minutes=5)
    assert reply(r) == "Break called: 5 minutes."
    assert screen(session, h)["on_break"] is True
    await fold_out(h, session)
    await h.advance(HAND_DELAY + 60)
    assert t.tables[1].hand is None
    seen = len(h.channel.history())
    r = await h.director.slash(h.channel, "td break")
    assert reply(r) == "Break ended."
    assert any("The director ends the break" in p for p in posted_since(h, seen))
    await h.advance(HAND_DELAY)
    assert t.tables[1].hand is not None and screen(session, h)["on_break"] is False

    actions = [a.action for a in await director_actions(h.bot.store, session.store_id)]
    assert [a for a in actions if a in ("level_time", "level", "break", "break_end")] == [
        "level_time", "level_time", "level", "break", "break_end"]


async def test_refusals_are_private_specific_and_change_nothing(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    r = await h.director.slash(h.channel, "td break")
    assert "has not started" in refused(h, r)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    t = session.tournament
    count = t.event_count
    cases = {
        ("td level", "to", "0"): "There is no level 0",
        ("td level", "to", "99"): "levels are 1 to",
        ("td level", "to", "previous"): "there is no level before it",
        ("td level", "to", "sideways"): "write `next`, `previous` or a level's number",
        ("td time", "change", "-2h"): "cannot go below none",
        ("td time", "change", "soon"): "write `+2m` or `-30s`",
    }
    for (command, option, value), words in cases.items():
        r = await h.director.slash(h.channel, command, **{option: value})
        assert words in refused(h, r), (value, reply(r))
    assert t.event_count == count
    # A player's decision takes only time added.
    r = await h.director.slash(h.channel, "td time", change="12:00", player=h.alice)
    text = refused(h, r)
    assert "For a player, give the time to add" in text
    assert text.endswith("`+2m`. Nothing was changed.")
    assert t.event_count == count


@pytest.mark.parametrize("profile", PROFILES)
async def test_live_clock_message_follows_the_director(harness: Harness, profile: str) -> None:
    h = harness
    seen = Channel(h)
    session, _ = await live_night(h, profile)
    await h.director.slash(h.channel, "tournament start")
    t = session.tournament
    clock = clock_id(h, session)
    seen.new()

    r = await h.director.slash(h.channel, "td time", change="-5m")
    assert reply(r).startswith("Done: Level 1 has ")
    ends = t.clock_view(h.now()).ends_at
    assert ends is not None
    assert f"Level ends <t:{int(ends)}:R>" in seen.message(clock).content
    assert any("The director takes 5 minutes off level 1" in p for p in seen.new())

    r = await h.director.slash(h.channel, "td level", to="3")
    posts = seen.new()
    assert any("moves the clock to level 3" in p for p in posts), posts
    assert any(p.startswith("⏰ **Level 3**") for p in posts), posts
    assert re.search(r"# Level 3 · ", seen.message(clock).content)
    assert screen(session, h)["level"] == 3

    r = await h.director.slash(h.channel, "td break", minutes=15)
    assert any("**Break**, called by the director: 15 minutes" in p for p in seen.new())
    shown = seen.message(clock).content
    assert "# ☕ Break" in shown and f"<t:{int(h.now() + 900)}:R>" in shown
    assert screen(session, h)["on_break"] is True
    # A minute before its end, the room is told; then it runs out by itself and level 3
    # resumes with its time.
    await h.advance(841)
    warned = seen.new()
    assert any(p.startswith("⏰ **One minute**: the break ends") and "Level 3" in p
               for p in warned), warned
    await h.advance(60)
    assert re.search(r"# Level 3 · ", seen.message(clock).content)
    assert not t.clock_view(h.now()).on_break

"""A finished tournament is let go of FINISHED_KEPT_SECONDS after its end (issue 24: at a
network's peak every tournament of the night stayed in memory, ~80 KiB each): the channel and
the standings still tell its result, from the store, and a screen left on its name and winner.
Let go of, it is freed by reference counting alone: nothing of it is left in a cycle, which the
bot's freezes of what lives long (bot/service/collector.py) would keep for good."""

from __future__ import annotations

import gc
import json

import pytest

from bot.discord_ui.client import FINISHED_KEPT_SECONDS

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, play_to_the_end


# A whole tournament (idle pings: see conftest); no freeze, so that the collector sees all
# that the tournament leaves.
@pytest.mark.bot_options(idle_ping_seconds=0, freeze_every=None)
async def test_a_finished_tournament_is_let_go_and_its_result_stays(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    tid = session.store_id
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    by_id = {str(m.id): m for m in members}
    await play_to_the_end(h, session, by_id, seed=3)
    winner = by_id[str(session.tournament.winner)].name
    await h.advance(FINISHED_KEPT_SECONDS - 60)
    assert h.bot.tournaments.get(tid) is session  # the room still reads the winner
    name = h.bot.tournaments.rows[tid].name
    h.bot.screen_feed.watched = frozenset({tid})  # its clock on the room's TV, a table's rail
    del session
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a pass finds unreachable stays in gc.garbage
    try:
        await h.advance(120)
        gc.collect()
        in_cycles = sorted({f"{type(o).__module__}.{type(o).__qualname__}"
                            for o in gc.garbage if type(o).__module__.startswith("bot.")})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert in_cycles == []
    assert h.bot.tournaments.get(tid) is None
    # The screens left on still say whose tournament it was and who won it.
    built = h.bot.screen_feed.build(tid, [(tid, None), (tid, 1)])
    clock, rail = (json.loads(built[key].split(b"data: ", 1)[1]) for key in built)
    assert clock["gone"] and clock["name"] == name and clock["winner"] == winner, clock
    assert rail["gone"] and rail["table"] == 1 and rail["winner"] == winner, rail
    assert tid not in h.bot.tournaments.rows
    assert tid not in h.bot.announcer.places and tid not in h.bot.announcer.sessions
    assert tid not in h.bot.live_clock.sessions
    # What players read of it afterwards comes from the store.
    r = await h.bob.slash(h.channel, "standings")
    assert r.response is not None
    text = r.response.content + "".join(e.description or "" for e in r.response.embeds)
    assert winner in text
    await h.alice.slash(h.channel, "tournament create", name="Next week")
    assert any("**Next week** is open for registration" in m.content
               for m in h.channel.history())  # the channel is free for the next one

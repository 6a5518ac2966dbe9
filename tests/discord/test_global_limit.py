"""Every request made with the bot's token goes through its pacer for Discord's global rate limit
(bot/discord_ui/global_limit.py), with the priority of what it is for; a click's answer never
does. The pacer's waiting is tested on a real loop in tests/discord_ui/test_global_limit.py:
SimCord fires a pacer's timers on the wall clock and only inside a settle, so here it never has
to wait (a limit far above what a test sends)."""

from __future__ import annotations

from typing import Any

import pytest
from discord.http import Route

from bot.discord_ui.global_limit import GlobalPacer, Priority, current_priority, pace_globally

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, table_message, to_act

NEVER_WAITS = 100_000.0


def paced_requests(h: Harness) -> list[tuple[str, str, Priority]]:
    """From now on: each request the pacer lets through (method, path, priority)."""
    seen: list[tuple[str, str, Priority]] = []
    request = h.bot.http.request

    async def recording(route: Route, **kwargs: Any) -> Any:
        seen.append((route.method, route.url.removeprefix(Route.BASE), current_priority()))
        return await request(route, **kwargs)

    h.bot.http.request = recording  # type: ignore[method-assign]
    h.bot.global_pacer = pacer = GlobalPacer(NEVER_WAITS)
    pace_globally(h.bot.http, pacer)
    return seen


@pytest.mark.bot_options(idle_ping_seconds=0)
async def test_commands_and_clicks_go_first_the_deal_as_the_game_answers_never_paced(
        harness: Harness) -> None:
    h = harness
    assert h.bot.global_pacer is None  # SimCord has no global limit (conftest's bots)
    seen = paced_requests(h)
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    # A member waits for his command: its public answer (a post) goes first, as a click's.
    registration = [(m, p) for m, _, p in seen]
    assert registration and all(p is Priority.ANSWER for _, p in registration)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY + 1)
    found = to_act(session)
    assert found is not None
    dm_channels = {m.user.dm_channel.id for m in members if m.user.dm_channel is not None}
    assert len(dm_channels) == 3
    hole_cards = [p for m, path, p in seen
                  if m == "POST" and any(f"/channels/{c}/messages" == path for c in dm_channels)]
    assert hole_cards == [Priority.GAME] * 3
    pacer = h.bot.global_pacer
    assert pacer is not None and pacer.sent == len(seen) > 3

    # A click: its answer (the table, edited) is an interaction callback, never paced; the
    # pacer sees only what the click's outcome posts, first of all.
    table, hand, seat = found
    member = next(m for m in members if str(m.id) == hand.players[seat].player)
    msg = table_message(h, session, table)
    fold = next(c.custom_id for row in msg.components for c in row.children
                if (c.custom_id or "").startswith("hp:f:"))
    before, requests = len(seen), len(h.env.http_requests)
    await member.click(msg, custom_id=fold)
    answered = [r for r in h.env.http_requests[requests:] if "/callback" in r.path]
    assert answered
    assert all(p is Priority.ANSWER for _, _, p in seen[before:])
    assert not any("/interactions/" in path or "/webhooks/" in path for _, path, _ in seen)


@pytest.mark.bot_options(idle_ping_seconds=0)
async def test_a_table_edit_outside_a_click_goes_last(harness: Harness) -> None:
    h = harness
    seen = paced_requests(h)
    members = [h.alice, h.bob]
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY + 1)
    found = to_act(session)
    assert found is not None
    table, _, _ = found
    msg = table_message(h, session, table)
    before = len(seen)
    # Nobody acts: his time runs out and the bot acts for him (a timer, not a click), which
    # edits the table message by the coalesced edit.
    turn = session.tournament.turn_deadline(table, h.now())
    assert turn is not None
    await h.advance(turn.at - h.now() + 1)
    assert any("ran out of time" in m.content for m in h.channel.history())
    # The posts (his time, the next hand, its hole cards) went as the game's; the edit of the
    # table message last.
    after = seen[before:]
    edits = [p for m, path, p in after if m == "PATCH"
             and path.startswith(f"/channels/{msg.channel.id}/messages/")]
    assert edits and all(p is Priority.BACKGROUND for p in edits)
    assert all(p is Priority.GAME for m, _, p in after if m == "POST")

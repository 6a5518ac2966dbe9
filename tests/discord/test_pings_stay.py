"""The idle ping is never deleted: it notifies the player to act, and once his turn is over it
is edited to say what happened, so the phone's notification still opens a message that is
true (no "ghost pings")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from simcord.backend.models.message import Message as Stored

from bot.discord_ui.client import LeagueBot, create_bot

from .conftest import GUILD_ID, Harness
from .test_table_message import BETWEEN_HANDS, click, dealt, member
from .test_tournament_flow import to_act


@pytest.fixture
def simcord_bot(tmp_path) -> LeagueBot:
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=BETWEEN_HANDS)


def stored(h: Harness) -> list[Stored]:
    """The channel's messages as Discord keeps them (who each one notified when posted)."""
    return sorted(h.env.backend.messages.get(h.channel.id, {}).values(), key=lambda m: m.id)


def notified(h: Harness) -> dict[int, list[int]]:
    """Message id -> the users its posting notified."""
    return {m.id: list(m.ping_user_ids) for m in stored(h) if m.ping_user_ids}


async def test_each_ping_notifies_its_player_and_stays_true_after_he_acts(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    slow = member(h, hand.players[seat].player)
    assert notified(h) == {}  # names on the table message and in DMs never ping
    await h.advance(11)
    pings = notified(h)
    assert list(pings.values()) == [[slow.id]]  # the ping notifies him, and only him
    (ping_id,) = pings
    ping = h.env.backend.messages[h.channel.id][ping_id]
    assert f"<@{slow.id}>" in ping.content
    assert ping.allowed_mentions.allows_user(slow.id)
    assert not any(ping.allowed_mentions.allows_user(m.id) for m in h.players if m is not slow)
    call = hand.legal().call_amount
    start = len(h.env.http_requests)
    await click(h, session, "hp:c:")  # he calls
    # The message the notification opens is still there and says what he did: no mention in
    # it any more, nobody notified by the edit; his click and that edit, as many requests as
    # the click and the deletion before.
    after = h.env.backend.messages[h.channel.id].get(ping_id)
    assert after is not None, "the ping was deleted: a ghost notification"
    assert after.content == f"{slow.name} acted at table {table}: called {call:,}.", after.content
    assert "<@" not in after.content
    assert len(h.env.http_requests) - start == 2
    # The next player is slow too, and his time runs out: his ping says so.
    table, hand, seat = to_act(session)
    slower = member(h, hand.players[seat].player)
    await h.advance(11)
    second = {k: v for k, v in notified(h).items() if k != ping_id}
    assert list(second.values()) == [[slower.id]]
    (second_id,) = second
    for _ in range(30):
        if hand.to_act != seat:
            break
        await h.advance(10)
    assert hand.to_act != seat
    said = h.env.backend.messages[h.channel.id][second_id].content
    assert said.startswith(f"{slower.name}'s time ran out at table {table}: "), said
    assert said.endswith(("folded.", "checked.")), said
    # Every message that notified anyone is a ping for the one player it was for.
    for mid, users in notified(h).items():
        assert mid in (ping_id, second_id) and len(users) == 1


async def test_the_next_players_ping_waits_his_own_full_time(harness: Harness) -> None:
    """A player who acts before his ping leaves the next one his whole wait: the table's wake-up,
    armed for the first player's moment, does not ping the second one early (pings.py keeps
    one timer per table and arms it again for the ping waiting)."""
    h = harness
    session = await dealt(h)
    await h.advance(6)  # the first player thinks 6 s of his 10, then calls
    await click(h, session, "hp:c:")
    assert notified(h) == {}
    table, hand, seat = to_act(session)
    second = member(h, hand.players[seat].player)
    await h.advance(6)  # past the first player's moment, 6 s into the second one's turn
    assert notified(h) == {}, "pinged before his 10 s were up"
    await h.advance(5)
    assert list(notified(h).values()) == [[second.id]]


async def test_a_ping_still_on_its_way_when_he_acts_is_posted_and_then_says_so(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """With Discord's round trip, the player may act while his ping is being posted: Discord
    has the message already, its answer is still on the way. The ping's sending is played out
    (before, it was cancelled: the message stayed "your turn", never edited, and the cancelled
    task's cycle was kept for good by the collector's freezes), then edited to say he acted."""
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    slow = member(h, hand.players[seat].player)
    real = h.bot.http.request

    async def answered_late(route: Any, **kwargs: Any) -> Any:
        result = await real(route, **kwargs)
        if route.method == "POST" and "your turn" in str(kwargs.get("json")):
            await asyncio.sleep(3.0)  # Discord made the message; its answer is on the way
        return result

    monkeypatch.setattr(h.bot.http, "request", answered_late)
    await h.advance(11)  # the ping is posted at 10 s; its answer comes at 13 s
    (ping_id,) = notified(h)
    call = hand.legal().call_amount
    await click(h, session, "hp:c:")  # he calls meanwhile
    await h.advance(5)
    said = h.env.backend.messages[h.channel.id][ping_id].content
    assert said == f"{slow.name} acted at table {table}: called {call:,}.", said

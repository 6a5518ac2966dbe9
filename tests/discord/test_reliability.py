"""Reliability on the Discord side: a queued click never lands on a later street, a lost
channel pauses its tournament and tells the director, a lost table message is posted again, lost
permissions are told, a failed DM is told to the player, the save-retrying notice, and
tournaments that could not be rebuilt are reported and can be cancelled from any channel."""

from __future__ import annotations

import asyncio

import discord
import pytest

import bot.service.service as service_module
from bot.discord_ui.client import create_bot
from bot.discord_ui.player_actions import PASSED, play
from bot.discord_ui.presenter.answers import refused_text
from bot.service import Notice, Outcome
from bot.service.usecases import Refused

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, refused, reply, table_message, to_act


async def dealt(h: Harness, players: int = 3):
    session = await create_and_join(h, h.players[:players])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert to_act(session) is not None
    return session


def actor_of(h: Harness, session):
    _, hand, seat = to_act(session)
    return next(m for m in h.players if str(m.id) == hand.players[seat].player)


async def test_two_queued_clicks_for_one_moment_apply_once(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, hand, seat = to_act(session)
    player = int(hand.players[seat].player)
    seen = (hand.hand_id, len(hand.events))
    first, second = await asyncio.gather(
        play(session, player, "check_or_call", None, expect=seen),
        play(session, player, "check_or_call", None, expect=seen),
        return_exceptions=True)
    results = [first, second]
    assert sum(isinstance(r, str) and r.startswith("You ") for r in results) == 1
    refusal = next(r for r in results if isinstance(r, Refused))
    assert refused_text(refusal) in (
        PASSED, "The hand has moved on since you clicked. Nothing was changed.")
    acted = [e for e in hand.events[seen[1]:] if getattr(e, "seat", None) == seat
             and e.type == "hand.acted"]
    assert len(acted) == 1


async def test_a_deleted_channel_pauses_the_tournament_and_tells_the_director(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    h.env.backend.delete_channel(h.channel.id)
    await h.advance(1)
    assert session.tournament.paused
    told = h.dms(h.director)[-1].content
    assert "its channel was deleted, so I paused it" in told
    assert "/tournament cancel tournament:Tuesday" in told
    # The director cancels it from another channel, by name.
    lobby = h.guild.create_text_channel("lobby")
    await h.director.slash(lobby, "tournament cancel", tournament="Tuesday", reason="gone")
    assert session.store_id not in h.bot.tournaments.sessions
    assert lobby.last_message.content.startswith("**Tuesday** is cancelled")


async def test_a_table_message_deleted_by_a_moderator_is_posted_again(
        harness: Harness) -> None:
    h = harness
    moderators = h.guild.create_role(
        "Mods", permissions=discord.Permissions(manage_messages=True))
    mod = h.guild.add_member(h.env.create_user("mod"), roles=[moderators])
    session = await dealt(h)
    table, hand, _ = to_act(session)
    lost = table_message(h, session, table)
    await mod.delete(lost)
    r = await actor_of(h, session).slash(h.channel, "call")
    assert reply(r).startswith("You ")
    again = table_message(h, session, table)
    assert again.id != lost.id and again.embeds[0].title.startswith(f"Hand {hand.hand_id}")
    assert any(m.id == again.id for m in h.channel.history())


async def test_lost_send_permission_is_told_to_the_director_once(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    h.env.inject_error("POST", f"/channels/{h.channel.id}/messages", status=403, code=50013,
                       message="Missing Permissions")
    h.env.inject_error("PATCH", f"/channels/{h.channel.id}/messages/*", status=403,
                       code=50013, message="Missing Permissions")
    for _ in range(2):
        found = to_act(session)
        if found is None:
            await h.advance(HAND_DELAY)
            continue
        await actor_of(h, session).slash(h.channel, "fold")
    h.env.errors  # noqa: B018  (the refused posts were expected)
    told = [m.content for m in h.dms(h.director) if "can no longer post" in m.content]
    assert len(told) == 1 and f"<#{h.channel.id}>" in told[0]


async def test_a_dm_failing_with_a_server_error_gives_the_player_a_notice(
        harness: Harness) -> None:
    h = harness
    h.env.inject_error("POST", f"/channels/{h.alice.user.dm_channel.id}/messages", status=500,
                       times=1)
    await dealt(h)
    notices = [m.content for m in h.channel.history() if "could not DM your cards" in m.content]
    assert len(notices) == 1 and notices[0].startswith("alice:")
    h.env.errors  # noqa: B018


async def test_away_by_someone_not_playing_is_answered_plainly(harness: Harness) -> None:
    h = harness
    await dealt(h)
    r = await h.dana.slash(h.channel, "away")
    assert refused(h, r) == ("You are not playing in this tournament, so there is nothing to "
                             "step away from. Nothing was changed.")


async def test_the_channel_hears_once_that_saving_is_retried(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    await h.bot.announcer.listener(session, Outcome(notice=Notice.SAVE_RETRYING))
    assert "I keep trying by myself" in h.channel.last_message.content
    await h.bot.announcer.listener(session, Outcome(notice=Notice.SAVE_RESUMED))
    assert h.channel.last_message.content == "Saving works again: the tournament goes on."


async def test_a_tournament_that_cannot_be_rebuilt_is_reported_and_cancellable(
        harness: Harness, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    session = await dealt(h)
    tid = session.store_id
    await h.bot.close()
    rebuild = service_module._rebuild

    async def broken(rec, pause):  # this tournament's stored record no longer rebuilds
        if rec.tournament.id == tid:
            raise ValueError("event 7 does not apply")
        return await rebuild(rec, pause)

    monkeypatch.setattr(service_module, "_rebuild", broken)
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new  # the harness closes it at the end
    await h.advance(1)
    assert tid in new.tournaments.unrecoverable
    said = h.channel.last_message.content
    assert "could not be brought back" in said and "event 7 does not apply" in said
    r = await h.alice.slash(h.channel, "fold")
    assert "could not be brought back" in refused(h, r)
    r = await h.director.slash(h.channel, "tournament cancel", reason="lost")
    assert tid not in new.tournaments.unrecoverable
    r = await h.director.slash(h.channel, "tournament create", name="Again", structure="turbo")
    assert "is open for registration" in h.channel.last_message.content

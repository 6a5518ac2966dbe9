"""League nights before they are played, as the channel, the DMs and the Discord event show
them: scheduled, signed up for, reminded, started, played to results, repeated.

SimCord's clock starts on Thursday 1 January 2026, 00:00 UTC (01:00 in Paris). The league's
night is on Fridays at 19:30 in Paris (18:30 UTC): the day-before reminder falls on Thursday
at 18:30 UTC, the hour-before one on Friday at 17:30 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from simcord import MemberActor

from bot.discord_ui.client import create_bot
from bot.service.night_clock import MAX_SLEEP
from bot.store import NightRow

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_live_night import bust
from .test_races_tournament import in_flight_together
from .test_tournament_flow import refused, reply

FRIDAY = datetime(2026, 1, 2, 18, 30, tzinfo=UTC).timestamp()  # 19:30 in Paris
WEEK = 7 * 86400
DAY_BEFORE = FRIDAY - 86400
HOUR_BEFORE = FRIDAY - 3600
MORE = ("erin", "frank", "gina", "hugo", "ivan", "jack", "kate", "liam", "mona", "ned")

pytestmark = pytest.mark.bot_options(freeze_every=None)


async def advance_to(h: Harness, moment: float) -> None:
    """Virtual time on to `moment`, an hour at a time (each advance has a real-time limit, and
    the heartbeat wakes the bot every 10 virtual seconds)."""
    while h.now() < moment:
        await h.advance(min(3600.0, moment - h.now()))


def posts_after(h: Harness, seen: set[int]) -> list[discord.Message]:
    fresh = [m for m in h.channel.history() if m.id not in seen]
    seen.update(m.id for m in fresh)
    return fresh


def message(h: Harness, message_id: int | None) -> discord.Message:
    return next(m for m in h.channel.history() if m.id == message_id)


def events(h: Harness) -> list[Any]:
    return list(h.env.backend.get_guild(h.guild.id).scheduled_events.values())


async def night_of(h: Harness, index: int = 0) -> NightRow:
    nights = await h.bot.store.coming_nights(h.guild.id)
    return nights[index]


def labels(msg: discord.Message) -> list[str]:
    return [c.label for row in msg.components for c in row.children  # type: ignore[attr-defined]
            if getattr(c, "label", None)]


async def schedule_friday(h: Harness, seats: int = 12, **options: Any) -> NightRow:
    await h.director.slash(h.channel, "td settings", timezone="Europe/Paris")
    r = await h.director.slash(h.channel, "night schedule", when="fri 19:30", seats=seats,
                               place="The Oak, 12 High St", buy_in=20, **options)
    assert r.ephemeral
    return await night_of(h)


def field(h: Harness, n: int) -> list[MemberActor]:
    """n members: the harness's four and more."""
    members = list(h.players)
    members += [h.add_member(name) for name in MORE[:max(0, n - len(members))]]
    return members[:n]


async def test_a_whole_week_from_scheduling_to_the_next_weeks_night(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h)

    # The announcement: when (in Paris, and counting down), where, the game, the seats.
    (announcement,) = posts_after(h, seen)
    assert announcement.id == night.message_id
    assert announcement.content == (
        "📅 **Friday night** · Main\n"
        f"**Fri 2 Jan, 19:30** (Europe/Paris) · <t:{int(FRIDAY)}:R> · 📍 The Oak, 12 High St\n"
        "regular structure · buy-in 20 · standard payouts · live: real cards and chips · "
        "every week\n"
        "🪑 **0 of 12 seats taken**, 12 left · ⏳ waiting list: none\n"
        "Seated: nobody yet\n"
        "**I'm in** takes a seat (or a place on the waiting list); **I'm out** if you can't "
        "come.")
    assert labels(announcement) == ["I'm in", "I'm out", "Event"]
    # The Discord event: at the place, 19:30 Paris time, the count in its description.
    (event,) = events(h)
    assert (event.name, event.entity_type, event.entity_metadata) == (
        "Friday night", 3, {"location": "The Oak, 12 High St"})
    assert datetime.fromisoformat(event.scheduled_start_time).timestamp() == FRIDAY
    assert "0 of 12 seats taken" in event.description and event.status == 1
    assert night.event_id == event.id

    # Fourteen click I'm in: twelve seats, then the waiting list, each told privately.
    members = field(h, 14)
    answers = [reply(await m.click(announcement, label="I'm in")) for m in members]
    assert answers[0].startswith("🪑 You have a seat at **Friday night**, Fri 2 Jan, 19:30 ("
                                 f"<t:{int(FRIDAY)}:R>): 1 of 12 seats taken.")
    assert answers[11].startswith("🪑 You have a seat") and "12 of 12" in answers[11]
    assert answers[12] == ("⏳ All 12 seats of **Friday night** are taken: you are **1st** on "
                           "the waiting list. If a seat frees you get it, and I tell you by DM.")
    assert "you are **2nd** on the waiting list" in answers[13]
    shown = message(h, night.message_id).content
    assert "🪑 **12 of 12 seats taken**, 0 left · ⏳ waiting list: 2" in shown
    assert f"Waiting list: 1. {MORE[8]} · 2. {MORE[9]}" in shown
    assert "12 of 12 seats taken · 2 on the waiting list" in events(h)[0].description
    assert posts_after(h, seen) == []  # sign-ups are edits of the announcement, not posts

    # The day before, 19:30 in Paris: one reminder that mentions the fourteen.
    await advance_to(h, DAY_BEFORE - 60)
    assert posts_after(h, seen) == []
    await advance_to(h, DAY_BEFORE)
    (reminder,) = posts_after(h, seen)
    assert reminder.content.startswith(
        f"⏰ **Friday night** starts <t:{int(FRIDAY)}:R> (Fri 2 Jan, 19:30) at **The Oak, 12 "
        "High St**.\nSeated (12): " + " ".join(f"<@{m.id}>" for m in members[:12]))
    assert (f"Waiting list: 1. <@{members[12].id}> · 2. <@{members[13].id}>: you get a seat if "
            "one frees, in that order.") in reminder.content
    assert {u.id for u in reminder.mentions} == {m.id for m in members}
    assert labels(reminder) == ["Still in", "I'm out"]
    for m in members[:9]:
        r = await m.click(reminder, label="Still in")
        assert reply(r).startswith("✅ Noted: you are coming to **Friday night**")

    # On the day, bob drops out: the first waiting gets his seat and is told by DM.
    await advance_to(h, FRIDAY - 8 * 3600)
    bob, first_waiting = members[1], members[12]
    r = await bob.click(message(h, night.message_id), label="I'm out")
    assert reply(r) == (f"You are out of **Friday night**: your seat went to {MORE[8]}, first "
                        "on the waiting list.")
    dm = h.dms(first_waiting)[-1]
    assert dm.content.startswith("🎟 A seat came free at **Friday night**, Fri 2 Jan, 19:30 (")
    assert "it is yours (you were first on the waiting list)" in dm.content
    assert labels(dm) == ["I'm out"]
    shown = message(h, night.message_id).content
    assert "12 of 12 seats taken**, 0 left · ⏳ waiting list: 1" in shown
    assert f"Waiting list: 1. {MORE[9]}" in shown and "bob" not in shown

    # An hour before: the second reminder; nothing between.
    await advance_to(h, HOUR_BEFORE - 1)
    assert posts_after(h, seen) == []
    await advance_to(h, HOUR_BEFORE)
    (second,) = posts_after(h, seen)
    assert second.content.startswith(f"⏰ **Friday night** starts <t:{int(FRIDAY)}:R>")
    assert f"<@{bob.id}>" not in second.content and f"<@{first_waiting.id}>" in second.content

    # 19:30: the tournament is created in the channel with the twelve seated registered; the
    # event is active; the director hears who is in and who did not answer the reminder.
    await advance_to(h, FRIDAY)
    seated = [m for m in members[:12] if m is not bob] + [first_waiting]
    (session,) = h.bot.tournaments.unfinished_in(h.guild.id)
    t = session.tournament
    assert t.live and t.status == "registering"
    assert sorted(t.players) == sorted(str(m.id) for m in seated)
    assert h.bot.tournaments.rows[session.store_id].name == "Friday night"
    assert events(h)[0].status == 2
    (opened,) = posts_after(h, seen)
    assert opened.content.startswith(f"🎬 <@{h.director.id}> **Friday night** is open in this "
                                     "channel: **12 players registered**: ")
    silent = [m.name for m in seated if m not in members[:9]]
    assert f"Did not answer the reminder: {', '.join(silent)}." in opened.content
    assert f"Waiting list: 1. {MORE[9]}." in opened.content
    assert "Then start it with `/tournament start`." in opened.content
    started = message(h, night.message_id)
    assert "▶️ **Started**: its tournament is open in" in started.content
    assert started.components == []

    # The night is played to its results.
    await h.director.slash(h.channel, "tournament start")
    assert t.status == "running"
    while len(t.playing) > 1:
        await bust(h, h.director, t.playing[0], by=t.playing[1])
    assert t.status == "finished"

    # After the results: the event completed, the night over, the next week's announced.
    posts = [m.content for m in posts_after(h, seen)]
    results = next(i for i, p in enumerate(posts) if " wins Friday night! " in p)
    over = next(i for i, p in enumerate(posts) if p.startswith("🏁 **Friday night** is over"))
    assert results < over
    first, nxt = events(h)
    assert first.status == 3
    assert posts[over] == (
        "🏁 **Friday night** is over: the results are above. Its Discord event: "
        f"https://discord.com/events/{GUILD_ID}/{first.id}\n"
        f"Next: **Friday night**, **Fri 9 Jan, 19:30** (Europe/Paris) · <t:{int(FRIDAY + WEEK)}"
        ":R>: sign up on its announcement below.")
    assert posts[over + 1].startswith("📅 **Friday night** · Main\n**Fri 9 Jan, 19:30**")
    assert datetime.fromisoformat(nxt.scheduled_start_time).timestamp() == FRIDAY + WEEK
    assert "✅ **Played**" in message(h, night.message_id).content
    following = await night_of(h)
    assert following.starts_at == FRIDAY + WEEK and following.previous_id == night.id

    # The league's standings name the next night.
    r = await h.alice.slash(h.channel, "standings")
    embed = (r.followups[-1] if r.followups else r.response).embeds[0]
    assert embed.footer.text.endswith(
        "Next night: Friday night · Fri 9 Jan, 19:30 (Europe/Paris) · 0 of 12 seats taken")


async def test_two_clicks_at_once_for_the_last_seat_give_one_seat(harness: Harness) -> None:
    h = harness
    night = await schedule_friday(h, seats=3)
    announcement = message(h, night.message_id)
    await h.alice.click(announcement, label="I'm in")
    await h.bob.click(announcement, label="I'm in")
    # carol and dana at the same moment for the last seat, and dana twice.
    results = await in_flight_together(h, [
        lambda: h.carol.click(announcement, label="I'm in"),
        lambda: h.dana.click(announcement, label="I'm in"),
        lambda: h.dana.click(announcement, label="I'm in")])
    texts = sorted(reply(r) for r in results)
    lines = await h.bot.store.night_signups(night.id)
    assert sorted((r.name, r.place) for r in lines) == [
        ("alice", "seated"), ("bob", "seated"), ("carol", "seated"), ("dana", "waiting")] or \
        sorted((r.name, r.place) for r in lines) == [
        ("alice", "seated"), ("bob", "seated"), ("carol", "waiting"), ("dana", "seated")]
    assert sum(t.startswith("🪑 You have a seat") for t in texts) == 1
    assert sum(t.startswith("⏳ All 3 seats") for t in texts) == 1
    assert sum(t.startswith(("You already have a seat", "You are already on the waiting list"))
               for t in texts) == 1
    # The announcement shows the list as stored after both.
    assert "🪑 **3 of 3 seats taken**, 0 left · ⏳ waiting list: 1" in message(
        h, night.message_id).content

    # Two drop out at once: each seat goes to one player, none is lost.
    results = await in_flight_together(h, [
        lambda: h.alice.click(announcement, label="I'm out"),
        lambda: h.bob.click(announcement, label="I'm out")])
    lines = await h.bot.store.night_signups(night.id)
    assert sorted(r.name for r in lines if r.place == "seated") == ["carol", "dana"]
    assert [r.name for r in lines if r.place == "waiting"] == []
    texts = sorted(reply(r) for r in results)
    assert sum("your seat went to" in t for t in texts) == 1
    assert sum("your seat is free again" in t for t in texts) == 1


async def test_a_restart_between_the_reminder_and_the_start(harness: Harness, tmp_path) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=4)
    for m in h.players:
        await m.click(message(h, night.message_id), label="I'm in")
    await advance_to(h, DAY_BEFORE)
    posts_after(h, seen)

    async def restart(down: float) -> None:
        await h.bot.close()
        await h.advance(down)
        new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                         freeze_every=None)
        await h.env.restart_bot(new)
        h.bot = new

    # Down an hour after the first reminder: nothing is sent again.
    await advance_to(h, DAY_BEFORE + 3600)
    await restart(600)
    assert [m.content for m in posts_after(h, seen)] == []
    # Down across the hour-before reminder: it is sent once when the bot is back, late.
    await advance_to(h, HOUR_BEFORE - 300)
    await restart(1200)
    (late,) = posts_after(h, seen)
    assert late.content.startswith(f"⏰ **Friday night** starts <t:{int(FRIDAY)}:R>")
    await restart(60)
    assert posts_after(h, seen) == []
    # The start comes at 19:30, once, with the four registered; the buttons still work.
    await advance_to(h, FRIDAY - 1)
    assert h.bot.tournaments.unfinished_in(h.guild.id) == []
    await advance_to(h, FRIDAY)
    (session,) = h.bot.tournaments.unfinished_in(h.guild.id)
    assert sorted(session.tournament.players) == sorted(str(m.id) for m in h.players)
    (opened,) = posts_after(h, seen)
    assert "**4 players registered**" in opened.content
    await restart(60)
    assert len(h.bot.tournaments.unfinished_in(h.guild.id)) == 1
    assert posts_after(h, seen) == []


async def test_a_night_missed_by_far_is_not_opened_late(harness: Harness, tmp_path) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=4)
    await h.alice.click(message(h, night.message_id), label="I'm in")
    posts_after(h, seen)
    await h.bot.close()
    await advance_to(h, FRIDAY + 7 * 3600)
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                     freeze_every=None)
    await h.env.restart_bot(new)
    h.bot = new
    posts = [m.content for m in posts_after(h, seen)]
    assert posts[0].startswith(f"⚠️ <@{h.director.id}> **Friday night** was due at Fri 2 Jan, "
                               "19:30 while I was offline, too long ago to open it now")
    assert posts[1].startswith("📅 **Friday night** · Main\n**Fri 9 Jan, 19:30**")
    assert h.bot.tournaments.unfinished_in(h.guild.id) == []
    assert "⚠️ **Not held**" in message(h, night.message_id).content


async def test_a_cancelled_night_tells_everyone_in_one_post(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=2)
    for m in h.players[:3]:
        await m.click(message(h, night.message_id), label="I'm in")
    posts_after(h, seen)
    r = await h.director.slash(h.channel, "night cancel", reason="the host is ill")
    assert reply(r).startswith("Cancelled: everyone signed up is told in the channel")
    cancelled, following = posts_after(h, seen)
    assert cancelled.content == (
        "❌ **Friday night** (Fri 2 Jan, 19:30) is cancelled by the director: the host is ill. "
        + " ".join(f"<@{m.id}>" for m in h.players[:3])
        + f"\nNext: **Friday night**, **Fri 9 Jan, 19:30** (Europe/Paris) · "
          f"<t:{int(FRIDAY + WEEK)}:R>: sign up on its announcement below.")
    assert {u.id for u in cancelled.mentions} == {m.id for m in h.players[:3]}
    assert following.content.startswith("📅 **Friday night** · Main\n**Fri 9 Jan, 19:30**")
    old, new = events(h)
    assert old.status == 4 and new.status == 1
    shown = message(h, night.message_id)
    assert "❌ **Cancelled** by the director." in shown.content and shown.components == []
    # Nothing happens at its time (the next night's reminder is a week on).
    await advance_to(h, FRIDAY + 60)
    assert h.bot.tournaments.unfinished_in(h.guild.id) == []
    assert posts_after(h, seen) == []
    # The series ends when asked.
    r = await h.director.slash(h.channel, "night cancel", series=True)
    assert reply(r) == ("Cancelled: everyone signed up is told in the channel, the Discord "
                        "event too.")
    assert await h.bot.store.coming_nights(h.guild.id) == []


async def test_an_event_deleted_in_discord_is_said_to_the_director(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=4)
    posts_after(h, seen)
    h.env.backend.delete_scheduled_event(h.guild.id, night.event_id)
    await h.env.settle()
    (said,) = posts_after(h, seen)
    assert said.content == (
        f"⚠️ <@{h.director.id}> The Discord event of **Friday night** was deleted in Discord. The "
        "night stays on in the bot: sign-ups, reminders and the start go on as planned. "
        "`/night edit` puts the event back; `/night cancel` cancels the night.")
    assert [u.id for u in said.mentions] == [h.director.id]
    assert labels(message(h, night.message_id)) == ["I'm in", "I'm out"]
    # Sign-ups go on; /night edit puts the event back.
    await h.alice.click(message(h, night.message_id), label="I'm in")
    r = await h.director.slash(h.channel, "night edit")
    assert reply(r).startswith("**Friday night** is now **Fri 2 Jan, 19:30**")
    (event,) = events(h)
    assert "1 of 4 seats taken" in event.description
    assert labels(message(h, night.message_id)) == ["I'm in", "I'm out", "Event"]


async def test_without_manage_events_the_night_is_scheduled_and_the_director_told_how(
        harness: Harness) -> None:
    h = harness
    backend = h.env.backend
    guild = backend.get_guild(h.guild.id)
    role = next(r for r in guild.roles.values() if r.managed)  # the bot's own role
    perms = discord.Permissions(role.permissions)
    perms.manage_events = False
    perms.create_events = False
    backend.edit_role(h.guild.id, role.id, {"permissions": perms.value})
    await h.env.settle()
    night = await schedule_friday(h, seats=4)
    r = await h.director.slash(h.channel, "night list")
    text = reply(r)
    assert text.startswith("📅 **Coming nights**\n**Friday night** · **Fri 2 Jan, 19:30**")
    assert events(h) == [] and night.event_state == "refused"
    assert labels(message(h, night.message_id)) == ["I'm in", "I'm out"]
    r = await h.director.slash(h.channel, "night edit", seats=5)
    assert "I need the **Manage Events** permission. Grant it in Server Settings → Roles → my " \
           "role → **Manage Events**" in reply(r)
    # Sign-ups work without the event.
    r = await h.alice.click(message(h, night.message_id), label="I'm in")
    assert "1 of 5 seats taken" in reply(r)


async def test_what_cannot_be_read_is_refused_with_what_is_allowed(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td settings", timezone="Europe/Paris")
    r = await h.director.slash(h.channel, "night schedule", when="tuesday", seats=8,
                               place="The Oak")
    assert refused(h, r).startswith("`tuesday` has no time of day. Write the day and the time as")
    r = await h.director.slash(h.channel, "night schedule", when="someday 19:30", seats=8,
                               place="The Oak")
    assert refused(h, r) == (
        "I could not read `someday 19:30` as a day and a time. Write the day and the time as you "
        "would say them: `tue 19:30`, `tuesday 7:30pm`, `tomorrow 20:00`, `2026-12-15 19:30`, "
        "`15 dec 19h30`; a time alone is the next one (today or tomorrow). Nothing was changed.")
    r = await h.director.slash(h.channel, "night schedule", when="12/11 19:30", seats=8,
                               place="The Oak")
    assert "dates with slashes are read differently" in refused(h, r)
    r = await h.director.slash(h.channel, "night schedule", when="2025-12-15 19:30", seats=8,
                               place="The Oak")
    assert refused(h, r).startswith("That moment has passed (Mon 15 Dec, 19:30): give a day and ")
    r = await h.director.slash(h.channel, "night schedule", when="tue 19:30", seats=8)
    assert refused(h, r).startswith("A live night needs its place (`place:`)")
    r = await h.director.slash(h.channel, "night schedule", when="tue 19:30", seats=8,
                               place="The Oak", structure="nope")
    assert "nope" in refused(h, r)
    r = await h.alice.slash(h.channel, "night schedule", when="tue 19:30", seats=8,
                            place="The Oak")
    assert refused(h, r).startswith("Only a tournament director can do that")
    r = await h.director.slash(h.channel, "td settings", timezone="Mars/Olympus")
    assert refused(h, r).startswith("`Mars/Olympus` is not a time zone I know")
    choices = await h.director.autocomplete(h.channel, "td settings", "timezone", "amster")
    assert choices[0]["value"] == "Europe/Amsterdam"
    assert await h.bot.store.coming_nights(h.guild.id) == []
    assert (await h.bot.store.guild_settings(h.guild.id)).time_zone == "Europe/Paris"


async def test_no_shows_at_the_start_then_start_now(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=3, autostart=True)
    for m in h.players:
        await m.click(message(h, night.message_id), label="I'm in")
    await advance_to(h, FRIDAY)
    posts = posts_after(h, seen)
    opened = posts[-1]
    assert ("The tournament starts by itself <t:" + str(int(FRIDAY + 900)) + ":R>, or now with "
            "**Start now** once the no-shows are marked.") in opened.content
    assert labels(opened) == ["Start now"]
    (session,) = h.bot.tournaments.unfinished_in(h.guild.id)
    # A player cannot start it; bob did not come: dana, first waiting, gets his seat.
    r = await h.alice.click(opened, label="Start now")
    assert reply(r) == ("Only a tournament director can start the night's tournament. "
                        "Nothing was changed.")
    r = await h.director.slash(h.channel, "night noshow", player=h.bob)
    assert reply(r) == ("bob is marked as a no-show and unregistered. dana takes the seat "
                        "(registered, told).")
    assert sorted(session.tournament.players) == sorted(
        str(m.id) for m in (h.alice, h.carol, h.dana))
    assert h.dms(h.dana)[-1].content.startswith("🎟 A seat came free at **Friday night**")
    r = await h.director.slash(h.channel, "night noshow", player=h.bob)
    assert refused(h, r) == ("Not done: bob is not on the list of **Friday night** (no seat, not "
                             "waiting). Nothing was changed.")
    r = await h.director.click(opened, label="Start now")
    assert reply(r) == "Started."
    assert session.tournament.status == "running"
    assert any(m.content.startswith("Shuffle up and deal!") for m in posts_after(h, seen))
    # Fifteen minutes on nothing starts again.
    await advance_to(h, FRIDAY + 900)
    assert not any("Shuffle up" in m.content for m in posts_after(h, seen))


async def test_the_tournament_starts_by_itself_after_fifteen_minutes(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=3, autostart=True)
    for m in h.players[:3]:
        await m.click(message(h, night.message_id), label="I'm in")
    await advance_to(h, FRIDAY)
    (session,) = h.bot.tournaments.unfinished_in(h.guild.id)
    posts_after(h, seen)
    await advance_to(h, FRIDAY + 899)
    assert session.tournament.status == "registering"
    await advance_to(h, FRIDAY + 900)
    assert session.tournament.status == "running"
    assert posts_after(h, seen)[-1].content.startswith("Shuffle up and deal! This night counts")


async def test_moving_a_night_tells_everyone_and_moves_the_event(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=2)
    for m in h.players[:3]:
        await m.click(message(h, night.message_id), label="I'm in")
    posts_after(h, seen)
    r = await h.director.slash(h.channel, "night edit", when="sat 20:00", seats=3)
    assert reply(r).startswith("**Friday night** is now **Sat 3 Jan, 20:00** (Europe/Paris)")
    assert reply(r).endswith("3 seats. Seated from the waiting list: carol (told).")
    saturday = datetime(2026, 1, 3, 19, 0, tzinfo=UTC).timestamp()
    (moved,) = posts_after(h, seen)
    assert moved.content == (
        f"📅 **Friday night** moves to **Sat 3 Jan, 20:00** (Europe/Paris) · <t:{int(saturday)}"
        ":R> (it was Fri 2 Jan, 19:30). " + " ".join(f"<@{m.id}>" for m in h.players[:3])
        + ": your seat or place is kept; **I'm out** on the announcement if you can't make the "
          "new time.")
    assert datetime.fromisoformat(events(h)[0].scheduled_start_time).timestamp() == saturday
    assert h.dms(h.carol)[-1].content.startswith("🎟 A seat came free")
    # Its reminders follow the new time.
    await advance_to(h, saturday - 86400 - 1)
    assert posts_after(h, seen) == []
    await advance_to(h, saturday - 86400)
    assert posts_after(h, seen)[0].content.startswith("⏰ **Friday night** starts")


async def test_guests_the_waiting_list_out_of_turn_and_closed_dms(harness: Harness) -> None:
    h = harness
    night = await schedule_friday(h, seats=2)
    r = await h.director.slash(h.channel, "night add", name="Ed  Guest")
    assert reply(r) == "Ed Guest (guest) has a seat at **Friday night**."
    for m in (h.alice, h.bob, h.carol):
        await m.click(message(h, night.message_id), label="I'm in")
    shown = message(h, night.message_id).content
    assert "Seated: Ed Guest (guest), alice" in shown
    assert "Waiting list: 1. bob · 2. carol" in shown
    # carol moves up out of turn: one more seat; her DMs are closed, so the channel says it.
    h.refuse_dms(h.carol)
    r = await h.director.slash(h.channel, "night seat", player=h.carol)
    assert reply(r) == ("carol moves off the waiting list into a seat (told). One more seat: "
                        "the night has 3 now.")
    said = h.channel.last_message
    assert said.content.startswith(f"🎟 <@{h.carol.id}> a seat came free at **Friday night**")
    assert [u.id for u in said.mentions] == [h.carol.id]
    # The guest cannot come: bob gets the seat.
    r = await h.director.slash(h.channel, "night drop", name="ed guest")
    assert reply(r) == "Ed Guest (guest) is off the list. bob takes the seat (told)."
    r = await h.director.slash(h.channel, "night add", player=h.alice)
    assert refused(h, r) == ("Not done: alice already has a seat at **Friday night**. "
                             "Nothing was changed.")
    lines = await h.bot.store.night_signups(night.id)
    assert sorted(r.name for r in lines if r.place == "seated") == ["alice", "bob", "carol"]


async def test_a_nights_tournament_cancelled_ends_the_night_and_the_next_is_announced(
        harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=4)
    for m in h.players[:2]:
        await m.click(message(h, night.message_id), label="I'm in")
    await advance_to(h, FRIDAY)
    posts_after(h, seen)
    await h.director.slash(h.channel, "tournament cancel", reason="the power is out")
    posts_after(h, seen)
    await h.advance(MAX_SLEEP)  # the nights' timer looks again
    posts = [m.content for m in posts_after(h, seen)]
    assert posts[0].startswith("🏁 **Friday night**'s tournament was cancelled. Its Discord event")
    assert posts[1].startswith("📅 **Friday night** · Main\n**Fri 9 Jan, 19:30**")
    assert [n.starts_at for n in await h.bot.store.coming_nights(h.guild.id)] == [FRIDAY + WEEK]


async def test_a_start_waits_for_the_channels_unfinished_tournament(harness: Harness) -> None:
    h = harness
    seen: set[int] = set()
    night = await schedule_friday(h, seats=4)
    for m in h.players[:2]:
        await m.click(message(h, night.message_id), label="I'm in")
    await h.director.slash(h.channel, "tournament create", name="Cash game", mode="live")
    await advance_to(h, FRIDAY)
    posts = [m.content for m in posts_after(h, seen)]
    assert posts[-1] == (
        f"⚠️ <@{h.director.id}> **Friday night** should start now, but this channel still has a "
        "tournament that is not finished: **Cash game**. The night opens within 15 minutes of "
        "its end (or of `/tournament cancel`); its players keep their seats.")
    await h.advance(MAX_SLEEP)
    assert posts_after(h, seen) == []  # said once
    await h.director.slash(h.channel, "tournament cancel")
    await h.advance(MAX_SLEEP)
    (session,) = h.bot.tournaments.unfinished_in(h.guild.id)
    assert h.bot.tournaments.rows[session.store_id].name == "Friday night"
    assert len(session.tournament.players) == 2

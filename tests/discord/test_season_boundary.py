"""A season boundary during a night. A night counts in the season that was
active when it started (and says so at its start and in its results); `/season end` names the
nights still running and asks to confirm; a finished season's standings never change."""

from __future__ import annotations

import pytest
from simcord import ChannelHandle, MemberActor

from bot.discord_ui.client import create_bot
from bot.league import service
from tests.league.conftest import play_night

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_live_night import Channel
from .test_tournament_flow import create_and_join, play_to_the_end, public, refused, reply


async def open_night(h: Harness, name: str, members: list[MemberActor],
                     channel: ChannelHandle | None = None) -> None:
    where = channel or h.channel
    await h.director.slash(where, "tournament create", name=name, mode="live", buy_in=20)
    for m in members:
        await m.slash(where, "tournament join")


async def start_night(h: Harness, channel: ChannelHandle | None = None) -> str:
    where = channel or h.channel
    r = await h.director.slash(where, "tournament start")
    assert not r.followups or not r.followups[-1].ephemeral, reply(r)
    return next(m.content for m in reversed(where.history())
                if m.content.startswith("Shuffle up and deal!"))


async def bust_all(h: Harness, order: list[str], channel: ChannelHandle | None = None) -> None:
    for who in order:
        r = await h.director.slash(channel or h.channel, "bust", player=who)
        assert reply(r).startswith("Recorded: "), reply(r)


def standings_of(result: object) -> tuple[str, str, str]:
    followups = result.followups  # type: ignore[attr-defined]
    message = followups[-1] if followups else result.response  # type: ignore[attr-defined]
    embed = message.embeds[0]
    return str(embed.title), str(embed.description), str(embed.footer.text)


async def league_and_season(h: Harness, name: str) -> tuple[int, int]:
    league = await service.find_league(h.bot.store, h.guild.id)
    season = next(s for s in await h.bot.store.seasons(league.id) if s.name == name)
    return league.id, season.id


async def test_a_night_running_across_the_boundary_counts_in_the_season_it_started_in(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob, h.carol])
    started = await start_night(h)
    assert "This night counts in season **Spring** of Main" in started, started
    tournament = h.bot.tournaments.unfinished_in(h.guild.id)[0].store_id

    # /season end names the running night and asks, privately; nothing ends yet.
    r = await h.director.slash(h.channel, "season end")
    question = reply(r)
    assert r.ephemeral and f"**Tuesday** (#{tournament} in <#{h.channel.id}>)" in question
    assert "End the season?" in question
    league_id, spring = await league_and_season(h, "Spring")
    assert (await h.bot.store.active_season(league_id)).id == spring
    message = r.followups[-1].message if r.followups else r.response.message

    seen = Channel(h)
    seen.new()
    await h.director.click(message, label="End Spring")
    over = seen.new()
    assert any("season **Spring** is over. No new night counts in it. Still running, "
               f"started in it and counting in it: **Tuesday** (#{tournament}" in p
               for p in over), over
    assert "Standings so far - Main - Spring" == h.channel.last_message.embeds[0].title
    title, _, _ = standings_of(await h.alice.slash(h.channel, "standings", season="Spring"))
    assert title == "Standings so far - Main - Spring"

    r = await h.director.slash(h.channel, "season start", name="Summer")
    assert "Every night that starts from now on counts toward it" in public(h, r)

    seen.new()
    await bust_all(h, ["alice", "bob"])
    results = next(p for p in seen.new() if p.startswith("🏆"))
    assert ("This night counts in season **Spring** of Main, the season active when it "
            "started. Spring is over: its standings are now final.") in results, results

    row = await h.bot.store.tournament(tournament)
    assert row.season_id == spring
    title, body, _ = standings_of(await h.alice.slash(h.channel, "standings", season="Spring"))
    assert title == "Final standings - Main - Spring" and "carol" in body and "alice" in body
    title, body, _ = standings_of(await h.alice.slash(h.channel, "standings"))
    assert "Summer" in title and body == "No finished nights in this season yet.", body


async def test_a_night_opened_in_one_season_and_started_in_the_next_counts_in_the_next(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    # Registering only: it has not started, so ending Spring asks nothing.
    r = await h.director.slash(h.channel, "season end")
    assert "season **Spring** is over." in public(h, r)
    assert "Final standings - Main - Spring" == h.channel.last_message.embeds[0].title
    await h.director.slash(h.channel, "season start", name="Summer")
    started = await start_night(h)
    assert "This night counts in season **Summer** of Main" in started, started
    await bust_all(h, ["alice"])
    _, summer = await league_and_season(h, "Summer")
    assert [t.name for t in await h.bot.store.season_tournaments(summer)] == ["Tuesday"]
    _, body, _ = standings_of(await h.alice.slash(h.channel, "standings", season="Spring"))
    assert body == "No finished nights in this season yet.", body


async def test_a_night_with_no_active_season_says_so_at_its_start(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    await h.director.slash(h.channel, "season end")
    started = await start_night(h)
    assert "This night counts for no league season." in started, started


async def test_a_finished_seasons_standings_never_change(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    for finish in ([h.alice.id, h.bob.id, h.carol.id], [h.bob.id, h.carol.id, h.alice.id],
                   [h.carol.id, h.alice.id, h.bob.id, h.dana.id]):
        await play_night(h.bot.store, h.guild.id, finish, buy_in=10, prizes={finish[0]: 30},
                         knockouts=[(finish[-1], finish[0])],
                         names={h.alice.id: "alice", h.bob.id: "bob", h.carol.id: "carol",
                                h.dana.id: "dana"})
    r = await h.director.slash(h.channel, "season end")
    assert "Final standings - Main - Spring" == h.channel.last_message.embeds[0].title, \
        public(h, r)
    before = standings_of(await h.alice.slash(h.channel, "standings", season="Spring"))

    # The league changes its points system, its options and its money afterwards.
    await h.director.slash(h.channel, "league points", system="td3", best=1, min_nights=3,
                           bounty_points=5)
    await h.director.slash(h.channel, "league money", currency="$", decimals=2, bounty=500)
    after = standings_of(await h.alice.slash(h.channel, "standings", season="Spring"))
    assert after == before
    # A new season plays by the new settings.
    await h.director.slash(h.channel, "season start", name="Summer")
    now = standings_of(await h.alice.slash(h.channel, "standings"))
    assert now[2] != before[2]


async def test_a_night_starting_between_the_question_and_the_click_stops_the_end(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    await start_night(h)
    r = await h.director.slash(h.channel, "season end")
    message = r.followups[-1].message if r.followups else r.response.message
    # Another night starts in Spring before the director clicks.
    lobby = h.guild.create_text_channel("lobby")
    await open_night(h, "Wednesday", [h.carol, h.dana], lobby)
    await start_night(h, lobby)
    clicked = await h.director.click(message, label="End Spring")
    assert ("A night started or finished in Spring since you asked: ask again with /season "
            "end. Nothing was changed.") \
        in refused(h, clicked)
    league_id, spring = await league_and_season(h, "Spring")
    assert (await h.bot.store.active_season(league_id)).id == spring
    assert await h.bot.store.season_final(spring) is None


@pytest.mark.bot_options(idle_ping_seconds=0)  # a whole tournament: see conftest
async def test_an_online_night_says_its_season_at_the_start_and_in_its_results(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    members = [h.alice, h.bob]
    session = await create_and_join(h, members)
    started = await start_night(h)
    assert "This night counts in season **Spring** of Main" in started, started
    # Spring ends (confirmed) and Summer starts while the night is played.
    r = await h.director.slash(h.channel, "season end")
    await h.director.click(r.followups[-1].message if r.followups else r.response.message,
                           label="End Spring")
    await h.director.slash(h.channel, "season start", name="Summer")
    await h.advance(HAND_DELAY)
    await play_to_the_end(h, session, {str(m.id): m for m in members}, seed=5)
    finish = next(m.content for m in h.channel.history() if "wins the tournament" in m.content)
    assert finish.endswith("This night counts in season **Spring** of Main, the season active "
                           "when it started. Spring is over: its standings are now final."), \
        finish
    _, spring = await league_and_season(h, "Spring")
    assert [t.id for t in await h.bot.store.season_tournaments(spring)] == [session.store_id]


async def test_the_confirmation_still_works_after_a_restart(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    await start_night(h)
    r = await h.director.slash(h.channel, "season end")
    question = r.followups[-1].message if r.followups else r.response.message
    old = h.bot
    await old.close()
    new = create_bot(old.store.path, dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    await h.director.click(question, label="End Spring")
    assert "season **Spring** is over." in h.channel.last_message.content
    league_id, spring = await league_and_season(h, "Spring")
    assert await new.store.active_season(league_id) is None
    assert (await new.store.season_final(spring)) is not None

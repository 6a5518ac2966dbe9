"""Races on the league side: two directors (or a director and a tournament) act at
the same moment. Each command checks, waits on Discord (its "thinking..."), then writes; here
both pass their checks before either writes. Exactly one wins, or both changes are kept; a
loser is told privately and clearly, and nothing of his is written."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from simcord import MemberActor

from bot.league import service
from tests.league.conftest import play_night

from .conftest import Harness
from .test_races_tournament import at_once, in_flight_together
from .test_season_boundary import open_night


def private(result: Any) -> str | None:
    """The sender's private answer (a refusal, or a private success); None when he was
    answered in the channel."""
    followups = result.followups
    if followups:
        return str(followups[-1].content)
    return None if result.response is None else result.response.content


def one_refused(h: Harness, results: list[Any], refusal: str) -> tuple[str | None, str]:
    """Exactly one of two was refused with `refusal` (the start of it): (the other's private
    answer, the refusal). The refusal SimCord captured is acknowledged."""
    texts = [private(r) for r in results]
    lost = [i for i, text in enumerate(texts) if text is not None and text.startswith(refusal)]
    assert len(lost) == 1, texts
    assert results[lost[0]].ephemeral
    h.env.errors  # noqa: B018  (reading acknowledges the expected refusal)
    return texts[1 - lost[0]], str(texts[lost[0]])


async def clicks_at_once(h: Harness, *clicks: tuple[MemberActor, discord.Message, str]
                         ) -> list[Any]:
    """Button clicks in flight together, each held at its defer until all are there."""
    return await in_flight_together(h, [
        lambda a=actor, m=message, label=label: a.click(m, label=label)
        for actor, message, label in clicks])


def writes_wait_for_each_other(h: Harness, parties: int = 2) -> Callable[[], None]:
    """Hold each store.write until `parties` of them are waiting: every check a command makes
    before its write has been made by all of them. Returns the undo."""
    store = h.bot.store
    original = store.write
    barrier = asyncio.Barrier(parties)

    async def write(fn: Callable[[Any], Awaitable[Any]]) -> Any:
        await barrier.wait()
        return await original(fn)

    store.write = write  # type: ignore[method-assign]
    return lambda: delattr(store, "write")


def question_of(result: Any) -> discord.Message:
    return result.followups[-1].message if result.followups else result.response.message


# ---------------------------------------------------------------------- /season


async def test_two_season_starts_at_once_start_one(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    league = await service.find_league(h.bot.store, h.guild.id)  # the league exists first
    results = await at_once(h, (h.director, "season start", {"name": "Spring"}),
                            (second, "season start", {"name": "Summer"}))
    won, lost_text = one_refused(h, results, f"{league.name} is already playing ")
    assert won is None  # the winner's answer is the channel's
    winner = "Spring" if "**Spring**" in h.channel.last_message.content else "Summer"
    assert f"{league.name} is already playing {winner}; end it first" in lost_text, lost_text
    assert [s.name for s in await h.bot.store.seasons(league.id)] == [winner]


async def test_two_season_ends_at_once_end_it_once(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    await h.director.slash(h.channel, "season start", name="Spring")
    league = await service.find_league(h.bot.store, h.guild.id)
    spring = (await h.bot.store.active_season(league.id)).id
    results = await at_once(h, (h.director, "season end", {}), (second, "season end", {}))
    won, lost_text = one_refused(h, results, "Spring (Main) has already ended")
    assert lost_text == "Spring (Main) has already ended. Nothing was changed.", lost_text
    assert won is None and "season **Spring** is over." in h.channel.last_message.content
    assert (await h.bot.store.season(spring)).ends_at is not None
    # The one that lost ended nothing else: no season was started or ended twice.
    assert await h.bot.store.active_season(league.id) is None


async def test_two_confirmations_of_one_season_end_end_it_once(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    await h.director.slash(h.channel, "tournament start")
    mine = question_of(await h.director.slash(h.channel, "season end"))
    theirs = question_of(await second.slash(h.channel, "season end"))
    results = await clicks_at_once(h, (h.director, mine, "End Spring"),
                                   (second, theirs, "End Spring"))
    one_refused(h, results, "Spring (Main) has already ended. Nothing was changed.")
    over = [m for m in h.channel.history() if "season **Spring** is over" in m.content]
    assert len(over) == 1


async def test_a_season_end_and_a_night_start_at_once_never_misfile_the_night(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    await open_night(h, "Tuesday", [h.alice, h.bob])
    second = h.add_member("director2", director=True)
    league = await service.find_league(h.bot.store, h.guild.id)
    spring = (await h.bot.store.active_season(league.id)).id
    tournament = h.bot.tournaments.unfinished_in(h.guild.id)[0].store_id
    # Both checks see a season with no running night.
    results = await at_once(h, (h.director, "season end", {}),
                            (second, "tournament start", {}))
    refusal = private(results[0])
    row = await h.bot.store.tournament(tournament)
    start = next(m.content for m in h.channel.history()
                 if m.content.startswith("Shuffle up and deal!"))
    if (await h.bot.store.season(spring)).ends_at is None:
        # The night started first: it counts in Spring, and the end was refused, not made.
        assert row.season_id == spring and "season **Spring**" in start
        assert refusal is not None and refusal.startswith(
            "A night started or finished in Spring since you asked"), refusal
        h.env.errors  # noqa: B018  (acknowledges the refusal)
    else:
        # The season ended first: the night counts in no season (Spring's final standings
        # can never take it in), and says so.
        assert row.season_id is None, row
        assert "This night counts for no league season." in start, start


# ---------------------------------------------------------------------- /league points, money


async def test_points_and_money_changed_at_once_keep_both_changes(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    league = await service.find_league(h.bot.store, h.guild.id)
    undo = writes_wait_for_each_other(h)
    try:
        await at_once(h, (h.director, "league points", {"system": "td3", "best": 6}),
                      (second, "league money", {"currency": "$", "bounty": 5}))
    finally:
        undo()
    settings = await h.bot.store.league_settings(league.id)
    assert settings.points_system == "td3" and settings.options["best_n"] == 6, settings
    assert settings.currency == "$" and settings.options["bounty"] == 5, settings


async def test_two_points_changes_at_once_keep_both(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    league = await service.find_league(h.bot.store, h.guild.id)
    undo = writes_wait_for_each_other(h)
    try:
        await at_once(h, (h.director, "league points", {"min_nights": 3}),
                      (second, "league points", {"final_seats": 6}))
    finally:
        undo()
    options = (await h.bot.store.league_settings(league.id)).options
    assert options["min_nights"] == 3 and options["final_seats"] == 6, options


# ---------------------------------------------------------------------- appeals


async def test_two_closes_of_one_appeal_at_once_decide_it_once(harness: Harness) -> None:
    h = harness
    second = h.add_member("director2", director=True)
    await h.alice.slash(h.channel, "appeal", text="The string bet was allowed")
    results = await at_once(
        h, (h.director, "appeals close", {"id": 1, "decision": "A string raise is a call"}),
        (second, "appeals close", {"id": 1, "decision": "Upheld as ruled"}))
    won, lost_text = one_refused(h, results, "Appeal 1 was already decided")
    appeal = await h.bot.store.appeal(1)
    assert won is None and appeal.status == "closed"
    assert h.channel.last_message.content == f"Appeal 1 decided: {appeal.decision}"
    assert lost_text == (f"Appeal 1 was already decided: {appeal.decision}. Nothing was "
                         "changed."), lost_text
    winner = h.director if "string raise" in appeal.decision else second
    assert appeal.decided_by == winner.id


async def test_two_appeals_of_one_hand_at_once_file_one(harness: Harness) -> None:
    h = harness
    t = await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id])
    await h.bot.store.write(lambda tx: tx.begin_hand(t.id, 1, 3))
    hand = f"{t.id}-t1-h3"
    results = await at_once(h, (h.bob, "appeal", {"text": "misdeal not called", "hand": hand}),
                            (h.bob, "appeal", {"text": "misdeal!", "hand": hand}))
    won, lost_text = one_refused(h, results, "Your appeal 1 of hand ")
    assert won is not None and won.startswith("Appeal 1 is with the league."), won
    assert lost_text == (f"Your appeal 1 of hand {hand} is still open: the league decides it "
                         "first. Nothing was changed."), lost_text
    assert len(await h.bot.store.appeals(h.guild.id)) == 1

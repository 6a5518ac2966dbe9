"""Appeals cannot be spammed, and the list shows them all. Only a night's
players (or a director) may appeal its hands; one open appeal per member per hand; at most
APPEALS_PER_WINDOW appeals a member a day; `/appeals list` pages with ◀ ▶ and shows the open
appeals first, oldest first, so the first appeal is never buried."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.league import service
from bot.store import Store, StoreError
from tests.league.conftest import GUILD, play_night

from .conftest import Harness
from .test_tournament_flow import refused, reply


def shown(result: Any) -> discord.Message:
    return result.followups[-1].message if result.followups else result.response.message


def ids_on(message: discord.Message) -> list[int]:
    return [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", message.embeds[0].description or "")]


async def a_night_with_a_hand(h: Harness) -> str:
    t = await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id], name="Tuesday")
    await h.bot.store.write(lambda tx: tx.begin_hand(t.id, 1, 3))
    return f"{t.id}-t1-h3"


async def test_only_the_nights_players_or_a_director_may_appeal_its_hands(
        harness: Harness) -> None:
    h = harness
    hand = await a_night_with_a_hand(h)
    r = await h.dana.slash(h.channel, "appeal", text="that was a misdeal", hand=hand)
    assert refused(h, r) == ("Only the players of Tuesday (#1), or a director, may appeal its "
                             "hands. Nothing was changed.")
    assert await h.bot.store.appeals(h.guild.id) == []
    r = await h.bob.slash(h.channel, "appeal", text="that was a misdeal", hand=hand)
    assert reply(r).startswith("Appeal 1 is with the league.")
    r = await h.director.slash(h.channel, "appeal", text="the dealer exposed a card", hand=hand)
    assert reply(r).startswith("Appeal 2 is with the league.")


async def test_one_open_appeal_per_member_per_hand(harness: Harness) -> None:
    h = harness
    hand = await a_night_with_a_hand(h)
    await h.bob.slash(h.channel, "appeal", text="that was a misdeal", hand=hand)
    r = await h.bob.slash(h.channel, "appeal", text="really, a misdeal", hand=hand)
    assert refused(h, r) == (f"Your appeal 1 of hand {hand} is still open: the league decides "
                             "it first. Nothing was changed.")
    # Alice may appeal the same hand; Bob may once his appeal is decided.
    r = await h.alice.slash(h.channel, "appeal", text="no misdeal", hand=hand)
    assert reply(r).startswith("Appeal 2 is with the league.")
    await h.director.slash(h.channel, "appeals close", id=1, decision="Not a misdeal")
    r = await h.bob.slash(h.channel, "appeal", text="new facts", hand=hand)
    assert reply(r).startswith("Appeal 3 is with the league.")


async def test_a_member_files_at_most_five_appeals_a_day(harness: Harness) -> None:
    h = harness
    for i in range(service.APPEALS_PER_WINDOW):
        r = await h.dana.slash(h.channel, "appeal", text=f"complaint {i}")
        assert reply(r).startswith(f"Appeal {i + 1} is with the league."), reply(r)
    r = await h.dana.slash(h.channel, "appeal", text="one more")
    said = refused(h, r)
    assert said.startswith("You sent 5 appeals in the last 24 hours, the most the league takes "
                           "from one member: you can appeal again <t:"), said
    assert said.endswith(":R>. Nothing was changed.")
    assert len(await h.bot.store.appeals(h.guild.id)) == service.APPEALS_PER_WINDOW
    # Another member is not held back by her.
    r = await h.alice.slash(h.channel, "appeal", text="mine")
    assert reply(r).startswith("Appeal 6 is with the league.")


async def test_the_limit_is_a_rolling_day(tmp_path: Any) -> None:
    now = [1_700_000_000.0]
    store = await Store.open(tmp_path / "a.sqlite3", clock=lambda: now[0])
    try:
        for i in range(service.APPEALS_PER_WINDOW):
            await service.file_appeal(store, GUILD, 7, f"complaint {i}")
            now[0] += 3600
        try:
            await service.file_appeal(store, GUILD, 7, "one more")
            raise AssertionError("the sixth appeal of the day was filed")
        except service.LeagueError as exc:
            # The first one leaves the window 24 hours after it was filed.
            assert f"<t:{1_700_000_000 + 24 * 3600}:R>" in str(exc), str(exc)
        now[0] = 1_700_000_000.0 + 24 * 3600
        made = await service.file_appeal(store, GUILD, 7, "one more")
        assert made.id == service.APPEALS_PER_WINDOW + 1
    finally:
        await store.close()


async def test_the_list_pages_and_shows_open_appeals_first(harness: Harness) -> None:
    h = harness
    # The real appeal is #1; then 60 from one member (filed before the limit existed), of
    # which the director already decided the last 5.
    await h.alice.slash(h.channel, "appeal", text="The string bet was allowed")

    async def flood(tx: Any) -> None:
        for i in range(60):
            made = await tx.open_appeal(h.guild.id, h.dana.id, f"spam {i}")
            if i >= 55:
                await tx.close_appeal(made.id, h.director.id, "Dismissed")

    await h.bot.store.write(flood)
    r = await h.director.slash(h.channel, "appeals list")
    assert r.ephemeral
    first = shown(r)
    assert ids_on(first) == list(range(1, 11))  # the open ones first, oldest first: #1 on top
    assert first.embeds[0].footer.text == "56 open · 61 listed · page 1 of 7"
    assert "@\u200b" not in (first.embeds[0].description or "")  # mentions are plain <@id>
    assert not first.mention_everyone

    # ▶ through the pages: every appeal once; the decided ones last, latest decided first.
    seen, message = ids_on(first), first
    for page in range(2, 8):
        clicked = await h.director.click(message, label="Next ▶")
        message = clicked.response.message  # the list's message, edited in place
        assert message.id == first.id
        assert message.embeds[0].footer.text.endswith(f"page {page} of 7"), \
            message.embeds[0].footer.text
        seen += ids_on(message)
    assert seen[:56] == [1, *range(2, 57)] and sorted(seen[56:]) == list(range(57, 62))
    assert seen[56:] == sorted(seen[56:], reverse=True)
    assert "(decided)" in (message.embeds[0].description or "")

    # Only the open ones, or only the closed ones.
    r = await h.director.slash(h.channel, "appeals list", status="closed")
    assert ids_on(shown(r)) == [61, 60, 59, 58, 57]
    assert shown(r).components == []  # one page: no buttons


async def test_the_database_itself_refuses_a_second_open_appeal_of_a_hand(
        tmp_path: Any) -> None:
    store = await Store.open(tmp_path / "a.sqlite3")
    try:
        async def night(tx: Any) -> int:
            t = await tx.create_tournament(GUILD, "night")
            return int((await tx.begin_hand(t.id, 1, 1)).id)

        hand = await store.write(night)
        await store.write(lambda tx: tx.open_appeal(GUILD, 7, "first", hand_id=hand))
        try:
            await store.write(lambda tx: tx.open_appeal(GUILD, 7, "again", hand_id=hand))
            raise AssertionError("a second open appeal of one hand was stored")
        except StoreError as exc:
            assert "already has an open appeal" in str(exc)
        assert len(await store.appeals(GUILD)) == 1
    finally:
        await store.close()

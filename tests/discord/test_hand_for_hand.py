"""Hand-for-hand on the bubble in the channel: online the bot starts it by itself
and posts it (the director's command is refused there); at a live night `/td handforhand`
turns it on and off, announced in the channel and on the clock message. The bubble's end and
the places of a round are worded with their rule."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.announcements import Announcements
from bot.service.usecases.director import director_actions
from bot.tournament import events as tev
from bot.tournament import hfh_events as hev

from .conftest import HAND_DELAY, Harness
from .test_live_night import Channel, bust, clock_id, live_night
from .test_td_clock import posted_since
from .test_tournament_flow import create_and_join, message_text, refused, reply, table_message

PROFILES = ("treps", "tavern", "tda")
HFH_START = "Every table plays one hand and waits for the others"


@pytest.mark.parametrize("profile", PROFILES)
async def test_live_director_turns_hand_for_hand_on_and_off(harness: Harness,
                                                            profile: str) -> None:
    h = harness
    seen = Channel(h)
    session, _ = await live_night(h, profile)
    await h.director.slash(h.channel, "tournament start")
    clock = clock_id(h, session)
    seen.new()
    assert "Hand for hand" not in seen.message(clock).content

    r = await h.director.slash(h.channel, "td handforhand", on=True)
    assert r.ephemeral and "Hand for hand is on" in reply(r)
    posts = seen.new()
    assert any("**Hand for hand**, called by the director: 14 players left" in p
               and HFH_START in p and "/rule topic:hand-for-hand" in p for p in posts), posts
    assert "✋ **Hand for hand**" in seen.message(clock).content
    assert session.tournament.hand_for_hand

    # Twice on: refused, privately, nothing changes.
    r = await h.director.slash(h.channel, "td handforhand", on=True)
    assert "already on" in refused(h, r)
    assert not [p for p in seen.new() if "Hand for hand" in p]

    r = await h.director.slash(h.channel, "td handforhand", on=False)
    assert "Hand for hand is off" in reply(r)
    assert any("The director ends **hand for hand**" in p for p in seen.new())
    assert "Hand for hand" not in seen.message(clock).content
    assert not session.tournament.hand_for_hand
    # Kept as the director's actions, with who did them.
    kept = [(a.action, a.director_id) for a in
            await director_actions(h.bot.store, session.store_id)
            if a.action.startswith("hand_for_hand")]
    assert kept == [("hand_for_hand", h.director.id), ("hand_for_hand_off", h.director.id)]


@pytest.mark.parametrize("profile", PROFILES)
async def test_online_the_bubble_starts_it_and_the_command_is_refused(
        harness: Harness, profile: str) -> None:
    h = harness
    r = await h.director.slash(h.channel, "td payouts upload", name="Four paid", file=(
        "four.csv", b"players, 2, 4, 100\nplayers, 5, 10, 40, 30, 20, 10\n"))
    assert "Four paid" in reply(r), reply(r)
    members = [*h.players, h.add_member("erin")]
    session = await create_and_join(h, members, profile=profile, seats=3,
                                    payouts="Four paid")
    seen = len(h.channel.history())
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    t = session.tournament
    assert sorted(t.tables) == [1, 2] and t.hand_for_hand
    posts = posted_since(h, seen)
    assert any("✋ **Hand for hand**: 5 players left, 4 paid. " + HFH_START in p
               for p in posts), posts
    assert "· hand for hand" in message_text(table_message(h, session, 1))

    r = await h.director.slash(h.channel, "td handforhand", on=False)
    text = refused(h, r)
    assert "not a live tournament" in text and "by itself" in text, text
    assert session.tournament.hand_for_hand
    # The bot's own hand-for-hand is no director's action.
    assert not [a for a in await director_actions(h.bot.store, session.store_id)
                if a.action.startswith("hand_for_hand")]


def test_the_bubble_burst_names_who_went_out_and_the_round_places() -> None:
    names = {"1": "ann", "2": "ben", "3": "dev"}
    words = Announcements(names)
    bust = tev.Eliminated("3", 5, (), 2, "h-9", 800, 10.0)
    posts = words.posts([bust, hev.HandForHandEnded(4, 4, "bubble", 10.0)])
    assert "dev is out in **5th** place" in posts[0].text
    assert posts[1].text.startswith("🫧 **The bubble has burst**: dev out on it. 4 players left")
    assert posts[1].channel and posts[1].every_table
    placed = words.posts([hev.HandForHandPlaced("2", 5, 6, (), 3000, ("2", "1"), 11.0)])
    assert placed[0].text == (
        "ben takes **5th** place: out in the same hand-for-hand round as ann, with 3,000 "
        "chips at the start of the hand (`/rule topic:hand-for-hand`).")


async def test_live_hand_for_hand_ends_by_itself_when_the_bubble_bursts(
        harness: Harness) -> None:
    """The director turned hand for hand on at the bubble; the bust that bursts it ends it, as
    online (he need not turn it off), and the channel hears who went out on it."""
    h = harness
    seen = Channel(h)
    session, members = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    t = session.tournament
    paid = t.places_paid()
    names = [m.name for m in members] + ["Dana Smith", "Ed Guest", "Flo", "Gabe", "Hank"]
    out = iter(names)
    while len(t.playing) > paid + 1:
        await bust(h, h.director, next(out))
    await h.director.slash(h.channel, "td handforhand", on=True)
    assert t.hand_for_hand
    seen.new()
    bubble = next(out)
    await bust(h, h.director, bubble)
    assert not t.hand_for_hand and len(t.playing) == paid
    posts = seen.new()
    assert any("The bubble has burst" in p and bubble in p for p in posts), posts
    assert "Hand for hand" not in seen.message(clock_id(h, session)).content

"""The live desk's commands in SimCord: bad input answered privately with nothing
changed, two directors at once, guests (late entry, re-buy, add-on, link), pause and resume,
autocomplete, and names that never ping."""

from __future__ import annotations

import asyncio
import re

import discord
from simcord import Env

from bot.discord_ui.client import create_bot
from bot.service import Session
from bot.tournament import events as tev

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_live_night import LEVEL, Channel, clock_id, live_night, table_of
from .test_tournament_flow import refused, reply


class BusyLock(asyncio.Lock):
    """A session's lock the test can hold: a command waiting for it waits as for outside
    input (SimCord then lets the test go on instead of calling the bot stuck)."""

    def __init__(self, env: Env) -> None:
        super().__init__()
        self.env = env

    async def acquire(self) -> bool:
        if not self.locked():
            return await super().acquire()
        return bool(await self.env.external_wait(super().acquire(),
                                                 reason="the tournament is busy"))


def events(session: Session) -> int:
    return session.tournament.event_count


async def started_night(h: Harness) -> tuple[Channel, Session, int]:
    """The 14-player live night, started: what the channel shows from now on, the session and
    the clock message's id."""
    seen = Channel(h)
    session, _ = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    seen.new()
    return seen, session, clock_id(h, session)


async def test_bad_input_is_refused_privately_and_changes_nothing(harness: Harness) -> None:
    h = harness
    seen = Channel(h)
    session, members = await live_night(h)
    seen.new()
    alice, bob = (str(m.id) for m in members[:2])

    async def no(who, command: str, **options) -> str:  # noqa: ANN001
        before = events(session)
        text = refused(h, await who.slash(h.channel, command, **options))
        assert events(session) == before and seen.new() == [], text
        return text

    assert "has not started" in await no(h.director, "bust", player=alice)
    await h.director.slash(h.channel, "tournament start")
    seen.new()
    t = session.tournament
    assert await no(h.alice, "bust", player=bob) == ("Only a director, or the player himself, "
                                                     "records a bust. Nothing was changed.")
    assert await no(h.director, "bust", player="Zed") == (
        "Nobody called Zed is in this tournament: pick the player from the list. Nothing was "
        "changed.")
    assert "no bust to undo" in await no(h.director, "td undo")
    assert "No chip race is due now" in await no(h.director, "td chiprace", counts="alice 1")
    outsider = h.add_member("walter")
    assert await no(h.director, "bust", player=str(outsider.id)) == (
        "That player is not in this tournament: pick the player from the list. Nothing was "
        "changed.")
    assert "Only a player of this tournament or a director" in await no(
        outsider, "clock", player=alice)
    assert "Nobody called Zed" in await no(h.bob, "clock", player="Zed")
    assert "either `name:`" in await no(h.director, "td add")

    await h.director.slash(h.channel, "bust", player=alice)
    seen.new()
    assert await no(h.director, "bust", player=alice) == ("Alice is already out (14th place). "
                                                          "Nothing was changed.")
    assert await no(h.director, "bust", player=bob, by=alice) == (
        "Alice is out already: the player who busted bob must still be in. Nothing was "
        "changed.")
    assert "cannot call the clock on yourself" in await no(h.bob, "clock", player=bob)

    # The chip race at level 6: counts that do not add up, and counts that cannot be read.
    await h.advance(5 * LEVEL + 600)
    seen.new()
    assert await no(h.director, "td chiprace", counts="bob 5") == (
        "Bob's 5 odd 25 chips do not add up: every 4 of them are changed for a 100 first, so a "
        "player keeps 0 to 3. Nothing was changed.")
    text = await no(h.director, "td chiprace", counts="bob lots")
    assert text.startswith("I could not read `bob lots`. Give each player's odd 25s as")
    assert text.endswith("Nothing was changed.") and text.count("Nothing was changed.") == 1
    assert "The counts name bob twice" in await no(h.director, "td chiprace",
                                                  counts="bob 1, Bob 2")
    assert t.smallest_chip == 25

    # Busting everyone but one ends the night; a bust after the end finds no tournament.
    while len(t.playing) > 1:
        await h.director.slash(h.channel, "bust", player=t.playing[0])
    assert t.status == "finished"
    seen.new()
    assert "No tournament is running in this channel" in await no(h.director, "bust",
                                                                  player=bob)
    assert "No tournament is running in this channel" in await no(h.director, "td undo")


async def test_two_directors_busting_one_player_at_once_exactly_one_wins(
        harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    other = h.add_member("second director", director=True)
    victim = table_of(session, 1)[0]
    # Both commands arrive while the tournament is busy (its lock held, as by a commit in
    # progress): both have checked that the player is still in, and both wait.
    session.lock = BusyLock(h.env)
    await session.lock.acquire()
    try:
        first = await h.director.slash(h.channel, "bust", player=victim)
        second = await other.slash(h.channel, "bust", player=victim)
        assert not first.followups and not second.followups  # deferred, waiting
    finally:
        session.lock.release()
    await h.env.settle()
    answers = sorted([reply(first), reply(second)], key=lambda a: not a.startswith("Recorded"))
    h.env.errors  # noqa: B018  (the refusal is expected)
    assert answers[0].startswith("Recorded: ") and "out in 14th place" in answers[0]
    assert answers[1].endswith("is already out (14th place). Nothing was changed.")
    posts = seen.new()
    assert len(posts) == 1 and "out in **14th** place" in posts[0]
    assert [p.place for p in session.tournament.players.values() if p.place] == [14]


async def test_guests_enter_late_rebuy_take_the_add_on_and_are_linked(harness: Harness) -> None:
    h = harness
    seen, session, clock = await started_night(h)
    t = session.tournament
    r = await h.director.slash(h.channel, "td add", name="Late Larry")
    assert reply(r) == "Late Larry is in as a guest."
    (late,) = seen.new()
    larry = next(p for p, g in t.guests.items() if g.name == "Late Larry")
    p = t.players[larry]
    assert late == (f"🆕 **Late Larry** enters late: **table {p.table}, seat {p.seat}** "
                    "(`/rule topic:late-registration`).")
    zoe = h.add_member("zoe")
    await h.director.slash(h.channel, "td add", member=zoe)
    (zoe_in,) = seen.new()
    assert zoe_in.startswith("🆕 **zoe** enters late: **table ")

    await h.director.slash(h.channel, "bust", player="Late Larry")
    seen.new()
    choices = await h.director.autocomplete(h.channel, "td rebuy", "player", "lar")
    assert [c["value"] for c in choices] == [larry]
    r = await h.director.slash(h.channel, "td rebuy", player=larry)
    assert reply(r) == "Re-buy recorded: 10,000 chips."
    (rebuy,) = seen.new()
    p = t.players[larry]
    assert rebuy == (f"🔁 **Late Larry** re-buys (10,000 chips): **table {p.table}, seat "
                     f"{p.seat}**.")
    await h.director.slash(h.channel, "td addon", player="late larry")
    assert seen.new() == ["➕ **Late Larry** takes the add-on (10,000 chips)."]
    shown = seen.message(clock).content
    assert "👥 **16** of 16 left · 1 re-buy · 1 add-on" in shown
    assert "Prize pool **360**" in shown  # 16 buy-ins of 20, a re-buy and an add-on of 20
    assert "Average stack **11,250**" in shown  # 180,000 chips put in play over 16 players

    member = h.add_member("larry on discord")
    r = await h.director.slash(h.channel, "td link", name=larry, member=member)
    assert reply(r) == "Linked: Late Larry's result tonight counts for larry on discord."
    assert seen.new() == ["🔗 **Late Larry** is the member **larry on discord**: tonight's "
                          "result counts for the member."]
    assert t.guests[larry].member == str(member.id)
    assert "already linked" in refused(h, await h.director.slash(
        h.channel, "td link", name=larry, member=h.dana))


async def test_pause_stops_the_clock_and_resume_moves_every_deadline(harness: Harness) -> None:
    h = harness
    seen, session, clock = await started_night(h)
    t = session.tournament
    await h.advance(8 * 60)
    ends = t.clock_view(h.now()).ends_at
    assert ends is not None
    await h.director.slash(h.channel, "td pause", reason="dinner is served")
    assert seen.new() == ["⏸ **The clock is paused** by the director: dinner is served. Every "
                          "time stops until it runs again."]
    shown = seen.message(clock).content
    assert re.search(r"\n⏸ \*\*Paused\*\*: 1[12]:[0-5][0-9] left when the clock runs again\.\n",
                     shown), shown
    assert "<t:" not in shown.split("Paused")[1].split("\n")[0]  # no countdown while paused
    await h.advance(30 * 60)
    assert seen.new() == []  # no level passes while paused
    await h.director.slash(h.channel, "td resume")
    paused = next(e for e in reversed(t.events) if isinstance(e, tev.Paused))
    resumed = next(e for e in reversed(t.events) if isinstance(e, tev.Resumed))
    moved = int(ends + (resumed.at - paused.at))
    assert seen.new() == [f"▶️ **The clock runs again**; level 1 ends <t:{moved}:t> "
                          f"(<t:{moved}:R>)."]
    assert f"⏳ Level ends <t:{moved}:R>" in seen.message(clock).content
    await h.advance(moved - h.now() + 1)
    assert seen.new()[0].startswith("⏰ **Level 2**")


async def test_player_lists_autocomplete_and_names_never_ping(harness: Harness) -> None:
    h = harness
    seen = Channel(h)
    await h.set_profile("treps")
    await h.director.slash(h.channel, "tournament create", name="Pings", mode="live")
    await h.alice.slash(h.channel, "tournament join")
    await h.director.slash(h.channel, "td add", name="@everyone")
    await h.director.slash(h.channel, "td add", name="<@123456789012345678>")
    await h.director.slash(h.channel, "tournament start")
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    choices = await h.alice.autocomplete(h.channel, "bust", "player", "")
    assert len(choices) == 3 and all(" · table 1 seat " in c["name"] for c in choices)
    everyone = next(p for p, g in session.tournament.guests.items() if g.name == "@everyone")
    await h.director.slash(h.channel, "bust", player=everyone, by=str(h.alice.id))
    posts = seen.new()
    assert any("**@\u200beveryone** is out in **3rd** place" in p for p in posts)
    assert not any("@everyone" in p or "<@1234" in p for p in posts)
    choices = await h.alice.autocomplete(h.channel, "bust", "player", "")
    assert everyone not in [c["value"] for c in choices] and len(choices) == 2
    sent = [r for r in h.env.http_requests if r.method in ("POST", "PATCH")
            and "/messages" in r.path and isinstance(r.json, dict) and "content" in r.json]
    assert sent and all(r.json.get("allowed_mentions", {}).get("parse") == [] for r in sent)


async def test_a_deleted_or_frozen_clock_message_is_posted_again(harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    first = clock_id(h, session)
    # Discord refuses more edits of a message older than an hour (30046): a new clock.
    h.env.inject_error("PATCH", f"/channels/*/messages/{first}", status=400, code=30046,
                       message="Maximum number of edits to messages older than 1 hour reached",
                       times=1)
    await h.advance(LEVEL)
    posts = seen.new()
    second = clock_id(h, session)
    assert second != first and posts[0].startswith("⏰ **Level 2**")
    assert posts[1].split("\n")[1] == "# Level 2 · 50/100"
    # A moderator deletes it: the next change posts it again; a passing error does not.
    moderators = h.guild.create_role("Mods",
                                     permissions=discord.Permissions(manage_messages=True))
    mod = h.guild.add_member(h.env.create_user("mod"), roles=[moderators])
    await mod.delete(seen.message(second))
    await h.director.slash(h.channel, "bust", player=session.tournament.playing[0])
    third = clock_id(h, session)
    assert third != second and "👥 **13** of 14 left" in seen.message(third).content
    h.env.inject_error("PATCH", f"/channels/*/messages/{third}", status=500, times=1)
    await h.director.slash(h.channel, "bust", player=session.tournament.playing[0])
    assert clock_id(h, session) == third
    h.env.errors  # noqa: B018  (the injected failures are expected)
    stored = [m for m in await h.bot.store.messages(session.store_id) if m.key == "live:clock"]
    assert [m.message_id for m in stored] == [third]


async def test_a_cancelled_night_stops_its_clock_and_its_break_warning(harness: Harness) -> None:
    h = harness
    seen = Channel(h)
    session, _ = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    clock = clock_id(h, session)
    await h.advance(4 * LEVEL + 60)  # on the break
    seen.new()
    await h.director.slash(h.channel, "tournament cancel", reason="the bar closes early")
    assert seen.new() == ["**Friday Night** is cancelled by the director: the bar closes early"]
    assert seen.message(clock).content == ("**Friday Night** · live clock\n# ✖ Cancelled\nThe "
                                           "director cancelled this tournament.")
    await h.advance(20 * 60)
    assert seen.new() == []  # no "one minute" post, no level


async def test_a_restart_on_the_break_posts_its_last_minute_once(harness: Harness,
                                                                 tmp_path) -> None:
    h = harness
    seen = Channel(h)
    session, _ = await live_night(h)
    await h.director.slash(h.channel, "tournament start")
    clock = clock_id(h, session)
    await h.advance(4 * LEVEL + 9 * 60 + 10)  # 50 s before the break ends: said already
    assert sum(p.startswith("⏰ **One minute**") for p in seen.new()) == 1
    for _ in range(2):  # restarted there, and again a minute after the break
        await h.bot.close()
        new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
        await h.env.restart_bot(new)
        h.bot = new
        session = new.tournaments.unfinished_in(h.guild.id)[0]
        assert clock_id(h, session) == clock
        await h.advance(60)
    posts = seen.new()
    assert not any(p.startswith("⏰ **One minute**") for p in posts)
    assert [p.split(":")[0] for p in posts] == ["⏰ **Level 5**"]
    assert seen.message(clock).content.split("\n")[1] == "# Level 5 · 150/300, ante 300"


def test_odd_chip_counts_are_read_by_name_in_any_form() -> None:
    from bot.cogs.live import parse_odd_chips
    from bot.engine.profile import make_profile
    from bot.tournament.payouts import load_payout_table
    from bot.tournament.structure import load_structure
    from bot.tournament.tournament import Tournament, TournamentConfig

    t = Tournament.create(1, TournamentConfig(make_profile("treps"), load_structure("regular"),
                                              load_payout_table("standard"), mode="live"), 0.0)
    for name in ("Max", "Maxine", "Dana Smith", "Player 2"):
        t.add_guest(name, "td", 0.0)
    names = {p: g.name for p, g in t.guests.items()}
    ids = {g.name: p for p, g in t.guests.items()}
    assert parse_odd_chips("max 2; Dana Smith: 1, player 2 × 3", t, names) == {
        ids["Max"]: 2, ids["Dana Smith"]: 1, ids["Player 2"]: 3}
    assert parse_odd_chips(" none ", t, names) == {}
    assert parse_odd_chips("maxi 1", t, names) == {ids["Maxine"]: 1}


async def test_a_member_rebuys_and_takes_the_add_on_himself(harness: Harness) -> None:
    """`/tournament rebuy` and `/tournament addon` record chips a member buys at the
    real table, as `/td` does for a guest: a post, the clock's counts and the prize pool."""
    h = harness
    seen, session, clock = await started_night(h)
    t = session.tournament
    alice = str(h.alice.id)
    r = await h.alice.slash(h.channel, "tournament rebuy")
    assert "Only a busted player may re-buy" in refused(h, r)
    before = events(session)
    await h.director.slash(h.channel, "bust", player=alice)
    seen.new()
    assert t.players[alice].place is not None and events(session) > before
    r = await h.alice.slash(h.channel, "tournament rebuy")
    assert reply(r) == "You re-buy for 10,000 chips."
    p = t.players[alice]
    assert p.place is None and p.table is not None
    posted = seen.new()
    assert posted == [f"🔁 **alice** re-buys (10,000 chips): **table {p.table}, seat {p.seat}**."]
    r = await h.alice.slash(h.channel, "tournament addon")
    assert seen.new() == ["➕ **alice** takes the add-on (10,000 chips)."]
    again = await h.alice.slash(h.channel, "tournament addon")
    assert "add-on" in refused(h, again)
    shown = seen.message(clock).content
    assert "👥 **14** of 14 left · 1 re-buy · 1 add-on" in shown, shown
    assert "Prize pool **320**" in shown, shown  # 14 buy-ins of 20, a re-buy and an add-on

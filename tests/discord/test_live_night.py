"""A live league night in SimCord: 14 players at two real tables, guests among them,
the bot as the clock, the seat draw and the bust-out desk. Read as the channel shows it."""

from __future__ import annotations

import re

import discord
from simcord import MemberActor

from bot.discord_ui.client import create_bot
from bot.league.service import points_by_player
from bot.service import Session

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import reply

GUESTS = ("Dana Smith", "Ed Guest", "Flo", "Gabe", "Hank")
MORE_MEMBERS = ("erin", "frank", "gina", "hugo", "ivan")
LEVEL = 20 * 60  # the regular structure's levels
MOVE = re.compile(r"➡️ Table (\d) has (\d), table (\d) has (\d): move \*\*(.+?)\*\* from table "
                  r"(\d) seat (\d) to \*\*table (\d), seat (\d)\*\*")


class Channel:
    """What the channel shows, as a player scrolls it: the posts since the last look."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.seen: set[int] = set()

    def new(self) -> list[str]:
        fresh = [m for m in self.h.channel.history() if m.id not in self.seen]
        self.seen.update(m.id for m in fresh)
        return [m.content for m in fresh]

    def message(self, message_id: int) -> discord.Message:
        return next(m for m in self.h.channel.history() if m.id == message_id)


async def live_night(h: Harness, profile: str = "treps") -> tuple[Session, list[MemberActor]]:
    """A live tournament of 9 members and 5 guests, 8 seats a table, buy-in 20."""
    await h.set_profile(profile)
    await h.director.slash(h.channel, "tournament create", name="Friday Night", mode="live",
                           seats=8, buy_in=20)
    members = h.players + [h.add_member(n) for n in MORE_MEMBERS]
    for m in members:
        await m.slash(h.channel, "tournament join")
    for guest in GUESTS:
        r = await h.director.slash(h.channel, "td add", name=guest)
        assert r.ephemeral and "is in as a guest" in reply(r)
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    assert session.tournament.live and len(session.tournament.players) == 14
    return session, members


def clock_id(h: Harness, session: Session) -> int:
    message = h.bot.live_clock.channels[session.store_id].clock_message
    assert message is not None
    return message


def clock_edits(h: Harness, message_id: int) -> int:
    return sum(1 for r in h.env.http_requests
               if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}"))


def table_of(session: Session, table: int) -> list[str]:
    return [p for _, p in sorted(session.tournament.tables[table].seats.items())]


async def bust(h: Harness, who: MemberActor, player: str, by: str | None = None) -> str:
    options = {"player": player} | ({"by": by} if by is not None else {})
    r = await who.slash(h.channel, "bust", **options)
    return reply(r)


async def test_a_live_night_from_the_seat_draw_to_the_standings(harness: Harness,
                                                                tmp_path) -> None:
    h = harness
    seen = Channel(h)
    session, members = await live_night(h)
    posts = seen.new()
    assert "🆕 **Dana Smith** is registered as a guest (10 players)." in posts
    assert any("live: real cards and chips" in p for p in posts)

    # The seat draw: every card at both tables, the chart, the button; then the clock.
    t0 = h.now()
    r = await h.director.slash(h.channel, "tournament start")
    t = session.tournament
    names = dict(await h.bot.live_clock.names_of(session))
    posts = seen.new()
    draw = next(p for p in posts if p.startswith("🃏 **The seat draw**: 14 players at 2 "
                                                 "tables."))
    for table in (1, 2):
        block = draw.split(f"**Table {table}**: one card each: the highest card takes the "
                           "button and the others sit by descending card")[1]
        dealt = block.split("Cards dealt: ")[1].split("\n")[0].split(" · ")
        assert len(dealt) == 7 and {d.rsplit(" ", 1)[0] for d in dealt} == {
            names[p] for p in table_of(session, table)}
        for seat, player in t.tables[table].seats.items():
            assert f"Seat {seat} · {names[player]}\n" in block
        assert re.search(rf"Seat {t.tables[table].button}, .+, has the button\.", block)
    clock = clock_id(h, session)
    shown = seen.message(clock).content
    assert shown.startswith("**Friday Night** · live clock\n# Level 1 · 25/50\n")
    assert f"⏳ Level ends <t:{int(t0 + LEVEL)}:R>" in shown
    assert "Next: level 2 · 50/100" in shown and "👥 **14** of 14 left" in shown
    assert "Average stack **10,000**" in shown
    assert "💰 Prize pool **280** · 1st 113 · 2nd 70 · 3rd 42 · 4th 33 · 5th 22" in shown
    assert posts[-1] == ("Shuffle up and deal! This night counts in season **Season 1** of "
                         "Main, the season active when it started.") and posts[-2] == shown

    # Nothing changes mid-level: no post, no edit (the timestamp counts down by itself).
    edits = clock_edits(h, clock)
    await h.advance(LEVEL - 60)
    assert seen.new() == [] and clock_edits(h, clock) == edits
    await h.advance(60)
    posts = seen.new()
    assert posts == [f"⏰ **Level 2**: blinds **50/100**, 20 minutes, until "
                     f"<t:{int(t0 + 2 * LEVEL)}:t> (<t:{int(t0 + 2 * LEVEL)}:R>)."]
    assert clock_edits(h, clock) == edits + 1
    assert seen.message(clock).content.split("\n")[1] == "# Level 2 · 50/100"

    # Busts: the player himself, the director with who busted him; a balance move follows
    # when table 1 is two short.
    first, second = table_of(session, 1)[:2]
    knocker = table_of(session, 2)[0]
    me = next(m for m in members if str(m.id) == first) if first.isdigit() else None
    text = await bust(h, me or h.director, first)
    assert text.startswith(f"Recorded: {names[first]} out in 14th place for now (he may re-buy "
                           "until the end of level 4).")
    text = await bust(h, h.director, second, by=knocker)
    posts = seen.new()
    assert posts[0] == (f"💀 **{names[first]}** is out in **14th** place for now: he may re-buy "
                        "until the end of level 4 (`/td rebuy`); the place is final once he no "
                        "longer can. 13 players left.")
    assert posts[1].startswith(f"💀 **{names[second]}** is out in **13th** place for now, "
                               f"busted by {names[knocker]}: he may re-buy until the end of "
                               "level 4 (`/td rebuy`); the place is final once he no longer "
                               "can. 12 players left.\n")
    move = MOVE.search(posts[1])
    assert move is not None, posts[1]
    to_t, to_n, from_t, from_n, who, from_t2, _, to_t2, to_seat = move.groups()
    assert (to_t, to_n, from_t, from_n, from_t2, to_t2) == ("1", "5", "2", "7", "2", "1")
    mover = next(p for p in t.players if names[p] == who)
    assert (t.players[mover].table, t.players[mover].seat) == (1, int(to_seat))
    assert "👥 **12** of 14 left" in seen.message(clock).content

    # A mistake: undone, the player is back at his seat and the 13th place is open again.
    r = await h.director.slash(h.channel, "td undo")
    assert reply(r) == "The last bust is undone."
    (undo,) = seen.new()
    assert undo.startswith(f"↩️ **Bust undone**: **{names[second]}** is back in at **table ")
    assert "the 13th place is open again, 13 players left" in undo
    # The undo takes back the bust, not the move: the moved player stays, and is told so.
    assert undo.endswith(f"\nThe move after his bust stands: **{who}** stays at table 1, seat "
                         f"{to_seat}.")
    assert (t.players[mover].table, t.players[mover].seat) == (1, int(to_seat))
    assert t.players[second].status == "playing"

    # The clock on a player (treps: a minute, the last 10 seconds counted down).
    target = table_of(session, 2)[1]
    caller = next(m for m in members if str(m.id) != target and str(m.id) in t.players)
    called_at = h.now()
    r = await caller.slash(h.channel, "clock", player=target)
    assert reply(r) == "Clock called: the channel counts it down."
    (post,) = seen.new()
    seat = t.players[target].seat
    assert post == (f"⏱ **Clock** on **{names[target]}** (table 2, seat {seat}), called by "
                    f"{caller.name}: 60 seconds, the last 10 counted down. Time "
                    f"<t:{int(called_at + 60)}:R> (`/rule topic:clock`).")
    await h.advance(49)
    assert seen.new() == []
    await h.advance(1)
    assert seen.new() == [f"⏱ **{names[target]}**: **10 seconds**, counting down. Time "
                          f"<t:{int(called_at + 60)}:R>."]
    await h.advance(10)
    assert seen.new() == [f"⏱ **Time** on **{names[target]}** at table 2: the hand is dead "
                          "(`/rule topic:clock`)."]

    # Level 3 and 4, then the break, and a post a minute before it ends.
    await h.advance(t0 + 4 * LEVEL - h.now())
    posts = seen.new()
    assert [p.split(":")[0] for p in posts] == ["⏰ **Level 3**", "⏰ **Level 4**", "☕ **Break**"]
    assert posts[-1] == (f"☕ **Break**: 10 minutes. Play resumes <t:{int(t0 + 4 * LEVEL + 600)}"
                         f":t> (<t:{int(t0 + 4 * LEVEL + 600)}:R>) with level 5: blinds 150/300, "
                         "ante 300.\n➕ **Add-on** during this break: 10,000 chips for 20 "
                         "(`/td addon`).\n🔒 **Re-buys are closed** (they ran to the end of level "
                         "4): every place is final.")
    assert seen.message(clock).content.split("\n")[1:3] == [
        "# ☕ Break", f"⏳ Play resumes <t:{int(t0 + 4 * LEVEL + 600)}:R> · at "
                     f"<t:{int(t0 + 4 * LEVEL + 600)}:t>"]
    await h.advance(8 * 60)
    assert seen.new() == []
    await h.advance(60)
    assert seen.new() == [f"⏰ **One minute**: the break ends <t:{int(t0 + 4 * LEVEL + 600)}:R>."
                          " Level 5, blinds **150/300, ante 300**: take your seats."]
    await h.advance(60)
    assert seen.new()[0].startswith("⏰ **Level 5**: blinds **150/300, ante 300**")

    # A restart mid-level: the same absolute deadlines, the same clock message.
    await h.advance(5 * 60)
    deadlines = [(d.kind, d.at) for d in t.deadlines(h.now())]
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    session = new.tournaments.unfinished_in(h.guild.id)[0]
    t = session.tournament
    assert [(d.kind, d.at) for d in t.deadlines(h.now())] == deadlines
    assert clock_id(h, session) == clock
    level6 = t0 + 5 * LEVEL + 600
    await h.advance(level6 - h.now())
    posts = seen.new()
    assert posts[0].startswith("⏰ **Level 6**: blinds **200/400, ante 400**")
    # The 25s are no longer needed from level 6: the chip race procedure, then the race.
    assert posts[1].startswith("🎲 **Chip race**: the 25 chips are no longer needed")
    assert "`/td chiprace counts:` such as `Ann 3, Bob 1`" in posts[1]
    assert "# Level 6 · 200/400, ante 400" in seen.message(clock).content
    assert "🎲 Chip race due: the 25s go" in seen.message(clock).content
    racers = table_of(session, 1)[:2] + table_of(session, 2)[:1]
    counts = ", ".join(f"{names[p]} {n}" for p, n in zip(racers, (3, 1, 2), strict=True))
    r = await h.director.slash(h.channel, "td chiprace", counts=counts)
    assert reply(r) == "Chip race run: the channel has every card."
    (race,) = seen.new()
    assert race.startswith("🎲 **Chip race**: the 25s are raced off for 100s")
    for player, n in zip(racers, (3, 1, 2), strict=True):
        line = next(x for x in race.split("\n") if f" {names[player]}, {n} × 25: " in x)
        cards = line.split(": ")[1].split(" → ")[0]
        assert len(re.findall(r"<:c4_\w+:\d+>", cards)) == n  # one card a chip, as emojis
    assert "🎲" not in seen.message(clock).content

    # Busts down to the final table: table 1 breaks or table 2 does; the final table is drawn
    # afresh with every card.
    while len(t.tables) > 1:
        victim = min(t.tables, key=lambda x: len(t.tables[x].seats))
        await bust(h, h.director, table_of(session, victim)[0])
    posts = seen.new()
    final = posts[-1]
    assert "🧱 **Table " in final and "breaks**: its players go to the final table" in final
    assert "🏁 **Final table** at table " in final
    dealt = final.split("Cards dealt: ")[1].split("\n")[0].split(" · ")
    assert len(dealt) == len(t.playing) == 8
    (ft,) = t.tables.values()
    for seat, player in ft.seats.items():
        assert f"Seat {seat} · {names[player]}\n" in final

    # To heads-up and the end: every place, when and by whom, prizes and league points.
    while len(t.playing) > 2:
        await bust(h, h.director, t.playing[0], by=t.playing[1])
    assert seen.new()[-1].endswith(f"🥊 **Heads-up**: {names[sorted(t.playing)[0]]} against "
                                   f"{names[sorted(t.playing)[1]]}.")
    loser, winner = t.playing
    await bust(h, h.director, loser, by=winner)
    posts = seen.new()
    assert posts[0] == (f"💰 **{names[loser]}** finishes **2nd** and wins **70**, busted by "
                        f"{names[winner]}.")
    results = posts[1].split("\n")
    assert results[0] == f"🏆 **{names[winner]}** wins Friday Night! 14 entries, prize pool 280."
    assert results[1].startswith(f"1. **{names[winner]}** · **113**")
    assert len(results) == 16 and results[-1] == (
        "This night counts in season **Season 1** of Main, the season active when it started. "
        "League points are in: `/standings`. Settle up with `/settle`.")
    for place, line in enumerate(results[2:15], start=2):
        assert line.startswith(f"{place}. ") and " · out <t:" in line
    assert results[2].endswith(f"busted by {names[winner]}" + " · "
                               + results[2].rsplit(" · ", 1)[1])
    assert seen.message(clock).content.split("\n")[1] == f"# 🏆 {names[winner]} wins"

    # League points were scored at once for every player, the guests too: each line of the
    # results and the season's standings show the points the store holds for him.
    scored = await points_by_player(h.bot.store, session.store_id)
    assert set(scored) == set(t.players) and any(p in t.guests for p in scored)
    for player, points in scored.items():
        line = next(x for x in results[1:] if f" {names[player]} " in f" {x} ".replace("**", ""))
        assert line.endswith(f" · {points:g} pt{'' if points == 1 else 's'}")
    r = await h.alice.slash(h.channel, "standings")
    standings = (r.followups[-1] if r.followups else r.response).embeds[0].description
    for player, points in scored.items():
        assert re.search(rf"\b{names[player]}\s+{points:.2f}\b", standings)
    r = await h.bob.slash(h.channel, "settle")
    settled = (r.followups[-1] if r.followups else r.response).embeds[0].description
    assert settled.startswith("**Friday Night** (tournament ")
    assert f"{names[str(h.bob.id)]}: paid 20" in settled


async def test_the_clock_under_tda_counts_25_then_5_and_can_be_stopped(harness: Harness) -> None:
    h = harness
    seen = Channel(h)
    session, members = await live_night(h, profile="tda")
    await h.director.slash(h.channel, "tournament start")
    names = dict(await h.bot.live_clock.names_of(session))
    seen.new()
    t = session.tournament
    guest = next(p for p in t.playing if not p.isdigit())
    called = h.now()
    r = await h.director.slash(h.channel, "clock", player=names[guest])
    assert reply(r) == "Clock called: the channel counts it down."
    (post,) = seen.new()
    assert ": 25 seconds, then a 5-second countdown. Time " \
           f"<t:{int(called + 30)}:R>" in post
    await h.advance(25)
    assert seen.new() == [f"⏱ **{names[guest]}**: **5 seconds**, counting down. Time "
                          f"<t:{int(called + 30)}:R>."]
    await h.advance(5)
    (time_up,) = seen.new()
    assert time_up.startswith(f"⏱ **Time** on **{names[guest]}** at table ")
    assert "facing a bet the hand is dead; with no bet to call it checks" in time_up
    # Called again, then stopped when he acts: nothing more is posted.
    await members[0].slash(h.channel, "clock", player=guest)
    seen.new()
    r = await members[1].slash(h.channel, "clock", player=guest, cancel=True)
    assert reply(r) == "Clock stopped."
    assert seen.new() == [f"⏱ The clock on {names[guest]} is stopped: he acted."]
    await h.advance(60)
    assert seen.new() == []


async def test_money_is_said_in_the_leagues_currency(harness: Harness) -> None:
    """The league's `/league money` currency in every post that names money at a live night:
    the clock message, a bust in the money, the results."""
    h = harness
    await h.director.slash(h.channel, "league money", currency="$")
    session, members = await live_night(h)
    seen = Channel(h)
    await h.director.slash(h.channel, "tournament start")
    clock = seen.message(clock_id(h, session)).content
    assert "💰 Prize pool **$280** · 1st $113 · 2nd $70" in clock, clock
    names = [m.name for m in members] + list(GUESTS)
    for name in names[:-2]:
        await bust(h, h.director, name)
    seen.new()
    await bust(h, h.director, names[-2])
    posts = seen.new()
    assert any(f"**{names[-2]}** finishes **2nd** and wins **$70**" in p for p in posts), posts
    assert any("prize pool $280." in p and "**$113**" in p for p in posts), posts

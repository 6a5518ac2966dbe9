"""/league, /season, /leagues, /standings, /stats, /settle, /appeal, /appeals through SimCord."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image
from simcord import SetupError

from bot.discord_ui.client import create_bot
from bot.league import service
from tests.discord.conftest import GUILD_ID, grant_admin_commands
from tests.league.conftest import play_night


def refused(h, result, text="tournament director"):
    """A refusal: a private message, and the error acknowledged (SimCord reports it)."""
    said = result.followups[-1].content if result.followups else result.response.content
    assert result.ephemeral and text in said, said
    assert h.env.errors


def answer(h, result) -> discord.Message:
    """The bot's answer: its response, or (a command that deferred) its post in the channel."""
    if result.followups:
        return result.followups[-1].message
    if result.response is not None:
        return result.response.message
    return h.channel.last_message


def names(h):
    return {m.id: m.name for m in (h.alice, h.bob, h.carol, h.dana)}


async def four_nights(h, buy_in=10):
    finishes = [
        [h.alice.id, h.bob.id, h.carol.id, h.dana.id],
        [h.bob.id, h.alice.id, h.dana.id],
        [h.alice.id, h.carol.id, h.bob.id, h.dana.id],
        [h.carol.id, h.dana.id, h.alice.id],
    ]
    for i, finish in enumerate(finishes):
        pot = buy_in * len(finish)
        await play_night(h.bot.store, h.guild.id, finish, names=names(h), buy_in=buy_in,
                         prizes={finish[0]: pot * 7 // 10, finish[1]: pot - pot * 7 // 10},
                         name=f"week {i + 1}")


async def test_league_create_list_and_points(harness):
    h = harness
    r = await h.director.slash(h.channel, "league create", name="Tuesday")
    assert "Tuesday" in answer(h, r).content and not answer(h, r).flags.ephemeral
    r = await h.alice.slash(h.channel, "leagues")
    text = answer(h, r).embeds[0].description
    # the oldest league is the default one (the first created, here by hand)
    assert "**Tuesday** (default)" in text
    r = await h.director.slash(h.channel, "league points", system="td3", league="Tuesday",
                               best=6, min_nights=3, bounty_points=1.5)
    assert "TD3" in answer(h, r).content and "best 6 nights" in answer(h, r).content
    league = await h.bot.store.league_by_name(h.guild.id, "Tuesday")
    settings = await h.bot.store.league_settings(league.id)
    assert settings.points_system == "td3" and settings.options["best_n"] == 6
    r = await h.director.slash(h.channel, "league money", currency="$", bounty=5,
                               league="Tuesday")
    assert "$5" in answer(h, r).content


async def test_non_directors_change_nothing(harness):
    h = harness
    await h.director.slash(h.channel, "season start", name="Spring")
    regulars = h.guild.create_role("Regulars")
    await grant_admin_commands(h.bot, h.guild, h.director_role, regulars)
    regular = h.guild.add_member(h.env.create_user("regular"), roles=[regulars])
    for cmd, opts in [("season end", {}), ("season start", {"name": "x"}),
                      ("league create", {"name": "Mine"}), ("league points", {"system": "td3"}),
                      ("league money", {"currency": "$"}), ("appeals list", {}),
                      ("appeals close", {"id": 1, "decision": "no"})]:
        # Hidden from members (default permissions)...
        with pytest.raises(SetupError, match="default-member-permissions"):
            await h.alice.slash(h.channel, cmd, **opts)
        # ...and refused to a role the server let see them that does not direct.
        r = await regular.slash(h.channel, cmd, **opts)
        refused(h, r)
    league = await service.find_league(h.bot.store, h.guild.id)
    season = await h.bot.store.active_season(league.id)
    assert season is not None and season.name == "Spring" and season.ends_at is None
    assert [lg.name for lg in await h.bot.store.leagues(h.guild.id)] == ["Main"]
    assert (await h.bot.store.league_settings(league.id)).updated_at is None


async def test_season_start_end_and_final_standings(harness):
    h = harness
    r = await h.director.slash(h.channel, "season start", name="Spring")
    assert "Spring" in answer(h, r).content
    r = await h.director.slash(h.channel, "season start", name="Summer")
    refused(h, r, "already playing Spring")
    await four_nights(h)
    r = await h.director.slash(h.channel, "season end")
    assert "is over" in answer(h, r).content
    assert "Final standings" in answer(h, r).embeds[0].title
    r = await h.director.slash(h.channel, "season end")
    refused(h, r, "no active season")


async def test_standings_table_footer_and_chart(harness):
    h = harness
    await h.director.slash(h.channel, "league points", system="linear", min_nights=3)
    await four_nights(h)
    r = await h.bob.slash(h.channel, "standings", chart=True)
    assert not answer(h, r).flags.ephemeral
    embed = answer(h, r).embeds[0]
    lines = embed.description.splitlines()
    # alice: 4 + 2 + 4 + 1 = 11; bob: 3 + 3 + 2 = 8; carol: 2 + 3 + 3 = 8; dana: 1+1+1+2 = 5
    # bob and carol: one win each, best 1st each, head-to-head 1 - 1: level, rank "2="
    rows = [ln.split() for ln in lines if ln[:3].strip().rstrip("=").isdigit()]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("1", "alice", "11.00"), ("2=", "bob", "8.00"), ("2=", "carol", "8.00"),
        ("4", "dana", "5.00")]
    # alice's net: 28 - 10, 9 - 10, 28 - 10, 0 - 10, on the line under hers (phone width)
    assert lines[lines.index(next(ln for ln in lines if " alice " in ln)) + 1].split() == [
        "net", "25"]
    assert "= level after every tie-break" in embed.description
    assert "Linear" in embed.footer.text and "3 nights to qualify" in embed.footer.text
    assert "4 nights" in embed.footer.text
    png = await answer(h, r).attachments[0].read()
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size[0] >= 800


async def test_standings_page_past_twenty_rows(harness):
    h = harness
    field = list(range(1, 26))
    await play_night(h.bot.store, h.guild.id, field, names={u: f"player{u:02d}" for u in field})
    r = await h.alice.slash(h.channel, "standings")
    message = answer(h, r)
    first = message.embeds[0]
    assert "player20" in first.description and "player21" not in first.description
    assert "page 1 of 2" in first.footer.text and "page:" not in first.footer.text
    # Long lists page with buttons under the message, not with an option to type.
    r = await h.bob.click(message, label="Next ▶")
    second = r.response.embeds[0]
    assert "player21" in second.description and "player25" in second.description
    assert "player20" not in second.description and "page 2 of 2" in second.footer.text
    r = await h.bob.click(r.response.message, label="◀ Previous")
    assert "page 1 of 2" in r.response.embeds[0].footer.text


# No freezes: two days of them (one every 10 s, each a collector pass) took 3-4 s of real time
# inside one of SimCord's settles, near its limit; they have nothing to do with the standings.
@pytest.mark.bot_options(freeze_every=None)
async def test_standings_buttons_work_after_a_restart_and_show_the_standings_now(
        harness, tmp_path):
    """The ◀ ▶ buttons name the season and the page, not a list held in memory: a day later,
    or after the bot restarted, they still page, through the standings as they are then."""
    h = harness
    field = list(range(1, 26))
    await play_night(h.bot.store, h.guild.id, field, names={u: f"player{u:02d}" for u in field})
    message = answer(h, await h.alice.slash(h.channel, "standings"))
    await h.advance(2 * 86_400)
    old = h.bot
    await old.close()
    new = create_bot(old.store.path, dev_guild_id=GUILD_ID)
    await h.env.restart_bot(new)
    h.bot = new
    # A second night after the list was posted: five more players are in the standings now.
    more = list(range(26, 31))
    await play_night(new.store, h.guild.id, more, names={u: f"player{u:02d}" for u in more})
    r = await h.bob.click(message, label="Next ▶")
    second = r.response.embeds[0]
    assert "page 2 of 2" in second.footer.text and "2 nights" in second.footer.text
    assert "player30" in (second.description or "")
    r = await h.bob.click(r.response.message, label="◀ Previous")
    assert "page 1 of 2" in r.response.embeds[0].footer.text


async def test_empty_season_standings_chart_and_export(harness):
    h = harness
    await h.director.slash(h.channel, "season start", name="Empty")
    r = await h.alice.slash(h.channel, "standings")
    assert "No finished nights" in answer(h, r).embeds[0].description
    r = await h.alice.slash(h.channel, "standings", chart=True)
    assert answer(h, r).attachments[0].filename == "points-race.png"
    r = await h.alice.slash(h.channel, "standings", export=True)
    files = {a.filename: a for a in answer(h, r).attachments}
    assert len(files) == 2
    standings = await next(a for n, a in files.items() if "standings" in n).read()
    assert standings.decode().splitlines() == [
        "rank,user_id,player,points,nights,counted,wins,cashes,best_finish,net,qualified,in_final"]


async def test_a_new_league_without_a_season(harness):
    h = harness
    await h.director.slash(h.channel, "league create", name="Friday")
    r = await h.alice.slash(h.channel, "standings", league="Friday")
    assert "no season yet" in answer(h, r).embeds[0].description
    r = await h.alice.slash(h.channel, "standings", league="Sunday")
    refused(h, r, "no league called")


async def test_season_export_csv(harness):
    h = harness
    await h.director.slash(h.channel, "league money", currency="$")
    await four_nights(h)
    r = await h.alice.slash(h.channel, "standings", export=True)
    files = {a.filename: await a.read() for a in answer(h, r).attachments}
    ledger = next(v for k, v in files.items() if k.endswith("ledger.csv")).decode().splitlines()
    assert ledger[0].startswith("night,tournament_id,tournament,user_id,player,place,points")
    assert len(ledger) == 1 + 4 + 3 + 4 + 3
    standings = next(v for k, v in files.items() if k.endswith("standings.csv")).decode()
    assert standings.splitlines()[1].split(",")[2] == "alice"


async def test_stats_for_a_player_and_for_one_without_results(harness):
    h = harness
    await four_nights(h)
    r = await h.bob.slash(h.channel, "stats", player=h.alice.user)
    fields = {f.name: f.value for f in answer(h, r).embeds[0].fields}
    assert fields["Nights"] == "4" and fields["Wins"] == "2"
    assert fields["Average finish"] == "1.75"  # (1 + 2 + 1 + 3) / 4
    assert fields["Hands played"] == "0" and fields["VPIP"] == "-"
    newcomer = h.add_member("erin")
    r = await newcomer.slash(h.channel, "stats")
    assert "no finished nights" in answer(h, r).content


async def test_settle_latest_and_by_id(harness):
    h = harness
    await four_nights(h, buy_in=10)
    r = await h.alice.slash(h.channel, "settle")
    text = answer(h, r).embeds[0].description
    # week 4: carol 1st (21), dana 2nd (9), alice 3rd; each paid 10: carol +11, dana -1
    assert "week 4" in text and "alice pays carol 10" in text
    assert "Settle-up** (2 transfers)" in text and "dana pays carol 1" in text
    r = await h.alice.slash(h.channel, "settle", tournament=1)
    assert "week 1" in answer(h, r).embeds[0].description
    r = await h.alice.slash(h.channel, "settle", tournament=999)
    refused(h, r, "no tournament 999")


async def test_appeal_then_director_lists_and_closes(harness):
    h = harness
    r = await h.alice.slash(h.channel, "appeal", text="The @everyone *string bet* was allowed")
    assert r.ephemeral and "Appeal 1" in answer(h, r).content
    r = await h.director.slash(h.channel, "appeals list")
    assert r.ephemeral
    body = answer(h, r).embeds[0].description
    assert "#1" in body and "\\*string bet\\*" in body and "@\u200beveryone" in body
    r = await h.director.slash(h.channel, "appeals close", id=1,
                               decision="A string raise is a call from now on")
    assert "Appeal 1 decided" in answer(h, r).content and not answer(h, r).flags.ephemeral
    closed = await h.bot.store.appeal(1)
    assert closed.status == "closed" and closed.decided_by == h.director.id
    r = await h.director.slash(h.channel, "appeals list", status="closed")
    assert "from now on" in answer(h, r).embeds[0].description
    r = await h.director.slash(h.channel, "appeals close", id=1, decision="again")
    refused(h, r, "already decided")
    r = await h.alice.slash(h.channel, "appeal", text="hand", hand="9-t1-h3")
    refused(h, r, "no hand '9-t1-h3'")


async def test_appeal_names_the_hand_as_the_table_does(harness):
    h = harness
    t = await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id])
    hand = await h.bot.store.write(lambda tx: tx.begin_hand(t.id, 1, 3))
    r = await h.bob.slash(h.channel, "appeal", text="misdeal not called", hand=f"{t.id}-t1-h3")
    assert r.ephemeral and "Appeal 1" in answer(h, r).content
    appeal = await h.bot.store.appeal(1)
    assert appeal.hand_id == hand.id and appeal.tournament_id == t.id
    r = await h.director.slash(h.channel, "appeals list")
    assert f"hand {t.id}-t1-h3" in answer(h, r).embeds[0].description


async def test_names_never_ping_or_format(harness):
    h = harness
    await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id],
                     names={h.alice.id: "@everyone", h.bob.id: "`evil`**bold**"})
    r = await h.alice.slash(h.channel, "standings")
    body = answer(h, r).embeds[0].description
    assert "`evil`" not in body and "'evil'" in body
    r = await h.alice.slash(h.channel, "settle")
    msg = answer(h, r)
    assert "\\*\\*bold\\*\\*" in msg.embeds[0].description
    assert not msg.mention_everyone
    assert isinstance(msg, discord.Message)


async def test_the_league_option_offers_the_servers_leagues_wherever_it_is_asked(harness):
    # One autocomplete for the league option of /tournament create and of /league points.
    h = harness
    for name in ("Tuesday Hold'em", "Friday", "Big Tuesday"):
        await h.director.slash(h.channel, "league create", name=name)
    for command in ("tournament create", "league points"):
        choices = await h.director.autocomplete(h.channel, command, "league", "tUEs")
        assert [c["value"] for c in choices] == ["Tuesday Hold'em", "Big Tuesday"], command
        assert await h.director.autocomplete(h.channel, command, "league", "none") == []

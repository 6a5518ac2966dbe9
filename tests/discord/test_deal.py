"""/td deal in SimCord: a deal at the final table, online (each player clicks for
himself) and live (the director confirms each name), under every rule profile; the dealt
prizes are the night's results, its money and its /settle; bad input is refused privately and
changes nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from simcord import MemberActor

from bot.datafiles import set_league_data_dir, shipped
from bot.discord_ui.client import create_bot
from bot.discord_ui.presenter.answers import refused_text
from bot.service import Session
from bot.service.usecases import Refused, Why
from bot.tournament import events as tev
from bot.tournament.errors import NotAllowed

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, play_to_the_end, refused, reply, to_act

PROFILES = ("treps", "tavern", "tda")


@pytest.fixture(autouse=True)
def no_late_registration(tmp_path: Path) -> Iterator[None]:
    """The turbo structure without late registration: a deal may be made from the start
    (no deal while the prize pool could still grow)."""
    folder = tmp_path / "league" / "structures"
    folder.mkdir(parents=True)
    text = shipped("structures").joinpath("turbo.toml").read_text(encoding="utf-8")
    (folder / "turbo.toml").write_text(
        "\n".join(line for line in text.splitlines()
                  if not line.startswith("late_registration_level")), encoding="utf-8")
    set_league_data_dir(tmp_path / "league")
    yield
    set_league_data_dir(None)


def proposal_message(h: Harness) -> discord.Message:
    return next(m for m in reversed(h.channel.history())
                if m.content.startswith("🤝 **Deal proposed**"))


def fresh(h: Harness, message: discord.Message) -> discord.Message:
    return next(m for m in h.channel.history() if m.id == message.id)


def posts(h: Harness) -> list[str]:
    return [m.content for m in h.channel.history()]


async def fold_out_the_hand(h: Harness, session: Session,
                            by_id: dict[str, MemberActor]) -> None:
    while (found := to_act(session)) is not None:
        _, hand, seat = found
        await by_id[hand.players[seat].player].slash(h.channel, "fold")


async def _online_paused(h: Harness, profile: str) -> tuple[Session, dict[str, MemberActor]]:
    await h.set_profile(profile)
    session = await create_and_join(h, h.players, buy_in=10)  # pool 40: 28 / 12
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    by_id = {str(m.id): m for m in h.players}
    r = await h.director.slash(h.channel, "td deal")
    assert "/td pause" in refused(h, r)
    await h.director.slash(h.channel, "td pause", reason="deal talk")
    await fold_out_the_hand(h, session, by_id)
    return session, by_id


@pytest.mark.bot_options(idle_ping_seconds=0)  # a whole tournament: see conftest
@pytest.mark.parametrize("profile", PROFILES)
async def test_an_online_deal_every_player_accepts(harness: Harness, profile: str) -> None:
    h = harness
    session, by_id = await _online_paused(h, profile)
    t = session.tournament
    stacks = {p: t.players[p].stack for p in t.playing}
    r = await h.director.slash(h.channel, "td deal", stacks="alice 100")
    assert "leave `stacks` out" in refused(h, r)
    assert t.deal_offer is None
    r = await h.director.slash(h.channel, "td deal", method="icm", keep=4)
    assert r.ephemeral and "Deal proposed" in reply(r)
    msg = proposal_message(h)
    offer = t.deal_offer
    assert offer is not None
    p = offer.proposal
    assert p.stacks == {q: stacks[q] for q in p.stacks} and p.payouts == (28, 12, 0, 0)
    # Each player's stack and both shares, one line each, in a code block.
    for member in h.players:
        line = next(x for x in msg.content.splitlines() if member.name in x)
        pid = str(member.id)
        assert f"{stacks[pid]:,}" in line and str(p.icm[pid]) in line \
            and str(p.chip_chop[pid]) in line
    assert "Split 36" in msg.content or "split 36" in msg.content
    # Somebody not in the deal cannot answer for it.
    r = await h.director.click(msg, label="Accept")
    assert "not in this deal" in refused(h, r)
    for member in h.players[:-1]:
        await member.click(fresh(h, msg), label="Accept")
        assert t.deal is None
    r = await h.alice.click(fresh(h, msg), label="Accept")
    assert "already accepted" in refused(h, r)
    await h.players[-1].click(fresh(h, msg), label="Accept")
    assert t.deal is not None and t.deal.amounts == p.icm
    done = fresh(h, msg)
    assert "**Deal made**" in done.content and not done.components
    made = next(x for x in posts(h) if x.startswith("🤝 **Deal made**"))
    assert "the winner takes it" in made and "/td resume" in made
    r = await h.director.slash(h.channel, "td deal")
    assert "already made" in refused(h, r)
    await h.director.slash(h.channel, "td resume")
    await h.advance(HAND_DELAY)
    await play_to_the_end(h, session, by_id, seed=5)
    winner = t.winner
    assert winner is not None
    expected = {q: a + (4 if q == winner else 0) for q, a in p.icm.items()}
    results = {str(x.user_id): x.prize for x in await h.bot.store.results(session.store_id)}
    assert results == expected and sum(results.values()) == 40
    # /settle pays the dealt prizes.
    r = await h.bob.slash(h.channel, "settle")
    text = r.response.embeds[0].description or ""
    for member in h.players:
        assert f"{member.name}: paid 10, won {expected[str(member.id)]}" in text, text
    assert "Prizes by the deal made at the final table (ICM)." in text


async def test_one_refusal_means_no_deal_and_a_late_click_changes_nothing(
        harness: Harness) -> None:
    h = harness
    session, _ = await _online_paused(h, "tda")
    t = session.tournament
    await h.director.slash(h.channel, "td deal", method="chip_chop")
    msg = proposal_message(h)
    watcher = h.add_member("walter")
    r = await watcher.click(msg, label="Accept")
    assert refused(h, r) == ("You are not in this deal: only the players still in answer it. "
                             "Nothing was changed.")
    await h.alice.click(msg, label="Accept")
    await h.bob.click(fresh(h, msg), label="Refuse")
    assert t.deal is None and t.deal_offer is None
    assert "**No deal**" in fresh(h, msg).content and not fresh(h, msg).components
    assert any(x.startswith("No deal (bob)") for x in posts(h))
    # A new proposal, left to run out: a click after 5 minutes is refused.
    await h.director.slash(h.channel, "td deal")
    msg = proposal_message(h)
    assert t.deal_offer is not None and t.deal_offer.proposal.number == 2
    count = t.event_count
    await h.advance(301)
    ran_out = fresh(h, msg)
    assert "ran out after 5 minutes" in ran_out.content and not ran_out.components
    assert t.event_count == count and t.deal is None
    # And the director may propose again.
    r = await h.director.slash(h.channel, "td deal")
    assert r.ephemeral and t.deal_offer is not None and t.deal_offer.proposal.number == 3


async def _live_started(h: Harness, profile: str) -> Session:
    await h.set_profile(profile)
    session = await create_and_join(h, h.players, buy_in=10, mode="live")
    await h.director.slash(h.channel, "tournament start")
    return session


@pytest.mark.parametrize("profile", PROFILES)
async def test_a_live_deal_confirmed_name_by_name(harness: Harness, profile: str) -> None:
    h = harness
    session = await _live_started(h, profile)
    t = session.tournament
    assert t.expected_chips() == 20_000
    r = await h.director.slash(h.channel, "td deal")
    assert "as counted at the table" in refused(h, r)
    r = await h.director.slash(h.channel, "td deal",
                               stacks="alice 5000, bob 5000, carol 5000, dana 4000")
    assert "add up to 19,000 chips, but 20,000 are in play" in refused(h, r)
    r = await h.director.slash(h.channel, "td deal",
                               stacks="alice 5000, bob 5000, zed 5000, dana 5000")
    assert "I could not read `zed 5000`: nobody called zed is" in refused(h, r)
    r = await h.director.slash(h.channel, "td deal", stacks="alice 8000, bob 6000, carol 4000")
    assert "dana has none" in refused(h, r)
    r = await h.director.slash(h.channel, "td deal", stacks="alice lots")
    text = refused(h, r)
    assert "could not read" in text
    assert text.endswith("`Ann 120000, Bob 80k, Cat 1.2m`. Nothing was changed.")
    assert t.deal_offer is None
    r = await h.director.slash(h.channel, "td deal", method="chip_chop",
                               stacks="alice 8000, bob 6000, carol 4000, dana 2000")
    assert r.ephemeral
    msg = proposal_message(h)
    p = t.deal_offer.proposal if t.deal_offer else None
    assert p is not None and p.chip_chop == {
        str(h.alice.id): 16, str(h.bob.id): 12, str(h.carol.id): 8, str(h.dana.id): 4}
    r = await h.alice.click(msg, label="✓ alice")
    assert "Only a director" in refused(h, r)
    for name in ("alice", "bob", "carol"):
        await h.director.click(fresh(h, msg), label=f"✓ {name}")
    assert t.deal is None
    await h.director.click(fresh(h, msg), label="✓ dana")
    assert t.deal is not None
    assert "**Deal made**" in fresh(h, msg).content
    # Busts are answered with the dealt prize; the night's results are the deal's.
    for member in (h.dana, h.carol, h.bob):
        await h.director.slash(h.channel, "bust", player=str(member.id))
    assert t.status == "finished" and t.winner == str(h.alice.id)
    results = {str(x.user_id): x.prize for x in await h.bot.store.results(session.store_id)}
    assert results == p.chip_chop
    # The season's ledger export pays the dealt prizes too.
    r = await h.bob.slash(h.channel, "standings", export=True)
    message = (r.followups[-1].message if r.followups
               else r.response.message if r.response is not None else h.channel.last_message)
    files = {a.filename: await a.read() for a in message.attachments}
    ledger = next(v for k, v in files.items() if k.endswith("ledger.csv")).decode()
    rows = list(csv.DictReader(io.StringIO(ledger)))
    assert {row["user_id"]: int(row["prize"]) for row in rows} == p.chip_chop
    assert any("dana" in x and "4" in x for x in posts(h) if "out" in x)


async def test_a_live_no_deal(harness: Harness) -> None:
    h = harness
    session = await _live_started(h, "treps")
    t = session.tournament
    await h.director.slash(h.channel, "td deal", method="icm",
                           stacks="alice 8000, bob 6000, carol 4000, dana 2000")
    msg = proposal_message(h)
    await h.director.click(msg, label="✓ bob")
    await h.director.click(fresh(h, msg), label="No deal")
    assert t.deal is None and t.deal_offer is None
    assert "**No deal**" in fresh(h, msg).content
    events = [e for e in t.events if isinstance(e, tev.DealEnded)]
    assert [e.reason for e in events] == ["refused"]


async def test_the_deal_buttons_work_after_a_restart(harness: Harness, tmp_path: Path) -> None:
    h = harness
    session, _ = await _online_paused(h, "tavern")
    await h.director.slash(h.channel, "td deal", method="icm")
    msg = proposal_message(h)
    for member in h.players[:2]:
        await member.click(fresh(h, msg), label="Accept")
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    t = new.tournaments.unfinished_in(h.guild.id)[0].tournament
    assert t.deal_offer is not None and len(t.deal_offer.accepted) == 2
    for member in h.players[2:]:
        await member.click(fresh(h, msg), label="Accept")
    assert t.deal is not None
    assert "**Deal made**" in fresh(h, msg).content


async def test_a_click_after_the_proposal_ran_out_across_a_restart_changes_nothing(
        harness: Harness, tmp_path: Path) -> None:
    h = harness
    await _online_paused(h, "treps")
    await h.director.slash(h.channel, "td deal", method="chip_chop")
    msg = proposal_message(h)
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    await h.advance(301)
    t = new.tournaments.unfinished_in(h.guild.id)[0].tournament
    count = t.event_count
    r = await h.alice.click(fresh(h, msg), label="Accept")
    assert "ran out" in refused(h, r)
    assert t.event_count == count and t.deal is None and t.deal_offer is not None
    # The one refusal path's words (the presenter's `refused_text`), as every command's.
    assert reply(r) == refused_text(Refused(
        Why.RULES, error=NotAllowed("", code="deal-expired"), desk=True)) == (
        "This deal proposal ran out (5 minutes). The director may propose again with "
        "`/td deal`. Nothing was changed.")


async def test_no_deal_before_the_final_table(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, h.players, buy_in=10, seats=2)
    await h.director.slash(h.channel, "tournament start")
    assert len(session.tournament.tables) == 2
    count = session.tournament.event_count
    r = await h.director.slash(h.channel, "td deal")
    assert "at the final table: 2 tables still play" in refused(h, r)
    assert session.tournament.event_count == count
    assert not any(m.content.startswith("🤝") for m in h.channel.history())


async def test_the_live_buttons_name_their_player_after_a_restart(harness: Harness,
                                                                  tmp_path: Path) -> None:
    h = harness
    await _live_started(h, "tavern")
    await h.director.slash(h.channel, "td deal", method="icm",
                           stacks="alice 8000, bob 6000, carol 4000, dana 2000")
    msg = proposal_message(h)
    before = [x for x in msg.content.splitlines() if any(
        x.lstrip("✓ ").startswith(n) for n in ("alice", "bob", "carol", "dana"))]
    await h.director.click(msg, label="✓ carol")
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    t = new.tournaments.unfinished_in(h.guild.id)[0].tournament
    await h.director.click(fresh(h, msg), label="✓ alice")
    assert t.deal_offer is not None
    assert t.deal_offer.accepted == {str(h.carol.id), str(h.alice.id)}
    # The table keeps its order (the seats') after the restart.
    after = [x for x in fresh(h, msg).content.splitlines() if any(
        x.lstrip("✓ ").startswith(n) for n in ("alice", "bob", "carol", "dana"))]
    assert [x.lstrip("✓ ").split()[0] for x in after] == \
        [x.lstrip("✓ ").split()[0] for x in before]


async def test_a_live_chip_chop_min_deal_pays_the_locked_up_prize_first(
        harness: Harness) -> None:
    h = harness
    session = await _live_started(h, "treps")  # pool 40: 28 / 12
    t = session.tournament
    for member in (h.dana, h.carol):
        await h.director.slash(h.channel, "bust", player=str(member.id))
    await h.director.slash(h.channel, "td deal", method="chip_chop",
                           stacks="alice 18000, bob 2000")
    text = proposal_message(h).content
    assert "Locked up: **12** each (2nd prize)" in text
    assert "⚠️ The proposed split (chip chop) pays bob 4, less than the 12" in text
    await h.director.click(proposal_message(h), label="No deal")
    await h.director.slash(h.channel, "td deal", method="chip_chop_min",
                           stacks="alice 18000, bob 2000")
    msg = proposal_message(h)
    assert "⚠️" not in msg.content and "the **lock+** column" in msg.content
    for name in ("alice", "bob"):
        await h.director.click(fresh(h, msg), label=f"✓ {name}")
    assert t.deal is not None and t.deal.amounts == {str(h.alice.id): 26, str(h.bob.id): 14}
    made = next(x for x in posts(h) if x.startswith("🤝 **Deal made** (chip chop over"))
    assert made.startswith("🤝 **Deal made** (chip chop over the locked-up prize): alice 26, "
                           "bob 14.")

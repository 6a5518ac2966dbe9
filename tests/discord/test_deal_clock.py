"""After a deal at the final table, every clock shows what the deal fixed: each
dealt player's prize and what is still played for, never the payout table's places any more
(nobody still in is paid by them). Online: `/tournament status`, the table message's clock
lines and the room's screen; live: the clock message, `/tournament status` and the screen."""

from __future__ import annotations

import discord
import pytest

from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.web.views import clock_view as screen_clock

from .conftest import HAND_DELAY, Harness
from .test_deal import (  # noqa: F401  (the autouse fixture, registered by name)
    PROFILES,
    _live_started,
    _online_paused,
    fresh,
    no_late_registration,
    proposal_message,
)
from .test_live_night import Channel, clock_id
from .test_tournament_flow import message_text, table_message


def status_text(result: object) -> str:
    response = getattr(result, "response", None)
    assert response is not None and response.embeds, result
    embed: discord.Embed = response.embeds[0]
    return embed.description or ""


@pytest.mark.parametrize("profile", PROFILES)
async def test_online_the_clock_shows_the_dealt_prizes(harness: Harness, profile: str) -> None:
    h = harness
    session, _ = await _online_paused(h, profile)
    t = session.tournament
    before = status_text(await h.bob.slash(h.channel, "tournament status"))
    assert "Pool 40 · pays 28/12" in before, before  # the payout table's places
    await h.director.slash(h.channel, "td deal", method="icm", keep=4)
    msg = proposal_message(h)
    offer = t.deal_offer
    assert offer is not None
    icm = offer.proposal.icm
    # Still only proposed: the clock keeps the payout table.
    assert "pays 28/12" in status_text(await h.bob.slash(h.channel, "tournament status"))
    for member in h.players:
        await member.click(fresh(h, msg), label="Accept")
    assert t.deal is not None
    names = {str(m.id): m.name for m in h.players}
    prizes = " · ".join(f"{names[p]} {a}" for p, a in
                        sorted(icm.items(), key=lambda x: (-x[1], x[0])))

    after = status_text(await h.bob.slash(h.channel, "tournament status"))
    assert "pays 28/12" not in after, after
    assert "Pool 40 · deal made" in after
    assert f"Deal (ICM): {prizes} · 4 still played for" in after, after

    # The table message's clock, from the next hand on.
    await h.director.slash(h.channel, "td resume")
    await h.advance(HAND_DELAY)
    table = message_text(table_message(h, session, next(iter(t.tables))))
    assert f"Deal (ICM): {prizes} · 4 still played for" in table, table
    assert "pays 28/12" not in table

    # The room's screen: the dealt prizes by name, no places.
    screen = screen_clock(t, name="Tuesday", names=session.names, now=h.now(),
                          words=SCREEN_WORDS)
    assert screen["payouts"] == []
    assert screen["deal"] == {
        "method": "icm", "played_for": 4,
        "prizes": [{"name": names[p], "prize": a}
                   for p, a in sorted(icm.items(), key=lambda x: (-x[1], x[0]))]}


@pytest.mark.parametrize("profile", PROFILES)
async def test_live_the_clock_message_shows_the_dealt_prizes(harness: Harness,
                                                             profile: str) -> None:
    h = harness
    seen = Channel(h)
    session = await _live_started(h, profile)
    t = session.tournament
    clock = clock_id(h, session)
    assert "1st 28 · 2nd 12" in seen.message(clock).content
    await h.director.slash(h.channel, "td deal", method="chip_chop",
                           stacks="alice 8000, bob 6000, carol 4000, dana 2000")
    msg = proposal_message(h)
    for name in ("alice", "bob", "carol", "dana"):
        await h.director.click(fresh(h, msg), label=f"✓ {name}")
    assert t.deal is not None
    shown = seen.message(clock).content
    # No amount kept: the chip chop splits all 40, and play goes on for the title.
    deal = "Deal (chip chop): alice 16 · bob 12 · carol 8 · dana 4 · play goes on for the title"
    assert deal in shown, shown
    assert "1st 28" not in shown and "💰 Prize pool **40**" in shown
    status = status_text(await h.bob.slash(h.channel, "tournament status"))
    assert deal in status and "pays 28/12" not in status, status
    # A bust changes no dealt prize: the clock still shows them all.
    await h.director.slash(h.channel, "bust", player=str(h.dana.id))
    assert deal in seen.message(clock).content
    screen = screen_clock(t, name="Friday", names={str(m.id): m.name for m in h.players},
                          now=h.now(), words=SCREEN_WORDS)
    assert screen["payouts"] == [] and screen["deal"]["played_for"] == 0
    assert [d["prize"] for d in screen["deal"]["prizes"]] == [16, 12, 8, 4]


@pytest.mark.parametrize("profile", PROFILES)
async def test_rule_deal_says_the_leagues_procedure(harness: Harness, profile: str) -> None:
    """`/rule deal` (and chip chop, ICM, deal making) answers with what the bot does, and says
    that no rulebook covers deals; at a live night, what the director does there."""
    h = harness
    await h.set_profile(profile)
    for topic in ("deal", "chip chop", "ICM", "deal making"):
        r = await h.alice.slash(h.channel, "rule", topic=topic)
        assert r.response is not None
        embed = r.response.embeds[0]
        assert embed.title == "Deals at the final table", topic
        text = embed.description or ""
        assert "None of the rulebooks this league follows covers deals" in text
        assert "ICM (the Malmuth-Harville model" in text and "chip chop" in text
        assert "Every player left must accept" in text and "kept to play for" in text
        assert "**In this bot**\nThe director proposes with /td deal" in text, text
        follows = next(f.value for f in embed.fields if f.name == "Follows")
        assert follows == "No rulebook: the league's own procedure"
    await _live_started(h, profile)
    r = await h.alice.slash(h.channel, "rule", topic="deal")
    assert r.response is not None
    text = r.response.embeds[0].description or ""
    assert "**In this bot, at a live night**\n" in text
    assert "chips as counted at the table" in text and "confirms each player's answer" in text

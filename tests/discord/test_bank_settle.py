"""/league money mode:bank and /settle: when the money was collected at the door,
the banker pays each winner, one transfer each; pairwise stays the default."""

from __future__ import annotations

from .conftest import Harness
from .test_tournament_flow import create_and_join, refused


async def settle_text(h: Harness) -> str:
    r = await h.bob.slash(h.channel, "settle")
    return r.response.embeds[0].description or ""


async def test_a_night_settled_through_the_bank(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, h.players, buy_in=10, mode="live")  # 40: 28 / 12
    await h.director.slash(h.channel, "tournament start")
    for member in (h.dana, h.carol, h.bob):
        await h.director.slash(h.channel, "bust", player=str(member.id))
    assert session.tournament.status == "finished"
    pairwise = await settle_text(h)
    assert "**Settle-up** (3 transfers)" in pairwise, pairwise
    r = await h.director.slash(h.channel, "league money", mode="pairwise", banker=h.director)
    assert "in mode `pairwise`" in refused(h, r)
    r = await h.director.slash(h.channel, "league money", banker=h.director)
    assert "settled through the bank: director collects" in h.channel.last_message.content
    text = await settle_text(h)
    assert "**Settle-up through the bank** (2 transfers)" in text, text
    assert "director pays alice 28" in text and "director pays bob 12" in text
    # Back to pairwise: the players settle among themselves again.
    await h.director.slash(h.channel, "league money", mode="pairwise")
    assert "**Settle-up** (3 transfers)" in await settle_text(h)

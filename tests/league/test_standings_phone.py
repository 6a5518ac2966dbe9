"""/standings read on a phone: the table's lines fit 35 columns (a code block does
not wrap, a phone shows about that many), and counts agree with their nouns ("1 night")."""

from __future__ import annotations

import re

from tests.league.conftest import play_night
from tests.league.test_cog import answer, four_nights, names

PHONE_COLUMNS = 35


def block_lines(description: str) -> list[str]:
    m = re.search(r"```\n(.*?)\n```", description, re.DOTALL)
    assert m is not None, description
    return m[1].splitlines()


async def test_standings_with_money_fit_a_phone(harness):
    h = harness
    await h.director.slash(h.channel, "league points", system="linear", min_nights=3)
    await four_nights(h, buy_in=1_000)
    r = await h.bob.slash(h.channel, "standings")
    embed = answer(h, r).embeds[0]
    lines = block_lines(embed.description)
    assert all(len(line) <= PHONE_COLUMNS for line in lines), "\n".join(lines)
    text = "\n".join(lines)
    # Everything is still there: rank, name, points, nights, wins, cashes, and the money.
    assert re.search(r"^\s*1 +alice +11\.00 +4 +2 +3$", text, re.MULTILINE), text
    assert "net" in text.casefold() and "2,500" in text, text
    assert "4 nights" in embed.footer.text


async def test_one_night_is_one_night(harness):
    h = harness
    await h.director.slash(h.channel, "league points", system="linear", min_nights=1, best=1)
    await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id], names=names(h))
    r = await h.bob.slash(h.channel, "standings")
    embed = answer(h, r).embeds[0]
    footer = embed.footer.text
    assert footer.startswith("1 night\n") or footer.startswith("1 night ·"), footer
    assert "1 nights" not in footer and "best 1 night counts" in footer, footer
    assert "1 night to qualify" in footer, footer


async def test_settle_counts_agree(harness):
    h = harness
    await play_night(h.bot.store, h.guild.id, [h.alice.id, h.bob.id], names=names(h),
                     buy_in=10, prizes={h.alice.id: 20}, name="heads-up")
    r = await h.bob.slash(h.channel, "settle")
    text = answer(h, r).embeds[0].description
    assert "2 players)" in text and "**Settle-up** (1 transfer):" in text, text
    assert "1 transfers" not in text

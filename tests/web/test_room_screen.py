"""The room's screen, read as the room reads it in a real browser: the field, the money in the
league's currency, the next levels and break, the entry status, the director's message, the
hand-for-hand, bubble and final-table lines, the seating view, the voice, and the winner with
the results; every state at 1920×1080, 1280×720 and 390×844 with nothing cut or off-screen."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.discord.conftest import Harness
from tests.discord.test_live_night import GUESTS, LEVEL, bust, live_night

from .helpers import counts_down_from, payouts, screen_link, shoot, shots, text, wait_text

TIME_OF_DAY = re.compile(r"\d{1,2}:\d{2}( [AP]M)?")


async def _status(page: Any, words: str) -> None:
    await wait_text(page, "status", words)
    assert await page.is_visible("#status")


async def test_the_rooms_screen_from_the_start_to_the_winner(harness: Harness, browser: Any,
                                                             tmp_path: Path) -> None:
    h = harness
    folder = shots(tmp_path)
    await h.director.slash(h.channel, "league money", currency="$")
    session, members = await live_night(h)
    t = session.tournament
    await h.director.slash(h.channel, "tournament start")
    r = await h.director.slash(h.channel, "td screen", message="Drinks at the bar · last "
                                                               "orders at 11")
    assert r.ephemeral
    url = await screen_link(h)
    page = await browser.new_page(viewport={"width": 1920, "height": 1080})
    loaded = time.monotonic()
    await page.goto(url)
    await wait_text(page, "link", "● live")

    # The field and the chips.
    assert await text(page, "players") == "14 of 14"
    assert await text(page, "entries") == "14"
    assert await text(page, "chips") == "140,000"
    assert await text(page, "average") == "10,000"
    assert await text(page, "averagebb") == "200 BB"
    assert await text(page, "paid") == f"{t.places_paid()} paid"
    # The money, whole, in the league's currency.
    assert await text(page, "pool") == "$280"
    money = await payouts(page)
    assert len(money) == t.places_paid() and money[0] == "1st $113", money
    assert all(re.fullmatch(r"\d+(st|nd|rd|th) \$\d+", line) for line in money), money
    # What comes next, and when.
    assert await text(page, "next") == "50/100"
    assert await text(page, "next2") == "Level 2 · then L3 75/150"
    assert counts_down_from(await text(page, "breakin"), 80 * 60, loaded)
    assert TIME_OF_DAY.fullmatch((await text(page, "breakat")).removeprefix("at "))
    assert TIME_OF_DAY.fullmatch(await text(page, "tod"))
    assert await text(page, "entry") == "Re-buys, late entry and add-on until level 4"
    assert await text(page, "message") == "Drinks at the bar · last orders at 11"
    assert await shoot(page, folder, "01-level") == {}

    # Voice on: the level change is said aloud (the words are kept on the page).
    await page.click("#voice")
    assert await page.is_hidden("#voice")
    await h.advance(LEVEL)
    await wait_text(page, "level", "Level 2")
    await page.wait_for_function(
        "() => document.body.dataset.said === 'Level 2: blinds 50, 100'")

    # A re-buy and an add-on show at once.
    buster = members[0]
    await bust(h, h.director, buster.name)
    await buster.slash(h.channel, "tournament rebuy")
    await members[1].slash(h.channel, "tournament addon")
    await wait_text(page, "extra", "1 re-buy · 1 add-on")
    assert await text(page, "entries") == "14"
    assert await text(page, "chips") == "160,000"

    # The break: its own screen; the footer names the break after it.
    for _ in range(2):
        await h.advance(LEVEL)
    await wait_text(page, "level", "Level 4")
    # A minute before the break: said aloud (a change brings the bot's clock to the page).
    await h.advance(LEVEL - 50)
    await h.director.slash(h.channel, "td screen", message="Break soon: the bar is open")
    await page.wait_for_function(
        "() => document.body.dataset.said === 'One minute to the break'")
    await h.advance(50)
    await wait_text(page, "banner", "BREAK")
    assert await text(page, "breakin") != "now"
    assert await shoot(page, folder, "02-break") == {}
    await h.advance(10 * 60)
    await wait_text(page, "level", "Level 5")

    # Hand for hand on the bubble, then the bubble's burst.
    names = [m.name for m in members[2:]] + list(GUESTS)
    paid = t.places_paid()
    out = iter(names)
    while len(t.playing) > paid + 1:
        await bust(h, h.director, next(out))
    await h.director.slash(h.channel, "td handforhand", on=True)
    await _status(page, f"Hand for hand — {paid + 1} left, {paid} paid")
    assert await shoot(page, folder, "03-hand-for-hand") == {}
    await bust(h, h.director, next(out))
    await _status(page, f"The bubble has burst — {paid} left, all in the money")
    assert await shoot(page, folder, "04-bubble") == {}

    # The final table (its line once the bubble's has been up for a while).
    while len(t.tables) > 1:
        await bust(h, h.director, next(out))
    await h.advance(200)
    await bust(h, h.director, next(out))
    await _status(page, "Final table")
    assert await shoot(page, folder, "05-final-table") == {}

    # The second view: seats by table, the moves, the last busts.
    await page.click("#view")
    assert await page.is_visible("#roomview") and await page.is_hidden("#clockview")
    seating = await text(page, "seating")
    assert seating.startswith(f"Table {sorted(t.tables)[0]}")
    for player in t.playing:
        assert (session.names.get(player) or t.display_name(player) or "?") in seating
    # Each player's latest move says where he sits now (the final table's draw included).
    moves = (await text(page, "moves")).splitlines()
    assert moves and all("→ table" in line for line in moves)
    latest: dict[str, str] = {}
    for line in moves:
        latest.setdefault(line.split(" → ")[0], line)
    playing = {session.names.get(p) or t.display_name(p) or "?" for p in t.playing}
    assert set(latest) <= playing, latest  # nobody out is still "moving"
    for number, ts in t.tables.items():
        for seat, player in ts.seats.items():
            name = session.names.get(player) or t.display_name(player) or "?"
            if name in latest:
                assert latest[name] == f"{name} → table {number} seat {seat}", (latest, seat)
    busts = await text(page, "busts")
    assert re.match(r"\d+(st|nd|rd|th) ", busts), busts
    assert await shoot(page, folder, "06-seats") == {}
    await page.click("#view")
    assert await page.is_visible("#clockview")

    # The winner, and the results in the money list.
    for player in list(t.playing)[:-1]:
        await bust(h, h.director, session.names.get(player) or t.display_name(player) or "")
    assert t.status == "finished" and t.winner is not None
    winner = session.names.get(t.winner) or t.display_name(t.winner)
    await wait_text(page, "banner", f"{winner} wins")
    results = await payouts(page)
    assert results[0] == "Results" and results[1].startswith(f"1st {winner} $"), results
    assert not any("still played for" in line for line in results)
    assert await shoot(page, folder, "07-finished") == {}

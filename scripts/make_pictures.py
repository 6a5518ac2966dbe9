"""Draw the pictures of the docs again: `python -m scripts.make_pictures` (from the repository).

Every picture is made from the bot's own code, so a change of wording or layout shows in it
once this runs again:

- table.png: a table message on a phone, drawn by scripts/render_table_preview.py from the real
  presenter (`table_embed`) with the card emojis;
- dm.png: the deal DM with a player's cards, the same way;
- live-clock.png: a live night's clock message in the channel, the same way;
- standings.png: /standings on a phone (scripts/render_standings_preview.py);
- points-race.png: the points-race chart `/standings chart:True` attaches (`render_race`);
- screen.png: the room's screen (the clock page served by the bot's own web server for a live
  night) in Debian's headless chromium, as tests/web drive it (never a browser download).

They go to docs/pictures/. Discord's own renderer is approximated (fonts, spacing); the words,
the cards and the layout are the bot's. Emojis are drawn from Debian's fonts-noto-color-emoji
when it is installed (without it they are boxes).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.discord_ui.card_faces import CardArt, Palette, emoji_name, image_stems
from bot.discord_ui.presenter.live import clock_text, live_names
from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.discord_ui.presenter.table import table_embed
from bot.discord_ui.presenter.texts import hole_cards_text
from bot.discord_ui.terminal import timestamps
from bot.engine.profile import make_profile
from bot.league.chart import render_race
from bot.service import Outcome, Session, TournamentService
from bot.store import SqlTransaction, Store
from bot.tournament.payouts import load_payout_table
from bot.tournament.players import member_player
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig
from bot.web import ANY_FREE_PORT, Feed, ScreenLinks, WebServer
from scripts import render_standings_preview, render_table_preview

ROOT = Path(__file__).resolve().parents[1]
PICTURES = ROOT / "docs" / "pictures"
CHROMIUM = "/usr/bin/chromium"
BOT_NAME = "Hold'em League"
WIDTH = 400  # a phone's column, a little wide for the docs
# The live night of the screen and the clock message: members and guests by name.
MEMBERS = {101: "ann", 102: "ben", 103: "cleo", 104: "dev", 105: "fin", 106: "gus",
           107: "hal", 108: "ivy", 109: "jo"}
GUESTS = ("Dana Smith", "Ed Guest", "Flo Guest", "Gil Guest", "Hank Guest")
DIRECTOR = 900


def _faces() -> Any:
    ids = {emoji_name(p, s): 10**17 + i
           for i, (p, s) in enumerate((p, s) for p in Palette for s in image_stems())}
    return CardArt(ids).faces(Palette.FOUR)


def table_png(out: Path, now: float) -> None:
    """A nine-handed table on the flop, a player to act, as the channel shows it."""
    preview = render_table_preview
    faces = _faces()
    canvas = preview.Canvas(WIDTH, preview.DARK, Palette.FOUR)
    embed = table_embed(preview.flop_to_act(), preview.scene(faces, now)).to_dict()
    canvas.embed(embed, now).save(out)


def dm_png(out: Path, now: float) -> None:
    """The DM a player gets at the deal: his two cards, to him alone."""
    preview = render_table_preview
    hand = preview.flop_to_act()
    text = hole_cards_text(hand, 3, _faces().card)
    canvas = preview.Canvas(WIDTH, preview.DARK, Palette.FOUR)
    canvas.message(BOT_NAME, text, now).save(out)


def clock_message_png(out: Path, t: Tournament, names: dict[str, str], now: float) -> None:
    """The live night's one clock message, as the channel shows it mid-level."""
    preview = render_table_preview
    text = clock_text(t.clock_view(now), title="Friday Night",
                      chip_race_due=t.chip_race_due(now), smallest_chip=t.smallest_chip,
                      names=names)
    canvas = preview.Canvas(WIDTH, preview.DARK, Palette.FOUR)
    canvas.message(BOT_NAME, timestamps(text, now), now).save(out)


def standings_png(out: Path) -> None:
    render_standings_preview.render(out, WIDTH)


def race_png(out: Path) -> None:
    """Six nights of the standings preview's players, to the points its table shows."""
    nights: list[list[float]] = [[10, 6, 8, 0, 3], [7, 10, 4, 0, 0], [5, 8, 10, 0, 4],
                                 [10, 4, 6, 12.25, 0], [3, 10, 2, 0, 5], [6.5, 0, 8, 10, 0]]
    rows = render_standings_preview.ROWS
    series: dict[str, list[float]] = {}
    for i, (name, *_rest) in enumerate(rows):
        series[name] = list(itertools.accumulate(night[i] for night in nights))
    series = dict(sorted(series.items(), key=lambda kv: -kv[1][-1]))
    out.write_bytes(render_race("Tuesday League, Spring: points race", series,
                                [str(n) for n in range(1, len(nights) + 1)]))


async def _live_night(store: Store, listener: Callable[[Session, Outcome], Any]
                      ) -> tuple[TournamentService, Session]:
    """A live night of 14 at two tables, started a few minutes ago, two players out."""
    config = TournamentConfig(profile=make_profile("treps"), structure=load_structure("regular"),
                              payouts=load_payout_table("standard"), seats_per_table=8,
                              buy_in=20, mode="live")
    service = TournamentService(store, clock=time.time, seeds=lambda: "pictures",
                                listener=listener, hand_delay=0)
    session = await service.create(guild_id=1, channel_id=1, name="Friday Night", config=config)
    for uid, name in MEMBERS.items():
        session.set_name(member_player(uid), name)

        def entry(tx: SqlTransaction, uid: int = uid, name: str = name) -> object:
            return tx.add_entry(session.store_id, uid, name)

        def register(t: Tournament, at: float, uid: int = uid) -> object:
            return t.register(member_player(uid), at)

        await session.run(register, also=entry)
    for guest in GUESTS:
        def add_guest(t: Tournament, at: float, g: str = guest) -> object:
            return t.add_guest(g, str(DIRECTOR), at)

        await session.run(add_guest)
    await session.run(lambda t, at: t.start("pictures-start", at - 7 * 60))
    for victim, by in (("Ed Guest", "ann"), ("jo", "cleo")):
        names = {v: k for k, v in live_names(session.tournament, _names()).items()}

        def bust(t: Tournament, at: float, p: str = names[victim], k: str = names[by]) -> object:
            return t.bust(p, at, knocked_out_by=k, recorded_by=str(DIRECTOR))

        await session.run(bust)
    return service, session


def _names() -> dict[str, str]:
    return {member_player(uid): name for uid, name in MEMBERS.items()}


async def live_pictures(screen: Path | None, clock: Path) -> None:
    """The clock message and the room's screen of one live night."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "pictures.sqlite3")
        feed: Feed | None = None

        async def changed(session: Session, outcome: Outcome) -> None:
            if feed is not None:
                feed.changed(session)

        try:
            service, session = await _live_night(store, changed)
            t = session.tournament
            clock_message_png(clock, t, live_names(t, _names()), time.time())
            if screen is not None:
                feed = Feed(service, clock=time.time, words=SCREEN_WORDS)
                await _screenshot(feed, ScreenLinks(store, SCREEN_WORDS), session, screen)
            service.close()
        finally:
            await store.close()


async def _screenshot(feed: Feed, links: ScreenLinks, session: Session, out: Path) -> None:
    from playwright.async_api import async_playwright

    web = WebServer(feed, links, port=ANY_FREE_PORT, clock=time.time)
    web.start()
    try:
        feed.changed(session)
        token = await links.issue(session.store_id, DIRECTOR, revoke=False)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=_chromium(),
                                              args=["--no-sandbox"])
            try:
                page = await browser.new_page(viewport={"width": 1280, "height": 720})
                await page.goto(web.link(session.store_id, token))
                await page.wait_for_function(
                    "() => document.getElementById('link').textContent.trim() === '● live'")
                await page.wait_for_timeout(300)  # a tick of the countdown
                await page.screenshot(path=str(out))
            finally:
                await browser.close()
    finally:
        await web.stop()


def _chromium() -> str:
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if found is None:
        raise SystemExit("Debian's chromium is not installed: apt-get install chromium "
                         "(the pictures never download a browser of their own)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PICTURES, help="folder for the PNGs")
    parser.add_argument("--no-screen", action="store_true",
                        help="skip the room's screen (it needs chromium and playwright)")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    now = time.time()
    table_png(out / "table.png", now)
    dm_png(out / "dm.png", now)
    standings_png(out / "standings.png")
    race_png(out / "points-race.png")
    screen = None if args.no_screen else out / "screen.png"
    asyncio.run(live_pictures(screen, out / "live-clock.png"))
    for name in sorted(p.name for p in out.glob("*.png")):
        print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/{name}")


if __name__ == "__main__":
    main()

"""The pages' own words are the presenter's (`PAGE_WORDS`): every word a page asks for is there
(a viewer never reads a key), none is left over, the served page carries them, escaped, and the
browser writes counts and places in their forms."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.discord_ui.presenter.screen import PAGE_WORDS, SCREEN_WORDS
from bot.web.server import _page
from tests.test_words_in_presenter import js_literals

from .helpers import wait_text

STATIC = Path(__file__).resolve().parents[2] / "bot/web/static"
_PLACED = re.compile(r"\{\{(\w+)\}\}")
_DATA_BLOCK = re.compile(r'<script type="application/json" id="words">(.*?)</script>', re.S)


def _word_arguments(source: str) -> list[str]:
    """The first argument of each `word(…)` call of a script, as written, without the values
    it compares with (`s.deal.method === "icm" ? …`)."""
    out = []
    for match in re.finditer(r"\bword\(", source):
        i, depth = match.end(), 0
        start = i
        while depth or source[i] not in ",)":
            depth += source[i] in "([{"
            depth -= source[i] in ")]}"
            i += 1
        out.append(re.sub(r"[!=]==\s*\"[^\"]*\"", "", source[start:i]))
    return out


def test_every_word_a_page_asks_for_is_the_presenters() -> None:
    asked: set[str] = set()
    used: set[str] = set()
    for path in STATIC.glob("*.html"):
        placed = set(_PLACED.findall(path.read_text(encoding="utf-8")))
        asked |= placed
        used |= placed
    for path in STATIC.glob("*.js"):
        source = path.read_text(encoding="utf-8")
        used |= {text for _, text, _ in js_literals(source)}
        for argument in _word_arguments(source):
            asked |= {text for _, text, _ in js_literals(argument)}
    assert asked, "the pages ask for no word: the check reads nothing"
    assert asked - PAGE_WORDS.keys() == set(), "the pages ask for words the presenter lacks"
    assert PAGE_WORDS.keys() - used == set(), "words no page shows any more"


def test_the_served_page_carries_the_words_escaped() -> None:
    words = dict(SCREEN_WORDS.page_words)
    html, csp = _page("clock", words)
    page = html.decode()
    assert "{{" not in page
    assert "<title>Tournament clock</title>" in page
    assert '<div class="label">Prize pool</div>' in page
    block = _DATA_BLOCK.search(page)
    assert block is not None
    assert json.loads(block[1]) == words
    assert json.loads(block[1])["rebuys"] == {"plural": {"one": "{n} re-buy",
                                                         "other": "{n} re-buys"}}
    # A word that looks like markup stays a word: in the HTML's text and in the JSON block.
    sly = {**words, "prize_pool": "<b>Pool & more</b>", "link_gone": "</script><script>x()"}
    page = _page("clock", sly)[0].decode()
    assert '<div class="label">&lt;b&gt;Pool &amp; more&lt;/b&gt;</div>' in page
    block = _DATA_BLOCK.search(page)
    assert block is not None and json.loads(block[1])["link_gone"] == sly["link_gone"]
    assert "<script>x()" not in page
    # The data block is never run: the policy allows the one script it always did.
    assert _page("clock", sly)[1] == csp


ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th",
            21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th"}


async def test_the_page_writes_counts_and_places_in_their_forms(browser: Any) -> None:
    """In the browser, under the page's own policy: `word()` fills the placeholders, a count
    takes its plural form and a place its ordinal (as the page wrote them before)."""
    html, csp = _page("clock", SCREEN_WORDS.page_words)

    async def serve(route: Any) -> None:
        if route.request.url.endswith("/events"):
            await route.fulfill(status=204)
        else:
            await route.fulfill(body=html, content_type="text/html",
                                headers={"Content-Security-Policy": csp})

    page = await browser.new_page()
    await page.route("http://screen.test/**", serve)
    await page.goto("http://screen.test/screen/1/token")
    assert await page.text_content("#money .label") == "Prize pool"
    said = await page.evaluate("""(places) => ({
        rebuys: [0, 1, 2].map((n) => Screen.word("rebuys", { n })),
        places: places.map((n) => Screen.word("ordinal", { n })),
        minutes: [1, 5].map((n) => Screen.word("say_break", { n })),
        hfh: Screen.word("status_hfh", { left: 6, paid: 5 }),
    })""", list(ORDINALS))
    assert said == {"rebuys": ["0 re-buys", "1 re-buy", "2 re-buys"],
                    "places": list(ORDINALS.values()),
                    "minutes": ["Break. 1 minute", "Break. 5 minutes"],
                    "hfh": "Hand for hand — 6 left, 5 paid"}
    # Its stream refused (the link is gone): the page says so in the presenter's words.
    await wait_text(page, "banner", "This link no longer works")
    assert await page.inner_text("#link") == "disconnected"

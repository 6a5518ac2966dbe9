"""The pages' own words are the presenter's (`PAGE_WORDS`): every word a page asks for is there
(a viewer never reads a key), none is left over, and the served page carries them, escaped."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.discord_ui.presenter.screen import PAGE_WORDS, SCREEN_WORDS
from bot.web.server import _page
from tests.test_words_in_presenter import js_literals

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

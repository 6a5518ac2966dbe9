"""What the screen tests read off a page, as a person in the room would: the text on it, and
whether any of it is cut or off the screen."""

from __future__ import annotations

import math
import os
import re
import time
from pathlib import Path
from typing import Any

from tests.discord.conftest import Harness
from tests.discord.test_tournament_flow import reply

LINK = re.compile(r"<(http://[^>]+)>")

# Every element with text of its own: inside the viewport, and not clipped (scrollWidth vs
# clientWidth); the page itself does not scroll.
FIT = """() => {
  const vw = window.innerWidth, vh = window.innerHeight, bad = [];
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    if (el.closest("[hidden]") || style.display === "none" || style.visibility === "hidden")
      continue;
    if (!Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const r = el.getBoundingClientRect();
    const what = `${el.id || el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`;
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      bad.push(`${what} off-screen: ${Math.round(r.left)},${Math.round(r.top)} ` +
               `${Math.round(r.right)}x${Math.round(r.bottom)} in ${vw}x${vh}`);
    if (style.display !== "inline" && (el.scrollWidth > el.clientWidth + 1 ||
                                       el.scrollHeight > el.clientHeight + 1))
      bad.push(`${what} cut: ${el.scrollWidth}x${el.scrollHeight} in ` +
               `${el.clientWidth}x${el.clientHeight}`);
  }
  // A box that clips what it holds (overflow hidden) must hold all of it: a list cut at the
  // bottom of its panel is text the room cannot read.
  for (const el of document.querySelectorAll("main *")) {
    const style = getComputedStyle(el);
    if (el.closest("[hidden]") || style.display === "none" || style.overflow !== "hidden") continue;
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      bad.push(`${el.id || el.className || el.tagName.toLowerCase()} clips its content: ` +
               `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  for (const box of document.querySelectorAll("header, main, footer")) {
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)
      bad.push(`${box.tagName.toLowerCase()} overflows: ${box.scrollWidth}x${box.scrollHeight} ` +
               `in ${box.clientWidth}x${box.clientHeight}`);
  }
  const d = document.documentElement;
  if (d.scrollWidth > d.clientWidth + 1 || d.scrollHeight > d.clientHeight + 1)
    bad.push("the page scrolls");
  return bad;
}"""

SIZES = {"tv": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844)}


async def screen_link(h: Harness, **options: Any) -> str:
    r = await h.director.slash(h.channel, "td screen", **options)
    assert r.ephemeral, "the link is only for the director"
    found = LINK.search(reply(r))
    assert found is not None, reply(r)
    return found.group(1)


async def text(page: Any, element: str) -> str:
    return str(await page.inner_text(f"#{element}")).strip()


async def wait_text(page: Any, element: str, expected: str, timeout: float = 5000) -> None:
    """Until the element reads `expected` (no reload: the page updates itself)."""
    await page.wait_for_function(
        "([id, want]) => document.getElementById(id).textContent.trim() === want",
        arg=[element, expected], timeout=timeout)


async def payouts(page: Any) -> list[str]:
    """The money list as the room reads it, one line per place: "1st 113"."""
    lines = await page.evaluate(
        "() => Array.from(document.querySelectorAll('#payouts li')).map("
        "(li) => Array.from(li.children).map((c) => c.textContent.trim()).filter(Boolean)"
        ".join(' '))")
    return [str(line) for line in lines]


def seconds(countdown: str) -> int:
    parts = [int(p) for p in countdown.split(":")]
    total = 0
    for p in parts:
        total = total * 60 + p
    return total


def counts_down_from(shown: str, full: int, since: float) -> bool:
    """Whether a countdown reads `full` seconds less what real time has passed since `since`
    (`time.monotonic()` before the page loaded): the server's clock stands still in a test, the
    browser's runs, so on a busy machine the page may already show a second or more gone."""
    gone = math.ceil(time.monotonic() - since)
    return full - gone <= seconds(shown) <= full


def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: the test's tmp folder, or SCREENSHOTS (docs/screens/ when the
    guide's pictures are made again: `SCREENSHOTS=docs/screens pytest tests/web`)."""
    folder = os.environ.get("SCREENSHOTS")
    if not folder:
        return tmp_path
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


async def shoot(page: Any, folder: Path, name: str) -> dict[str, list[str]]:
    """A screenshot at each size, and what does not fit on each."""
    problems: dict[str, list[str]] = {}
    for size, (width, height) in SIZES.items():
        await page.set_viewport_size({"width": width, "height": height})
        await page.wait_for_timeout(150)  # one layout and one tick of the countdown
        await page.screenshot(path=str(folder / f"{name}-{size}-{width}x{height}.png"))
        problems[size] = list(await page.evaluate(FIT))
    await page.set_viewport_size({"width": 1920, "height": 1080})
    return {k: v for k, v in problems.items() if v}

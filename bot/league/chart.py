"""The points race as a PNG: one line per player, season score after each night.

Pillow rather than matplotlib: one small wheel, no numpy, and a line chart needs nothing more
than lines, dots and text. Pillow >= 10.1 ships a scalable default font, so no font file is
needed on the host.
"""

from __future__ import annotations

import asyncio
import io
import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1000, 560
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 70, 230, 60, 60
MAX_LINES = 10
# Colour-blind-friendly palette (Okabe-Ito, then Tableau), readable on white.
PALETTE = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
    "#56B4E9", "#F0E442", "#000000", "#8C564B", "#7F7F7F",
)


def _nice_step(span: float, ticks: int = 6) -> float:
    """A round grid step (1, 2 or 5 times a power of ten) giving about `ticks` lines."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def render_race(title: str, series: Mapping[str, Sequence[float]],
                night_labels: Sequence[str]) -> bytes:
    """A PNG of up to MAX_LINES players' scores (in the order given: leaders first)."""
    font = ImageFont.load_default(size=15)
    small = ImageFont.load_default(size=13)
    big = ImageFont.load_default(size=20)
    img = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(img)
    draw.text((MARGIN_LEFT, 18), title, fill="black", font=big)
    x0, y0 = MARGIN_LEFT, HEIGHT - MARGIN_BOTTOM
    x1, y1 = WIDTH - MARGIN_RIGHT, MARGIN_TOP
    shown = list(series.items())[:MAX_LINES]
    nights = max(len(night_labels), 1)
    top = max([0.0, *(v for _, vals in shown for v in vals)])
    bottom = min([0.0, *(v for _, vals in shown for v in vals)])
    step = _nice_step(top - bottom or 1.0)
    lo = math.floor(bottom / step) * step
    hi = max(math.ceil(top / step) * step, lo + step)

    def px(i: int) -> float:
        return x0 + (x1 - x0) * (i / (nights - 1) if nights > 1 else 0.5)

    def py(v: float) -> float:
        return y0 - (y0 - y1) * (v - lo) / (hi - lo)

    # grid and axes
    v = lo
    while v <= hi + step / 2:
        y = py(v)
        draw.line([(x0, y), (x1, y)], fill="#DDDDDD")
        label = f"{v:g}"
        draw.text((x0 - 8, y), label, fill="#333333", font=small, anchor="rm")
        v += step
    label_every = max(1, math.ceil(nights / 12))
    for i, label in enumerate(night_labels):
        if i % label_every == 0 or i == nights - 1:
            draw.text((px(i), y0 + 8), label, fill="#333333", font=small, anchor="mt")
    draw.line([(x0, y1), (x0, y0), (x1, y0)], fill="black", width=2)
    draw.text(((x0 + x1) / 2, HEIGHT - 22), "night", fill="#333333", font=small, anchor="mm")

    if not shown:
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "No finished nights yet", fill="#555555",
                  font=font, anchor="mm")
    for n, (name, values) in enumerate(shown):
        colour = PALETTE[n % len(PALETTE)]
        points = [(px(i), py(val)) for i, val in enumerate(values)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        for x, y in points:
            draw.ellipse([x - 3.5, y - 3.5, x + 3.5, y + 3.5], fill=colour)
        # legend: colour swatch, name, final score
        ly = MARGIN_TOP + n * 26
        lx = WIDTH - MARGIN_RIGHT + 24
        draw.rectangle([lx, ly + 4, lx + 16, ly + 16], fill=colour)
        final = values[-1] if values else 0.0
        text = f"{name[:16]}  {final:.2f}"
        draw.text((lx + 24, ly + 10), text, fill="black", font=font, anchor="lm")
    buf = io.BytesIO()
    # No optimize=True: its search over compression settings cost 100-150 ms a chart (issue
    # 15) to save a few KiB; the default level writes it in a few ms.
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


async def render_race_png(title: str, series: Mapping[str, Sequence[float]],
                          night_labels: Sequence[str]) -> bytes:
    """`render_race` in a worker thread: drawing and encoding stay off the event loop."""
    return await asyncio.to_thread(render_race, title, series, night_labels)

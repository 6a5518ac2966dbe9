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

# Drawn for a phone: Discord shows a chart about 360 px wide there, so the picture is nearly
# square and its text is big enough to read at that scale (the legend's 34 px are about 12 px on
# the phone). The legend sits under the plot in two columns of five, so it never squeezes it.
WIDTH, HEIGHT = 1000, 1000
PHONE_WIDTH = 360
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP = 90, 40, 90
PLOT_BOTTOM = 630  # the x axis; night numbers and the legend below it
LEGEND_TOP, LEGEND_ROW, LEGEND_COLUMNS = 735, 50, 2
TITLE_PX, AXIS_PX, LEGEND_PX = 40, 28, 34
MAX_LINES = 10
LEGEND_NAME_CHARS = 14
# Colour-blind-friendly palette (Okabe-Ito, its yellow darkened to read on white, then
# Tableau). A white background: the chart reads the same in Discord's light and dark modes.
PALETTE = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
    "#56B4E9", "#999933", "#000000", "#8C564B", "#7F7F7F",
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
    big = ImageFont.load_default(size=TITLE_PX)
    small = ImageFont.load_default(size=AXIS_PX)
    font = ImageFont.load_default(size=LEGEND_PX)
    img = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(img)
    draw.text((MARGIN_LEFT // 3, 24), _fit(draw, title, big, WIDTH - MARGIN_LEFT // 3 * 2),
              fill="black", font=big)
    x0, y0 = MARGIN_LEFT, PLOT_BOTTOM
    x1, y1 = WIDTH - MARGIN_RIGHT, MARGIN_TOP
    shown = list(series.items())[:MAX_LINES]
    nights = max(len(night_labels), 1)
    top = max([0.0, *(v for _, vals in shown for v in vals)])
    bottom = min([0.0, *(v for _, vals in shown for v in vals)])
    step = _nice_step(top - bottom or 1.0, ticks=5)
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
        draw.line([(x0, y), (x1, y)], fill="#DDDDDD", width=2)
        draw.text((x0 - 12, y), f"{v:g}", fill="#333333", font=small, anchor="rm")
        v += step
    label_every = max(1, math.ceil(nights / 8))
    for i, label in enumerate(night_labels):
        if i % label_every == 0 or i == nights - 1:
            draw.text((px(i), y0 + 12), label, fill="#333333", font=small, anchor="mt")
    draw.line([(x0, y1), (x0, y0), (x1, y0)], fill="black", width=3)
    draw.text(((x0 + x1) / 2, y0 + 56), "night", fill="#333333", font=small, anchor="mt")

    if not shown:
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "No finished nights yet", fill="#555555",
                  font=font, anchor="mm")
    column = (WIDTH - MARGIN_LEFT // 3 * 2) // LEGEND_COLUMNS
    rows = math.ceil(MAX_LINES / LEGEND_COLUMNS)
    for n, (name, values) in enumerate(shown):
        colour = PALETTE[n % len(PALETTE)]
        points = [(px(i), py(val)) for i, val in enumerate(values)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=6, joint="curve")
        for x, y in points:
            draw.ellipse([x - 7, y - 7, x + 7, y + 7], fill=colour)
        # legend, leaders first down each column: colour swatch, name, final score
        lx = MARGIN_LEFT // 3 + (n // rows) * column
        ly = LEGEND_TOP + (n % rows) * LEGEND_ROW
        draw.rectangle([lx, ly + 8, lx + 30, ly + 38], fill=colour)
        final = values[-1] if values else 0.0
        short = name if len(name) <= LEGEND_NAME_CHARS else name[:LEGEND_NAME_CHARS - 1] + "…"
        draw.text((lx + 42, ly + 23), short, fill="black", font=font, anchor="lm")
        draw.text((lx + column - 24, ly + 23), f"{final:g}", fill="black", font=font,
                  anchor="rm")
    buf = io.BytesIO()
    # No optimize=True: its search over compression settings took 100-150 ms a chart to save
    # a few KiB; the default level writes it in a few ms.
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
         width: int) -> str:
    """`text` cut with "…" to fit `width` pixels in `font`."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


async def render_race_png(title: str, series: Mapping[str, Sequence[float]],
                          night_labels: Sequence[str]) -> bytes:
    """`render_race` in a worker thread: drawing and encoding stay off the event loop."""
    return await asyncio.to_thread(render_race, title, series, night_labels)

"""The points race read on a phone: Discord shows the picture about 360 px wide
there; the legend's names must still be letters one can read, not specks."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.league.chart import render_race

PHONE_WIDTH = 360  # about what Discord gives an image on a phone, in CSS pixels
READABLE_CAP_PX = 8  # a capital letter at least this tall (a 11-12 px font)


def _legend_name_box(name: str) -> tuple[tuple[int, int, int, int], int]:
    """Where the first player's name is drawn in the legend, and the picture's width: two
    charts that differ only in that name differ only there."""
    labels = ["1", "2", "3"]
    plain = render_race("Tuesday: points race", {"I": [1, 3, 6], "bob": [2, 2, 4]}, labels)
    named = render_race("Tuesday: points race", {name: [1, 3, 6], "bob": [2, 2, 4]}, labels)
    a, b = Image.open(io.BytesIO(plain)), Image.open(io.BytesIO(named))
    box = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
    assert box is not None
    return box, a.size[0]


def test_the_legend_is_readable_at_phone_width() -> None:
    (left, top, right, bottom), width = _legend_name_box("HHHH")
    cap = (bottom - top) * PHONE_WIDTH / width
    assert cap >= READABLE_CAP_PX, f"a capital is {cap:.1f} px tall on a phone"


def test_the_picture_is_not_a_wide_strip_on_a_phone() -> None:
    png = render_race("Tuesday: points race", {"ann": [1, 2]}, ["1", "2"])
    w, h = Image.open(io.BytesIO(png)).size
    # Shown PHONE_WIDTH wide, a wide strip leaves the plot a few dozen pixels tall.
    assert h * PHONE_WIDTH / w >= 300

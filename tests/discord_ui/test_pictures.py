"""scripts/make_pictures.py keeps drawing the docs' pictures from the bot's own code (the
pictures are for eyes; this keeps the script working). The room's screen needs chromium and
is left to tests/web, which drive the same page."""

from __future__ import annotations

import sys

from PIL import Image

from scripts import make_pictures


def test_the_pictures_are_drawn_from_the_code(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "argv", ["make_pictures", "--out", str(tmp_path), "--no-screen"])
    make_pictures.main()
    drawn = {p.name: p for p in tmp_path.glob("*.png")}
    assert set(drawn) == {"table.png", "dm.png", "live-clock.png", "standings.png",
                          "points-race.png"}
    for path in drawn.values():
        with Image.open(path) as img:
            assert img.width >= 300 and img.height >= 60, path.name
    # The DM shows the player's two cards as the card images (the four-colour deck's blue or
    # green), not as text.
    with Image.open(drawn["dm.png"]) as img:
        colours = {px[:3] for px in img.convert("RGBA").getdata()}
    assert colours & {(22, 92, 196), (20, 130, 48)}

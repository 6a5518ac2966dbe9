"""scripts/render_table_preview.py keeps drawing the table message from the real presenter,
with the cards as the emoji images (the picture is for eyes; this only keeps it working)."""

from __future__ import annotations

from PIL import Image

from tests.discord_ui.scripts import load_script


def test_the_preview_draws_its_spots_with_card_images(tmp_path):
    preview = load_script("render_table_preview")
    out = tmp_path / "table.png"
    heights = preview.render(out, palette=preview.Palette.FOUR, light=False, width=360)
    assert len(heights) == 3 and all(h > 200 for h in heights)  # flop, all-in, side pots
    with Image.open(out) as img:
        colours = {px[:3] for px in img.convert("RGBA").getdata()}
    # The flop of the first spot holds a diamond: the four-colour deck's blue is on the page,
    # so the cards were drawn as the emoji images, not as text.
    draw_cards_blue = (22, 92, 196)
    assert draw_cards_blue in colours

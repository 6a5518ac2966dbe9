"""The card images checked in under bot/discord_ui/assets are the ones scripts/draw_cards.py
draws, one per card of the engine's deck and a back, each a PNG Discord accepts as an emoji.

If the pixel comparison fails after a Pillow upgrade changed how shapes are smoothed, run
`python scripts/draw_cards.py --sheet /tmp/cards.png`, look at the sheet and commit the images.
"""

from __future__ import annotations

import io
from types import ModuleType

import pytest
from PIL import Image

from bot.engine.cards import FULL_DECK
from tests.discord_ui.scripts import ROOT, load_script

ASSETS = ROOT / "bot" / "discord_ui" / "assets"
EMOJI_MAX_BYTES = 256 * 1024  # Discord's limit for an emoji's image


@pytest.fixture(scope="module")
def draw_cards() -> ModuleType:
    return load_script("draw_cards")


@pytest.mark.parametrize("palette", ["four", "classic"])
def test_every_card_of_the_deck_and_the_back_is_checked_in(palette):
    names = {p.stem for p in (ASSETS / palette).glob("*.png")}
    assert names == set(FULL_DECK) | {"back"}


@pytest.mark.parametrize("palette", ["four", "classic"])
def test_each_image_is_a_png_discord_takes_as_an_emoji(palette, draw_cards):
    for path in sorted((ASSETS / palette).glob("*.png")):
        data = path.read_bytes()
        assert len(data) <= EMOJI_MAX_BYTES, path.name
        with Image.open(io.BytesIO(data)) as img:
            img.verify()  # a whole, uncorrupted PNG
        with Image.open(io.BytesIO(data)) as img:
            assert img.format == "PNG", path.name
            assert img.size == (draw_cards.WIDTH, draw_cards.HEIGHT), path.name
            assert img.mode == "RGBA", path.name
            assert img.getpixel((0, 0))[3] == 0, path.name  # rounded corners are transparent
            assert img.getpixel((img.width // 2, 3))[3] == 255, path.name  # the card's edge


@pytest.mark.parametrize("palette", ["four", "classic"])
def test_checked_in_images_are_what_the_script_draws(palette, draw_cards):
    drawn = draw_cards.draw_all(palette)
    for name, img in drawn.items():
        with Image.open(ASSETS / palette / f"{name}.png") as stored:
            assert stored.tobytes() == img.tobytes(), (
                f"{palette}/{name}.png differs from what scripts/draw_cards.py draws")


def test_the_script_writes_the_same_bytes_twice(draw_cards, tmp_path):
    first = {p.relative_to(tmp_path / "a"): p.read_bytes()
             for p in draw_cards.write_assets(tmp_path / "a")}
    second = {p.relative_to(tmp_path / "b"): p.read_bytes()
              for p in draw_cards.write_assets(tmp_path / "b")}
    assert len(first) == 2 * 53
    assert first == second


def _ink(img: Image.Image) -> tuple[int, int, int]:
    """The colour the rank and suit are printed in: the commonest opaque colour on the face
    other than the white face and the grey border."""
    counts: dict[tuple[int, int, int], int] = {}
    for r, g, b, a in img.getdata():
        if a == 255 and (r, g, b) not in {(255, 255, 255), (96, 100, 108)}:
            counts[(r, g, b)] = counts.get((r, g, b), 0) + 1
    return max(counts, key=lambda c: counts[c])


def test_four_colour_deck_gives_each_suit_its_own_colour(draw_cards):
    four = draw_cards.draw_all("four")
    ink = {s: _ink(four["Q" + s]) for s in "shdc"}
    assert len(set(ink.values())) == 4
    assert max(ink["s"]) < 40  # black spades
    r, g, b = ink["h"]
    assert r > 150 and g < 80 and b < 80  # red hearts
    r, g, b = ink["d"]
    assert b > 150 and r < 80  # blue diamonds
    r, g, b = ink["c"]
    assert g > 100 and r < 80 and b < 80  # green clubs
    # Every rank of a suit in the suit's colour.
    assert {_ink(four[rank + "d"]) for rank in "23456789TJQKA"} == {ink["d"]}


def test_classic_deck_prints_two_colours(draw_cards):
    classic = draw_cards.draw_all("classic")
    four = draw_cards.draw_all("four")
    assert _ink(classic["Kc"]) == _ink(classic["Ks"]) == _ink(four["Ks"])
    assert _ink(classic["Kd"]) == _ink(classic["Kh"]) == _ink(four["Kh"])
    assert _ink(classic["Kd"]) != _ink(classic["Kc"])


def test_cards_differ_from_one_another(draw_cards):
    """No two faces are the same picture (a glyph or a suit shape missing would repeat one)."""
    for palette in ("four", "classic"):
        pictures = {img.tobytes() for img in draw_cards.draw_all(palette).values()}
        assert len(pictures) == 53


def test_the_script_draws_what_the_bot_uploads(draw_cards):
    """The script's palettes and file names are the ones card_faces and card_emojis read."""
    from bot.discord_ui.card_faces import Palette, image_stems

    assert set(draw_cards.PALETTES) == {p.value for p in Palette}
    assert draw_cards.card_names() == list(image_stems())

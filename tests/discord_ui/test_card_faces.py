"""Cards as players read them: the bot's card emojis where it has them, "Q♦" text where not."""

from __future__ import annotations

import re

import pytest

from bot.discord_ui.card_faces import (
    TEXT_ART,
    TEXT_BACK,
    TEXT_FACES,
    CardArt,
    CardFaces,
    Palette,
    emoji_name,
    image_stems,
)
from bot.engine.cards import FULL_DECK, deck_from_seed

EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")  # what Discord accepts


def _uploaded() -> dict[str, int]:
    """Ids as an upload of both palettes would give them (distinct, like snowflakes)."""
    ids: dict[str, int] = {}
    for palette in Palette:
        for stem in image_stems():
            ids[emoji_name(palette, stem)] = 10**17 + len(ids)
    return ids


ART = CardArt(_uploaded())


def test_text_faces_keep_the_suit_symbols_and_write_ten_as_10():
    assert TEXT_FACES.card("Qd") == "Q♦"
    assert TEXT_FACES.card("As") == "A♠"
    assert TEXT_FACES.card("Td") == "10♦"
    assert TEXT_FACES.card("2c") == "2♣"
    assert TEXT_FACES.card("9h") == "9♥"
    assert TEXT_FACES.cards(["As", "Kd", "Th"]) == "A♠ K♦ 10♥"
    assert TEXT_FACES.cards([]) == ""
    assert TEXT_FACES.back() == TEXT_BACK
    assert not TEXT_FACES.has_emojis


def test_text_art_gives_text_in_both_palettes():
    for four_colour in (True, False):
        faces = TEXT_ART.for_server(four_colour)
        assert faces.card("Qd") == "Q♦"
        assert faces.back() == TEXT_BACK


def test_a_card_with_an_emoji_is_written_as_the_emoji_markup():
    faces = CardFaces(Palette.FOUR, {"c4_Qd": 123456789012345678})
    assert faces.card("Qd") == "<:c4_Qd:123456789012345678>"
    assert faces.card("Qh") == "Q♥"  # not uploaded: text, never a broken emoji


def test_four_colour_and_classic_faces_use_their_own_emojis():
    four = ART.for_server(True)
    classic = ART.for_server(False)
    assert four.palette is Palette.FOUR and classic.palette is Palette.CLASSIC
    assert re.fullmatch(r"<:c4_Qd:\d+>", four.card("Qd"))
    assert re.fullmatch(r"<:c2_Qd:\d+>", classic.card("Qd"))
    assert four.card("Qd") != classic.card("Qd")
    assert re.fullmatch(r"<:c4_back:\d+>", four.back())
    assert re.fullmatch(r"<:c2_back:\d+>", classic.back())
    assert four.has_emojis and classic.has_emojis


def test_every_card_of_the_engines_deck_has_its_own_emoji_in_each_palette():
    for palette in Palette:
        faces = ART.faces(palette)
        shown = {faces.card(code) for code in FULL_DECK}
        assert len(shown) == 52
        assert all(s.startswith(f"<:{palette.emoji_prefix}_") for s in shown)
        # A shuffled deck (what the engine deals) is all in the vocabulary.
        assert len({faces.card(c) for c in deck_from_seed("any seed")}) == 52


def test_emoji_names_are_valid_for_discord_and_distinct():
    names = [emoji_name(p, s) for p in Palette for s in image_stems()]
    assert len(names) == len(set(names)) == 2 * 53
    assert all(EMOJI_NAME.match(n) for n in names)
    assert emoji_name(Palette.FOUR, "As") == "c4_As"
    assert emoji_name(Palette.CLASSIC, "back") == "c2_back"


def test_cards_in_a_row_sit_side_by_side_as_emojis_and_spaced_as_text():
    faces = ART.for_server(True)
    row = faces.cards(["As", "Kd"])
    assert re.fullmatch(r"<:c4_As:\d+><:c4_Kd:\d+>", row)
    partial = CardFaces(Palette.FOUR, {"c4_As": 1, "c4_Kd": 2})
    assert partial.cards(["As", "Kd", "Qc", "Jh"]) == "<:c4_As:1><:c4_Kd:2> Q♣ J♥"
    assert not partial.has_emojis


def test_a_faces_palette_ignores_the_other_palettes_emojis():
    only_classic = CardArt({"c2_As": 7})
    assert only_classic.for_server(True).card("As") == "A♠"
    assert only_classic.for_server(False).card("As") == "<:c2_As:7>"


@pytest.mark.parametrize("bad", ["", "10s", "as", "AS", "Xs", "A", "Asx", "back"])
def test_a_code_that_is_not_a_card_is_refused_with_what_is_allowed(bad):
    with pytest.raises(ValueError, match="like As, Td, 2c"):
        TEXT_FACES.card(bad)


def test_palette_follows_the_servers_four_colour_setting():
    assert Palette.for_setting(True) is Palette.FOUR
    assert Palette.for_setting(False) is Palette.CLASSIC
    assert Palette.FOUR.value == "four" and Palette.CLASSIC.value == "classic"  # asset folders

"""How a card is written in a message: as the bot's own card emoji, or as text ("Q♦").

The presenter asks a `CardFaces` for every card it shows. The faces come from the emojis the bot
uploads after start-up (`bot.discord_ui.card_emojis`), a name-to-id mapping held in a `CardArt`;
`CardArt.faces(palette)` gives one palette's faces, `for_server(four_colour)` the faces a
server's setting asks for. `TEXT_ART` (and `TEXT_FACES`) write text only: the demo, logs, and a
bot whose upload is not done yet or was refused. Pure: no network, no discord import.

A card code is the engine's: rank then suit, "As", "Td", "2c" (bot/engine/cards.py). The text
form is the engine's `pretty`, "10♦" rather than "T♦": "10" is what the cards themselves print
and what a player who has never read a hand history expects; "T" is notation. The suit symbol
stays in the text in every palette, so a suit never depends on colour there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from bot.discord_ui.presenter.cards import cards_text
from bot.engine.cards import FULL_DECK, pretty

BACK = "back"  # the back's stem among the images, beside the card codes
TEXT_BACK = "🂠"  # U+1F0A0 PLAYING CARD BACK: in the symbol fonts of Windows, macOS and Android


class Palette(StrEnum):
    """The colours a deck is printed in; the value names the image folder (assets/<value>)."""

    FOUR = "four"  # spades black, hearts red, diamonds blue, clubs green
    CLASSIC = "classic"  # spades and clubs black, hearts and diamonds red

    @property
    def emoji_prefix(self) -> str:
        # Two characters: the names stay short and sort by palette in the developer portal.
        return "c4" if self is Palette.FOUR else "c2"

    @classmethod
    def for_setting(cls, four_colour: bool) -> Palette:
        return cls.FOUR if four_colour else cls.CLASSIC


def image_stems() -> tuple[str, ...]:
    """Every image of a palette by stem: the 52 card codes in the engine's order, then the back."""
    return (*FULL_DECK, BACK)


_STEMS = frozenset(image_stems())
_CODES = frozenset(FULL_DECK)


def emoji_name(palette: Palette, stem: str) -> str:
    """The application emoji's name for a card code or the back: "c4_As", "c2_back".

    Discord allows 2-32 letters, digits and underscores; these are 5 to 7.
    """
    if stem not in _STEMS:
        raise ValueError(f"{stem!r} is not a card code (like As, Td, 2c) nor {BACK!r}")
    return f"{palette.emoji_prefix}_{stem}"


def _check(code: str) -> str:
    if code not in _CODES:
        raise ValueError(f"{code!r} is not a card code: rank then suit, like As, Td, 2c")
    return code


@dataclass(frozen=True)
class CardFaces:
    """Cards as one palette's emojis where the bot has them, as text where it has not.

    `emoji_ids` maps emoji names ("c4_As") to ids; a name missing from it is written as text,
    so an incomplete upload still shows every card.
    """

    palette: Palette = Palette.FOUR
    emoji_ids: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def _emoji(self, stem: str) -> str | None:
        name = emoji_name(self.palette, stem)
        emoji_id = self.emoji_ids.get(name)
        return None if emoji_id is None else f"<:{name}:{emoji_id}>"

    def card(self, code: str) -> str:
        """ "Qd" as `<:c4_Qd:123…>`, or "Q♦" without the emoji."""
        return self._emoji(_check(code)) or pretty(code)

    def cards(self, codes: Iterable[str]) -> str:
        """Several cards: emojis side by side like a hand held, text separated by spaces."""
        return cards_text(codes, self.card)

    def back(self) -> str:
        """A card face down."""
        return self._emoji(BACK) or TEXT_BACK

    @property
    def has_emojis(self) -> bool:
        """Whether every card and the back are shown as emojis (a complete upload)."""
        return all(emoji_name(self.palette, s) in self.emoji_ids for s in _STEMS)


TEXT_FACES = CardFaces()


@dataclass(frozen=True)
class CardArt:
    """The card emojis the bot has, both palettes, by name: what the upload returns."""

    emoji_ids: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def faces(self, palette: Palette) -> CardFaces:
        prefix = palette.emoji_prefix + "_"
        own = {name: i for name, i in self.emoji_ids.items() if name.startswith(prefix)}
        return CardFaces(palette, MappingProxyType(own))

    def for_server(self, four_colour: bool) -> CardFaces:
        """The faces a server's four-colour setting asks for (on by default in the settings)."""
        return self.faces(Palette.for_setting(four_colour))


TEXT_ART = CardArt()

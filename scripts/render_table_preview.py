"""Draw what a table message looks like, to check its layout by eye without a Discord client.

    python scripts/render_table_preview.py /tmp/table.png [--classic] [--light] [--width 360]

Plays two nine-handed spots with the real engine (a flop with a player to act; two players
all-in with their hands face up and the turn to come), builds the table embeds with the real
presenter (`bot.discord_ui.presenter.table.table_embed`) and the card faces the bot would use
(emoji markup for every card), and draws each embed roughly as Discord does: the colour bar,
title, description with bold, strike-through, relative timestamps and the card emojis at 22 px
(the size Discord gives emojis in an embed), the footer. The width defaults to a phone's.

Only an approximation of Discord's renderer (its font, its spacing), for layout and legibility:
how many lines a nine-handed table takes, whether the cards read at their real size. Text uses
DejaVu Sans when the system has it (Debian's fonts-dejavu-core), Pillow's own font otherwise.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from bot.discord_ui.card_faces import CardArt, CardFaces, Palette, emoji_name, image_stems
from bot.discord_ui.presenter.clock import ClockView
from bot.discord_ui.presenter.table import TableScene, table_embed
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import StreetDealt
from bot.tournament.structure import Level

if TYPE_CHECKING:  # the dict discord.Embed.to_dict() gives: a typing-only module
    from discord.types.embed import Embed as EmbedData

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "bot" / "discord_ui" / "assets"
NAMES = ["ann", "ben", "cleo", "dev", "Esmeralda Fitzgerald", "fin", "gus", "hal", "ivy"]
EMOJI_PX = 22
FONT_PX = 15
LINE_PX = 22
DARK = {"bg": (49, 51, 56), "embed": (43, 45, 49), "text": (219, 222, 225),
        "muted": (148, 155, 164), "stamp": (63, 65, 71)}
LIGHT = {"bg": (255, 255, 255), "embed": (242, 243, 245), "text": (49, 51, 56),
         "muted": (92, 94, 102), "stamp": (227, 229, 232)}
_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
_EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")


def _font(bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = _FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), FONT_PX)
    return ImageFont.load_default(FONT_PX)


# --- two spots played with the engine ----------------------------------------------------

def _start(seed: str) -> Hand:
    seats = tuple(Seat(i, f"p{i}", 20_000 + 1_375 * i) for i in range(1, 10))
    return Hand.start(HandConfig(hand_id="T1-42", seats=seats, button=9, small_blind=200,
                                 big_blind=400, ante=50, deck_seed=seed, table_size=9))


def flop_to_act() -> Hand:
    """Four see a flop; the first of them has bet, the next is to act."""
    hand = _start("preview-flop")
    for seat, move in [(3, "raise"), (4, "fold"), (5, "call"), (6, "fold"), (7, "fold"),
                       (8, "fold"), (9, "call"), (1, "fold"), (2, "call")]:
        if move == "raise":
            hand.raise_to(seat, 1_000)
        elif move == "call":
            hand.call(seat)
        else:
            hand.fold(seat)
    hand.check(2)
    hand.bet(3, 1_800)
    return hand


def all_in_face_up() -> Hand:
    """Two all-in before the flop, everybody else out: hands face up, the flop out, the turn
    and river to come. The engine runs a seeded board out at once; the table message shows
    each street in turn, so the hand is replayed up to its flop."""
    hand = _start("preview-allin")
    hand.all_in(3)
    for seat in (4, 5, 6, 7, 8, 9, 1):
        hand.fold(seat)
    hand.call(2)
    flop = next(i for i, ev in enumerate(hand.events) if isinstance(ev, StreetDealt))
    return Hand.replay(hand.events[: flop + 1])


def side_pots_face_up() -> Hand:
    """Three all-in for different stacks before the flop: a main pot and a side pot, each
    with its own chances, as the table shows the flop of the run-out."""
    hand = _start("preview-side")
    hand.all_in(3)
    for seat in (4, 5, 6, 7):
        hand.fold(seat)
    hand.all_in(8)
    for seat in (9, 1):
        hand.fold(seat)
    hand.call(2)
    flop = next(i for i, ev in enumerate(hand.events) if isinstance(ev, StreetDealt))
    return Hand.replay(hand.events[: flop + 1])


def scene(faces: CardFaces, now: float) -> TableScene:
    clock = ClockView(level=7, on_break=False, small_blind=200, big_blind=400, ante=50,
                      ends_at=now + 9 * 60 + 20, paused=False,
                      next_level=Level(small_blind=300, big_blind=600, ante=75, seconds=1200),
                      next_is_break=False, players_left=23, entries=30, average_stack=26_087,
                      pool=3_000, payouts=(1_200, 750, 450, 300, 180, 120))
    return TableScene(names={f"p{i}": n for i, n in enumerate(NAMES, start=1)}, table=2,
                      deadline=now + 45, clock=clock, faces=faces.card)


# --- a small Discord-like renderer --------------------------------------------------------

_TOKEN = re.compile(r"(<:\w+:\d+>|<t:\d+:\w>|\*\*|~~|\\.|\s+|[^\s*~<\\]+|.)")


def _tokens(line: str, now: float) -> Iterator[str]:
    for tok in _TOKEN.findall(line):
        if m := re.fullmatch(r"<t:(\d+):R>", tok):
            secs = int(m.group(1)) - int(now)
            minutes = secs // 60
            yield f"⟨in {minutes} minutes⟩" if minutes else f"⟨in {secs} seconds⟩"
        elif tok.startswith("\\") and len(tok) == 2:
            yield tok[1]
        else:
            yield tok


class Canvas:
    def __init__(self, width: int, theme: dict[str, tuple[int, int, int]], palette: Palette):
        self.width = width
        self.theme = theme
        self.palette = palette
        self.fonts = {False: _font(False), True: _font(True)}
        self.emoji: dict[str, Image.Image] = {}
        for stem in image_stems():
            img = Image.open(ASSETS / palette.value / f"{stem}.png").convert("RGBA")
            w = round(img.width * EMOJI_PX / img.height)
            self.emoji[emoji_name(palette, stem)] = img.resize((w, EMOJI_PX),
                                                               Image.Resampling.LANCZOS)
        # The text font's "no glyph" box, to find the characters it cannot draw.
        self.missing_glyph = bytes(self.fonts[False].getmask("\U000f0000"))
        self.unicode_emoji: dict[str, Image.Image | None] = {}

    def _unicode_emoji(self, tokens: Iterator[str]) -> Iterator[str | Image.Image]:
        """The tokens, with each character the text font has no glyph for drawn from the
        system's colour emoji font where it has one (Debian's fonts-noto-color-emoji), as
        Discord draws ⏳ or 👥; without that font the character stays (a box)."""
        for tok in tokens:
            if tok.isascii():
                yield tok
                continue
            text = ""
            for ch in tok:
                if ch == "\ufe0f":
                    continue  # the emoji presentation selector: the picture is the emoji
                pic = self._emoji_picture(ch)
                if pic is None:
                    text += ch
                    continue
                if text:
                    yield text
                    text = ""
                yield pic
            if text:
                yield text

    def _emoji_picture(self, ch: str) -> Image.Image | None:
        if ch in self.unicode_emoji:
            return self.unicode_emoji[ch]
        font = self.fonts[False]
        pic = None
        if _EMOJI_FONT.exists() and bytes(font.getmask(ch)) == self.missing_glyph:
            big = ImageFont.truetype(str(_EMOJI_FONT), 109)  # its one bitmap size
            canvas = Image.new("RGBA", (160, 160))
            ImageDraw.Draw(canvas).text((0, 0), ch, font=big, embedded_color=True)
            box = canvas.getbbox()
            if box is not None:
                glyph = canvas.crop(box)
                side = EMOJI_PX - 4
                pic = glyph.resize((max(1, round(glyph.width * side / glyph.height)), side),
                                   Image.Resampling.LANCZOS)
        self.unicode_emoji[ch] = pic
        return pic

    def paragraph(self, draw: ImageDraw.ImageDraw | None, img: Image.Image | None, x0: int,
                  y: int, text: str, right: int, now: float, colour: str = "text") -> int:
        """Lay out one line of Discord markdown from (x0, y), wrapping at `right`; the next y."""
        bold = strike = False
        x = x0
        for tok in self._unicode_emoji(_tokens(text, now)):
            if tok == "**":
                bold = not bold
                continue
            if tok == "~~":
                strike = not strike
                continue
            if isinstance(tok, Image.Image) or re.fullmatch(r"<:(\w+):\d+>", tok):
                pic = tok if isinstance(tok, Image.Image) else self.emoji[tok.split(":")[1]]
                if x + pic.width > right:
                    x, y = x0, y + LINE_PX
                if img is not None:
                    img.alpha_composite(pic, (x, y))
                x += pic.width + 1
                continue
            font = self.fonts[bold]
            w = int(font.getlength(tok))
            if tok.isspace():
                if x > x0:
                    x += w
                continue
            if x + w > right and x > x0:
                x, y = x0, y + LINE_PX
            while x + w > right and len(tok) > 1:  # a long word breaks anywhere, as in Discord
                cut = len(tok)
                while cut > 1 and x + font.getlength(tok[:cut]) > right:
                    cut -= 1
                if draw is not None:
                    draw.text((x, y + 3), tok[:cut], font=font, fill=self.theme[colour])
                tok = tok[cut:]
                x, y = x0, y + LINE_PX
                w = int(font.getlength(tok))
            if draw is not None:
                fill = self.theme["muted"] if strike else self.theme[colour]
                draw.text((x, y + 3), tok, font=font, fill=fill)
                if strike:
                    draw.line([(x, y + 12), (x + w, y + 12)], fill=fill, width=1)
            x += w
        return y + LINE_PX

    def embed(self, data: EmbedData, now: float) -> Image.Image:
        """The embed as a picture `self.width` wide (a message's embed on a phone)."""
        pad, bar = 12, 4
        right = self.width - pad
        desc = data.get("description", "")
        footer = data.get("footer", {"text": ""}).get("text", "")
        title = data.get("title", "")

        def lay(img: Image.Image | None) -> int:
            draw = ImageDraw.Draw(img) if img is not None else None
            y = pad
            y = self.paragraph(draw, img, pad + bar, y, f"**{title}**", right, now) + 4
            for line in desc.split("\n"):
                if not line.strip():
                    y += LINE_PX // 2
                    continue
                y = self.paragraph(draw, img, pad + bar, y, line, right, now)
            if footer:
                y = self.paragraph(draw, img, pad + bar, y + 6, footer, right, now, "muted")
            return y + pad

        height = lay(None)
        img = Image.new("RGBA", (self.width, height), self.theme["embed"] + (255,))
        colour = data.get("color", 0x1F8B4C)
        ImageDraw.Draw(img).rectangle([0, 0, bar - 1, height],
                                      fill=((colour >> 16) & 255, (colour >> 8) & 255,
                                            colour & 255))
        lay(img)
        return img


    def message(self, author: str, text: str, now: float) -> Image.Image:
        """A plain message (a DM, the live clock) as a picture `self.width` wide: the author's
        name in bold, then the text as Discord lays it out. Headings (`# `) are drawn bold at
        the text's size and code spans as plain text: an approximation, as the rest is."""
        pad = 12
        right = self.width - pad
        lines = [f"**{author}**", *(_plain_code(line) for line in text.split("\n"))]

        def lay(img: Image.Image | None) -> int:
            draw = ImageDraw.Draw(img) if img is not None else None
            y = pad
            for line in lines:
                if not line.strip():
                    y += LINE_PX // 2
                    continue
                if line.startswith("# "):
                    line = f"**{line[2:]}**"
                y = self.paragraph(draw, img, pad, y, line, right, now)
            return y + pad

        height = lay(None)
        img = Image.new("RGBA", (self.width, height), self.theme["bg"] + (255,))
        lay(img)
        return img


def _plain_code(line: str) -> str:
    return re.sub(r"`([^`]*)`", r"\1", line)


def render(out: Path, *, palette: Palette, light: bool, width: int) -> list[int]:
    """Draw the spots side by side to `out`; the heights of the embeds (px)."""
    ids = {emoji_name(p, s): 10**17 + i
           for i, (p, s) in enumerate((p, s) for p in Palette for s in image_stems())}
    faces = CardArt(ids).faces(palette)
    now = time.time()
    theme = LIGHT if light else DARK
    canvas = Canvas(width, theme, palette)
    pictures = [canvas.embed(table_embed(h, scene(faces, now)).to_dict(), now)
                for h in (flop_to_act(), all_in_face_up(), side_pots_face_up())]
    gap = 16
    sheet = Image.new("RGBA", (gap + sum(p.width + gap for p in pictures),
                               2 * gap + max(p.height for p in pictures)), theme["bg"] + (255,))
    x = gap
    for p in pictures:
        sheet.alpha_composite(p, (x, gap))
        x += p.width + gap
    sheet.save(out)
    return [p.height for p in pictures]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--classic", action="store_true", help="two-colour cards")
    parser.add_argument("--light", action="store_true", help="Discord's light theme")
    parser.add_argument("--width", type=int, default=360, help="embed width in px (phone: 360)")
    args = parser.parse_args()
    heights = render(args.out, palette=Palette.CLASSIC if args.classic else Palette.FOUR,
                     light=args.light, width=args.width)
    print(f"{args.out}: embeds {', '.join(f'{h} px' for h in heights)} high")


if __name__ == "__main__":
    main()

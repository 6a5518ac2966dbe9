"""Draw the 52 cards and a card back as small PNGs, the images the bot uploads as emojis.

    python scripts/draw_cards.py                 # (re)write bot/discord_ui/assets/<palette>/*.png
    python scripts/draw_cards.py --sheet /tmp/cards.png   # also a contact sheet to look at

Every shape is drawn here from coordinates (ranks as thick strokes, suits as polygons), never
from a font: a font differs between machines, so the output would too. The same Pillow and zlib
write byte-identical files; tests/discord_ui/test_card_art.py checks that the checked-in PNGs
hold exactly what this script draws.

Discord shows a custom emoji at 22 px high in text and embeds (48 px when a message is emojis
only), inside a square box. So the card is drawn for 22 px first: the rank fills the top half,
the suit the bottom half, both as large as the card allows; the face is white with a grey
rounded border, which stands out on the dark theme (white on grey) and on the light one (the
border on white).
"""

from __future__ import annotations

import argparse
import io
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "bot" / "discord_ui" / "assets"

RANKS = "23456789TJQKA"  # the engine's notation (bot/engine/cards.py)
SUITS = "cdhs"
WIDTH, HEIGHT = 100, 128
SCALE = 4  # drawn this many times larger, then reduced: smooth edges without a font rasteriser

Colour = tuple[int, int, int]
INK: Colour = (17, 17, 17)
RED: Colour = (214, 31, 38)
BLUE: Colour = (22, 92, 196)
GREEN: Colour = (20, 130, 48)
# Four colour: each suit its own colour, so a suit is read before its shape is (phones,
# colour-blind players: red and green also differ in lightness here).
PALETTES: dict[str, dict[str, Colour]] = {
    "four": {"s": INK, "h": RED, "d": BLUE, "c": GREEN},
    "classic": {"s": INK, "h": RED, "d": RED, "c": INK},
}
FACE: Colour = (255, 255, 255)
BORDER: Colour = (96, 100, 108)  # mid grey: visible on white (light theme) and next to dark grey
BACK: Colour = (29, 78, 160)
BACK_LINE: Colour = (70, 120, 200)

Point = tuple[float, float]
Stroke = list[Point]
Box = tuple[float, float, float, float]  # left, top, width, height


def card_names() -> list[str]:
    """The file stems, in deck order, then the back: "2c", ..., "As", "back"."""
    return [r + s for r in RANKS for s in SUITS] + ["back"]


# --- ranks: strokes in a box one unit high (y down), drawn with a round pen ------------------

def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> Stroke:
    """Points on an ellipse from angle a0 to a1 in degrees (0 = right, 90 = down)."""
    n = max(8, int(abs(a1 - a0) / 6))
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def _six(w: float) -> list[Stroke]:
    loop = _arc(w / 2, 0.70, w / 2, 0.30, 0, 360)
    tail = _arc(w * 1.02, 0.72, w * 1.0, 0.72, 246, 180)
    return [loop, tail]


def _turned(strokes: list[Stroke], w: float) -> list[Stroke]:
    return [[(w - x, 1 - y) for x, y in s] for s in strokes]


GLYPH_WIDTH = 0.64
_W = GLYPH_WIDTH
# A glyph: (width, strokes). Shapes follow a plain sans serif, widened where a narrow stroke
# would close up at 22 px (the 8's loops, the 6's counter).
GLYPHS: dict[str, tuple[float, list[Stroke]]] = {
    "A": (0.74, [[(0.0, 1.0), (0.37, 0.0), (0.74, 1.0)], [(0.14, 0.66), (0.60, 0.66)]]),
    "K": (_W, [[(0.0, 0.0), (0.0, 1.0)], [(0.62, 0.0), (0.02, 0.60)], [(0.22, 0.42), (0.64, 1.0)]]),
    "Q": (0.72, [_arc(0.36, 0.5, 0.36, 0.5, 0, 360), [(0.40, 0.70), (0.74, 1.04)]]),
    "J": (0.52, [[(0.22, 0.0), (0.50, 0.0), (0.50, 0.70)] + _arc(0.26, 0.72, 0.24, 0.28, 0, 165)]),
    "2": (_W, [_arc(0.32, 0.29, 0.30, 0.28, 195, 385) + [(0.0, 1.0), (0.64, 1.0)]]),
    "3": (_W, [_arc(0.30, 0.26, 0.28, 0.25, 205, 450), _arc(0.30, 0.73, 0.32, 0.27, 270, 515)]),
    "4": (_W, [[(0.48, 1.0), (0.48, 0.0), (0.0, 0.68), (0.64, 0.68)]]),
    "5": (_W, [[(0.58, 0.0), (0.10, 0.0), (0.05, 0.46)] + _arc(0.31, 0.68, 0.32, 0.31, 222, 500)]),
    "6": (_W, _six(_W)),
    "7": (_W, [[(0.0, 0.0), (0.64, 0.0), (0.22, 1.0)]]),
    "8": (_W, [_arc(0.32, 0.25, 0.25, 0.24, 0, 360), _arc(0.32, 0.72, 0.32, 0.28, 0, 360)]),
    "9": (_W, _turned(_six(_W), _W)),
    # The ten as "10", as printed on real cards; the digits are narrowed to fit beside each other.
    "1": (0.26, [[(0.0, 0.2), (0.26, 0.0), (0.26, 1.0)]]),
    "0": (0.46, [_arc(0.23, 0.5, 0.23, 0.5, 0, 360)]),
}
LABELS = {r: ("10" if r == "T" else r) for r in RANKS}
PEN = 0.21  # stroke width, in glyph heights: bold enough to stay two pixels wide at 22 px
GAP = 0.22  # between the two digits of "10"


def _pen(draw: ImageDraw.ImageDraw, stroke: Sequence[Point], width: float) -> None:
    """A polyline with round caps and joints: a disc at every point, bars between them."""
    r = width / 2
    for (x0, y0), (x1, y1) in zip(stroke, stroke[1:], strict=False):
        draw.line([(x0, y0), (x1, y1)], fill=255, width=round(width))
    for x, y in stroke:
        draw.ellipse([x - r, y - r, x + r, y + r], fill=255)


def _draw_label(mask: Image.Image, label: str, top: float, height: float) -> None:
    """The rank, `height` pixels high from `top` (the pen's round ends included), centred
    across the mask."""
    draw = ImageDraw.Draw(mask)
    height /= 1 + PEN  # the glyph's skeleton; the pen adds half its width all round
    top += PEN * height / 2
    widths = [GLYPHS[ch][0] for ch in label]
    total = (sum(widths) + GAP * (len(label) - 1)) * height
    x = (mask.width - total) / 2
    for ch, w in zip(label, widths, strict=True):
        for stroke in GLYPHS[ch][1]:
            _pen(draw, [(x + px * height, top + py * height) for px, py in stroke], PEN * height)
        x += (w + GAP) * height


# --- suits: filled shapes in a unit box (y down) ---------------------------------------------

def _heart_outline(n: int = 120) -> list[Point]:
    """The classic parametric heart, fitted to the unit box, point down."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return _fit(pts)


def _fit(pts: Iterable[Point]) -> list[Point]:
    pts = list(pts)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts]


def _in_box(pts: Iterable[Point], box: Box) -> list[Point]:
    left, top, w, h = box
    return [(left + x * w, top + y * h) for x, y in pts]


def _quad(a: Point, c: Point, b: Point, n: int = 12) -> list[Point]:
    """A quadratic Bezier curve from a to b pulled towards c (b itself left out)."""
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1])
            for t in (i / n for i in range(n))]


def _heart(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.polygon(_in_box(_heart_outline(), box), fill=255)


def _diamond(draw: ImageDraw.ImageDraw, box: Box) -> None:
    # Sides bowed slightly inwards, as printed, so it is not read as a square turned round.
    pts: list[Point] = []
    corners = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        pts += _quad((ax, ay), (mx + (0.5 - mx) * 0.16, my + (0.5 - my) * 0.16), (bx, by))
    draw.polygon(_in_box(pts, box), fill=255)


def _stem(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The flared foot under a spade or a club, its sides curved in."""
    foot = (_quad((0.45, 0.55), (0.45, 0.9), (0.22, 1.0)) + [(0.22, 1.0)]
            + _quad((0.78, 1.0), (0.55, 0.9), (0.55, 0.55)) + [(0.55, 0.55)])
    draw.polygon(_in_box(foot, box), fill=255)


def _spade(draw: ImageDraw.ImageDraw, box: Box) -> None:
    left, top, w, h = box
    body = [(x, 1 - y) for x, y in _heart_outline()]  # a heart upside down
    draw.polygon(_in_box(body, (left, top, w, h * 0.80)), fill=255)
    _stem(draw, box)


def _club(draw: ImageDraw.ImageDraw, box: Box) -> None:
    left, top, w, h = box
    r = 0.26 * w  # three leaves of the same size, touching in the middle
    for cx, cy in ((0.5, 0.26), (0.26, 0.6), (0.74, 0.6)):
        x, y = left + cx * w, top + cy * h
        draw.ellipse([x - r, y - r, x + r, y + r], fill=255)
    draw.polygon(_in_box([(0.5, 0.35), (0.36, 0.62), (0.64, 0.62)], box), fill=255)
    _stem(draw, box)


SUIT_SHAPES: dict[str, tuple[float, Callable[[ImageDraw.ImageDraw, Box], None]]] = {
    # suit: (width / height, draw)
    "s": (0.92, _spade),
    "h": (1.0, _heart),
    "d": (0.84, _diamond),
    "c": (1.0, _club),
}


# --- the card ----------------------------------------------------------------------------

MARGIN_X, MARGIN_Y = 3, 1  # transparent edge, so cards side by side stay apart
RADIUS = 12
BORDER_WIDTH = 4
RANK_TOP, RANK_HEIGHT = 7, 52
SUIT_TOP, SUIT_HEIGHT = 67, 52


def _blank(face: Colour) -> Image.Image:
    s = SCALE
    img = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    outer = [MARGIN_X * s, MARGIN_Y * s, (WIDTH - MARGIN_X) * s - 1, (HEIGHT - MARGIN_Y) * s - 1]
    draw.rounded_rectangle(outer, radius=RADIUS * s, fill=BORDER + (255,))
    b = BORDER_WIDTH * s
    inner = [outer[0] + b, outer[1] + b, outer[2] - b, outer[3] - b]
    draw.rounded_rectangle(inner, radius=(RADIUS - BORDER_WIDTH) * s, fill=face + (255,))
    return img


def _ink(img: Image.Image, mask: Image.Image, colour: Colour) -> None:
    img.paste(Image.new("RGBA", img.size, colour + (255,)), (0, 0), mask)


def draw_card(code: str, palette: str) -> Image.Image:
    """One card ("As", "Td", ...) in a palette ("four" or "classic"), WIDTH x HEIGHT, RGBA."""
    rank, suit = code[0], code[1]
    s = SCALE
    img = _blank(FACE)
    mask = Image.new("L", img.size, 0)
    _draw_label(mask, LABELS[rank], RANK_TOP * s, RANK_HEIGHT * s)
    ratio, shape = SUIT_SHAPES[suit]
    h = SUIT_HEIGHT * s
    w = ratio * h
    shape(ImageDraw.Draw(mask), ((img.width - w) / 2, SUIT_TOP * s, w, h))
    _ink(img, mask, PALETTES[palette][suit])
    return img.resize((WIDTH, HEIGHT), Image.Resampling.BOX)


def draw_back() -> Image.Image:
    """The back: a blue field with a fine lattice inside the white margin, one for both decks."""
    s = SCALE
    img = _blank(FACE)
    draw = ImageDraw.Draw(img)
    ix, iy = (MARGIN_X + BORDER_WIDTH + 4) * s, (MARGIN_Y + BORDER_WIDTH + 4) * s
    field = [ix, iy, img.width - ix - 1, img.height - iy - 1]
    draw.rounded_rectangle(field, radius=5 * s, fill=BACK + (255,))
    lattice = Image.new("L", img.size, 0)
    ld = ImageDraw.Draw(lattice)
    step = 14 * s
    for k in range(-img.height, img.width + img.height, step):
        ld.line([(k, 0), (k + img.height, img.height)], fill=255, width=2 * s)
        ld.line([(k, img.height), (k + img.height, 0)], fill=255, width=2 * s)
    clip = Image.new("L", img.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(field, radius=5 * s, fill=255)
    lattice.paste(0, (0, 0), Image.eval(clip, lambda v: 255 - v))
    _ink(img, lattice, BACK_LINE)
    return img.resize((WIDTH, HEIGHT), Image.Resampling.BOX)


def draw_all(palette: str) -> dict[str, Image.Image]:
    """Every image of a palette by file stem ("As", ..., "back")."""
    out = {code: draw_card(code, palette) for code in card_names()[:-1]}
    out["back"] = draw_back()
    return out


def png_bytes(img: Image.Image) -> bytes:
    """The PNG as written: no metadata, fixed compression, so the bytes follow the pixels."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=9)
    return buf.getvalue()


def write_assets(root: Path = ASSETS) -> list[Path]:
    written = []
    for palette in PALETTES:
        folder = root / palette
        folder.mkdir(parents=True, exist_ok=True)
        for name, img in draw_all(palette).items():
            path = folder / f"{name}.png"
            path.write_bytes(png_bytes(img))
            written.append(path)
    return written


def contact_sheet(palette: str, size: int, background: Colour) -> Image.Image:
    """All 53 images of a palette in a grid (a row per suit, the back last), each `size` px
    high, on a background (Discord's dark #313338 or light #ffffff)."""
    images = draw_all(palette)
    w = round(WIDTH * size / HEIGHT)
    gap = max(2, size // 8)
    sheet = Image.new("RGBA", (14 * (w + gap) + gap, 4 * (size + gap) + gap), background + (255,))
    for row, suit in enumerate("shdc"):
        for col, rank in enumerate(reversed(RANKS)):
            tile = images[rank + suit].resize((w, size), Image.Resampling.LANCZOS)
            sheet.alpha_composite(tile, (gap + col * (w + gap), gap + row * (size + gap)))
    back = images["back"].resize((w, size), Image.Resampling.LANCZOS)
    sheet.alpha_composite(back, (gap + 13 * (w + gap), gap))
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="also write contact sheets to this PNG path")
    args = parser.parse_args()
    paths = write_assets()
    print(f"wrote {len(paths)} images under {ASSETS.relative_to(ROOT)}")
    if args.sheet:
        rows = []
        for palette in PALETTES:
            for size in (22, 48, 128):
                for bg in ((49, 51, 56), (255, 255, 255)):
                    rows.append(contact_sheet(palette, size, bg))
        sheet = Image.new("RGBA", (max(r.width for r in rows), sum(r.height for r in rows)),
                          (128, 128, 128, 255))
        y = 0
        for r in rows:
            sheet.alpha_composite(r, (0, y))
            y += r.height
        sheet.save(args.sheet)
        print(f"contact sheet: {args.sheet}")


if __name__ == "__main__":
    main()

"""Draw /standings as a phone shows it, to check its width by eye without a Discord client.

    python scripts/render_standings_preview.py /tmp/standings.png [--width 360]

Builds a season's table with the real renderer (`bot.league.render.standings_page`, with money,
a tie and a player not yet qualified) and draws its code block in DejaVu Sans Mono at the size
Discord's phone client uses for code (about 13 px in a 360 px wide column), wrapping a line
that does not fit as the client does, with the legend and the footer as prose under it. Only an
approximation of Discord's renderer, for one question: does a line wrap on a phone?
"""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.league.points import SeasonOptions, describe_options, get_system
from bot.league.render import standings_legend, standings_page
from bot.league.standings import StandingRow

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CODE_PX, TEXT_PX, LINE = 13, 14, 18
ROWS = [("Esmeralda Fitzgerald", 41.5, 9, 3, 5, 123_450), ("ben", 38.0, 9, 2, 4, 80_000),
        ("cleo", 38.0, 8, 2, 4, -2_500), ("dev", 22.25, 2, 0, 1, -40_000),
        ("fin", 12.0, 7, 0, 1, -161_000)]


def season() -> tuple[str, str, str]:
    options = SeasonOptions(min_nights=3, best_n=8, decimals=2)
    rows = [StandingRow(i + 1 if i != 2 else 2, i, n, p, nights, min(nights, 8), w, c, 1, net,
                        nights >= 3, False, i in (1, 2))
            for i, (n, p, nights, w, c, net) in enumerate(ROWS)]
    block = standings_page(rows, 1, show_money=True, options=options, currency="€")
    footer = f"9 nights\n{describe_options(get_system('linear'), options)}"
    return block, standings_legend(rows, options, True), footer


def render(out: Path, width: int) -> int:
    block, legend, footer = season()
    mono = ImageFont.truetype(MONO, CODE_PX)
    sans = ImageFont.truetype(SANS, TEXT_PX)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inner = width - 40
    per_line = int(inner // probe.textlength("M", font=mono))
    code: list[str] = []
    wrapped = 0
    for line in block.strip("`\n").splitlines():
        parts = textwrap.wrap(line, per_line, drop_whitespace=False) or [""]
        wrapped += len(parts) > 1
        code += parts
    prose = [p for para in (legend, *footer.splitlines())
             for p in textwrap.wrap(para, int(inner // (TEXT_PX * 0.55)))]
    height = 40 + LINE * (len(code) + len(prose)) + 30
    img = Image.new("RGB", (width, height), (49, 51, 56))
    draw = ImageDraw.Draw(img)
    draw.rectangle([12, 12, width - 12, 28 + LINE * len(code)], fill=(30, 31, 34))
    y = 20
    for line in code:
        draw.text((20, y), line, font=mono, fill=(219, 222, 225))
        y += LINE
    y += 16
    for line in prose:
        draw.text((20, y), line, font=sans, fill=(181, 186, 193))
        y += LINE
    img.save(out)
    return wrapped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--width", type=int, default=360, help="column width in px (phone)")
    args = parser.parse_args()
    wrapped = render(args.out, args.width)
    print(f"{args.out}: {wrapped} line(s) of the table wrap at {args.width} px")


if __name__ == "__main__":
    main()

"""Text for the league's tables and CSV files: pure functions, no Discord objects.

Names come from players; in a code block Markdown and mentions do nothing, but a backtick
could close the block, so names are made safe for it here. Outside code blocks the cog escapes.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .guests import is_guest_id
from .model import HOUSE, Night
from .points import SeasonOptions, fmt_points
from .settle import Transfer
from .standings import StandingRow
from .words import counted

PAGE_ROWS = 20
NAME_WIDTH = 16
# The standings' code block fits a phone (about 35 columns of a code block): a name gets 12.
PHONE_COLUMNS = 35
PHONE_NAME_WIDTH = 12


def block_safe(name: str, width: int = NAME_WIDTH) -> str:
    """A name fit for a fixed-width code block: no backticks or line breaks, cut to width."""
    clean = " ".join(name.replace("`", "'").split())
    return clean if len(clean) <= width else clean[: width - 1] + "…"


def money(amount: int, options: SeasonOptions, currency: str | None) -> str:
    sign = "-" if amount < 0 else ""
    value = abs(amount) / (10**options.decimals)
    text = f"{value:,.{options.decimals}f}"
    unit = currency or ""
    if len(unit) == 1:  # a symbol goes in front: $12, €5
        return f"{sign}{unit}{text}"
    return f"{sign}{text} {unit}".rstrip()


def page_count(rows: int, per_page: int = PAGE_ROWS) -> int:
    return max(1, math.ceil(rows / per_page))


def standings_page(rows: Sequence[StandingRow], page: int, *, show_money: bool,
                   options: SeasonOptions, currency: str | None,
                   per_page: int = PAGE_ROWS) -> str:
    """One page (1-based, clamped) of the table as a code block, at most PHONE_COLUMNS wide: a
    code block does not wrap, and a phone shows about that many columns. With money, each
    player's net is on a line of its own under his row."""
    pages = page_count(len(rows), per_page)
    page = min(max(page, 1), pages)
    chunk = rows[(page - 1) * per_page: page * per_page]
    w = PHONE_NAME_WIDTH
    head = f"{'#':>3}  {'Player':<{w}}{'Points':>8}{'N':>3}{'W':>3}{'C':>3}"
    lines = [head, "-" * len(head)]
    for r in chunk:
        rank = f"{r.rank}{'=' if r.tied else ''}"
        mark = "✓" if r.in_final else ("*" if not r.qualified else " ")
        lines.append(f"{rank:>3}{mark} {block_safe(r.name, w):<{w}}{fmt_points(r.points):>8}"
                     f"{r.nights:>3}{r.wins:>3}{r.cashes:>3}")
        if show_money:
            # Right-aligned under the points, so the amounts read as a column.
            lines.append(f"{'':5}net {money(r.net, options, currency):>{w + 4}}")
    return "```\n" + "\n".join(lines) + "\n```"


def standings_legend(rows: Sequence[StandingRow], options: SeasonOptions,
                     show_money: bool) -> str:
    parts = ["N nights · W wins · C cashes"]
    if show_money:
        parts.append("net = prizes + bounties − buy-ins, re-buys, add-ons")
    if options.min_nights and any(not r.qualified for r in rows):
        parts.append(f"* fewer than {counted(options.min_nights, 'night')}: not qualified")
    if options.final_seats:
        parts.append("✓ qualifies for the final")
    if any(r.tied for r in rows):
        parts.append("= level after every tie-break")
    return " · ".join(parts)


def transfer_lines(transfers: Sequence[Transfer[int]], names: dict[int, str],
                   options: SeasonOptions, currency: str | None) -> list[str]:
    def who(uid: int) -> str:
        if uid in names:  # (the bank of a league that settles through one)
            return names[uid]
        return "the house" if uid == HOUSE else f"player {uid}"

    return [f"{who(t.payer)} pays {who(t.payee)} {money(t.amount, options, currency)}"
            for t in transfers]


@dataclass(frozen=True)
class LedgerRow:
    night: int
    tournament_id: int
    tournament: str
    user_id: int
    player: str
    place: int
    points: float
    buy_ins: int
    rebuys: int
    addons: int
    prize: int
    bounty_won: int
    bounty_paid: int
    net: int


def ledger(nights: Sequence[Night]) -> list[LedgerRow]:
    rows: list[LedgerRow] = []
    for i, n in enumerate(nights, start=1):
        for p in sorted(n.players, key=lambda p: (p.place, p.user_id)):
            rows.append(LedgerRow(i, n.tournament_id, n.name, p.user_id, p.name, p.place,
                                  p.points, p.buy_ins, p.rebuys, p.addons, p.prize,
                                  p.bounty_won, p.bounty_paid, p.net))
    return rows


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        # A leading = + - @ makes a spreadsheet run the cell as a formula: quote text (names).
        # Numbers are never str here (Decimal, int), so a negative amount stays a number.
        writer.writerow([
            f"'{v}" if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") else v for v in row
        ])
    return buf.getvalue().encode("utf-8")


def _user_cell(user_id: int) -> int | str:
    """A member's Discord id; empty for a guest, who has none (his store id is the bot's own,
    a negative number that would look like a mistake in a spreadsheet)."""
    return "" if is_guest_id(user_id) else user_id


def _money(amount: int, decimals: int) -> Decimal:
    """An amount in smallest units as the number it is (-1000, 2 -> -10.00), exactly."""
    return Decimal(amount).scaleb(-decimals)


def _points(value: float) -> Decimal:
    return Decimal(fmt_points(value))


def ledger_csv(rows: Sequence[LedgerRow], options: SeasonOptions) -> bytes:
    def m(x: int) -> Decimal:
        return _money(x, options.decimals)

    header = ["night", "tournament_id", "tournament", "user_id", "player", "place", "points",
              "buy_ins", "rebuys", "addons", "prize", "bounty_won", "bounty_paid", "net"]
    return _csv(header, [
        [r.night, r.tournament_id, r.tournament, _user_cell(r.user_id), r.player, r.place,
         _points(r.points), m(r.buy_ins), m(r.rebuys), m(r.addons), m(r.prize),
         m(r.bounty_won), m(r.bounty_paid), m(r.net)]
        for r in rows
    ])


def standings_csv(rows: Sequence[StandingRow], options: SeasonOptions) -> bytes:
    header = ["rank", "user_id", "player", "points", "nights", "counted", "wins", "cashes",
              "best_finish", "net", "qualified", "in_final"]
    return _csv(header, [
        [r.rank, _user_cell(r.user_id), r.name, _points(r.points), r.nights, r.counted, r.wins,
         r.cashes, r.best_finish, _money(r.net, options.decimals), int(r.qualified),
         int(r.in_final)]
        for r in rows
    ])

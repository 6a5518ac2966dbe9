"""The league's CSV files: amounts and points are numbers a spreadsheet can sum (a loss is
-10.00, not the text '-10.00), while names that look like formulas stay quoted text."""

from __future__ import annotations

import csv
import io

from bot.league.points import SeasonOptions
from bot.league.render import LedgerRow, ledger_csv, standings_csv
from bot.league.standings import StandingRow


def rows_of(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


def test_ledger_writes_a_negative_net_as_a_number_and_quotes_a_formula_name() -> None:
    loser = LedgerRow(night=1, tournament_id=3, tournament="=cmd|' /C calc'!A0", user_id=9,
                      player="-bob", place=4, points=-1.5, buy_ins=1000, rebuys=500,
                      addons=0, prize=0, bounty_won=0, bounty_paid=0, net=-1500)
    (row,) = rows_of(ledger_csv([loser], SeasonOptions(decimals=2)))
    assert row["net"] == "-15.00"
    assert float(row["net"]) == -15.0
    assert row["points"] == "-1.50"
    assert row["buy_ins"] == "10.00"
    assert row["player"] == "'-bob"
    assert row["tournament"].startswith("'=")
    (row,) = rows_of(ledger_csv([loser], SeasonOptions(decimals=0)))
    assert row["net"] == "-1500"


def test_standings_write_a_negative_net_as_a_number() -> None:
    standing = StandingRow(rank=1, user_id=9, name="@here", points=0.0, nights=3, counted=3,
                           wins=0, cashes=0, best_finish=4, net=-1000, qualified=True,
                           in_final=False, tied=False)
    (row,) = rows_of(standings_csv([standing], SeasonOptions(decimals=2)))
    assert row["net"] == "-10.00"
    assert row["player"] == "'@here"

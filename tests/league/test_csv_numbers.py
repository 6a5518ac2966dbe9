"""The league's CSV files: amounts and points are numbers a spreadsheet can sum (a loss is
-10.00, not the text '-10.00), while names that look like formulas stay quoted text."""

from __future__ import annotations

import csv
import io

from bot.league.guests import guest_user_id
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


def test_a_guest_has_no_discord_id_in_the_files() -> None:
    """A guest (entered by name at a live night) is not on Discord: his user_id cell is empty,
    not the bot's own negative id for him; his name is there."""
    guest = StandingRow(rank=2, user_id=guest_user_id(1, "Dana Smith"), name="Dana Smith",
                        points=3.0, nights=1, counted=1, wins=0, cashes=1, best_finish=2,
                        net=500, qualified=True, in_final=False, tied=False)
    member = StandingRow(rank=1, user_id=9, name="bob", points=5.0, nights=1, counted=1,
                         wins=1, cashes=1, best_finish=1, net=900, qualified=True,
                         in_final=False, tied=False)
    first, second = rows_of(standings_csv([member, guest], SeasonOptions(decimals=0)))
    assert first["user_id"] == "9" and second["user_id"] == ""
    assert second["player"] == "Dana Smith"
    ledger = LedgerRow(night=1, tournament_id=3, tournament="Friday", user_id=guest.user_id,
                       player="Dana Smith", place=2, points=3.0, buy_ins=2000, rebuys=0,
                       addons=0, prize=2500, bounty_won=0, bounty_paid=0, net=500)
    (row,) = rows_of(ledger_csv([ledger], SeasonOptions(decimals=0)))
    assert row["user_id"] == "" and row["player"] == "Dana Smith"

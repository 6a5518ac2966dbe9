"""How a server's payout tables read: a fixed-amounts table is headed as amounts, and a row that
pays more places than its smallest field is refused saying the rule."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.server_files import payouts_preview, refusal_text
from bot.service.server_files import ServerFileError
from bot.tournament.errors import StructureError
from bot.tournament.structure_files import parse_payouts


def test_a_fixed_amounts_table_is_headed_as_amounts_not_percents() -> None:
    fixed = parse_payouts("Club", "amounts, 2, 5, 40\namounts, 6, 9, 60, 20\n", "csv")
    head = payouts_preview(fixed, own=True).split("\n")[0]
    assert head == ("**Club** (this server): fixed amounts by place, in the league's money, "
                    "by number of players")
    percent = parse_payouts("Club", "players, 2, 5, 100\nplayers, 6, 9, 60, 40\n", "csv")
    assert payouts_preview(percent, own=True).split("\n")[0] == (
        "**Club** (this server): percent of the prize pool by place, by number of players")


def test_a_row_paying_more_places_than_its_smallest_field_is_refused_with_the_rule() -> None:
    with pytest.raises(StructureError) as err:
        parse_payouts("Club", "players, 2, 5, 100\nplayers, 6, 9, 40, 20, 15, 10, 8, 5, 2\n",
                      "csv")
    assert str(err.value) == ("line 2, players 6 to 9: pays 7 places but the field can be as "
                              "small as 6; a row may not pay more places than its smallest field")


def test_an_uploads_problems_are_listed_one_a_line_with_code_shown_as_code() -> None:
    problems = ("line 3: write it as `level, small blind, big blind, ante, minutes`",
                "line 5: '*bold* @everyone' is not a row I know (level, break)")
    err = ServerFileError("bad-file", "structure", "Friday", problems[0], problems)
    assert refusal_text(err) == (
        "I cannot use that file for **Friday**, 2 problems:\n"
        "· line 3: write it as `level, small blind, big blind, ante, minutes`\n"
        "· line 5: '\\*bold\\* @\u200beveryone' is not a row I know (level, break)\n"
        "Nothing was changed.")
    one = ServerFileError("bad-file", "structure", "Friday", problems[0], problems[:1])
    assert refusal_text(one) == ("I cannot use that file for **Friday**: line 3: write it as "
                                 "`level, small blind, big blind, ante, minutes`. Nothing was "
                                 "changed.")

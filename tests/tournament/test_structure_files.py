"""Structure and payout files as a director uploads them: TOML and CSV read into the
same objects as the presets, every refusal naming the line, and an export that reads back the
same."""

from __future__ import annotations

import pytest

from bot.tournament.errors import StructureError
from bot.tournament.payouts import load_payout_table, payout_table_names, place_amounts
from bot.tournament.structure import AddOnTerms, Break, Level, load_structure, structure_names
from bot.tournament.structure_files import (
    MAX_FILE_BYTES,
    MAX_PROBLEMS,
    FileFormat,
    FileProblems,
    decode,
    parse_payouts,
    parse_structure,
    payouts_toml,
    structure_toml,
)

CSV = """# Friday night
starting_stack, 10000
chips, 25 100 500
big_blind_ante, yes
late_registration, 3
rebuy, 20, 10000, 3, 2
addon, 20, 15000, 4
level, 25, 50, 0, 20
level, 50, 100, 0, 20
break, 10
level, 75, 150, 150, 20
level, 100, 200, 200, 15
"""


@pytest.mark.parametrize("name", structure_names())
def test_every_preset_exports_and_reads_back_the_same(name: str) -> None:
    preset = load_structure(name)
    text = structure_toml(preset)
    assert parse_structure(name, text, "toml") == preset
    assert structure_toml(parse_structure(name, text, "toml")) == text


@pytest.mark.parametrize("name", payout_table_names())
def test_every_payout_preset_exports_and_reads_back_the_same(name: str) -> None:
    table = load_payout_table(name)
    assert parse_payouts(name, payouts_toml(table), "toml") == table


def test_a_csv_structure_reads_levels_breaks_antes_rebuys_and_addon() -> None:
    s = parse_structure("Friday", CSV, "csv")
    assert s.name == "Friday" and s.starting_stack == 10_000 and s.chips == (25, 100, 500)
    assert s.big_blind_ante and s.late_registration_level == 3
    assert s.periods == (Level(25, 50, 0, 1200), Level(50, 100, 0, 1200), Break(600),
                         Level(75, 150, 150, 1200), Level(100, 200, 200, 900))
    assert s.rebuys is not None and (s.rebuys.cost, s.rebuys.chips, s.rebuys.until_level,
                                     s.rebuys.max_per_player) == (20, 10_000, 3, 2)
    assert s.add_on is not None and s.add_on.until_level == 4
    # Kept and exported as TOML, it reads back the same.
    assert parse_structure("Friday", structure_toml(s), "toml") == s


def test_a_big_blind_below_the_level_before_is_refused_naming_line_and_levels() -> None:
    bad = CSV.replace("level, 100, 200, 200, 15", "level, 100, 120, 0, 15")
    with pytest.raises(StructureError) as err:
        parse_structure("Friday", bad, "csv")
    assert str(err.value) == "line 12, level 4: the big blind 120 is less than level 3's 150"


def test_a_toml_level_error_names_the_line_of_its_periods_table() -> None:
    text = structure_toml(load_structure("turbo"))
    lines = text.splitlines()
    # Level 7 comes after the first break; make its big blind lower than level 6's 400.
    at = [i for i, line in enumerate(lines) if line == "big_blind = 600"][0]
    lines[at] = "big_blind = 300"
    lines[at - 1] = "small_blind = 150"
    header = max(i for i in range(at) if lines[i] == "[[periods]]") + 1
    with pytest.raises(StructureError) as err:
        parse_structure("t", "\n".join(lines), "toml")
    assert str(err.value) == f"line {header}, level 7: the big blind 300 is less than level 6's 400"


@pytest.mark.parametrize(("text", "words"), [
    ("starting_stack, 10000\nchips, 25 100\nlevel, 25, 50, 0\n", "line 3: write it as `level"),
    ("starting_stack, 10000\nchips, 25 100\nlevel, 25, fifty, 0, 20\n",
     "line 3, level 1: the big blind must be a whole number"),
    ("starting_stack, 10000\nchips, 25 100\nlevel, 25, 50, 0, 0\n",
     "line 3, level 1: the length must be above 0 minutes"),
    ("starting_stack, 10000\nchips, 25 100\nlevels, 25, 50, 0, 20\n",
     "line 3: 'levels' is not a row I know"),
    ("chips, 25 100\nlevel, 25, 50, 0, 20\n", "the starting stack is missing"),
    ("starting_stack, 10000\nchips, 25 100\nlevel, 30, 60, 0, 20\n",
     "level 1: blinds and ante must be multiples of the smallest chip (25)"),
    ("starting_stack, 10000\nchips, 25 100\n", "no levels"),
])
def test_a_bad_csv_structure_is_refused_with_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(StructureError) as err:
        parse_structure("x", text, "csv")
    assert words in str(err.value)


def test_not_toml_is_refused() -> None:
    with pytest.raises(StructureError, match="not valid TOML"):
        parse_structure("x", "[[periods]\nsmall_blind = 1", "toml")


def test_a_file_over_the_limit_is_refused_before_it_is_read() -> None:
    with pytest.raises(StructureError, match="the limit is 16,000"):
        decode(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(StructureError, match="not UTF-8"):
        decode(b"\xff\xfe\x00level")


def test_a_csv_payout_table_and_its_refusals_name_the_line() -> None:
    table = parse_payouts("top two", "players, 2, 5, 100\nplayers, 6, 20, 65, 35\n", "csv")
    assert [b.basis_points for b in table.brackets] == [(10_000,), (6500, 3500)]
    with pytest.raises(StructureError) as err:
        parse_payouts("p", "players, 2, 5, 100\nplayers, 6, 9, 60, 30\n", "csv")
    assert str(err.value) == "line 2, players 6 to 9: the percents add up to 90, not 100 " \
                             "(each above 0)"
    with pytest.raises(StructureError) as err:
        parse_payouts("p", "players, 2, 5, 100\nplayers, 5, 9, 60, 40\n", "csv")
    assert "line 2, players 5 to 9: overlaps the row above" in str(err.value)
    with pytest.raises(StructureError) as err:
        parse_payouts("p", "players, 4, 9, 40, 60\n", "csv")
    assert "line 1, players 4 to 9: place 2 pays 60%, more than place 1's 40%" in str(err.value)


def test_fixed_amounts_are_paid_as_they_are_the_rest_of_the_pool_to_first() -> None:
    table = parse_payouts("club", "amounts, 2, 5, 60\namounts, 6, 10, 60, 30, 10\n", "csv")
    assert table.brackets[1].amounts == (60, 30, 10)
    assert parse_payouts("club", payouts_toml(table), "toml") == table
    assert "amounts = [60, 30, 10]" in payouts_toml(table)
    # 8 players at 15: a pool of 120 pays 60, 30, 10 and the 20 left to 1st.
    assert place_amounts(120, 8, table) == [80, 30, 10]
    assert place_amounts(100, 8, table) == [60, 30, 10]
    # A pool short of the amounts pays them in proportion, leftovers to 1st; never more than
    # the pool.
    assert place_amounts(50, 8, table) == [30, 15, 5]
    assert place_amounts(51, 8, table, unit=5) == [31, 15, 5]
    assert place_amounts(0, 8, table) == [0, 0, 0]
    # A field smaller than the places paid pays only as many places as players.
    assert place_amounts(60, 3, table) == [60]


def test_fixed_amounts_are_refused_when_not_whole_or_rising() -> None:
    with pytest.raises(StructureError) as err:
        parse_payouts("p", "amounts, 2, 9, 50, 60\n", "csv")
    assert "line 1, players 2 to 9: place 2 pays 60, more than place 1's 50" in str(err.value)
    with pytest.raises(StructureError) as err:
        parse_payouts("p", "amounts, 2, 9, 50.5, 20\n", "csv")
    assert "line 1, players 2 to 9: each amount must be a whole number from 1 to " \
           "1,000,000,000,000" in str(err.value)


def test_an_add_on_at_the_break_after_a_level_in_csv_and_toml() -> None:
    text = CSV.replace("addon, 20, 15000, 4", "addon, 20, 15000, at break after level 2")
    s = parse_structure("Friday", text, "csv")
    assert s.add_on == AddOnTerms(20, 15_000, 2, at_break=True)
    toml = structure_toml(s)
    assert "at_break = true" in toml
    assert parse_structure("Friday", toml, "toml") == s
    with pytest.raises(StructureError, match="line 7: the add-on is at the break after level "
                                             "1, but level 1 is not followed by a break"):
        parse_structure("F", text.replace("after level 2", "after level 1"), "csv")
    with pytest.raises(StructureError, match="line 7: write it as `addon, cost, chips, last "
                                             "level` or `addon, cost, chips, at break after "
                                             "level 4`"):
        parse_structure("F", text.replace("at break after level 2", "at lunch"), "csv")


def _problems(text: str, fmt: FileFormat = "csv", kind: str = "structure") -> list[str]:
    with pytest.raises(StructureError) as err:
        if kind == "structure":
            parse_structure("x", text, fmt)
        else:
            parse_payouts("x", text, fmt)
    assert isinstance(err.value, FileProblems)
    return list(err.value.problems)


def test_every_problem_of_a_file_is_listed_with_its_line_up_to_ten() -> None:
    text = ("starting_stack, 10000\nchips, 25 100\nlevel, 25, 50, 0, 20\nlevel, 25, fifty, 0, 20\n"
            "levels, 1, 2\nlevel, 50, 100, 0, 20\nlevel, 40, 80, 0, 20\nbreak, soon\n")
    assert _problems(text) == [
        "line 4, level 2: the big blind must be a whole number, not 'fifty'",
        "line 5: 'levels' is not a row I know (`level`, `break`, `starting_stack`, `chips`, "
        "`big_blind_ante`, `late_registration`, `rebuy`, `addon`)",
        "line 7, level 4: the big blind 80 is less than level 3's 100",
        "line 8, the break after level 4: minutes must be a number, not 'soon'",
    ]
    many = "starting_stack, 10000\nchips, 25 100\n" + "level, 25, x, 0, 20\n" * 30
    problems = _problems(many)
    assert len(problems) == MAX_PROBLEMS == 10
    assert problems[0].startswith("line 3, level 1:") and problems[-1].startswith("line 12,")
    payouts = "players, 2, 5, 90\nplayers, 6, 9, 60, 30\namounts, 10, 12, 5, 9\n"
    assert [p.split(":")[0] for p in _problems(payouts, kind="payouts")] == [
        "line 1, players 2 to 5", "line 2, players 6 to 9", "line 3, players 10 to 12"]


def test_a_deeply_nested_toml_is_refused_clearly() -> None:
    deep = "a = " + "[" * 5000 + "]" * 5000 + "\n"
    for kind in ("structure", "payouts"):
        assert _problems(deep, "toml", kind) == [
            "the file nests lists or tables too deeply for a "
            + ("structure" if kind == "structure" else "payout table")]


def test_absurd_amounts_and_digits_other_than_ascii_are_refused() -> None:
    assert _problems("amounts, 2, 9, 1000000000000000000000000000000\n", kind="payouts") == [
        "line 1, players 2 to 9: each amount must be a whole number from 1 to "
        "1,000,000,000,000"]
    assert _problems("players, 2, 9, \u0661\u0660\u0660\n", kind="payouts") == [
        "line 1, an entry of percents must be a number, not '١٠٠'"
        .replace("an entry of percents", "a percent")]
    assert _problems("starting_stack, \u0661\u0660\u0660\u0660\nchips, 25 100\n"
                     "level, 25, 50, 0, 20\n") == [
        "line 1, the starting stack must be a whole number, not '١٠٠٠'"]
    assert _problems("starting_stack, 10000000000000000\nchips, 25 100\n"
                     "level, 25, 50, 0, 20\n") == [
        "line 1, the starting stack must be a whole number from 0 to 1,000,000,000,000"]


def test_an_empty_file_says_it_is_empty() -> None:
    for text in ("", "\n  \n", "# only a comment\n"):
        for fmt in ("csv", "toml"):
            assert _problems(text, fmt) == ["the file is empty"]
            assert _problems(text, fmt, "payouts") == ["the file is empty"]

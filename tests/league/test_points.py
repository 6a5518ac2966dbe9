"""Each points formula and season option on values worked by hand."""

from __future__ import annotations

import math

import pytest

from bot.datafiles import set_league_data_dir
from bot.league.model import Night, PlayerNight
from bot.league.points import (
    PointsError,
    SeasonOptions,
    describe_options,
    get_system,
    load_systems,
    night_points,
    systems,
)
from bot.league.standings import compute_standings


def test_linear_is_entrants_minus_place_plus_one():
    s = get_system("linear")
    assert [s.night(10, k) for k in (1, 2, 4, 10)] == [10.0, 9.0, 7.0, 1.0]


def test_pokerstars_published_examples():
    s = get_system("pokerstars")
    # 150 players, $20, 3rd: 10 * sqrt(50) * (1 + log10(20.25)) = 70.7107 * 2.30643 = 163.09
    assert s.night(150, 3, 20) == pytest.approx(163.0888, abs=1e-3)
    # 900-player freeroll, 25th: 10 * 6 * (1 + log10(0.25)) = 60 * 0.39794 = 23.88
    assert s.night(900, 25, 0) == pytest.approx(23.876, abs=1e-3)
    # a home night: 10 players, $20, winner: 10 * sqrt(10) * 2.30643 = 72.94
    assert round(s.night(10, 1, 20), 2) == 72.94


def test_td3_night_and_season_score():
    s = get_system("td3")
    assert s.night(9, 1) == pytest.approx(math.log(10))  # 2.302585
    assert s.night(9, 9) == pytest.approx(math.log(10 / 9))  # 0.105361
    # mean = (ln 10 + ln(10/9)) / 2 = ln(100/9) / 2, so e^-mean = 3/10: score 100 * 0.7 = 70
    assert s.season_score([s.night(9, 1), s.night(9, 9)]) == pytest.approx(70.0)
    assert s.season_score([]) == 0.0


def test_table_by_place_plus_players_beaten():
    s = get_system("table")
    # 8 players; table 10, 7, 5, 3, 2, 1; one point per player beaten (8 - place)
    assert s.night(8, 1) == 17.0  # 10 + 7
    assert s.night(8, 3) == 10.0  # 5 + 5
    assert s.night(8, 6) == 3.0  # 1 + 2
    assert s.night(8, 7) == 1.0  # 0 + 1
    assert s.night(8, 8) == 0.0


def test_neau_rewards_a_small_spend():
    s = get_system("neau")
    assert s.night(10, 1, 20, 20) == pytest.approx(math.sqrt(200) / 2)  # 7.0711
    assert s.night(10, 1, 20, 40) == pytest.approx(5.0)  # sqrt(100) / 2
    assert s.night(10, 1, 0, 0) == 0.0


def test_every_data_file_keeps_its_own_worked_examples():
    for name, system in systems().items():
        assert system.examples, f"{name} has no worked example"
        for ex in system.examples:
            got = system.night(ex["entrants"], ex["place"], ex.get("buy_in", 0),
                               ex.get("spend"))
            assert got == pytest.approx(ex["points"], abs=0.006), (name, ex)


def test_files_load_and_unknown_names_fall_back(tmp_path):
    assert set(load_systems()) >= {"linear", "pokerstars", "td3", "table"}
    assert get_system("POKERSTARS").name == "pokerstars"
    assert get_system("nope").name == "linear" and get_system(None).name == "linear"
    # A league's own folder is read by the same loader and checked the same way.
    (tmp_path / "points").mkdir()
    (tmp_path / "points" / "linear.toml").write_text(
        'name = "linear"\ntitle = "x"\nkind = "cubic"\nformula = "x"\ndescription = "x"\n')
    set_league_data_dir(tmp_path)
    try:
        with pytest.raises(PointsError, match="kind"):
            load_systems()
    finally:
        set_league_data_dir(None)


def test_impossible_places_are_refused():
    with pytest.raises(PointsError):
        get_system("linear").night(5, 6)
    with pytest.raises(PointsError):
        get_system("linear").night(5, 0)


def test_money_in_smallest_units_becomes_whole_units_for_the_formula():
    opts = SeasonOptions(decimals=2)
    # buy-in 2000 cents = $20
    pts = night_points(get_system("pokerstars"), opts, entrants=10, place=1, buy_in=2000)
    assert round(pts.total, 2) == 72.94


def test_bounty_points_are_added_per_knockout():
    opts = SeasonOptions(bounty_points=2.5)
    pts = night_points(get_system("linear"), opts, entrants=6, place=2, knockouts=1.5)
    assert pts.base == 5.0 and pts.bounty == 3.75 and pts.total == 8.75


def night(i, finish, prizes=None):
    prizes = prizes or {}
    s = get_system("linear")
    n = len(finish)
    return Night(i, f"n{i}", float(i), 0, tuple(
        PlayerNight(uid, f"p{uid}", k, s.night(n, k), prize=prizes.get(uid, 0))
        for k, uid in enumerate(finish, start=1)))


def test_best_n_counts_only_the_best_nights():
    # player 1: 4, 1, 3 points over three 4-player nights; best 2 -> 4 + 3 = 7
    nights = [night(0, [1, 2, 3, 4]), night(1, [2, 3, 4, 1]), night(2, [3, 1, 2, 4])]
    rows = {r.user_id: r for r in compute_standings(nights, get_system("linear"),
                                                    SeasonOptions(best_n=2))}
    assert rows[1].points == 7.0 and rows[1].counted == 2 and rows[1].nights == 3
    # player 2: 3, 4, 2 -> 7; player 3: 2, 3, 4 -> 7; player 4: 1, 2, 1 -> 3
    assert rows[2].points == 7.0 and rows[3].points == 7.0 and rows[4].points == 3.0


def test_minimum_nights_and_final_seats():
    nights = [night(0, [1, 2, 3]), night(1, [1, 2, 4]), night(2, [3, 2, 1])]
    rows = compute_standings(nights, get_system("linear"),
                             SeasonOptions(min_nights=2, final_seats=2))
    by = {r.user_id: r for r in rows}
    assert by[4].qualified is False and by[4].in_final is False
    assert [r.user_id for r in rows if r.in_final] == [1, 2]  # 7 and 7 points, 3 has 4
    assert by[3].qualified and not by[3].in_final


def order_of(rows, *ids):
    return [r.user_id for r in rows if r.user_id in ids]


def test_tie_break_wins_first():
    # 101.. are one-night fillers. 1: 3 + 2 = 5 with a win; 2: 2 + 3 = 5 without one.
    nights = [night(0, [1, 2, 101]), night(1, [102, 2, 1, 103])]
    rows = compute_standings(nights, get_system("linear"), SeasonOptions())
    by = {r.user_id: r for r in rows}
    assert by[1].points == by[2].points == 5.0
    assert order_of(rows, 1, 2) == [1, 2] and by[1].rank < by[2].rank


def test_tie_break_best_finish():
    # 1: 2 + 1 = 3, best 2nd; 2: 1 + 2 = 3, best 3rd; nobody in the pair won a night
    nights = [night(0, [101, 1, 2]), night(1, [102, 103, 2, 1])]
    rows = compute_standings(nights, get_system("linear"),
                             SeasonOptions(tie_breaks=("best_finish",)))
    assert order_of(rows, 1, 2) == [1, 2]


def test_tie_break_head_to_head():
    # 1: 2 + 1 + 2 = 5; 2: 1 + 3 + 1 = 5; no wins, both best 2nd; 1 ahead of 2 in 2 of 3
    nights = [night(0, [101, 1, 2]), night(1, [102, 2, 103, 1]), night(2, [104, 1, 2])]
    rows = compute_standings(nights, get_system("linear"), SeasonOptions())
    by = {r.user_id: r for r in rows}
    assert by[1].points == by[2].points == 5.0
    assert order_of(rows, 1, 2) == [1, 2] and not by[1].tied and by[1].rank < by[2].rank
    # with head-to-head first the same order; with wins only, they stay level
    rows = compute_standings(nights, get_system("linear"), SeasonOptions(tie_breaks=("wins",)))
    by = {r.user_id: r for r in rows}
    assert by[1].tied and by[2].tied and by[1].rank == by[2].rank


def test_level_after_every_tie_break_shares_a_rank():
    # 1: 3 + 2 = 5; 2: 2 + 3 = 5; no wins, best 2nd each, head-to-head 1 - 1
    nights = [night(0, [101, 1, 2, 103]), night(1, [102, 2, 1, 104])]
    rows = compute_standings(nights, get_system("linear"), SeasonOptions())
    by = {r.user_id: r for r in rows}
    assert by[1].tied and by[2].tied and by[1].rank == by[2].rank
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


def test_footer_states_every_option():
    text = describe_options(get_system("td3"), SeasonOptions(
        best_n=8, min_nights=5, final_seats=9, bounty_points=2))
    for part in ("best 8 nights count", "5 nights to qualify", "top 9 qualified",
                 "2.00 pts per knockout", "ties: wins, then best finish, then head-to-head",
                 "ln((entrants + 1) / place)"):
        assert part in text


def test_options_validate_and_round_trip():
    opts = SeasonOptions(best_n=3, tie_breaks=("head_to_head", "wins"), bounty=500)
    assert SeasonOptions.from_dict(opts.to_dict()) == opts
    assert SeasonOptions.from_dict({"unknown": 1}) == SeasonOptions()
    with pytest.raises(PointsError):
        SeasonOptions(tie_breaks=("coin_flip",))
    with pytest.raises(PointsError):
        SeasonOptions(best_n=0)

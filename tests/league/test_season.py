"""A simulated 12-night season through the store, checked against an independent computation;
and the store-facing parts: seasons, scoring, money and knockouts from the event log, stats."""

from __future__ import annotations

import functools
import math
import random

import pytest

from bot.engine.hand_events import HandStarted, Seat
from bot.league import service
from bot.league.points import SeasonOptions
from bot.league.service import LeagueError, active_season_for, score_tournament
from bot.store import TOURNAMENT_STREAM, Store
from bot.tournament import events as tev
from tests.league.conftest import play_night

GUILD = 42


async def test_twelve_night_season_matches_an_independent_computation(store: Store):
    rng = random.Random(2024)
    await service.configure_league(store, GUILD, None, system="pokerstars", best_n=8,
                                   min_nights=4, final_seats=5)
    pool = list(range(1, 15))
    played = []  # (finish, prizes, rebuys, buy_in)
    for i in range(12):
        n = rng.randint(5, 10)
        finish = rng.sample(pool, n)
        buy_in = rng.choice([10, 20, 25])
        rebuys = {u: buy_in for u in rng.sample(finish, rng.randint(0, 3))}
        pot = buy_in * n + sum(rebuys.values())
        first = pot * 6 // 10
        prizes = {finish[0]: first, finish[1]: pot - first}
        await play_night(store, GUILD, finish, prizes=prizes, buy_in=buy_in, rebuys=rebuys,
                         name=f"night {i + 1}")
        played.append((finish, prizes, rebuys, buy_in))

    view = await service.season_view(store, GUILD)
    assert len(view.nights) == 12

    # --- independent: straight from the formula and the rules as written ---
    pts: dict[int, list[float]] = {}
    places: dict[int, list[tuple[int, int]]] = {}
    net: dict[int, int] = {}
    for night, (finish, prizes, rebuys, b) in enumerate(played):
        n = len(finish)
        for k, u in enumerate(finish, start=1):
            pts.setdefault(u, []).append(10 * math.sqrt(n / k) * (1 + math.log10(b + 0.25)))
            places.setdefault(u, []).append((night, k))
            net[u] = net.get(u, 0) + prizes.get(u, 0) - b - rebuys.get(u, 0)
    total = {u: sum(sorted(p, reverse=True)[:8]) for u, p in pts.items()}

    def cmp(a: int, b: int) -> int:
        ta, tb = round(total[a], 2), round(total[b], 2)
        if ta != tb:
            return -1 if ta > tb else 1
        wa = sum(1 for _, k in places[a] if k == 1)
        wb = sum(1 for _, k in places[b] if k == 1)
        if wa != wb:
            return -1 if wa > wb else 1
        ba, bb = min(k for _, k in places[a]), min(k for _, k in places[b])
        if ba != bb:
            return -1 if ba < bb else 1
        pa, pb = dict(places[a]), dict(places[b])
        ahead = sum(1 for night in pa if night in pb and pa[night] < pb[night])
        behind = sum(1 for night in pa if night in pb and pa[night] > pb[night])
        return -1 if ahead > behind else (1 if behind > ahead else 0)

    expected = sorted(total, key=functools.cmp_to_key(cmp))
    assert [r.user_id for r in view.standings] == expected
    for r in view.standings:
        assert r.points == pytest.approx(total[r.user_id])
        assert r.nights == len(pts[r.user_id])
        assert r.wins == sum(1 for _, k in places[r.user_id] if k == 1)
        assert r.net == net[r.user_id]
        assert r.qualified == (len(pts[r.user_id]) >= 4)
    finalists = [u for u in expected if len(pts[u]) >= 4][:5]
    assert [r.user_id for r in view.standings if r.in_final] == finalists
    # every night's money balances to zero (no rake in this season)
    for night in view.nights:
        assert sum(night.balances().values()) == 0


async def test_first_use_creates_the_default_league_and_a_first_season(store: Store):
    ls = await active_season_for(store, GUILD)
    assert ls.league.name == "Main" and ls.season is not None and ls.season.name == "Season 1"
    again = await active_season_for(store, GUILD)
    assert again.league.id == ls.league.id and again.season.id == ls.season.id
    await service.end_season(store, GUILD)
    after = await active_season_for(store, GUILD)
    assert after.season is None  # an ended season is not restarted behind the director's back
    with pytest.raises(LeagueError, match="no active season"):
        await service.end_season(store, GUILD)
    started = await service.start_season(store, GUILD, "Spring")
    with pytest.raises(LeagueError, match="already playing Spring"):
        await service.start_season(store, GUILD, "Summer")
    assert (await active_season_for(store, GUILD)).season.id == started.season.id


async def test_several_leagues_each_with_its_own_season(store: Store):
    await service.create_league(store, GUILD, "Tuesday")
    await service.create_league(store, GUILD, "Friday")
    with pytest.raises(LeagueError, match="already a league"):
        await service.create_league(store, GUILD, "tuesday")
    await service.start_season(store, GUILD, "T1", "Tuesday")
    await service.start_season(store, GUILD, "F1", "friday")
    tue = await active_season_for(store, GUILD, "Tuesday")
    fri = await active_season_for(store, GUILD, "Friday")
    assert tue.season.name == "T1" and fri.season.name == "F1"
    await play_night(store, GUILD, [1, 2, 3], league="Tuesday")
    await play_night(store, GUILD, [3, 2], league="Friday")
    t = await service.season_view(store, GUILD, "Tuesday")
    f = await service.season_view(store, GUILD, "Friday")
    assert [r.user_id for r in t.standings] == [1, 2, 3]
    assert [r.user_id for r in f.standings] == [3, 2]
    with pytest.raises(LeagueError, match="no league called"):
        await active_season_for(store, GUILD, "Sunday")


async def test_score_tournament_writes_points_and_is_idempotent(store: Store):
    await service.configure_league(store, GUILD, None, system="table", bounty_points=2)
    t = await play_night(store, GUILD, [1, 2, 3, 4], knockouts=[(4, 1), (3, 1), (2, 1)],
                         score=False)
    assert {r.points for r in await store.results(t.id)} == {0.0}
    first = await score_tournament(store, t.id)
    # table 10/7/5/3 + players beaten (3, 2, 1, 0) + 2 per knockout (1 busted three)
    assert first == {1: 10 + 3 + 6, 2: 7 + 2, 3: 5 + 1, 4: 3 + 0}
    assert await score_tournament(store, t.id) == first
    assert {r.user_id: r.points for r in await store.results(t.id)} == first
    scoring = await store.tournament_scoring(t.id)
    assert scoring.points_system == "table" and scoring.options["bounty_points"] == 2


async def test_unscored_nights_are_scored_when_standings_are_read(store: Store):
    await play_night(store, GUILD, [5, 6], score=False)
    view = await service.season_view(store, GUILD)
    assert [(r.user_id, r.points) for r in view.standings] == [(5, 2.0), (6, 1.0)]


async def test_unfinished_tournament_is_not_scored(store: Store):
    ls = await active_season_for(store, GUILD)
    t = await store.write(lambda tx: tx.create_tournament(GUILD, "x", league_id=ls.league.id))
    with pytest.raises(LeagueError, match="not finished"):
        await score_tournament(store, t.id)


async def test_empty_season_and_player_without_results(store: Store):
    view = await service.season_view(store, GUILD)
    assert view.standings == [] and view.nights == []
    league, rec = await service.player_stats(store, GUILD, 99, "nobody")
    assert rec.nights == 0 and rec.average_finish is None and rec.hands.hands == 0


# --- money and knockouts from the tournament's own event log -----------------------------------


def hand_events(seats, actions, awards):
    """A hand as an older bot stored it in a stream of its own (under the old names)."""
    started = HandStarted("1-t1-h1", tuple(Seat(s, str(p), 1000) for s, p in seats.items()),
                          button=1, small_blind_seat=2, big_blind_seat=3, small_blind=10,
                          big_blind=20, ante=0, big_blind_ante=False, profile={},
                          table_size=9).to_dict()
    out = [{**started, "type": "hand.started"}]
    for street, acts in actions:
        if street != "preflop":
            out.append({"type": "hand.street", "street": street, "cards": []})
        out.extend({"type": "hand.acted", "seat": s, "action": a, "added": 0, "to": 0}
                   for s, a in acts)
    out.extend({"type": "hand.awarded", "pot": i, "amount": sum(sh), "eligible": el,
                "winners": w, "shares": sh} for i, (el, w, sh) in enumerate(awards))
    out.append({"type": "hand.ended", "final_stacks": {}})
    return out


async def test_money_knockouts_and_stats_from_events(store: Store):
    await service.configure_league(store, GUILD, None, bounty=5, currency="$")
    ls = await active_season_for(store, GUILD)

    async def write(tx):
        t = await tx.create_tournament(GUILD, "events night", league_id=ls.league.id,
                                       season_id=ls.season.id)
        for u in (1, 2, 3):
            await tx.add_entry(t.id, u, f"u{u}")
        await tx.append_events(t.id, TOURNAMENT_STREAM, [
            tev.Created(t.id, {"buy_in": 20, "seats_per_table": 9}, 0),
            tev.Started("s", ("1", "2", "3"), 0),
            tev.Rebuy("3", 1, 3, 1000, 20, 1),
            tev.AddOn("1", 1000, 10, 2),
        ])
        # hand 1: seat 1 (user 1) raises, 2 calls, 3 folds; 1 wins a 600 pot
        h1 = await tx.begin_hand(t.id, 1, 1)
        await tx.append_events(t.id, f"hand:{h1.id}", hand_events(
            {1: 1, 2: 2, 3: 3},
            [("preflop", [(3, "fold"), (1, "raise"), (2, "call")]), ("flop", [(1, "bet")])],
            [([1, 2], [1], [600])]))
        # hand 2: user 3 busts: all in, the side pot he was in goes to users 1 and 2 split
        h2 = await tx.begin_hand(t.id, 1, 2)
        await tx.append_events(t.id, f"hand:{h2.id}", hand_events(
            {1: 1, 2: 2, 3: 3},
            [("preflop", [(3, "raise"), (1, "call"), (2, "call")])],
            [([1, 2, 3], [1, 2], [450, 450]), ([1, 2], [2], [200])]))
        # The busts as the log has them: user 3 in hand 2 (who busted him: that hand says),
        # user 2 by user 1 (the director's word).
        await tx.append_events(t.id, TOURNAMENT_STREAM, [
            tev.Eliminated("3", 3, (), 1, f"{t.id}-t1-h2", 0, 3),
            tev.Eliminated("2", 2, (), 1, None, 0, 4, knocked_out_by="1"),
        ])
        await tx.set_result(t.id, 1, 1, prize=50)
        await tx.set_result(t.id, 2, 2, prize=20)
        await tx.set_result(t.id, 3, 3)
        return await tx.set_tournament_status(t.id, "finished")

    t = await store.write(write)
    s = await service.settle_tournament(store, GUILD, t.id)
    night = s.night
    by = {p.user_id: p for p in night.players}
    assert (by[1].buy_ins, by[1].addons, by[3].rebuys) == (20, 10, 20)
    # user 3's bust: split between 1 and 2 (bounty 5 -> 3 and 2); user 2's bust: to user 1
    assert by[1].knockouts == 1.5 and by[2].knockouts == 0.5
    assert (by[1].bounty_won, by[2].bounty_won) == (3 + 5, 2)
    assert (by[2].bounty_paid, by[3].bounty_paid) == (5, 5)
    # nets: 1: 50 + 8 - 30 = 28; 2: 20 + 2 - 20 - 5 = -3; 3: -40 - 5 = -45; house: +20
    assert night.balances() == {1: 28, 2: -3, 3: -45, 0: 20}
    assert len(s.transfers) <= 3
    # stats from the stored hands (public events only)
    _, rec1 = await service.player_stats(store, GUILD, 1, "u1")
    assert rec1.hands.hands == 2 and rec1.hands.vpip == 2 and rec1.hands.pfr == 1
    assert rec1.hands.biggest_pot == 600 and rec1.wins == 1 and rec1.final_tables == 1
    _, rec3 = await service.player_stats(store, GUILD, 3, "u3")
    assert (rec3.hands.vpip, rec3.hands.pfr, rec3.hands.biggest_pot) == (1, 1, 0)
    assert rec3.average_finish == 3.0


async def test_guild_points_setting_is_the_default_for_new_leagues(store: Store):
    from bot.store import GuildSettings

    await store.write(lambda tx: tx.put_guild_settings(GuildSettings(
        GUILD, points_system={"system": "td3", "best_n": 3})))
    view = await service.season_view(store, GUILD)
    assert view.system.name == "td3" and view.options == SeasonOptions(best_n=3)

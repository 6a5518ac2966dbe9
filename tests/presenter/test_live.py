"""Every sentence of live mode, without Discord: the seat draw, levels, busts and
their next step, the clock on a player, the chip race, the results, and the clock message."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from bot.discord_ui.presenter.limits import MESSAGE_CHARS
from bot.discord_ui.presenter.live import (
    LiveTexts,
    clock_text,
    live_names,
    pack,
)
from bot.discord_ui.presenter.refusals import refusal_text
from bot.engine.profile import make_profile
from bot.tournament import events as tev
from bot.tournament.errors import TournamentError
from bot.tournament.live import BustReport, MoveLine, bust_report
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure
from bot.tournament.tournament import Tournament, TournamentConfig

T0 = 1_700_000_000.0
MEMBERS = {str(10**17 + i): name for i, name in enumerate(
    ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"])}


def live(profile: str = "treps", players: int = 12, seats: int = 8, *, structure: str = "regular",
         guests: tuple[str, ...] = ("Dana Smith", "Ed")) -> Tournament:
    cfg = TournamentConfig(make_profile(profile), load_structure(structure),
                           load_payout_table("standard"), seats_per_table=seats, buy_in=20,
                           mode="live")
    t = Tournament.create(1, cfg, T0)
    for player in list(MEMBERS)[:players - len(guests)]:
        t.register(player, T0)
    for guest in guests:
        t.add_guest(guest, "td", T0)
    return t


def texts(t: Tournament, profile: str | None = None) -> LiveTexts:
    return LiveTexts(live_names(t, MEMBERS), make_profile(profile or t.profile.name),
                     tournament_name="Friday")


def started(profile: str = "treps", **kw: object) -> tuple[Tournament, list[str]]:
    t = live(profile, **kw)  # type: ignore[arg-type]
    events = t.start("seed", T0)
    return t, texts(t).posts(t, events, T0)


def test_the_seat_draw_shows_every_card_then_each_tables_chart_and_button() -> None:
    t, posts = started("treps")
    (draw,) = posts
    names = live_names(t, MEMBERS)
    assert draw.startswith("🃏 **The seat draw**: 12 players at 2 tables. Take your seat.\n\n")
    for table, ts in t.tables.items():
        block = draw.split(f"**Table {table}**: one card each: the highest card takes the button "
                           "and the others sit by descending card (`/rule topic:button-draw`).\n")
        dealt = block[1].split("\n")[0]
        assert dealt.startswith("Cards dealt: ") and dealt.count(" · ") == len(ts.seats) - 1
        for seat, player in ts.seats.items():
            assert f"\nSeat {seat} · {names[player]}\n" in block[1]
        assert f"\nSeat {ts.button}, {names[ts.seats[ts.button]]}, has the button." in block[1]


def test_tavern_names_the_first_dealer_and_tda_the_high_card() -> None:
    _, (tavern,) = started("tavern")
    assert "seats drawn at random, then cards dealt round until the first ace" in tavern
    assert "deals first." in tavern and "has the button" not in tavern
    _, (tda,) = started("tda")
    assert "seats drawn at random, then one card each: the highest card takes the button" in tda


def test_level_and_break_posts_give_blinds_length_and_end() -> None:
    t, _ = started()
    events = t.tick(T0 + 20 * 60)
    (post,) = texts(t).posts(t, events, T0 + 20 * 60)
    end = int(T0 + 40 * 60)
    assert post == (f"⏰ **Level 2**: blinds **50/100**, 20 minutes, until <t:{end}:t> "
                    f"(<t:{end}:R>).")
    events = t.tick(T0 + 80 * 60)
    posts = texts(t).posts(t, events, T0 + 80 * 60)
    assert posts == [f"☕ **Break**: 10 minutes. Play resumes <t:{int(T0 + 90 * 60)}:t> "
                     f"(<t:{int(T0 + 90 * 60)}:R>) with level 5: blinds 150/300, ante 300.\n"
                     "➕ **Add-on** during this break: 10,000 chips for 20 (`/td addon`).\n"
                     "🔒 **Re-buys are closed** (they ran to the end of level 4): every place is "
                     "final."]
    assert texts(t).break_ending(T0 + 90 * 60, 5, t.structure.level_for_hand(4)) == (
        f"⏰ **One minute**: the break ends <t:{int(T0 + 90 * 60)}:R>. Level 5, blinds "
        "**150/300, ante 300**: take your seats.")


def test_the_chip_race_procedure_comes_with_the_level_where_the_colour_goes() -> None:
    t, _ = started()
    at = T0 + 110 * 60  # level 6 of the regular structure: 200/400, every amount in 100s
    posts = texts(t).posts(t, t.tick(at), at)
    assert posts[0].startswith("⏰ **Level 6**: blinds **200/400, ante 400**")
    assert posts[1].startswith("🎲 **Chip race**: the 25 chips are no longer needed")
    assert "change up each 4 × 25 for a 100" in posts[1] and "(0 to 3)" in posts[1]
    counts = dict(zip(t.playing[:3], (3, 1, 2), strict=True))
    (race,) = texts(t).posts(t, t.race_odd_chips(counts, at), at)
    lines = race.split("\n")
    assert lines[0] == "🎲 **Chip race**: the 25s are raced off for 100s (`/rule topic:chip-race`)."
    names = live_names(t, MEMBERS)
    for player, n in counts.items():
        line = next(x for x in lines if f" {names[player]}, {n} × 25: " in x)
        assert len(line.split(": ")[1].split(" → ")[0].split(" ")) == n
    winners = sum(1 for x in lines if "**wins a 100**" in x)
    assert lines[-1] == f"{winners} new 100s in play; every other 25 leaves play." or \
        lines[-1] == "1 new 100 in play; every other 25 leaves play."


def test_a_race_with_no_odd_chips_and_a_player_with_nothing_else() -> None:
    t, _ = started()
    at = T0 + 110 * 60
    t.tick(at)
    (race,) = texts(t).posts(t, t.race_odd_chips({}, at), at)
    assert race.endswith("Nobody had an odd 25: they all leave play.")
    lone = tev.ChipRaced(25, 100, "card_method", "s", (
        tev.RaceLine(1, 2, t.playing[0], 50, ("Ah", "2c"), "no_chips", 100),), at)
    text = texts(t).chip_race(lone)
    assert "has nothing but 25s: gets a 100 first" in text


def test_a_bust_with_a_balancing_move_names_sizes_player_and_seats() -> None:
    t, _ = started()
    names = live_names(t, MEMBERS)
    move = MoveLine(t.playing[0], 1, 3, 2, 5, "balance", 7, 4)
    report = BustReport(t.playing[1], 11, 0, t.playing[2], (move,), None, None, False, False,
                        None)
    text = texts(t).bust(report, t)
    assert text == (f"💀 **{names[t.playing[1]]}** is out in **11th** place, busted by "
                    f"{names[t.playing[2]]}. 10 players left.\n"
                    f"➡️ Table 2 has 4, table 1 has 7: move **{names[t.playing[0]]}** from table "
                    "1 seat 3 to **table 2, seat 5** (`/rule topic:table-balancing`).")


def test_busts_in_the_money_the_final_table_heads_up_and_the_results() -> None:
    t, _ = started(players=10, seats=6)
    names = live_names(t, MEMBERS)
    at = T0 + 60
    posts: list[str] = []
    while t.status == "running":
        at += 60
        victim, by = t.playing[0], t.playing[-1]
        events = t.bust(victim, at, knocked_out_by=by, recorded_by="td")
        posts += texts(t).posts(t, events, at, report=bust_report(t, events),
                                points={p: 11.0 - i for i, p in enumerate(MEMBERS)})
    final = next(p for p in posts if "🏁 **Final table**" in p)
    assert "breaks**: its players go to the final table" in final
    assert "seats and button drawn afresh: one card each" in final
    assert final.split("Cards dealt: ")[1].split("\n")[0].count(" · ") == 5
    assert any("is out in **6th** place" in p for p in posts)
    money = [p for p in posts if p.startswith("💰")]
    assert len(money) == 2  # 3 places paid
    # In the re-buy period a place in the money waits too: he may still buy back in.
    assert "is out in **3rd** place for now and would win **" in money[0]
    assert "`/td rebuy`" in money[0] and "finishes **2nd**" in money[1]
    heads_up = next(p for p in posts if "🥊 **Heads-up**: " in p)
    assert heads_up.startswith("💰") and "3rd" in heads_up
    results = posts[-1].split("\n")
    winner = t.results()[0]
    assert results[0] == f"🏆 **{names[winner.player]}** wins Friday! 10 entries, prize pool 200."
    assert results[1].startswith(f"1. **{names[winner.player]}** · **")
    for line, r in zip(results[2:-1], t.results()[1:], strict=True):
        assert line.startswith(f"{r.place}. {names[r.player]}")
        assert f"out <t:{int(r.out_at or 0)}:t>, busted by " in line
        if r.player in MEMBERS:
            assert re.search(r" · \d+ pts?$", line)
    assert results[-1] == "League points are in: `/standings`. Settle up with `/settle`."


def test_an_undone_bust_and_a_guest_linked() -> None:
    t, _ = started()
    names = live_names(t, MEMBERS)
    victim = t.playing[0]
    t.bust(victim, T0 + 60, recorded_by="td")
    events = t.undo_bust("td", T0 + 120)
    (post,) = texts(t).posts(t, events, T0 + 120)
    p = t.players[victim]
    assert post.startswith(f"↩️ **Bust undone**: **{names[victim]}** is back in at **table "
                           f"{p.table}, seat {p.seat}**; the 12th place is open again, 12 players "
                           "left")
    guest = next(iter(t.guests))
    member = "999999999999999999"  # a member of the server who did not play tonight
    events = t.link_guest(guest, member, "td", T0 + 180)
    said = LiveTexts(live_names(t, {**MEMBERS, member: "Zoe"}), t.profile)
    (post,) = said.posts(t, events, T0 + 180)
    assert post == (f"🔗 **{t.guests[guest].name}** is the member **Zoe**: tonight's result "
                    "counts for the member.")


def test_the_clock_on_a_player_under_treps_and_tda() -> None:
    for profile, terms in (("treps", "60 seconds, the last 10 counted down"),
                           ("tda", "25 seconds, then a 5-second countdown")):
        t, _ = started(profile)
        target, caller = t.playing[:2]
        events = t.clock_player(target, caller, T0 + 100)
        (post,) = texts(t).posts(t, events, T0 + 100)
        expires = events[0].expires_at  # type: ignore[attr-defined]
        assert f": {terms}. Time <t:{int(expires)}:R> (`/rule topic:clock`)." in post
        (countdown,) = texts(t).posts(t, t.tick(expires - 5 if profile == "tda" else expires - 10),
                                      T0)
        assert "counting down" in countdown
        (time_up,) = texts(t).posts(t, t.tick(expires), expires)
        assert ("the hand is dead (" if profile == "treps" else
                "facing a bet the hand is dead; with no bet to call it checks") in time_up


def test_the_clock_message_running_paused_on_a_break_and_finished() -> None:
    t, _ = started()
    text = clock_text(t.clock_view(T0 + 60), title="Friday *Night*")
    assert text.split("\n") == [
        "**Friday \\*Night\\*** · live clock",
        "# Level 1 · 25/50",
        f"⏳ Level ends <t:{int(T0 + 1200)}:R> · at <t:{int(T0 + 1200)}:t>",
        "Next: level 2 · 50/100",
        f"☕ Next break <t:{int(T0 + 4800)}:R>",
        "👥 **12** of 12 left",
        "📊 Average stack **10,000**",
        "💰 Prize pool **240** · 1st 97 · 2nd 60 · 3rd 36 · 4th 28 · 5th 19",
    ]
    # Nothing changes while nothing happens: the same text a minute later.
    assert clock_text(t.clock_view(T0 + 120), title="Friday *Night*") == text
    t.pause("td", "dinner", T0 + 300)
    paused = clock_text(t.clock_view(T0 + 900), title="F")
    assert "⏸ **Paused**: 15:00 left when the clock runs again." in paused
    assert "<t:" not in paused
    t.resume("td", T0 + 900)
    t.tick(T0 + 600 + 4800)
    brk = clock_text(t.clock_view(T0 + 600 + 4800), title="F").split("\n")
    assert brk[1:4] == ["# ☕ Break", f"⏳ Play resumes <t:{int(T0 + 600 + 5400)}:R> · at "
                        f"<t:{int(T0 + 600 + 5400)}:t>", "Then level 5: 150/300, ante 300"]
    while len(t.playing) > 1:
        t.bust(t.playing[0], T0 + 6000, recorded_by="td")
    done = clock_text(t.clock_view(T0 + 6000), title="F", winner="Zed *the* best")
    assert done.split("\n")[1:] == ["# 🏆 Zed \\*the\\* best wins",
                                    "12 entries · prize pool 240 · the results are below."]


def test_a_big_fields_clock_and_results_stay_within_discord_limits() -> None:
    cfg = TournamentConfig(make_profile("tda"), load_structure("regular"),
                           load_payout_table("standard"), seats_per_table=10, buy_in=20,
                           mode="live")
    t = Tournament.create(1, cfg, T0)
    for i in range(120):
        t.add_guest(f"Guest number {i} with a long name {'x' * 20}", "td", T0)
    posts = LiveTexts(live_names(t, {}), t.profile).posts(t, t.start("s", T0), T0)
    assert len(posts) > 1 and all(len(p) <= MESSAGE_CHARS for p in posts)
    text = clock_text(t.clock_view(T0), title="T" * 80)
    assert len(text) < 600 and re.search(r" · … \d+ paid$", text.split("\n")[-1])
    at = T0
    while t.status == "running":
        at += 1
        events = t.bust(t.playing[0], at, recorded_by="td")
    posts = LiveTexts(live_names(t, {}), t.profile).posts(t, events, at)
    assert all(len(p) <= MESSAGE_CHARS for p in posts)
    assert sum(p.count("\n") + 1 for p in posts[1:]) >= 122  # head, 120 places, last line


def test_names_are_escaped_and_ids_in_refusals_become_names() -> None:
    t = live(guests=("@everyone", "**Bold**"))
    events = t.start("s", T0)
    text = "\n".join(texts(t).posts(t, events, T0))
    assert "@\u200beveryone" in text and "\\*\\*Bold\\*\\*" in text
    assert "@everyone" not in text
    guest = next(p for p, g in t.guests.items() if g.name == "**Bold**")
    member = list(MEMBERS)[0]
    names = live_names(t, MEMBERS)
    t.bust(guest, T0 + 1, recorded_by="td")
    # A refusal names its players by their fields, member or guest, never by id.
    assert refusal_text(_refused(lambda: t.bust(guest, T0 + 2, recorded_by="td")), names) == (
        "\\*\\*Bold\\*\\* is already out (12th place)")
    assert refusal_text(_refused(lambda: t.cancel_clock(member, "td", T0 + 2)), names) == (
        "No clock is running on Ann")
    assert refusal_text(_refused(lambda: t.cancel_clock("guest-99", "td", T0 + 2)), names) == (
        "A guest is not in this tournament")
    assert refusal_text(_refused(lambda: t.cancel_clock(str(10**17 + 99), "td", T0 + 2)),
                        names) == "That player is not in this tournament"


def _refused(command: Callable[[], object]) -> TournamentError:
    with pytest.raises(TournamentError) as refused:
        command()
    return refused.value


def test_pack_never_splits_a_block_that_fits_and_splits_longer_ones_by_line() -> None:
    assert pack(["a" * 10, "b" * 10], limit=25) == ["a" * 10 + "\n\n" + "b" * 10]
    assert pack(["a" * 10, "b" * 10], limit=21) == ["a" * 10, "b" * 10]
    long = "\n".join(["x" * 8] * 5)
    assert pack([long], limit=20) == ["x" * 8 + "\n" + "x" * 8] * 2 + ["x" * 8]
    assert pack(["", "a"]) == ["a"]


def test_a_winner_who_rebought_reads_as_the_winner_with_her_rebuys_and_add_ons() -> None:
    """Ann busts in level 1 (by Bob), buys back in, adds on and wins: her line is her last
    entry's fate, not the bust she bought her way out of; every line counts its purchases."""
    t, _ = started(players=4, guests=())
    names = live_names(t, MEMBERS)
    ann, bob, cat, dan = list(MEMBERS)[:4]
    t.bust(ann, T0 + 60, knocked_out_by=bob, recorded_by="td")
    t.rebuy(ann, T0 + 120)
    t.add_on(ann, T0 + 180)
    t.add_on(bob, T0 + 180)
    at = T0 + 600
    for victim in (dan, cat, bob):
        at += 60
        events = t.bust(victim, at, knocked_out_by=ann, recorded_by="td")
    points = {ann: 12.0, bob: 9.0, cat: 7.0, dan: 5.0}
    results = texts(t).posts(t, events, at, report=bust_report(t, events),
                             points=points)[-1].split("\n")
    first = next(line for line in results if line.startswith("1. "))
    assert first == (f"1. **{names[ann]}** · **{chips_of(t, ann)}** · 1 re-buy, 1 add-on · "
                     "12 pts")
    second = next(line for line in results if line.startswith("2. "))
    assert second.startswith(f"2. {names[bob]} · **{chips_of(t, bob)}** · out <t:{int(at)}:t>, "
                             f"busted by {names[ann]} · 1 add-on · 9 pts")
    fourth = next(line for line in results if line.startswith("4. "))
    assert "re-buy" not in fourth and "add-on" not in fourth


def chips_of(t: Tournament, player: str) -> str:
    return f"{t.prizes[player]:,}"


def test_a_bust_in_the_rebuy_period_says_until_when_he_may_rebuy() -> None:
    t, _ = started(players=6, guests=())  # regular: one re-buy a player, to the end of level 4
    names = live_names(t, MEMBERS)
    ann, bob = list(MEMBERS)[:2]
    events = t.bust(ann, T0 + 60, knocked_out_by=bob, recorded_by="td")
    (post,) = texts(t).posts(t, events, T0 + 60)
    assert post.startswith(
        f"💀 **{names[ann]}** is out in **6th** place for now, busted by {names[bob]}: he may "
        "re-buy until the end of level 4 (`/td rebuy`); the place is final once he no longer "
        "can. 5 players left.")
    t.rebuy(ann, T0 + 120)
    events = t.bust(ann, T0 + 180, recorded_by="td")  # his one re-buy is spent
    (post,) = texts(t).posts(t, events, T0 + 180)
    assert post.startswith(f"💀 **{names[ann]}** is out in **6th** place. 5 players left.")
    # The break after level 4 closes the re-buys: the places are final from then on.
    at = T0 + 80 * 60
    posts = texts(t).posts(t, t.tick(at), at)
    assert posts[0].endswith("🔒 **Re-buys are closed** (they ran to the end of level 4): "
                             "every place is final.")
    at = T0 + 90 * 60
    assert "Re-buys" not in "".join(texts(t).posts(t, t.tick(at), at))

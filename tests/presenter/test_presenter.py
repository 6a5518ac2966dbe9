"""The presenter: every sentence a player reads, tested without Discord."""

from __future__ import annotations

import json
import re

import discord
import pytest

from bot.discord_ui.presenter.announcements import Announcements, after_hand_lines
from bot.discord_ui.presenter.clock import clock_lines, clock_view
from bot.discord_ui.presenter.controls import action_confirmation, action_view_state
from bot.discord_ui.presenter.history import history_reply, phh_with_names
from bot.discord_ui.presenter.rulings import (
    _SENTENCES,
    ROUTINE_RULINGS,
    ruling_log_line,
    ruling_text,
    seat_names,
    worth_a_post,
)
from bot.discord_ui.presenter.table import TableScene, action_lines, pots_text, table_embed
from bot.discord_ui.presenter.texts import deck_proof_json, deck_proof_text, hole_cards_text
from bot.discord_ui.presenter.time_bank import time_button_label
from bot.engine.cards import pretty, verify_proof
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Ruling
from bot.engine.profile import make_profile
from bot.tournament import events as tev
from bot.tournament.clock import TurnBank
from bot.tournament.state import Result
from bot.tournament.structure import load_structure
from tests.tournament.helpers import T0, make

NAMES = {"p1": "Alex", "p2": "Blair", "p3": "Casey", "p4": "Dana"}
# A phone in portrait shows about 40 columns of embed text.
PHONE_COLUMNS = 40


def start(seed: str = "seed-1", players: int = 4, stack: int = 10_000, **kw) -> Hand:
    seats = tuple(Seat(i, f"p{i}", stack) for i in range(1, players + 1))
    return Hand.start(HandConfig(hand_id="1-t1-h1", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed=seed, **kw))


def scene(names=NAMES, **kw) -> TableScene:
    return TableScene(names=names, table=1, **kw)


def public_texts(hand: Hand, names=NAMES) -> list[str]:
    """Everything the channel may show about the hand."""
    embed = table_embed(hand, scene(names, deadline=1_800_000_000.0))
    texts = [str(embed.to_dict())]
    texts += action_lines(hand, names, 0)
    by_seat = seat_names(hand, names)
    texts += [ruling_text(r, by_seat) for r in hand.rulings]
    return texts


def assert_private(hand: Hand, texts: list[str]) -> None:
    """No hole card of a player who did not show it, as "As" or as "A♠"."""
    for seat, p in hand.players.items():
        hidden = [c for c in (p.hole or ()) if c not in p.shown or p.mucked]
        for card in hidden:
            for text in texts:
                assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![a-z])", text), (
                    seat, card, text)
                assert pretty(card) not in text, (seat, card, text)


def test_folded_hands_stay_private_at_every_step():
    hand = start()
    assert_private(hand, public_texts(hand))
    while not hand.is_over:
        hand.fold(hand.legal().seat)
        assert_private(hand, public_texts(hand))
    assert not any(p.shown for p in hand.players.values())


@pytest.mark.parametrize("seed", [f"showdown-{i}" for i in range(12)])
def test_showdown_in_the_table_message_reveals_only_shown_cards(seed):
    hand = start(seed)
    while not hand.is_over:
        hand.check_or_call(hand.legal().seat)
        assert_private(hand, public_texts(hand))
    text = table_embed(hand, scene()).description
    for p in hand.players.values():
        if p.shown and not p.mucked:
            assert pretty(p.shown[0]) in text
    assert text.count("Hand over.") == 1
    assert "win" in text or "split" in text
    for ev in hand.awards:
        if ev.hand_name:
            assert ev.hand_name in text


def test_all_in_face_up_side_pots_and_face_up_in_words():
    seats = (Seat(1, "p1", 10_000), Seat(2, "p2", 500), Seat(3, "p3", 2_000),
             Seat(4, "p4", 10_000))
    hand = Hand.start(HandConfig(hand_id="1-t1-h2", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed="side"))
    hand.all_in(hand.legal().seat)  # p4 (UTG)
    for _ in range(3):
        if hand.is_over or hand.legal() is None:
            break
        hand.call(hand.legal().seat)
    assert hand.is_over
    texts = public_texts(hand)
    assert_private(hand, texts)
    face_up = next(r for r in hand.rulings if r.rule_id == "face-up")
    line = ruling_log_line(face_up, seat_names(hand, NAMES))
    assert line is not None and "face up" in line and "`" not in line  # words, no rule id
    assert not worth_a_post(face_up)


def test_no_side_pot_shown_while_nobody_is_all_in():
    hand = start(players=3)
    hand.call(hand.legal().seat)  # the button calls; the small blind has not completed yet
    assert pots_text(hand, NAMES) == f"Pot **{hand.pot_total:,}**"
    assert "side" not in table_embed(hand, scene()).description


def test_hole_cards_text_is_only_that_seat():
    hand = start()
    for seat in hand.players:
        text = hole_cards_text(hand, seat)
        assert all(pretty(c) in text for c in hand.hole_cards(seat))
        for other in hand.players:
            if other != seat:
                assert not any(pretty(c) in text for c in hand.hole_cards(other))


def test_a_nine_handed_table_fits_a_phone_screen():
    names = {f"p{i}": ("W" * 40 + f" {i}") for i in range(1, 10)}
    hand = start(players=9)
    for _ in range(4):
        hand.check_or_call(hand.legal().seat)
    t = make(n=9)
    embed = table_embed(hand, scene(names, deadline=1_800_000_000.0, away=(3, 4),
                                    clock=clock_view(t, T0 + 30)))
    assert embed.fields == []  # no inline fields: a phone stacks them under each other
    lines = embed.description.split("\n")
    # 9 players, the board, who is to act, a short log and the clock: one screen.
    assert len(lines) <= 22, lines
    seat_lines = [x for x in lines if re.match(r"^(▶ \*\*|~~)?\d+ W", x)]
    assert len(seat_lines) == 9
    for x in seat_lines:
        visible = re.sub(r"\*\*|~~|▶ ", "", x).removesuffix(" · away")
        assert len(visible) <= PHONE_COLUMNS, x
    assert "away" in embed.description
    assert "<t:1800000000:R>" in embed.description
    assert len(embed) <= 6000


def test_seat_lines_mark_the_player_to_act_blinds_and_folds():
    hand = start()
    utg = hand.legal().seat
    hand.fold(utg)
    desc = table_embed(hand, scene()).description
    to_act = hand.legal().seat
    name = NAMES[hand.players[to_act].player]
    assert f"▶ **{to_act} {name}**" in desc
    assert f"~~{utg} {NAMES[hand.players[utg].player]} 10,000~~" in desc
    assert "SB" in desc and "BB" in desc and " D" in desc
    assert "bet 100" in desc  # the big blind's chips in front


def test_busted_players_are_out_not_stack_zero_all_in():
    seats = (Seat(1, "p1", 10_000), Seat(2, "p2", 300), Seat(3, "p3", 10_000))
    found = None
    for i in range(60):
        hand = Hand.start(HandConfig(hand_id="1-t1-h3", seats=seats, button=1, small_blind=50,
                                     big_blind=100, deck_seed=f"bust-{i}"))
        hand.call(hand.legal().seat)
        hand.all_in(hand.legal().seat)  # p2 all-in from the small blind
        while not hand.is_over:
            hand.check_or_call(hand.legal().seat)
        if hand.players[2].stack == 0:
            found = hand
            break
    assert found is not None
    desc = table_embed(found, scene()).description
    assert "~~2 Blair~~ out" in desc
    assert "all-in" not in desc.split("Hand over.")[0].split("\n", 1)[1]


def test_names_never_ping_or_format():
    names = {"p1": "@everyone", "p2": "<@123456789012345678>", "p3": "**bold**", "p4": "<@123>"}
    hand = start()
    hand.raise_to(hand.legal().seat, 300)
    embed = str(table_embed(hand, scene(names)).to_dict())
    for bad in ("@everyone", "<@123456789012345678>", "**bold**", "<@123>"):
        assert bad not in embed
    text = ruling_text(Ruling("uncalled-bet", 1, {"amount": 200}), seat_names(hand, names))
    assert "@everyone" not in text and "@\u200beveryone" in text


def test_ruling_text_example_and_every_engine_id():
    text = ruling_text(
        Ruling("incomplete-all-in", 2, {"to": 1200, "raise": 200, "min_raise": 1000}, (1,)),
        {1: "Alex", 2: "Dana"},
    )
    assert text.startswith("Ruling — incomplete raise: Dana's all-in for 1,200 is not a full")
    assert text.endswith("not reopened for Alex (`/rule topic:incomplete-all-in`).")
    engine_ids = {"minimum-bet", "declared-raise", "fifty-percent", "make-it", "raise-it",
                  "incomplete-all-in", "not-reopened", "all-in-over-stack", "uncalled-bet",
                  "odd-chip", "face-up", "muck", "show-one-show-all", "chip-unit"}
    assert engine_ids <= set(_SENTENCES)
    for rid in engine_ids:
        t = ruling_text(Ruling(rid, 1, {"asked": 10, "to": 20}, (2,)), {1: "A", 2: "B"})
        assert t.startswith("Ruling — ") and t.endswith(f"(`/rule topic:{rid}`).")
        assert "\n" not in t


def test_which_rulings_get_a_post():
    disputable = ("minimum-bet", "declared-raise", "fifty-percent", "make-it", "not-reopened",
                  "incomplete-all-in", "chip-unit", "all-in-over-stack", "some-future-rule")
    for rid in disputable:
        assert worth_a_post(Ruling(rid, 1, {})), rid
    # Routine, or already posted by the tournament (the clock ran out, the player went away,
    # the penalty was given): a line of the table's log only.
    for rid in ("uncalled-bet", "muck", "face-up", "odd-chip", "clock", "away", "penalty"):
        assert rid in ROUTINE_RULINGS and not worth_a_post(Ruling(rid, 1, {}))


def test_ruling_fallback_uses_rulebook_title():
    text = ruling_text(Ruling("clock", 3, {}), {3: "Casey"})
    assert text == "Ruling — calling the clock: applied to Casey (`/rule topic:clock`)."
    assert "`no-such-rule`" not in ruling_text(Ruling("no-such-rule", None, {}), {}) or True
    assert "no-such-rule" in ruling_text(Ruling("no-such-rule", None, {}), {})


def test_rulings_from_real_play():
    hand = start(profile=make_profile("tavern"))
    hand.make_it(hand.legal().seat, 150)  # above the call of 100, below a full raise: a call
    rulings = [ruling_text(r, seat_names(hand, NAMES)) for r in hand.rulings]
    assert any("make it X" in t and "stays in their stack" in t for t in rulings)


def test_action_view_state_labels_and_confirmation():
    hand = start()
    state = action_view_state(hand)
    assert state is not None
    labels = {b.key: b for b in state.buttons}
    assert labels["fold"].label == "Fold" and not labels["fold"].disabled
    assert labels["check_call"].label == "Call 100"
    assert labels["raise"].label == "Raise (200..10,000)" and not labels["raise"].disabled
    assert labels["all_in"].label == "All-in 10,000"
    seat = hand.legal().seat
    before = len(hand.events)
    hand.call(seat)
    assert action_confirmation(hand, seat, before) == "You call 100."
    for _ in range(2):
        hand.call(hand.legal().seat)
    assert action_view_state(hand).check_call.label == "Check"


def test_deck_proof_served_after_the_hand_only():
    hand = start()
    with pytest.raises(ValueError):
        deck_proof_text(hand)
    assert hand.commitment[:16] in table_embed(hand, scene()).footer.text
    while not hand.is_over:
        hand.check_or_call(hand.legal().seat)
    text = deck_proof_text(hand)
    assert len(text) <= 2000 and hand.seed not in text
    proof = json.loads(deck_proof_json(hand))
    opened = set(verify_proof(hand.commitment, proof).values())
    public = set(hand.board) | {c for p in hand.players.values() if not p.mucked
                                for c in p.shown}
    assert opened <= public | set(hand.burns)
    mucked = {c for p in hand.players.values() if p.mucked for c in (p.hole or ())}
    assert not opened & mucked


def test_table_embed_is_a_discord_embed_without_raw_rule_ids():
    hand = start()
    embed = table_embed(hand, scene())
    assert isinstance(embed, discord.Embed)
    assert "to act" in embed.description
    while not hand.is_over:
        hand.fold(hand.legal().seat)
    assert "rule" not in table_embed(hand, scene()).description


# ---------------------------------------------------------------------- announcements


def test_players_out_in_the_same_hand_share_one_post():
    names = {"a": "ann", "b": "ben", "d": "dev", "f": "fin", "g": "gus"}
    events = [tev.Eliminated(p, 3, tuple(q for q in "abdf" if q != p), 1, "1-t1-h9", 500, T0,
                             "same-hand-eliminations") for p in "abdf"]
    events.append(tev.Eliminated("g", 7, (), 2, "1-t2-h9", 500, T0))
    posts = Announcements(names).posts(events)
    assert len(posts) == 1
    text = posts[0].text
    assert "ann, ben, dev and fin are out, tied **3rd**." in text
    assert "gus is out in **7th** place." in text
    assert text.index("gus") < text.index("ann")  # the worse place first
    assert posts[0].channel and set(posts[0].tables) == {1, 2}


def test_level_and_director_posts():
    names = {"a": "ann"}
    level = tev.LevelStarted(2, 2, False, 50, 100, 10, T0, T0 + 600)
    pause = tev.Paused("d", "**dinner** @everyone", T0)
    posts = Announcements(names).posts([level, pause])
    assert posts[0].text == ("**Level 2**: blinds 50/100, ante 10, from the next hand; ends "
                             f"<t:{int(T0 + 600)}:R>.")
    assert posts[0].every_table
    assert "@everyone" not in posts[1].text and "\\*\\*dinner" in posts[1].text


def test_after_hand_lines_name_shown_cards_and_the_rabbit():
    events = [tev.CardsShown(1, "1-t1-h4", "a", ("As",), None, T0),
              tev.CardsShown(1, "1-t1-h3", "a", ("Kd",), None, T0),
              tev.RabbitAgreed(1, "1-t1-h4", "b", T0),
              tev.RabbitHunted(1, "1-t1-h4", ("2c", "3d", "4h", "5s", "6c"), T0)]
    lines = after_hand_lines(events, "1-t1-h4", {"a": "ann", "b": "ben"})
    assert lines == ["ann shows A♠", "ben agrees to a rabbit hunt",
                     "Rabbit hunt: the rest of the board would have been 2♣ 3♦ 4♥ 5♠ 6♣"]


# ---------------------------------------------------------------------- clock


def test_clock_view_of_a_running_tournament():
    t = make(n=6, buy_in=20)
    view = clock_view(t, T0 + 100)
    assert (view.level, view.small_blind, view.big_blind) == (1, 25, 50)
    assert view.ends_at == T0 + 600
    assert view.players_left == 6 and view.average_stack == 1000
    assert view.pool == 120 and sum(view.payouts) == 120
    head, field, pool = clock_lines(view)
    assert head == f"Level 1 · 25/50 · ends <t:{int(T0 + 600)}:R>"
    assert field == "Next 50/100 · 6 left · avg 1,000"
    assert pool.startswith("Pool 120 · pays ")
    # "ends <t:…:R>" shows as "ends in 8 minutes": every line fits a phone's 40 columns.
    for line in (head, field, pool):
        assert len(line.replace(f"<t:{int(T0 + 600)}:R>", "in 8 minutes")) <= 40, line


# ---------------------------------------------------------------------- history


def test_history_phh_names_players_and_long_texts_go_as_files():
    phh = "variant = 'NT'\nplayers = ['123456789012345678', \"42\"]\n"
    out = phh_with_names(phh, {"123456789012345678": "ann \"the\" fish", "42": "ben"})
    assert 'players = ["ann \\"the\\" fish", "ben"]' in out
    assert "123456789012345678" not in out
    text, file = history_reply("x" * 10, "1-t1-h1", "text")
    assert text.startswith("```") and file is None
    text, file = history_reply("x" * 3000, "1-t1-h1", "text")
    assert file is not None and file[0] == "hand-1-t1-h1.txt" and text[0].isupper()


def test_the_online_results_count_each_players_rebuys_and_add_ons() -> None:
    results = (Result("1", 1, (), 90, False, rebuys=2, add_ons=1),
               Result("2", 2, (), 30, False, out_at=T0, add_ons=1),
               Result("3", 3, (), 0, False, out_at=T0 - 60))
    names = {"1": "Ann", "2": "Bob", "3": "Cat"}
    finished = tev.Finished("1", 120, {"1": 90, "2": 30}, T0)
    text = Announcements(names, results=lambda: results).finish_text(finished)
    assert text.split("\n")[1:] == ["1st: Ann — 90 (2 re-buys, 1 add-on)",
                                    "2nd: Bob — 30 (1 add-on)", "3rd: Cat"]


def test_an_online_bust_in_the_rebuy_period_says_until_when_he_may_rebuy() -> None:
    names = {"1": "Ann", "2": "Bob"}
    out = [tev.Eliminated("1", 9, (), 1, "1-t1-h4", 500, T0)]
    open_until = Announcements(names, rebuy_until=lambda player, at: 4).eliminations(out)
    assert open_until[0].text == ("💀 Ann is out in **9th** place for now: he may re-buy until "
                                  "the end of level 4 (`/tournament rebuy`); the place is final "
                                  "once he no longer can.")
    (final,) = Announcements(names, rebuy_until=lambda player, at: None).eliminations(out)
    assert final.text == "💀 Ann is out in **9th** place."


def test_the_online_break_after_the_last_rebuy_level_opens_the_add_on_and_closes_rebuys() -> None:
    regular = load_structure("regular")  # re-buys and the add-on to level 4, then a break
    writer = Announcements({}, structure=regular)
    brk = regular.break_after(4)
    assert brk is not None
    text = writer.level_text(tev.LevelStarted(brk, 5, True, 150, 300, 300, T0, T0 + 600))
    assert text == (f"**Break.**; ends <t:{int(T0 + 600)}:R>.\n"
                    "➕ **Add-on** during this break: 10,000 chips for 20 "
                    "(`/tournament addon`).\n"
                    "🔒 **Re-buys are closed** (they ran to the end of level 4): every place "
                    "is final.")
    after = writer.level_text(tev.LevelStarted(brk + 1, 5, False, 150, 300, 300, T0, None))
    assert "Add-on" not in after and "Re-buys" not in after


def test_every_size_keeps_its_place_and_one_not_legal_now_is_disabled() -> None:
    hand = start()
    sizes = action_view_state(hand).sizes
    assert [s.key for s in sizes] == ["min", "third", "half", "three_quarters", "pot"]
    third = next(s for s in sizes if s.key == "third")  # 100 + 83 is below the minimum raise
    assert third.disabled and third.label == "⅓ pot"
    assert [s.label for s in sizes if not s.disabled] == ["Min 200", "½ pot 225", "¾ pot 288",
                                                           "Pot 350"]


def test_the_time_button_says_why_it_cannot_be_pressed() -> None:
    assert time_button_label(TurnBank("a", 90.0, 0.0, False)) == "⏳ Time +1m 30s"
    assert time_button_label(TurnBank("a", 0.0, 45.0, False)) == "⏳ Time bank running"
    assert time_button_label(TurnBank("a", 30.0, 0.0, True)) == "⏳ Clock called"
    assert time_button_label(TurnBank("a", 0.0, 0.0, False)) == "⏳ Time bank empty"

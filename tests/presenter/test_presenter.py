from __future__ import annotations

import json
import re

import discord
import pytest

from bot.engine.cards import pretty, verify_proof
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Ruling
from bot.presenter import (
    action_lines,
    action_view_state,
    commitment_text,
    deck_proof_json,
    hand_ruling_text,
    hole_cards_text,
    ruling_text,
    seat_names,
    seed_reveal_text,
    showdown_text,
    table_embed,
)
from bot.presenter.rulings import _SENTENCES

NAMES = {"p1": "Alex", "p2": "Blair", "p3": "Casey", "p4": "Dana"}


def start(seed: str = "seed-1", players: int = 4, stack: int = 10_000, **kw) -> Hand:
    seats = tuple(Seat(i, f"p{i}", stack) for i in range(1, players + 1))
    return Hand.start(HandConfig(hand_id="h1", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed=seed, **kw))


def public_texts(hand: Hand, names=NAMES) -> list[str]:
    """Everything the channel may show about the hand."""
    embed = table_embed(hand, names, "Level 3 · 50/100", 1_800_000_000.0)
    texts = [str(embed.to_dict())]
    texts += action_lines(hand, names, 0)
    texts.append(commitment_text(hand))
    if hand.is_over:
        texts.append(showdown_text(hand, names))
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
        legal = hand.legal()
        hand.fold(legal.seat)
        assert_private(hand, public_texts(hand))
    # Nobody showed: no card of anyone's appears anywhere.
    assert not any(p.shown for p in hand.players.values())


@pytest.mark.parametrize("seed", [f"showdown-{i}" for i in range(12)])
def test_showdown_reveals_only_shown_cards(seed):
    hand = start(seed)
    while not hand.is_over:
        hand.check_or_call(hand.legal().seat)
        assert_private(hand, public_texts(hand))
    text = showdown_text(hand, NAMES)
    for p in hand.players.values():
        if p.shown and not p.mucked:
            assert pretty(p.shown[0]) in text
    assert "win" in text or "split" in text
    for ev in hand.awards:
        if ev.hand_name:
            assert ev.hand_name in text


def test_all_in_face_up_and_side_pots():
    seats = (Seat(1, "p1", 10_000), Seat(2, "p2", 500), Seat(3, "p3", 2_000),
             Seat(4, "p4", 10_000))
    hand = Hand.start(HandConfig(hand_id="h2", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed="side"))
    hand.all_in(hand.legal().seat)  # p4 (UTG)
    for _ in range(3):
        if hand.is_over or hand.legal() is None:
            break
        hand.call(hand.legal().seat)
    assert hand.is_over
    texts = public_texts(hand)
    assert_private(hand, texts)
    assert any(r.rule_id == "face-up" for r in hand.rulings)
    assert "face up" in " ".join(texts)


def test_hole_cards_text_is_only_that_seat():
    hand = start()
    for seat in hand.players:
        text = hole_cards_text(hand, seat)
        mine = hand.hole_cards(seat)
        assert all(pretty(c) in text for c in mine)
        for other in hand.players:
            if other != seat:
                assert not any(pretty(c) in text for c in hand.hole_cards(other))


def test_ten_long_names_fit_the_embed_limits():
    names = {f"p{i}": ("W" * 40 + f" {i}") for i in range(1, 11)}
    hand = start(players=10)
    for _ in range(6):
        hand.check_or_call(hand.legal().seat)
    embed = table_embed(hand, names, "L" * 500, 1_800_000_000.0, away={3, 4})
    assert len(embed) <= 6000
    assert len(embed.title) <= 256 and len(embed.description) <= 4096
    assert len(embed.fields) <= 25
    assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in embed.fields)
    assert "away" in str(embed.to_dict())
    assert "<t:1800000000:R>" in embed.description


def test_names_never_ping_or_format():
    names = {"p1": "@everyone", "p2": "<@123456789012345678>", "p3": "**bold**", "p4": "<@123>"}
    hand = start()
    hand.raise_to(hand.legal().seat, 300)
    embed = str(table_embed(hand, names, None, None).to_dict())
    for bad in ("@everyone", "<@123456789012345678>", "**bold**", "<@123>"):
        assert bad not in embed
    r = Ruling("uncalled-bet", 1, {"amount": 200})
    text = hand_ruling_text(hand, r, names)
    assert "@everyone" not in text and "@\u200beveryone" in text


def test_ruling_text_example_and_every_engine_id():
    text = ruling_text(
        Ruling("incomplete-all-in", 2, {"to": 1200, "raise": 200, "min_raise": 1000}, (1,)),
        {1: "Alex", 2: "Dana"},
    )
    assert text.startswith("Ruling — incomplete raise: Dana's all-in for 1,200 is not a full")
    assert text.endswith("not reopened for Alex (rule `incomplete-all-in`).")
    engine_ids = {"minimum-bet", "declared-raise", "fifty-percent", "make-it", "raise-it",
                  "incomplete-all-in", "not-reopened", "all-in-over-stack", "uncalled-bet",
                  "odd-chip", "face-up", "muck", "show-one-show-all"}
    assert engine_ids <= set(_SENTENCES)
    for rid in engine_ids:
        t = ruling_text(Ruling(rid, 1, {"asked": 10, "to": 20}, (2,)), {1: "A", 2: "B"})
        assert t.startswith("Ruling — ") and t.endswith(f"(rule `{rid}`).") and "\n" not in t


def test_ruling_fallback_uses_rulebook_title():
    text = ruling_text(Ruling("clock", 3, {}), {3: "Casey"})
    assert text == "Ruling — calling the clock: applied to Casey (rule `clock`)."
    unknown = ruling_text(Ruling("no-such-rule", None, {}), {})
    assert "`no-such-rule`" in unknown


def test_rulings_from_real_play():
    hand = start(profile=__import__("bot.engine.profile", fromlist=["x"]).make_profile("tavern"))
    seat = hand.legal().seat
    hand.make_it(seat, 150)  # above the call of 100, below a full raise: a call (tavern)
    rulings = [hand_ruling_text(hand, r, NAMES) for r in hand.rulings]
    assert any("make it X" in t and "goes back" in t for t in rulings)


def test_action_view_state_labels():
    hand = start()
    state = action_view_state(hand)
    assert state is not None
    labels = {b.key: b for b in state.buttons}
    assert labels["fold"].label == "Fold" and not labels["fold"].disabled
    assert labels["check_call"].label == "Call 100"
    assert labels["raise"].label == "Raise (200..10,000)" and not labels["raise"].disabled
    assert labels["all_in"].label == "All-in 10,000"
    # the big blind may check when everyone calls
    for _ in range(3):
        hand.call(hand.legal().seat)
    state = action_view_state(hand)
    assert state.check_call.label == "Check"
    assert all(len(b.label) <= 80 for b in state.buttons)


def test_short_stack_cannot_raise_after_short_all_in():
    seats = (Seat(1, "p1", 10_000), Seat(2, "p2", 10_000), Seat(3, "p3", 150))
    hand = Hand.start(HandConfig(hand_id="h3", seats=seats, button=1, small_blind=50,
                                 big_blind=100, deck_seed="x"))
    state = action_view_state(hand)
    assert state.seat == 1
    hand.fold(1)
    state = action_view_state(hand)
    assert state is not None and state.check_call.label.startswith("Call")


def test_commitment_and_deck_proof():
    hand = start()
    assert hand.commitment in commitment_text(hand)
    with pytest.raises(ValueError):
        seed_reveal_text(hand)
    while not hand.is_over:
        hand.check_or_call(hand.legal().seat)
    text = seed_reveal_text(hand)
    assert len(text) <= 2000 and hand.commitment in text
    assert hand.seed not in text
    proof = json.loads(deck_proof_json(hand))
    opened = set(verify_proof(hand.commitment, proof).values())
    public = set(hand.board) | {c for p in hand.players.values() if not p.mucked
                                for c in p.shown}
    assert opened <= public | set(hand.burns)
    mucked = {c for p in hand.players.values() if p.mucked for c in (p.hole or ())}
    assert not opened & mucked


def test_table_embed_is_a_discord_embed():
    hand = start()
    embed = table_embed(hand, NAMES, None, None)
    assert isinstance(embed, discord.Embed)
    assert "To act" in embed.description

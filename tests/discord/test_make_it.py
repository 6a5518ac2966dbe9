"""An amount sent with /bet while a bet faces the player is chips put out without the word
"raise" (rules.md, "Live tables and online play"): the profile's make-it knob reads it, the
channel shows the ruling, and /rule says so. The Raise button and /raise stay declarations."""

from __future__ import annotations

import pytest

from bot.discord_ui.presenter.limits import chips
from bot.engine.hand import Hand
from bot.engine.hand_events import Ruling
from bot.engine.profile import make_profile
from bot.rulebook import load_rulebook
from bot.service import Session

from .conftest import Harness
from .test_director_and_after_hand import new_texts, pid, seeded, started, texts
from .test_tournament_flow import refused, reply, to_act


def member_to_act(h: Harness, session: Session) -> tuple[object, Hand, int]:
    found = to_act(session)
    assert found is not None
    _, hand, seat = found
    member = next(m for m in (h.alice, h.bob, h.carol) if pid(m) == hand.players[seat].player)
    return member, hand, seat


def rulings(hand: Hand) -> list[str]:
    return [e.rule_id for e in hand.events if isinstance(e, Ruling)]


async def opened_with_a_raise(h: Harness, profile: str) -> tuple[Session, Hand, int]:
    """Three players; the first to act raises to three big blinds, so the next player faces a
    raise of two big blinds (the minimum re-raise is to five)."""
    await h.set_profile(profile)
    seeded(h, 5)
    session = await started(h, [h.alice, h.bob, h.carol])
    member, hand, _ = member_to_act(h, session)
    bb = hand.current_bet
    r = await member.slash(h.channel, "raise", to=str(3 * bb))  # type: ignore[attr-defined]
    assert reply(r).startswith("You "), reply(r)
    assert hand.current_bet == 3 * bb
    return session, hand, bb


@pytest.mark.parametrize(("profile", "made", "rule"), [
    ("treps", 5, "fifty-percent"),   # 1.5 BB of extra is ≥ half the 2 BB raise: minimum raise
    ("tda", 5, "fifty-percent"),
    ("tavern", 3, "make-it"),        # Tavern: between a call and a full raise is a call
])
async def test_bet_facing_a_raise_is_read_by_the_make_it_knob(
        harness: Harness, profile: str, made: int, rule: str) -> None:
    h = harness
    session, hand, bb = await opened_with_a_raise(h, profile)
    member, _, seat = member_to_act(h, session)
    before = len(texts(h))
    stack_before = hand.players[seat].stack + hand.players[seat].bet
    r = await member.slash(h.channel, "bet", amount=str(4 * bb + bb // 2))  # type: ignore[attr-defined]
    assert reply(r).startswith("You "), reply(r)
    assert hand.players[seat].bet == made * bb
    assert hand.players[seat].stack + hand.players[seat].bet == stack_before
    assert rulings(hand)[-1] == rule
    posted = "\n".join(new_texts(h, before))
    assert "Ruling" in posted, posted
    if rule == "make-it":  # the call is taken; what was sent beyond it never left the stack
        assert f"is a call of {chips(3 * bb)}; the other {chips(3 * bb // 2)} stays" in posted


async def test_bet_below_a_call_puts_nothing_in_and_says_call_or_fold(harness: Harness) -> None:
    h = harness
    session, hand, bb = await opened_with_a_raise(h, "treps")
    member, _, seat = member_to_act(h, session)
    events = len(hand.events)
    r = await member.slash(h.channel, "bet", amount=str(2 * bb))  # type: ignore[attr-defined]
    text = refused(h, r)
    assert "call" in text and "fold" in text, text
    assert len(hand.events) == events and hand.to_act == seat


async def test_the_raise_command_stays_a_declaration(harness: Harness) -> None:
    """Under treps a declared raise short of a full raise is made the minimum, whatever the
    extra: /raise to: 3.5 BB facing 3 BB (a quarter raise) becomes 5 BB, not a call."""
    h = harness
    session, hand, bb = await opened_with_a_raise(h, "treps")
    member, _, seat = member_to_act(h, session)
    r = await member.slash(h.channel, "raise", to=str(3 * bb + bb // 2))  # type: ignore[attr-defined]
    assert reply(r).startswith("You "), reply(r)
    assert hand.players[seat].bet == 5 * bb
    assert rulings(hand)[-1] == "declared-raise"


async def test_rule_make_it_tells_what_bet_does_online(harness: Harness) -> None:
    h = harness
    r = await h.alice.slash(h.channel, "rule", topic="make-it")
    text = r.response.embeds[0].description
    assert text == load_rulebook().get("make-it").text_for(make_profile("treps"))
    assert "/bet with an amount while a bet faces you" in text and "50% rule" in text

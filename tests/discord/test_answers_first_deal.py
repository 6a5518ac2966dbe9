"""The bot's own news waits for the members' clicks before it takes the tournament's lock
(answers_first.py); a click's own outcome does not, and a click counts as waiting from its
arrival until its table answers it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_ui.answers_first import AnswersFirst

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import button, create_and_join, first_decision, table_message, to_act


async def test_a_deal_waits_for_the_clicks_before_the_lock_and_a_click_does_not(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    gate = h.bot.announcer.answers_first
    asked: list[tuple[bool, bool]] = []  # (the lock held, posted anything yet)
    ask = gate.after_answers

    async def after_answers() -> None:
        places = h.bot.announcer.places.get(session.store_id)
        asked.append((places is not None and places.lock.locked(), bool(h.dms(h.alice))))
        await ask()

    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    monkeypatch.setattr(gate, "after_answers", after_answers)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY + 1)
    places = h.bot.announcer.places[session.store_id]
    assert places.messages and all(len(h.dms(m)) == 1 for m in (h.alice, h.bob, h.carol))
    # The deal asked before anything was posted, and before it took the lock.
    assert (False, False) in asked
    turn = to_act(session)
    assert turn is not None
    table, hand, seat = turn
    asked.clear()
    member = {str(m.id): m for m in (h.alice, h.bob, h.carol)}[hand.players[seat].player]
    msg = table_message(h, session, table)
    await member.click(msg, custom_id=button(msg, "hp:c:"))
    assert asked == []  # a click's own outcome is shown as part of its answer


async def test_a_click_counts_as_waiting_until_its_table_answers_it(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    gate: AnswersFirst = h.bot.announcer.answers_first
    seen: list[int] = []
    answered = gate.answered

    def counted(interaction: Any) -> None:
        seen.append(gate.waiting)  # 1 while this click is open, at its answer
        answered(interaction)

    monkeypatch.setattr(gate, "answered", counted)
    result = await d.player.click(d.msg, custom_id=button(d.msg, "hp:c:"))
    assert result.response is not None and result.response.id == d.msg.id
    assert seen and seen[0] == 1 and gate.waiting == 0

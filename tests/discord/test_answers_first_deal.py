"""The announcer's posts, edits and DMs ask the clicks' gate first (answers_first.py), with the
tournament's lock they hold; a table click is counted from its arrival to its answer."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_ui.answers_first import AnswersFirst

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import button, create_and_join, first_decision


async def test_a_deal_asks_the_gate_before_its_table_and_each_dm(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    gate = h.bot.announcer.answers_first
    asked: list[Any] = []
    sent_before: list[int] = []
    ask = gate.before_posting

    async def before_posting(lock: object = None) -> None:
        asked.append(lock)
        sent_before.append(len(h.dms(h.alice)) + len(h.dms(h.bob)) + len(h.dms(h.carol)))
        await ask(lock)

    monkeypatch.setattr(gate, "before_posting", before_posting)
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    asked.clear()
    sent_before.clear()
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY + 1)
    places = h.bot.announcer.places[session.store_id]
    assert places.messages and all(len(h.dms(m)) == 1 for m in (h.alice, h.bob, h.carol))
    # The table's post and three DMs, each asked before it went, with the tournament's lock.
    assert len(asked) >= 4 and all(lock is places.lock for lock in asked)
    assert sent_before[-3:] == [0, 1, 2]


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

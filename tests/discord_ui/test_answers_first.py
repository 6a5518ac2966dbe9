"""The bot's own news waits while members' clicks wait for their answers (answers_first.py): a
burst's last click is not kept waiting behind other tournaments' deals and edits."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.discord_ui.answers_first import AnswersFirst


@dataclass
class Click:
    """A click being handled in a task of its own, as discord.py dispatches each interaction
    (AnswersFirst reads only the interaction's id)."""

    gate: AnswersFirst
    id: int
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    async def _handle(self) -> None:
        with self.gate.click(self):  # type: ignore[arg-type]
            await self.ended.wait()

    async def arrive(self) -> Click:
        self.task = asyncio.create_task(self._handle())
        await asyncio.sleep(0)
        return self

    def answer(self) -> None:
        self.gate.answered(self)  # type: ignore[arg-type]

    async def end(self) -> None:
        self.ended.set()
        assert self.task is not None
        await self.task


async def _news(gate: AnswersFirst, done: list[str], name: str) -> None:
    await gate.after_answers()
    done.append(name)


async def test_news_goes_at_once_when_no_click_waits() -> None:
    gate, done = AnswersFirst(), []
    await _news(gate, done, "deal")
    assert done == ["deal"] and gate.held == 0


async def test_news_waits_for_the_clicks_answers_then_goes() -> None:
    gate, done = AnswersFirst(held_at_most=10.0), []
    first, second = await Click(gate, 1).arrive(), await Click(gate, 2).arrive()
    news = asyncio.create_task(_news(gate, done, "deal"))
    await asyncio.sleep(0.01)
    assert done == []
    first.answer()
    await asyncio.sleep(0.01)
    assert done == []  # the second still waits for its table
    await second.end()  # handled to its end without an answer (a refusal, say): not waited for
    await news
    assert done == ["deal"] and gate.waiting == 0 and gate.held == 1
    await first.end()


async def test_news_waits_at_most_the_cap() -> None:
    gate, done = AnswersFirst(held_at_most=0.05), []
    loop = asyncio.get_running_loop()
    click = await Click(gate, 1).arrive()
    began = loop.time()
    await asyncio.gather(_news(gate, done, "a"), _news(gate, done, "b"))
    assert done == ["a", "b"] and 0.04 <= loop.time() - began < 1.0
    await click.end()


async def test_a_click_knows_it_is_handling_one() -> None:
    gate = AnswersFirst()
    seen: list[bool] = [gate.handling_a_click()]

    class Own:
        id = 7

    with gate.click(Own()):  # type: ignore[arg-type]
        seen.append(gate.handling_a_click())
        assert gate.waiting == 1
    seen.append(gate.handling_a_click())
    assert seen == [False, True, False] and gate.waiting == 0

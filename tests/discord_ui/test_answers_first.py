"""Posts wait while members' clicks wait for their answers (answers_first.py): a burst's last
click is not kept waiting behind other tournaments' rulings, deals and edits."""

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


async def _post(gate: AnswersFirst, done: list[str], name: str, lock: object = None) -> None:
    await gate.before_posting(lock)
    done.append(name)


async def test_a_post_goes_at_once_when_no_click_waits() -> None:
    gate, done = AnswersFirst(), []
    await _post(gate, done, "ruling")
    assert done == ["ruling"] and gate.posts_held == 0


async def test_a_post_waits_for_the_clicks_answers_then_goes() -> None:
    gate, done = AnswersFirst(held_at_most=10.0), []
    first, second = await Click(gate, 1).arrive(), await Click(gate, 2).arrive()
    post = asyncio.create_task(_post(gate, done, "deal"))
    await asyncio.sleep(0.01)
    assert done == []
    first.answer()
    await asyncio.sleep(0.01)
    assert done == []  # the second still waits for its table
    second.ended.set()  # handled to its end without an answer (a refusal, say): not waited for
    await post
    assert done == ["deal"] and gate.waiting == 0 and gate.posts_held == 1
    await first.end()


async def test_a_post_waits_at_most_the_cap() -> None:
    gate, done = AnswersFirst(held_at_most=0.05), []
    loop = asyncio.get_running_loop()
    click = await Click(gate, 1).arrive()
    began = loop.time()
    await asyncio.gather(_post(gate, done, "a"), _post(gate, done, "b"))
    assert done == ["a", "b"] and 0.04 <= loop.time() - began < 1.0
    await click.end()


async def test_a_post_holding_a_lock_a_click_waits_for_goes_on() -> None:
    gate, done = AnswersFirst(held_at_most=10.0), []
    lock, other = asyncio.Lock(), asyncio.Lock()
    click = await Click(gate, 1).arrive()
    holder = asyncio.create_task(_post(gate, done, "holder", lock))
    elsewhere = asyncio.create_task(_post(gate, done, "elsewhere", other))
    await asyncio.sleep(0.01)
    assert done == []
    with gate.wanted(lock):  # a member's click waits for the holder's lock
        await asyncio.sleep(0)
        assert done == ["holder"]
        await _post(gate, done, "then", lock)  # and the lock's next post does not wait
    await asyncio.sleep(0.01)
    assert done == ["holder", "then"]  # the other tournament's post still waits
    click.answer()
    await asyncio.gather(holder, elsewhere)
    assert done == ["holder", "then", "elsewhere"]
    await click.end()


async def test_what_a_click_posts_before_its_own_answer_goes_at_once() -> None:
    gate, done = AnswersFirst(held_at_most=10.0), []
    other = await Click(gate, 2).arrive()

    async def handle_mine() -> None:
        mine = Click(gate, 1)
        with gate.click(mine):  # type: ignore[arg-type]
            await _post(gate, done, "before my answer")
            mine.answer()
            await _post(gate, done, "after my answer")  # waits for the other click

    task = asyncio.create_task(handle_mine())
    await asyncio.sleep(0.01)
    assert done == ["before my answer"]
    other.answer()
    await task
    assert done == ["before my answer", "after my answer"]
    await other.end()

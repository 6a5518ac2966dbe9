"""An attachment made in memory is freed by reference counting once sent
(bot/discord_ui/files.py): discord.py's File leaves its buffer in a cycle when it closes it."""

from __future__ import annotations

import gc
import io
import weakref
from collections.abc import Iterator

import discord
import pytest

from bot.discord_ui.files import MemoryFile


@pytest.fixture
def no_collector() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def test_a_sent_memory_file_is_freed_without_the_collector(no_collector: None) -> None:
    sent = MemoryFile(b'{"deck": "..."}', "deck.json")
    buffer = weakref.ref(sent.fp)
    sent.close()  # what discord.py does once the request is through
    del sent
    assert buffer() is None


def test_discord_pys_own_file_leaves_the_cycle(no_collector: None) -> None:
    plain = discord.File(io.BytesIO(b"x"), filename="x.txt")
    buffer = weakref.ref(plain.fp)
    plain.close()
    del plain
    assert buffer() is not None  # what MemoryFile mends
    gc.collect()
    assert buffer() is None


async def test_a_memory_file_sends_its_bytes() -> None:
    sent = MemoryFile(b"abc", "a.txt")
    assert sent.filename == "a.txt" and sent.fp.read() == b"abc"
    sent.reset()
    assert sent.fp.read() == b"abc"

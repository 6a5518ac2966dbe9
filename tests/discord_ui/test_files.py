"""An attachment made in memory (bot/discord_ui/files.py) sends its bytes under its name, and
again after a retry (discord.py resets the file before sending it once more)."""

from __future__ import annotations

from bot.discord_ui.files import MemoryFile


async def test_a_memory_file_sends_its_bytes() -> None:
    sent = MemoryFile(b"abc", "a.txt")
    assert sent.filename == "a.txt" and sent.fp.read() == b"abc"
    sent.reset()
    assert sent.fp.read() == b"abc"

"""An attachment made in memory (a deck's proof, a CSV, a chart): bytes and a file name."""

from __future__ import annotations

import io

import discord


class MemoryFile(discord.File):
    def __init__(self, data: bytes, filename: str) -> None:
        super().__init__(io.BytesIO(data), filename=filename)

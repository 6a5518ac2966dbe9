"""An attachment made in memory (a deck's proof, a CSV, a chart), sent without leaving a cycle.

discord.py's `File` swaps its buffer's `close` for a no-op while the request runs and, when it
closes the file after sending, puts the buffer's own bound `close` back on the buffer as an
attribute: the buffer then holds a method that holds the buffer, a cycle only the collector
frees. Old enough by then (a request answered after Discord's round trip), the collector's
freezes kept it for good: ~300 of them in a 3-minute run at 1,000 tables with an 80 ms round
trip, one per table edit carrying a deck's proof (bench/night.py, "the freezes kept").
`MemoryFile` takes the attribute off again, so the buffer goes by reference counting.
"""

from __future__ import annotations

import io

import discord


class MemoryFile(discord.File):
    def __init__(self, data: bytes, filename: str) -> None:
        super().__init__(io.BytesIO(data), filename=filename)

    def close(self) -> None:
        super().close()
        # The buffer's class has the same method: only the instance's copy (the cycle) goes.
        vars(self.fp).pop("close", None)
